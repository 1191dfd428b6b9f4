/*
 * indexed_lists.c -- indexed types whose entries are all blocks, through
 * the loops that move them without recursion.
 *
 * A list of blocks of one size (an indexed block of a basic type, some
 * adjacent entries kept apart), of blocks of different sizes (runs of
 * adjacent entries merged, or blocklengths that differ) and an evenly
 * spaced one (which becomes a vector, forwards or
 * backwards, with its first entry displaced), over elements of 1 to 72
 * bytes.  MPI_Pack is checked against a reference built here from the
 * displacements, MPI_Unpack must change only the entries' bytes, and the
 * same data goes between two ranks typed against bytes in both directions,
 * large enough to go in pieces that split entries.
 */
#include <string.h>

#include "../mpitest.h"
#include "mpi.h"

#define COUNT 3001 /* entries: with 8-byte elements, 24 KiB and more of data */

static unsigned char pattern(size_t i, int salt)
{
    return (unsigned char)(i * 151 + (size_t)salt * 13 + 5);
}

typedef struct layout {
    const char *name;
    int disp[COUNT], len[COUNT]; /* in elements */
} layout_t;

static layout_t layouts[6];

/* The displacement patterns, in elements. */
static void make_layouts(void)
{
    layout_t *l = layouts;
    l[0].name = "irregular, a third adjacent (kept apart)"; /* MPICH's perf/indexperf */
    l[1].name = "irregular, never adjacent";
    l[2].name = "evenly spaced from 5";
    l[3].name = "evenly spaced backwards";
    l[4].name = "blocklengths 1 to 3";
    l[5].name = "runs of 2 to 4 adjacent entries (merged)";
    for (int i = 0, at = 0, run = 0, runs = 0; i < COUNT; i++) {
        l[5].disp[i] = at++;
        if (++run == 2 + runs % 3) {
            at += 1 + runs % 2;
            run = 0;
            runs++;
        }
    }
    for (int i = 0; i < COUNT; i++) {
        l[0].disp[i] = i * 3 + i % 3;
        l[1].disp[i] = i * 4 + i % 3;
        l[2].disp[i] = 5 + i * 7;
        l[3].disp[i] = (COUNT - 1 - i) * 2;
        l[4].disp[i] = i * 7 + i % 2;
        for (int k = 0; k < 6; k++)
            l[k].len[i] = k == 4 ? 1 + i % 3 : 1;
    }
}

static MPI_Datatype make_type(const layout_t *l, MPI_Datatype element)
{
    MPI_Datatype t;
    if (l->len[1] == l->len[0] && l->len[2] == l->len[0])
        MPI_Type_create_indexed_block(COUNT, l->len[0], l->disp, element, &t);
    else
        MPI_Type_indexed(COUNT, l->len, l->disp, element, &t);
    MPI_Type_commit(&t);
    return t;
}

/* Where the data bytes lie, in typemap order: entry i at disp[i] * esize. */
static size_t span_of(const layout_t *l, int esize)
{
    size_t span = 0;
    for (int i = 0; i < COUNT; i++) {
        size_t end = (size_t)(l->disp[i] + l->len[i]) * (size_t)esize;
        if (end > span)
            span = end;
    }
    return span;
}

