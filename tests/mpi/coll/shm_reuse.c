/*
 * shm_reuse.c -- the shared-memory collectives' slots, reused hard.
 *
 * Successive operations on one communicator take the cells of each
 * process's slot in turn, larger data alternating between two halves
 * (and within a half taking its areas in turn when it fits them):
 * operations where some processes return early (a broadcast's root, a
 * reduction's senders) let a fast process run ahead, and it must not
 * overwrite a cell or half that a slow one still reads.  Communicators freed and created again reuse context
 * pairs, hence slots; more communicators than slots fall back to
 * messages.  Every result is checked, with the ranks' speeds skewed.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../mpitest.h"
#include "mpi.h"

/* Rank-order check for a non-commutative operation: pairs (first, last)
 * of the ranks covered, combined a.b = (a.first, b.last) when adjacent. */
static void concat(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)dt;
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        if (a[2 * i + 1] + 1 != b[2 * i])
            b[2 * i] = -1000000; /* out of order: poisons the result */
        else
            b[2 * i] = a[2 * i];
    }
}

static void mixed_round(MPI_Comm comm, int iter, MPI_Op cat, MPI_Datatype pair)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int root = iter % size;
    /* Skew: one process lags now and then, so that others run ahead. */
    if (iter % 7 == rank % 7)
        usleep(200);

    int n = 1 + (iter * 37) % 5000; /* from 4 B up to about 20 KB */
    int *v = malloc((size_t)n * sizeof *v), *w = malloc((size_t)n * sizeof *w);
    for (int i = 0; i < n; i++)
        v[i] = rank == root ? iter * 1000 + i : -1;
    MPI_Bcast(v, n, MPI_INT, root, comm);
    for (int i = 0; i < n; i++)
        MT_CHECK(v[i] == iter * 1000 + i, "iteration %d: bcast element %d is %d", iter, i, v[i]);

    for (int i = 0; i < n; i++)
        v[i] = rank + i;
    MPI_Reduce(v, w, n, MPI_INT, MPI_SUM, root, comm);
    if (rank == root)
        for (int i = 0; i < n; i++)
            MT_CHECK(w[i] == size * (size - 1) / 2 + size * i, "iteration %d: reduce element %d is %d", iter, i, w[i]);

    int m = 1 + (iter * 13) % 2100; /* pairs: up to about 16 KB, over the slice threshold */
    int *p = malloc((size_t)m * 2 * sizeof *p);
    for (int i = 0; i < m; i++)
        p[2 * i] = p[2 * i + 1] = rank;
    MPI_Allreduce(MPI_IN_PLACE, p, m, pair, cat, comm);
    for (int i = 0; i < m; i++)
        MT_CHECK(p[2 * i] == 0 && p[2 * i + 1] == size - 1, "iteration %d: allreduce pair %d is (%d, %d)", iter, i,
                 p[2 * i], p[2 * i + 1]);

    int *all = malloc((size_t)size * 3 * sizeof *all);
    int mine[3] = {rank, iter, -rank};
    MPI_Allgather(mine, 3, MPI_INT, all, 3, MPI_INT, comm);
    for (int r = 0; r < size; r++)
        MT_CHECK(all[3 * r] == r && all[3 * r + 1] == iter && all[3 * r + 2] == -r, "iteration %d: allgather block %d",
                 iter, r);
    int *out = malloc((size_t)size * sizeof *out), *in = malloc((size_t)size * sizeof *in);
    for (int r = 0; r < size; r++)
        out[r] = rank * 100 + r;
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, comm);
    for (int r = 0; r < size; r++)
        MT_CHECK(in[r] == r * 100 + rank, "iteration %d: alltoall from %d is %d", iter, r, in[r]);
    MPI_Gather(&rank, 1, MPI_INT, in, 1, MPI_INT, root, comm);
    if (rank == root)
        for (int r = 0; r < size; r++)
            MT_CHECK(in[r] == r, "iteration %d: gather from %d is %d", iter, r, in[r]);
    int got = -1;
    MPI_Scatter(out, 1, MPI_INT, &got, 1, MPI_INT, root, comm);
    MT_CHECK(got == root * 100 + rank, "iteration %d: scatter gave %d", iter, got);
    if (iter % 5 == 0)
        MPI_Barrier(comm);
    free(v), free(w), free(p), free(all), free(out), free(in);
}

