/* test_copy.c -- the payload copies (util/copy.h) against memcpy: every
 * length from 0 to a few kilobytes, at every alignment of source and
 * destination within a cache line, with the bytes around the destination
 * left as they were; and rows of every length copy_rows and copy_listed
 * take, rows whose destination crosses a page among them; and the
 * streaming copy. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "util/copy.h"

#define MAX_LEN 4200
#define GUARD 64

static unsigned char src[MAX_LEN + 2 * GUARD], dst[MAX_LEN + 2 * GUARD], want[MAX_LEN + 2 * GUARD];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(i * 131u + seed * 7u + (i >> 8));
}

/* One copy of len bytes, src at offset so, dst at offset dof: compares
 * the whole destination buffer, guards included. */
enum copy_kind { BYTES, LARGE, STREAM };
static const char *const copy_names[] = {"copy_bytes", "copy_large", "copy_stream"};

static void check_copy(size_t len, size_t so, size_t dof, enum copy_kind kind)
{
    fill(src, sizeof src, (unsigned)len);
    fill(dst, sizeof dst, (unsigned)len + 1);
    memcpy(want, dst, sizeof want);
    memcpy(want + GUARD + dof, src + GUARD + so, len);
    if (kind == LARGE)
        copy_large(dst + GUARD + dof, src + GUARD + so, len);
    else if (kind == STREAM)
        copy_stream(dst + GUARD + dof, src + GUARD + so, len);
    else
        copy_bytes(dst + GUARD + dof, src + GUARD + so, len);
    CHECK(memcmp(dst, want, sizeof want) == 0, "%s of %zu bytes, source offset %zu, destination offset %zu",
          copy_names[kind], len, so, dof);
}

static void check_rows(size_t len, size_t rows)
{
    ptrdiff_t sstride = (ptrdiff_t)len + 40, dstride = (ptrdiff_t)len + 8;
    fill(src, sizeof src, (unsigned)(len + rows));
    fill(dst, sizeof dst, (unsigned)(len + rows + 1));
    memcpy(want, dst, sizeof want);
    for (size_t r = 0; r < rows; r++)
        memcpy(want + GUARD + r * (size_t)dstride, src + GUARD + r * (size_t)sstride, len);
    copy_rows(dst + GUARD, dstride, src + GUARD, sstride, len, rows);
    CHECK(memcmp(dst, want, sizeof want) == 0, "copy_rows of %zu rows of %zu bytes", rows, len);
}

/* Two rows of len bytes whose destinations each cross a page `before`
 * bytes in (copy_rows splits such a row there); every byte of the three
 * pages checked. */
static void check_rows_across_page(size_t len, size_t before)
{
    enum { PAGE = 4096 };
    static _Alignas(PAGE) unsigned char pages[3 * PAGE], pages_want[3 * PAGE];
    ptrdiff_t sstride = (ptrdiff_t)len + 40;
    unsigned char *d = pages + PAGE - before;
    fill(src, sizeof src, (unsigned)(len + before));
    fill(pages, sizeof pages, (unsigned)(len + before + 1));
    memcpy(pages_want, pages, sizeof pages);
    for (size_t r = 0; r < 2; r++)
        memcpy(pages_want + (d - pages) + r * PAGE, src + GUARD + r * (size_t)sstride, len);
    copy_rows(d, PAGE, src + GUARD, sstride, len, 2);
    CHECK(memcmp(pages, pages_want, sizeof pages) == 0, "copy_rows of 2 rows of %zu bytes crossing a page %zu bytes in",
          len, before);
}

/* n blocks of len bytes at displacements out of order (the last ones
 * before the first), gathered into a packed run and scattered back into a
 * second buffer: the packed bytes, and every byte outside the blocks,
 * checked. */
static void check_listed(size_t len, size_t n)
{
    int64_t disp[4];
    size_t step = len + 24;
    for (size_t i = 0; i < n; i++)
        disp[i] = (int64_t)(((i + 2) % n) * step) - (int64_t)step; /* the base is one step in */
    unsigned char *base = src + GUARD + step;
    fill(src, sizeof src, (unsigned)(len + n));
    fill(dst, sizeof dst, (unsigned)(len + n + 1));
    memcpy(want, dst, sizeof want);
    for (size_t i = 0; i < n; i++)
        memcpy(want + GUARD + i * len, base + disp[i], len);
    copy_listed(dst + GUARD, base, disp, len, n, false);
    CHECK(memcmp(dst, want, sizeof want) == 0, "copy_listed packing %zu blocks of %zu bytes", n, len);
    /* Unpack the packed run (now in dst) into want's copy of the source
     * layout, blocks at the same displacements. */
    static unsigned char typed[MAX_LEN + 2 * GUARD], typed_want[MAX_LEN + 2 * GUARD];
    fill(typed, sizeof typed, (unsigned)(len + n + 2));
    memcpy(typed_want, typed, sizeof typed);
    for (size_t i = 0; i < n; i++)
        memcpy(typed_want + GUARD + step + disp[i], dst + GUARD + i * len, len);
    copy_listed(dst + GUARD, typed + GUARD + step, disp, len, n, true);
    CHECK(memcmp(typed, typed_want, sizeof typed) == 0, "copy_listed unpacking %zu blocks of %zu bytes", n, len);
}

static void run_all(void)
{
    for (size_t len = 0; len <= MAX_LEN; len += len < 1200 ? 1 : 37)
        for (size_t so = 0; so < 64; so += len < 200 || (len > 1000 && len < 1100) ? 1 : 13)
            for (size_t dof = 0; dof < 64; dof += 9)
                check_copy(len, so, dof, BYTES);
    for (size_t len = 64; len <= MAX_LEN; len += len < 300 ? 1 : 23)
        for (size_t off = 0; off < 64; off += 5)
            check_copy(len, off, 63 - off, LARGE);
    /* The streaming copy's aligned middle starts at the destination's next
     * 16- or 32-byte boundary: every destination offset within a line. */
    for (size_t len = 0; len <= MAX_LEN; len += len < 300 ? 1 : 23)
        for (size_t dof = 0; dof < 64; dof += len < 200 ? 1 : 7)
            check_copy(len, (dof * 5) % 64, dof, STREAM);
    for (size_t len = COPY_ROWS_MIN; len + 40 <= MAX_LEN; len += len < 200 ? 1 : 29)
        for (size_t rows = 1; rows <= 3 && rows * (len + 40) <= MAX_LEN; rows++)
            check_rows(len, rows);
    for (size_t len = COPY_ROWS_MIN; len <= 1100; len += len < 300 ? 1 : 41)
        for (size_t before = 1; before < len; before += before < 70 || before + 70 > len ? 1 : 17)
            check_rows_across_page(len, before);
    for (size_t len = COPY_ROWS_MIN; len + 24 <= MAX_LEN / 2; len += len < 200 ? 1 : 29)
        for (size_t n = 1; n <= 4 && (n + 1) * (len + 24) <= MAX_LEN; n++)
            check_listed(len, n);
}

int main(void)
{
    run_all(); /* the SSE2 loops, chosen before copy_init */
    copy_init();
    run_all(); /* AVX2 where the CPU has it */
    return unit_result();
}
