/* pingpong_sizes.c -- messages of every size class, 0 B to 8 MiB, between
 * pairs of ranks, with the data checked at both ends: inline, data ring,
 * rendezvous, and sizes around each boundary. */
#include <string.h>

#include "mpitest.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    size_t max = 8u << 20;
    unsigned char *buf = malloc(max + 64);
    int peer = rank ^ 1;
    if (peer >= size) {
        free(buf);
        return mt_finish();
    }
    size_t sizes[128];
    int n = 0;
    sizes[n++] = 0;
    for (size_t s = 1; s <= max; s *= 2) {
        sizes[n++] = s;
        if (s > 2)
            sizes[n++] = s - 1;
        if (s < max)
            sizes[n++] = s + 3;
    }
    sizes[n++] = 47;
    sizes[n++] = 48;
    sizes[n++] = 49;
    for (int i = 0; i < n; i++) {
        size_t len = sizes[i];
        MPI_Status status;
        int count;
        if (rank < peer) {
            mt_fill(buf, len, rank, i);
            MPI_Send(buf, (int)len, MPI_BYTE, peer, i, MPI_COMM_WORLD);
            memset(buf, 0, len);
            MPI_Recv(buf, (int)len, MPI_BYTE, peer, i, MPI_COMM_WORLD, &status);
            long bad = mt_verify(buf, len, peer, i);
            MT_CHECK(bad < 0, "size %zu: byte %ld wrong on the way back", len, bad);
        } else {
            memset(buf, 0, len);
            MPI_Recv(buf, (int)len, MPI_BYTE, peer, i, MPI_COMM_WORLD, &status);
            long bad = mt_verify(buf, len, peer, i);
            MT_CHECK(bad < 0, "size %zu: byte %ld wrong", len, bad);
            mt_fill(buf, len, rank, i);
            MPI_Send(buf, (int)len, MPI_BYTE, peer, i, MPI_COMM_WORLD);
        }
        MPI_Get_count(&status, MPI_BYTE, &count);
        MT_CHECK(count == (int)len, "size %zu: count %d", len, count);
        MT_CHECK(status.MPI_SOURCE == peer && status.MPI_TAG == i, "size %zu: source %d tag %d", len, status.MPI_SOURCE,
                 status.MPI_TAG);
    }
    /* Typed data: counts are in elements. */
    double values[1000];
    for (int i = 0; i < 1000; i++)
        values[i] = rank * 1000.0 + i;
    MPI_Status status;
    double got[1000];
    MPI_Sendrecv(values, 1000, MPI_DOUBLE, peer, 7, got, 1000, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD, &status);
    int count;
    MPI_Get_count(&status, MPI_DOUBLE, &count);
    MT_CHECK(count == 1000, "double count %d", count);
    for (int i = 0; i < 1000; i++)
        MT_CHECK(got[i] == peer * 1000.0 + i, "double %d is %f", i, got[i]);
    MPI_Get_count(&status, MPI_LONG_DOUBLE, &count);
    MT_CHECK(count == (int)(8000 / sizeof(long double)) || count == MPI_UNDEFINED, "long double count %d", count);
    free(buf);
    return mt_finish();
}
