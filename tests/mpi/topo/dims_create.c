/*
 * dims_create.c -- MPI_Dims_create: the standard's examples, and for
 * every node count up to 300 in 1 to 4 dimensions (some fixed), an
 * answer checked against a brute-force search of all factorisations:
 * the product is right, the free entries do not increase, and no other
 * factorisation has its factors closer together.
 */
#include <string.h>

#include "mpitest.h"

/* The smallest spread (largest - smallest) of k factors of n. */
static int best_spread(int n, int k, int largest, int first, int last_so_far)
{
    if (k == 0)
        return n == 1 ? first - last_so_far : -1;
    int best = -1;
    for (int d = 1; d <= largest && d <= n; d++) {
        if (n % d)
            continue;
        int s = best_spread(n / d, k - 1, d, first ? first : d, d);
        if (s >= 0 && (best < 0 || s < best))
            best = s;
    }
    return best;
}

static void example(int nnodes, int ndims, const int *given, const int *want)
{
    int dims[8];
    memcpy(dims, given, (size_t)ndims * sizeof *dims);
    int rc = MPI_Dims_create(nnodes, ndims, dims);
    MT_CHECK(rc == MPI_SUCCESS, "MPI_Dims_create(%d, %d) failed", nnodes, ndims);
    for (int i = 0; i < ndims; i++)
        MT_CHECK(dims[i] == want[i], "MPI_Dims_create(%d, %d): dims[%d] = %d, want %d", nnodes, ndims, i, dims[i],
                 want[i]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    /* The standard's examples (MPI-4.1, section 8.5.2). */
    example(6, 2, (int[]){0, 0}, (int[]){3, 2});
    example(7, 2, (int[]){0, 0}, (int[]){7, 1});
    example(6, 3, (int[]){0, 3, 0}, (int[]){2, 3, 1});
    int bad[3] = {0, 3, 0};
    MT_EXPECT_CLASS(MPI_Dims_create(7, 3, bad), MPI_ERR_DIMS, "MPI_Dims_create(7, 3, {0, 3, 0})");
    /* Nothing free: the product must be nnodes exactly. */
    example(6, 2, (int[]){3, 2}, (int[]){3, 2});
    MT_EXPECT_CLASS(MPI_Dims_create(6, 2, (int[]){2, 2}), MPI_ERR_DIMS, "MPI_Dims_create(6, 2, {2, 2})");
    example(1, 0, (int[]){0}, (int[]){0});
    example(1 << 20, 2, (int[]){0, 0}, (int[]){1024, 1024});
    example(2147483647, 2, (int[]){0, 0}, (int[]){2147483647, 1});

    for (int n = 1; n <= 300; n++)
        for (int ndims = 1; ndims <= 4; ndims++) {
            int dims[4] = {0}, fixed = 1;
            if (ndims >= 3 && n % 2 == 0) { /* one fixed entry in the middle */
                dims[1] = 2;
                fixed = 2;
            }
            int rc = MPI_Dims_create(n, ndims, dims);
            MT_CHECK(rc == MPI_SUCCESS, "MPI_Dims_create(%d, %d) failed", n, ndims);
            int product = 1, k = 0, prev = 0, first = 0, last = 0, ok_order = 1;
            for (int i = 0; i < ndims; i++) {
                product *= dims[i];
                if (i == 1 && fixed == 2)
                    continue;
                if (k > 0 && dims[i] > prev)
                    ok_order = 0;
                if (k == 0)
                    first = dims[i];
                last = prev = dims[i];
                k++;
            }
            MT_CHECK(product == n, "MPI_Dims_create(%d, %d): product %d", n, ndims, product);
            MT_CHECK(ok_order, "MPI_Dims_create(%d, %d): free entries increase", n, ndims);
            int want = best_spread(n / fixed, k, n / fixed, 0, 0);
            MT_CHECK(first - last == want, "MPI_Dims_create(%d, %d): spread %d, best is %d", n, ndims, first - last,
                     want);
        }
    return mt_finish();
}
