/* latency.c -- ping-pong latency between ranks 0 and 1, plain MPI so it
 * builds against any implementation.  Prints "bytes usec" per size: the
 * median one-way time over several timed batches. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCHES 7

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    size_t max = argc > 1 ? strtoul(argv[1], NULL, 0) : (4u << 20);
    char *buf = malloc(max ? max : 1);
    memset(buf, 7, max);
    int peer = rank ^ 1; /* pairs (0,1), (2,3), ... all ping-pong at once */
    for (size_t bytes = 0; bytes <= max; bytes = bytes ? bytes * 2 : 1) {
        int iters = bytes <= 4096 ? 20000 : bytes <= 65536 ? 2000 : bytes <= (1u << 20) ? 300 : 60;
        double t[BATCHES];
        for (int b = -1; b < BATCHES; b++) { /* batch -1 warms up */
            double t0 = MPI_Wtime();
            for (int i = 0; i < iters / 4 + 1; i++) {
                if (peer >= size)
                    break;
                if (rank < peer) {
                    MPI_Send(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
                    MPI_Recv(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    MPI_Recv(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(buf, (int)bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
                }
            }
            if (b >= 0)
                t[b] = (MPI_Wtime() - t0) / (2.0 * (iters / 4 + 1));
        }
        qsort(t, BATCHES, sizeof t[0], compare);
        if (rank == 0)
            printf("%zu %.4f\n", bytes, t[BATCHES / 2] * 1e6);
        fflush(stdout);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
