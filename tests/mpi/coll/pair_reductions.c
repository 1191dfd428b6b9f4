/*
 * pair_reductions.c -- MPI_MAXLOC and MPI_MINLOC on the pair types, whose
 * elements have gaps (a double and an int in 16 bytes), through every
 * reduction: MPI_Reduce at each root, MPI_Allreduce (also in place),
 * MPI_Scan, MPI_Exscan and MPI_Reduce_scatter_block, counts 1, 7 and
 * 1000.  In shared memory such vectors fold packed, and a long one in
 * slices (coll_shm_fold); CTest also forces every reduction through the
 * slots.
 * The results are checked against values each process computes alone,
 * ties going to the lower index as MPI says.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "mpitest.h"

static int rank, size;

/* Process p's value at element k: small, so that ties are common. */
static int value(int p, int k)
{
    return (p * 7 + k * 3) % 5;
}

/* The pair (value, index) that MAXLOC (or MINLOC) of processes lo..hi
 * gives at element k. */
static void expect(int lo, int hi, int k, bool max, int *v, int *at)
{
    *v = value(lo, k);
    *at = lo;
    for (int p = lo + 1; p <= hi; p++)
        if (max ? value(p, k) > *v : value(p, k) < *v) {
            *v = value(p, k);
            *at = p;
        }
}

/* One pair type: its C struct, its handle, its name. */
#define PAIR_TESTS(NAME, V, HANDLE)                                                                           \
    typedef struct {                                                                                          \
        V v;                                                                                                  \
        int i;                                                                                                \
    } NAME##_t;                                                                                               \
                                                                                                              \
    static void NAME##_fill(NAME##_t *x, int n)                                                               \
    {                                                                                                         \
        for (int k = 0; k < n; k++) {                                                                         \
            x[k].v = (V)value(rank, k);                                                                       \
            x[k].i = rank;                                                                                    \
        }                                                                                                     \
    }                                                                                                         \
                                                                                                              \
    /* Elements [first, first + n) of the result over processes lo..hi. */                                    \
    static void NAME##_check(const NAME##_t *x, int first, int n, int lo, int hi, bool max, const char *what) \
    {                                                                                                         \
        for (int k = 0; k < n; k++) {                                                                         \
            int v, at;                                                                                        \
            expect(lo, hi, first + k, max, &v, &at);                                                          \
            if (x[k].v != (V)v || x[k].i != at) {                                                             \
                MT_CHECK(false, "%s %s %s count %d: element %d is (%g, %d), expected (%d, %d)", #HANDLE,      \
                         max ? "MAXLOC" : "MINLOC", what, n, first + k, (double)x[k].v, x[k].i, v, at);       \
                return;                                                                                       \
            }                                                                                                 \
        }                                                                                                     \
    }                                                                                                         \
                                                                                                              \
    static void NAME##_run(int n)                                                                             \
    {                                                                                                         \
        NAME##_t *in = malloc((size_t)n * size * sizeof *in), *out = malloc((size_t)n * size * sizeof *out);  \
        if (!in || !out)                                                                                      \
            abort();                                                                                          \
        for (int m = 0; m < 2; m++) {                                                                         \
            bool max = m == 0;                                                                                \
            MPI_Op op = max ? MPI_MAXLOC : MPI_MINLOC;                                                        \
            NAME##_fill(in, n);                                                                               \
            for (int root = 0; root < size; root++) {                                                         \
                MPI_Reduce(in, out, n, HANDLE, op, root, MPI_COMM_WORLD);                                     \
                if (rank == root)                                                                             \
                    NAME##_check(out, 0, n, 0, size - 1, max, "MPI_Reduce");                                  \
            }                                                                                                 \
            MPI_Allreduce(in, out, n, HANDLE, op, MPI_COMM_WORLD);                                            \
            NAME##_check(out, 0, n, 0, size - 1, max, "MPI_Allreduce");                                       \
            NAME##_fill(out, n);                                                                              \
            MPI_Allreduce(MPI_IN_PLACE, out, n, HANDLE, op, MPI_COMM_WORLD);                                  \
            NAME##_check(out, 0, n, 0, size - 1, max, "MPI_Allreduce in place");                              \
            MPI_Scan(in, out, n, HANDLE, op, MPI_COMM_WORLD);                                                 \
            NAME##_check(out, 0, n, 0, rank, max, "MPI_Scan");                                                \
            MPI_Exscan(in, out, n, HANDLE, op, MPI_COMM_WORLD);                                               \
            if (rank > 0)                                                                                     \
                NAME##_check(out, 0, n, 0, rank - 1, max, "MPI_Exscan");                                      \
            NAME##_fill(in, n *size);                                                                         \
            MPI_Reduce_scatter_block(in, out, n, HANDLE, op, MPI_COMM_WORLD);                                 \
            NAME##_check(out, rank *n, n, 0, size - 1, max, "MPI_Reduce_scatter_block");                      \
        }                                                                                                     \
        free(in);                                                                                             \
        free(out);                                                                                            \
    }

PAIR_TESTS(double_int, double, MPI_DOUBLE_INT)
PAIR_TESTS(short_int, short, MPI_SHORT_INT)
PAIR_TESTS(long_double_int, long double, MPI_LONG_DOUBLE_INT)
PAIR_TESTS(two_int, int, MPI_2INT)

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    static const int counts[] = {1, 7, 1000};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        double_int_run(counts[c]);
        short_int_run(counts[c]);
        long_double_int_run(counts[c]);
        two_int_run(counts[c]);
    }
    return mt_finish();
}
