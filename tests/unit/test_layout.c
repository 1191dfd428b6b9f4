/*
 * test_layout.c -- what a layout says of itself that the transport's
 * choices rest on: dt_sparse_aliased, which sends small blocks
 * crowded into a few cache sets in small pieces (p2p/send.c).
 */
#include <stdbool.h>
#include <string.h>

#include "dt/layout.h"
#include "unit.h"

/* count blocks of block bytes, stride apart. */
static dt_node_t *column(MPI_Count count, MPI_Aint stride, MPI_Count block)
{
    return dt_node_repeat(count, stride, dt_node_block(block));
}

static void check_aliased(const char *what, dt_node_t *node, MPI_Count count, MPI_Aint extent, bool expect)
{
    CHECK(node != NULL, "%s: no layout", what);
    if (!node)
        return;
    /* A type as commit leaves it, as far as the rule looks. */
    datatype_t dt;
    memset(&dt, 0, sizeof dt);
    dt.layout = node;
    dt.extent = extent;
    dt_layout_note_sparse(&dt);
    bool got = dt_sparse_aliased(&dt, count);
    CHECK(got == expect, "%s: aliased %d, expected %d", what, got, expect);
    dt_node_free(node);
}

int main(void)
{
    /* The z face of a 64^3 array of doubles: 4096 lines 512 bytes apart
     * want 8192 L2 ways where 4096 are. */
    check_aliased("z face of 64^3", column(4096, 512, 8), 1, 0, true);
    check_aliased("2048 doubles 512 apart (L2 exactly)", column(2048, 512, 8), 1, 0, true);
    check_aliased("1024 doubles 512 apart (half of L2)", column(1024, 512, 8), 1, 0, false);
    check_aliased("1024 doubles 1 KiB apart", column(1024, 1024, 8), 1, 0, true);
    check_aliased("256 ints 4 KiB apart", column(256, 4096, 4), 1, 0, true);
    check_aliased("255 ints 4 KiB apart", column(255, 4096, 4), 1, 0, false);
    check_aliased("256 ints 8 KiB apart (beyond a page: no worse)", column(256, 8192, 4), 1, 0, true);
    check_aliased("4096 doubles 512 apart, downwards", column(4096, -512, 8), 1, 0, true);

    /* Spread over the sets, or blocks of whole lines: not aliased. */
    check_aliased("4096 doubles 480 apart", column(4096, 480, 8), 1, 0, false);
    check_aliased("4096 doubles 384 apart", column(4096, 384, 8), 1, 0, false);
    check_aliased("16384 doubles 128 apart (a column)", column(16384, 128, 8), 1, 0, false);
    check_aliased("4096 lines 512 apart", column(4096, 512, 64), 1, 0, false);
    check_aliased("one double", dt_node_block(8), 1, 8, false);

    /* Nested loops: every stride counts. */
    check_aliased("62 x 62 doubles of a 64^3 array's z face", dt_node_repeat(62, 32768, column(62, 512, 8)), 1, 0,
                  true);
    check_aliased("64 x 64 doubles, rows 520 apart", dt_node_repeat(64, 520 * 64, column(64, 520, 8)), 1, 0, false);
    check_aliased("64 x 64 doubles, planes 32776 apart", dt_node_repeat(64, 32776, column(64, 512, 8)), 1, 0, false);

    /* The message's count repeats the layout an extent apart. */
    check_aliased("4 columns of 1024, 1 MiB apart", column(1024, 512, 8), 4, 1 << 20, true);
    check_aliased("4 columns of 1024, 8 bytes apart (a transpose)", column(1024, 512, 8), 4, 8, false);
    check_aliased("1 column of 1024, extent 8", column(1024, 512, 8), 1, 8, false);
    check_aliased("4096 doubles resized to 512 bytes", dt_node_block(8), 4096, 512, true);

    /* A subarray's start displaces the loop. */
    MPI_Aint disp = 4096 + 8;
    dt_node_t *child = column(4096, 512, 8);
    check_aliased("a displaced z face", dt_node_list(1, &disp, &child), 1, 0, true);
    return unit_result();
}
