/* pingpong.c -- rank 0 and rank 1 bounce a message back and forth and
 * report the one-way latency and the bandwidth for a few sizes.  Other
 * ranks, if any, wait at the end. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        if (rank == 0)
            printf("pingpong needs at least 2 ranks\n");
        MPI_Finalize();
        return 0;
    }
    static const int sizes[] = {0, 8, 1024, 65536, 1 << 20, 4 << 20};
    char *buf = malloc(4 << 20);
    memset(buf, 1, 4 << 20);
    if (rank == 0)
        printf("%10s %14s %14s\n", "bytes", "latency (us)", "bandwidth (MB/s)");
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int bytes = sizes[s];
        int iters = bytes >= (1 << 20) ? 50 : 2000;
        double t0 = 0;
        for (int i = -10; i < iters; i++) { /* 10 rounds of warm-up */
            if (i == 0)
                t0 = MPI_Wtime();
            if (rank == 0) {
                MPI_Send(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (rank == 1) {
                MPI_Recv(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
            }
        }
        double one_way = (MPI_Wtime() - t0) / iters / 2;
        if (rank == 0)
            printf("%10d %14.2f %14.1f\n", bytes, one_way * 1e6, bytes ? bytes / one_way / 1e6 : 0.0);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
