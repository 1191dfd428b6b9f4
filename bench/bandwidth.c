/* bandwidth.c -- windowed bandwidth from rank 0 to rank 1: a window of
 * nonblocking sends, the receiver's matching receives, a short ack; plain
 * MPI.  Prints "bytes MB/s" per size (the median of several batches).
 *
 * bandwidth [MAX] [one-buffer]: each message of a window has its own
 * buffer (a window of 4 MiB messages touches 256 MiB on each side, so from
 * about 512 KiB the data comes from and goes to DRAM); with one-buffer every
 * message of the window uses the same buffer, so the data stays in cache. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 64
#define BATCHES 5

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
    size_t max = 4u << 20;
    int one_buffer = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "one-buffer") == 0)
            one_buffer = 1;
        else
            max = strtoul(argv[i], NULL, 0);
    }
    /* With one-buffer the receives of a window overlap, as in the OSU
     * bandwidth test: nothing reads the data. */
    size_t buffers = one_buffer ? 1 : WINDOW;
    char *buf = malloc(max * buffers);
    memset(buf, 3, max * buffers);
    MPI_Request reqs[WINDOW];
    for (size_t bytes = 1024; bytes <= max; bytes *= 2) {
        size_t stride = buffers > 1 ? bytes : 0;
        int reps = bytes <= 65536 ? 40 : bytes <= (1u << 20) ? 8 : 3;
        double rate[BATCHES];
        for (int b = -1; b < BATCHES; b++) {
            double t0 = MPI_Wtime();
            for (int r = 0; r < reps; r++) {
                char ack = 0;
                if (rank == 0) {
                    for (int w = 0; w < WINDOW; w++)
                        MPI_Isend(buf + w * stride, (int)bytes, MPI_BYTE, 1, 2, MPI_COMM_WORLD, &reqs[w]);
                    MPI_Waitall(WINDOW, reqs, MPI_STATUSES_IGNORE);
                    MPI_Recv(&ack, 1, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else if (rank == 1) {
                    for (int w = 0; w < WINDOW; w++)
                        MPI_Irecv(buf + w * stride, (int)bytes, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &reqs[w]);
                    MPI_Waitall(WINDOW, reqs, MPI_STATUSES_IGNORE);
                    MPI_Send(&ack, 1, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
                }
            }
            double dt = MPI_Wtime() - t0;
            if (b >= 0)
                rate[b] = (double)bytes * WINDOW * reps / dt / 1e6;
        }
        qsort(rate, BATCHES, sizeof rate[0], compare);
        if (rank == 0)
            printf("%zu %.1f\n", bytes, rate[BATCHES / 2]);
        fflush(stdout);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
