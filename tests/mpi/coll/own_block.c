/*
 * own_block.c -- a process's own block in the collectives that copy it
 * (MPI_Alltoall, MPI_Allgather, MPI_Gather at the root, MPI_Scatter at
 * the root) when both sides use one derived type: copied in one pass
 * over the layout (dt_copy_alike), where it used to be packed into a
 * bounce buffer and unpacked.  Each type's result must equal what
 * MPI_Pack and MPI_Unpack (checked against a reference typemap in
 * dt/constructors) make of the same buffer: every byte the type covers
 * copied, every byte between left alone.  Types: a struct with gaps,
 * a vector going down in memory, an indexed type of mixed blocks, a 3D
 * subarray, a vector of structs, a resized type with a lower bound, and
 * an indexed block of doubles; counts 1, 3 and 100.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

#define GAP 0x5A
#define SPAN (4 << 20) /* every buffer: the types below lie in its middle half */

typedef struct {
    int id;
    double x[3];
    char tag[4];
} rec_t;

static MPI_Datatype make_struct(void)
{
    int bl[3] = {1, 3, 4};
    MPI_Aint d[3] = {offsetof(rec_t, id), offsetof(rec_t, x), offsetof(rec_t, tag)};
    MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, s, t;
    MPI_Type_create_struct(3, bl, d, ty, &s);
    MPI_Type_create_resized(s, 0, sizeof(rec_t), &t);
    MPI_Type_free(&s);
    return t;
}

static MPI_Datatype make_type(int k)
{
    MPI_Datatype t, inner;
    switch (k) {
    case 0:
        return make_struct();
    case 1:
        MPI_Type_vector(20, 3, -7, MPI_INT, &t);
        return t;
    case 2: {
        int bl[4] = {1, 5, 2, 9}, disp[4] = {0, 3, 11, 20};
        MPI_Type_indexed(4, bl, disp, MPI_SHORT, &t);
        return t;
    }
    case 3: {
        int sizes[3] = {10, 12, 14}, sub[3] = {4, 5, 6}, start[3] = {2, 3, 4};
        MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, MPI_FLOAT, &t);
        return t;
    }
    case 4:
        inner = make_struct();
        MPI_Type_vector(3, 2, 5, inner, &t);
        MPI_Type_free(&inner);
        return t;
    case 5:
        MPI_Type_vector(4, 1, 3, MPI_DOUBLE, &inner);
        MPI_Type_create_resized(inner, -16, 128, &t);
        MPI_Type_free(&inner);
        return t;
    default: {
        int disp[5] = {0, 1, 7, 8, 30};
        MPI_Type_create_indexed_block(5, 1, disp, MPI_DOUBLE, &t);
        return t;
    }
    }
}
#define NTYPES 7

static void fill(unsigned char *b, unsigned seed)
{
    for (size_t i = 0; i < SPAN; i++)
        b[i] = (unsigned char)(i * 131u + seed);
}

/* The reference: pack from src, unpack into a buffer of gaps. */
static void reference(const unsigned char *src, unsigned char *want, MPI_Datatype t, int count)
{
    int size, pos = 0;
    MPI_Pack_size(count, t, MPI_COMM_SELF, &size);
    void *packed = malloc((size_t)size + 1);
    if (!packed)
        abort();
    memset(want, GAP, SPAN);
    MPI_Pack(src + SPAN / 2, count, t, packed, size, &pos, MPI_COMM_SELF);
    int end = pos;
    pos = 0;
    MPI_Unpack(packed, end, &pos, want + SPAN / 2, count, t, MPI_COMM_SELF);
    free(packed);
}

static void compare(const unsigned char *got, const unsigned char *want, int k, int count, const char *what)
{
    if (memcmp(got, want, SPAN) == 0)
        return;
    size_t i = 0;
    while (got[i] == want[i])
        i++;
    MT_CHECK(false, "type %d count %d %s: byte %ld from the middle is %#x, expected %#x", k, count, what,
             (long)i - SPAN / 2, got[i], want[i]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    unsigned char *src = malloc(SPAN), *got = malloc(SPAN), *want = malloc(SPAN);
    if (!src || !got || !want)
        abort();
    static const int counts[] = {1, 3, 100};
    for (int k = 0; k < NTYPES; k++) {
        MPI_Datatype t = make_type(k);
        MPI_Type_commit(&t);
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            int count = counts[c];
            fill(src, (unsigned)(k * 7 + count));
            reference(src, want, t, count);
            memset(got, GAP, SPAN);
            MPI_Alltoall(src + SPAN / 2, count, t, got + SPAN / 2, count, t, MPI_COMM_SELF);
            compare(got, want, k, count, "MPI_Alltoall");
            memset(got, GAP, SPAN);
            MPI_Allgather(src + SPAN / 2, count, t, got + SPAN / 2, count, t, MPI_COMM_SELF);
            compare(got, want, k, count, "MPI_Allgather");
            memset(got, GAP, SPAN);
            MPI_Gather(src + SPAN / 2, count, t, got + SPAN / 2, count, t, 0, MPI_COMM_SELF);
            compare(got, want, k, count, "MPI_Gather");
            memset(got, GAP, SPAN);
            MPI_Scatter(src + SPAN / 2, count, t, got + SPAN / 2, count, t, 0, MPI_COMM_SELF);
            compare(got, want, k, count, "MPI_Scatter");
        }
        MPI_Type_free(&t);
    }
    free(src);
    free(got);
    free(want);
    return mt_finish();
}
