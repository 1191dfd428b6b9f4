/* oversub.c -- aggregate ping-pong throughput when every rank is busy.
 *
 * Ranks pair up (0,1), (2,3), ... and all pairs ping-pong small messages
 * at once; run with more ranks than cores to measure how an MPI waits.
 * Prints "ranks messages_per_second usec_per_message": the job-wide rate
 * of one-way messages (all pairs together, from the first start to the
 * last finish) and its inverse.  Plain MPI point-to-point only, so it
 * builds against any implementation. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* All ranks report to rank 0, which answers each: a barrier made of
 * point-to-point messages, so the benchmark uses nothing else. */
static void sync_all(int rank, int size)
{
    char token = 0;
    if (rank == 0) {
        for (int r = 1; r < size; r++)
            MPI_Recv(&token, 1, MPI_CHAR, r, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int r = 1; r < size; r++)
            MPI_Send(&token, 1, MPI_CHAR, r, 3, MPI_COMM_WORLD);
    } else {
        MPI_Send(&token, 1, MPI_CHAR, 0, 2, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_CHAR, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long iters = argc > 1 ? strtol(argv[1], NULL, 0) : 20000;
    int bytes = argc > 2 ? atoi(argv[2]) : 8;
    char *buf = calloc(1, bytes ? (size_t)bytes : 1);
    /* Partner distance: 1 pairs neighbours, 2 pairs (0,2), (1,3), ... */
    int stride = argc > 3 ? atoi(argv[3]) : 1;
    int peer = rank ^ stride;
    int pairs = size / 2;
    double best = 0;
    for (int round = 0; round < 3; round++) {
        sync_all(rank, size);
        double t0 = MPI_Wtime();
        for (long i = 0; i < iters && peer < size; i++) {
            if (rank < peer) {
                MPI_Send(buf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
            }
        }
        /* The span from the first start to the last finish, on the node's
         * one clock: pairs that take turns are not counted as overlapping. */
        double span[2] = {t0, MPI_Wtime()};
        if (rank == 0) {
            for (int r = 1; r < size; r++) {
                double t[2];
                MPI_Recv(t, 2, MPI_DOUBLE, r, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                span[0] = t[0] < span[0] ? t[0] : span[0];
                span[1] = t[1] > span[1] ? t[1] : span[1];
            }
            double rate = 2.0 * (double)iters * pairs / (span[1] - span[0]);
            best = rate > best ? rate : best;
        } else {
            MPI_Send(span, 2, MPI_DOUBLE, 0, 4, MPI_COMM_WORLD);
        }
    }
    if (rank == 0)
        printf("%d %.0f %.4f\n", size, best, 1e6 / best);
    free(buf);
    MPI_Finalize();
    return 0;
}
