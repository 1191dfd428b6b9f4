/*
 * unexpected_sizes.c -- messages of mixed sizes wait in the unexpected
 * queue, round after round, so that the queue's freed buffers are taken
 * again by messages of other sizes (p2p/match.c keeps them): small ones,
 * a few kilobytes, the eager limit, a rendezvous just above it.  Rank 0
 * sends every round's messages before rank 1 posts a receive; each must
 * arrive whole, in order, with its own data.
 */
#include <stdbool.h>
#include <string.h>

#include "mpitest.h"

#define ROUNDS 20

static const int sizes[] = {4096, 65536, 12, 5000, 70000, 65000, 4096, 100000, 8191, 65536};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

static unsigned char pattern(int round, int k, int i)
{
    return (unsigned char)(round * 7 + k * 13 + i * 31 + (i >> 8));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int receiver = size > 1 ? 1 : 0;
    unsigned char *out[NSIZES], *in = malloc(100000);
    MPI_Request reqs[NSIZES];
    if (!in)
        abort();
    for (int k = 0; k < NSIZES; k++)
        if (!(out[k] = malloc((size_t)sizes[k])))
            abort();
    for (int round = 0; round < ROUNDS; round++) {
        if (rank == 0) {
            for (int k = 0; k < NSIZES; k++) {
                for (int i = 0; i < sizes[k]; i++)
                    out[k][i] = pattern(round, k, i);
                MPI_Isend(out[k], sizes[k], MPI_BYTE, receiver, 5, MPI_COMM_WORLD, &reqs[k]);
            }
        }
        /* The receiver starts only after everything was sent: what fits the
         * eager protocol waits in its unexpected queue, the rendezvous
         * messages as announcements. */
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == receiver) {
            for (int k = 0; k < NSIZES; k++) {
                MPI_Status status;
                int count = -1;
                memset(in, 0, (size_t)sizes[k]);
                MPI_Recv(in, 100000, MPI_BYTE, 0, 5, MPI_COMM_WORLD, &status);
                MPI_Get_count(&status, MPI_BYTE, &count);
                MT_CHECK(count == sizes[k], "round %d, message %d: %d bytes, expected %d", round, k, count, sizes[k]);
                for (int i = 0; i < sizes[k] && i < count; i++)
                    if (in[i] != pattern(round, k, i)) {
                        MT_CHECK(false, "round %d, message %d of %d bytes: byte %d is %u, expected %u", round, k,
                                 sizes[k], i, in[i], pattern(round, k, i));
                        break;
                    }
            }
        }
        if (rank == 0)
            MPI_Waitall(NSIZES, reqs, MPI_STATUSES_IGNORE);
    }
    for (int k = 0; k < NSIZES; k++)
        free(out[k]);
    free(in);
    return mt_finish();
}