static void check(const layout_t *l, MPI_Datatype element, int esize, int rank, int size)
{
    MPI_Datatype t = make_type(l, element);
    size_t span = span_of(l, esize), data = 0;
    for (int i = 0; i < COUNT; i++)
        data += (size_t)l->len[i] * (size_t)esize;
    unsigned char *buf = malloc(span), *packed = malloc(data), *ref = malloc(span);

    /* Pack against the reference. */
    for (size_t i = 0; i < span; i++)
        buf[i] = pattern(i, esize);
    int pos = 0;
    MPI_Pack(buf, 1, t, packed, (int)data, &pos, MPI_COMM_SELF);
    int bad = pos != (int)data;
    size_t at = 0;
    for (int i = 0; i < COUNT; i++)
        for (size_t b = 0; b < (size_t)l->len[i] * (size_t)esize; b++, at++)
            bad += packed[at] != pattern((size_t)l->disp[i] * (size_t)esize + b, esize);
    MT_CHECK(bad == 0, "MPI_Pack, %s, %d-byte elements: %d bytes wrong", l->name, esize, bad);

    /* Unpack into 0xee: only the entries' bytes change. */
    for (size_t i = 0; i < data; i++)
        packed[i] = pattern(i, esize + 1);
    memset(buf, 0xee, span);
    memset(ref, 0xee, span);
    at = 0;
    for (int i = 0; i < COUNT; i++)
        for (size_t b = 0; b < (size_t)l->len[i] * (size_t)esize; b++, at++)
            ref[(size_t)l->disp[i] * (size_t)esize + b] = packed[at];
    pos = 0;
    MPI_Unpack(packed, (int)data, &pos, buf, 1, t, MPI_COMM_SELF);
    MT_CHECK(memcmp(buf, ref, span) == 0, "MPI_Unpack, %s, %d-byte elements", l->name, esize);

    /* Between two ranks: typed to bytes, then bytes back into the type. */
    if (size >= 2 && rank < 2) {
        if (rank == 0) {
            for (size_t i = 0; i < span; i++)
                buf[i] = pattern(i, esize + 2);
            MPI_Send(buf, 1, t, 1, 0, MPI_COMM_WORLD);
            memset(buf, 0xee, span);
            MPI_Recv(buf, 1, t, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            memset(ref, 0xee, span);
            at = 0;
            for (int i = 0; i < COUNT; i++)
                for (size_t b = 0; b < (size_t)l->len[i] * (size_t)esize; b++, at++)
                    ref[(size_t)l->disp[i] * (size_t)esize + b] = pattern(at, esize + 3);
            MT_CHECK(memcmp(buf, ref, span) == 0, "bytes received into the type, %s, %d-byte elements", l->name, esize);
        } else {
            MPI_Recv(packed, (int)data, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad = 0;
            at = 0;
            for (int i = 0; i < COUNT; i++)
                for (size_t b = 0; b < (size_t)l->len[i] * (size_t)esize; b++, at++)
                    bad += packed[at] != pattern((size_t)l->disp[i] * (size_t)esize + b, esize + 2);
            MT_CHECK(bad == 0, "the type received as bytes, %s, %d-byte elements: %d wrong", l->name, esize, bad);
            for (size_t i = 0; i < data; i++)
                packed[i] = pattern(i, esize + 3);
            MPI_Send(packed, (int)data, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    MPI_Type_free(&t);
    free(buf);
    free(packed);
    free(ref);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    make_layouts();
    /* Elements of 12 to 72 bytes (three ints, three, five and nine
     * doubles): blocks that move inline (8 to 32 bytes) or as rows. */
    MPI_Datatype elements[] = {
        MPI_CHAR,          MPI_SHORT,         MPI_INT,           MPI_DOUBLE,       MPI_C_DOUBLE_COMPLEX,
        MPI_DATATYPE_NULL, MPI_DATATYPE_NULL, MPI_DATATYPE_NULL, MPI_DATATYPE_NULL};
    MPI_Type_contiguous(3, MPI_INT, &elements[5]);
    MPI_Type_contiguous(3, MPI_DOUBLE, &elements[6]);
    MPI_Type_contiguous(5, MPI_DOUBLE, &elements[7]);
    MPI_Type_contiguous(9, MPI_DOUBLE, &elements[8]);
    for (int e = 5; e < 9; e++)
        MPI_Type_commit(&elements[e]);
    for (int e = 0; e < (int)(sizeof elements / sizeof elements[0]); e++) {
        int esize;
        MPI_Type_size(elements[e], &esize);
        for (int k = 0; k < (int)(sizeof layouts / sizeof layouts[0]); k++)
            check(&layouts[k], elements[e], esize, rank, size);
    }
    for (int e = 5; e < 9; e++)
        MPI_Type_free(&elements[e]);
    return mt_finish();
}
