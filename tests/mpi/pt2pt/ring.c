/* ring.c -- a token travels the ring of ranks many times, each rank adding
 * its rank; then a large buffer goes round once with its data checked. */
#include <string.h>

#include "mpitest.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    const int laps = 200;
    long token = 0;
    for (int lap = 0; lap < laps; lap++) {
        if (rank == 0) {
            MPI_Send(&token, 1, MPI_LONG, next, lap, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_LONG, prev, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(&token, 1, MPI_LONG, prev, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token += rank;
            MPI_Send(&token, 1, MPI_LONG, next, lap, MPI_COMM_WORLD);
        }
    }
    if (rank == 0) {
        long expect = (long)laps * size * (size - 1) / 2;
        MT_CHECK(token == expect, "token %ld, expected %ld", token, expect);
    }
    /* A 3 MiB buffer around the ring: rendezvous at every hop. */
    size_t len = 3u << 20;
    unsigned char *buf = malloc(len);
    if (rank == 0) {
        mt_fill(buf, len, 0, 1);
        MPI_Send(buf, (int)len, MPI_BYTE, next, 99, MPI_COMM_WORLD);
        memset(buf, 0, len);
        MPI_Recv(buf, (int)len, MPI_BYTE, prev, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(buf, (int)len, MPI_BYTE, prev, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, (int)len, MPI_BYTE, next, 99, MPI_COMM_WORLD);
    }
    long bad = mt_verify(buf, len, 0, 1);
    MT_CHECK(bad < 0, "ring buffer byte %ld wrong", bad);
    free(buf);
    return mt_finish();
}
