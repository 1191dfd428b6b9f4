/*
 * qr.c -- Householder QR of a dense n x n matrix distributed 2D
 * block-cyclically over a grid of ranks (MPI_Dims_create, MPI_Cart_create;
 * the grid's rows and columns are communicators from MPI_Cart_sub).
 *
 * Each column k costs a reduction down its grid column (MPI_Allreduce of
 * two numbers: the squares below the diagonal and the diagonal entry), a
 * broadcast of the reflector along every grid row (MPI_Bcast from the grid
 * column holding k), and a reduction down every grid column of the
 * products v^T A(k:n, j) (MPI_Allreduce).  The arithmetic is in
 * qr_block_cyclic.h, shared with qr_native.c.
 *
 * Rank 0 gathers the result and checks ||A - QR|| / ||A|| and
 * ||Q^T Q - I|| (the program exits non-zero when either is off).
 *
 *     mpirun -n 4 qr [-n side] [-b block] [-r repeats] [-q]
 *
 * -r factors the matrix that many times (the time printed is the best);
 * -q prints only a wrong outcome.
 */
#include "qr_block_cyclic.h"

#include <mpi.h>
#include <stdio.h>

/* Factors L in place; every rank gets every tau.  Returns the seconds,
 * the slowest rank's. */
static double factor(qr_local_t *L, MPI_Comm row_comm, MPI_Comm col_comm, double *tau)
{
    int n = L->n;
    /* v then tau, as the broadcast carries them; w. */
    double *vbuf = qr_alloc((size_t)L->mloc + 1), *w = qr_alloc((size_t)L->nloc);
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int k = 0; k < n; k++) {
        int owner = qr_owner(k, L->nb, L->Q), rows = qr_rows_from(L, k);
        if (owner == L->pcol) {
            double sums[2];
            qr_column_partials(L, k, sums);
            MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, col_comm);
            vbuf[rows] = qr_reflector(L, k, sums);
            memcpy(vbuf, qr_column(L, k), (size_t)rows * sizeof *vbuf);
        }
        if (L->Q > 1)
            MPI_Bcast(vbuf, rows + 1, MPI_DOUBLE, owner, row_comm);
        tau[k] = vbuf[rows];
        int right = L->nloc - qr_first_right(L, k);
        if (right == 0 || tau[k] == 0)
            continue; /* the same for the whole grid column */
        qr_partial_w(L, k, vbuf, w);
        if (L->P > 1)
            MPI_Allreduce(MPI_IN_PLACE, w, right, MPI_DOUBLE, MPI_SUM, col_comm);
        qr_update(L, k, vbuf, tau[k], w);
    }
    double seconds = MPI_Wtime() - start;
    MPI_Allreduce(MPI_IN_PLACE, &seconds, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    free(vbuf);
    free(w);
    return seconds;
}

int main(int argc, char **argv)
{
    int n = 256, nb = 8, repeats = 1, quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc)
            nb = atoi(argv[++i]);
        else if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
            repeats = atoi(argv[++i]);
        else if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
    }
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (n < 1 || nb < 1 || repeats < 1) {
        if (rank == 0)
            fprintf(stderr, "qr: need a side, a block and repeats of at least 1\n");
        MPI_Finalize();
        return 2;
    }

    int dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
    MPI_Dims_create(size, 2, dims);
    MPI_Comm grid, row_comm, col_comm;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Cart_coords(grid, rank, 2, coords);
    MPI_Cart_sub(grid, (int[]){0, 1}, &row_comm); /* a grid row: rank = grid column */
    MPI_Cart_sub(grid, (int[]){1, 0}, &col_comm); /* a grid column: rank = grid row */

    qr_local_t L = {0};
    double *tau = malloc((size_t)n * sizeof *tau), best = 0;
    for (int r = 0; r < repeats; r++) {
        free(L.a);
        qr_local_init(&L, n, nb, dims[0], dims[1], coords[0], coords[1]);
        double seconds = factor(&L, row_comm, col_comm, tau);
        best = r == 0 || seconds < best ? seconds : best;
    }

    /* Rank 0 puts the pieces together and checks them. */
    int bad = 0;
    if (rank == 0) {
        double *f = malloc((size_t)n * n * sizeof *f);
        qr_place(f, n, nb, dims[0], dims[1], coords[0], coords[1], L.a);
        for (int q = 1; q < size; q++) {
            int c[2];
            MPI_Cart_coords(grid, q, 2, c);
            size_t count = (size_t)qr_count(n, nb, c[0], dims[0]) * (size_t)qr_count(n, nb, c[1], dims[1]);
            double *part = malloc(count * sizeof *part + 1);
            MPI_Recv(part, (int)count, MPI_DOUBLE, q, 0, grid, MPI_STATUS_IGNORE);
            qr_place(f, n, nb, dims[0], dims[1], c[0], c[1], part);
            free(part);
        }
        double residual, orthogonality;
        qr_check(n, f, tau, &residual, &orthogonality);
        /* Householder QR is backward stable: both are a modest multiple of
         * n times the rounding unit. */
        bad = residual > 1e-13 * n || orthogonality > 1e-13 * n;
        if (!quiet || bad)
            printf("qr: %d x %d in blocks of %d on a %d x %d grid: %.6f s (%.2f Gflop/s), ||A-QR||/||A|| %.2e, "
                   "||QtQ-I|| %.2e%s\n",
                   n, n, nb, dims[0], dims[1], best, 4.0 / 3 * n * n * (double)n / best * 1e-9, residual, orthogonality,
                   bad ? "  WRONG" : "");
        free(f);
    } else {
        MPI_Send(L.a, L.mloc * L.nloc, MPI_DOUBLE, 0, 0, grid);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(L.a);
    free(tau);
    MPI_Comm_free(&row_comm);
    MPI_Comm_free(&col_comm);
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return bad ? 1 : 0;
}