/* Many operations in a row that a root or the senders leave early, with
 * the others lagging: the fast process comes round the cells several
 * times (first with data that fits in them), then also into each half
 * again, with data just too large for a cell, for one of a half's areas,
 * for two, for four, and for the whole half. */
static void run_ahead(MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    /* ints: 48 bytes sit in the cell's first line, up to 960 in the
     * lines after it, more in a half: up to 8 KiB in one of its areas,
     * 8 KiB + 4 in two, 16 KiB + 4 in four, 32 KiB + 4 in all of it */
    static const int lengths[] = {1, 12, 13, 240, 241, 3000, 2048, 2049, 4097, 8193};
    enum { OPS = 300, LONGEST = 8193 };
    int *v = malloc(LONGEST * sizeof *v), *all = malloc((size_t)size * 300 * sizeof *all);
    for (int k = 0; k < OPS; k++) {
        int n = lengths[k < OPS / 2 ? k % 4 : k % 10];
        if (rank != 0 && k % 50 == rank % 50)
            usleep(2000);
        for (int i = 0; i < n; i++)
            v[i] = rank == 0 ? k * 7 + i : -1;
        MPI_Bcast(v, n, MPI_INT, 0, comm);
        for (int i = 0; i < n; i++)
            MT_CHECK(v[i] == k * 7 + i, "broadcast %d: element %d is %d", k, i, v[i]);
        int m = n < 300 ? n : 300;
        for (int i = 0; i < m; i++)
            v[i] = rank * 100000 + k * 7 + i;
        MPI_Gather(v, m, MPI_INT, all, m, MPI_INT, 1 % size, comm);
        if (rank == 1 % size)
            for (int r = 0; r < size; r++)
                for (int i = 0; i < m; i++)
                    MT_CHECK(all[r * m + i] == r * 100000 + k * 7 + i, "gather %d: element %d of %d is %d", k, i, r,
                             all[r * m + i]);
    }
    free(v), free(all);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op cat;
    MPI_Op_create(concat, 0, &cat);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);

    /* One communicator, many operations of every kind. */
    for (int iter = 0; iter < 60; iter++)
        mixed_round(MPI_COMM_WORLD, iter, cat, pair);

    run_ahead(MPI_COMM_WORLD);

    /* Two halves of the world and the world at once, interleaved. */
    MPI_Comm half, dup;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    for (int iter = 0; iter < 20; iter++) {
        mixed_round(half, iter, cat, pair);
        mixed_round(dup, iter + 1, cat, pair);
    }
    MPI_Comm_free(&half);

    /* Freed and created again: the same context pairs, hence slots, with
     * counters that went on from the communicator before. */
    for (int k = 0; k < 10; k++) {
        MPI_Comm c;
        MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &c);
        mixed_round(c, k, cat, pair);
        mixed_round(c, k + 3, cat, pair);
        MPI_Comm_free(&c);
    }

    /* More live communicators than slots: the later ones use messages. */
    enum { MANY = 140 };
    MPI_Comm many[MANY];
    for (int k = 0; k < MANY; k++)
        MPI_Comm_dup(dup, &many[k]);
    for (int k = 0; k < MANY; k += 23)
        mixed_round(many[k], k, cat, pair);
    mixed_round(many[MANY - 1], 1, cat, pair);
    for (int k = 0; k < MANY; k++)
        MPI_Comm_free(&many[k]);

    /* Blocking collectives between nonblocking ones on the same
     * communicator, and point-to-point traffic in flight throughout. */
    MPI_Request reqs[3];
    int token = rank, from = -1, sum = 0;
    MPI_Irecv(&from, 1, MPI_INT, (rank - 1 + size) % size, 9, dup, &reqs[0]);
    MPI_Isend(&token, 1, MPI_INT, (rank + 1) % size, 9, dup, &reqs[1]);
    MPI_Iallreduce(&token, &sum, 1, MPI_INT, MPI_SUM, dup, &reqs[2]);
    mixed_round(dup, 2, cat, pair);
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    MT_CHECK(from == (rank - 1 + size) % size, "ring token from %d", from);
    MT_CHECK(sum == size * (size - 1) / 2, "iallreduce gave %d", sum);

    MPI_Comm_free(&dup);
    MPI_Type_free(&pair);
    MPI_Op_free(&cat);
    return mt_finish();
}
