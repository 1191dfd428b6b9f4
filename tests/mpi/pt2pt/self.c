/* self.c -- messages to oneself, on MPI_COMM_WORLD and MPI_COMM_SELF:
 * blocking send before the receive (any size), nonblocking both ways,
 * and MPI_Sendrecv with oneself. */
#include <string.h>

#include "mpitest.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    static const size_t sizes[] = {0, 1, 48, 49, 4096, 100000, 8u << 20};
    for (int i = 0; i < 7; i++) {
        size_t len = sizes[i];
        unsigned char *out = malloc(len + 1), *in = malloc(len + 1);
        mt_fill(out, len, rank, i);
        MPI_Comm comm = i % 2 ? MPI_COMM_SELF : MPI_COMM_WORLD;
        int me = i % 2 ? 0 : rank;
        MPI_Send(out, (int)len, MPI_BYTE, me, i, comm);
        memset(in, 0, len + 1);
        MPI_Status status;
        MPI_Recv(in, (int)len, MPI_BYTE, me, i, comm, &status);
        MT_CHECK(mt_verify(in, len, rank, i) < 0, "blocking self message of %zu bytes corrupted", len);
        MT_CHECK(status.MPI_SOURCE == me, "source %d", status.MPI_SOURCE);

        MPI_Request r[2];
        memset(in, 0, len + 1);
        /* Wildcards only on MPI_COMM_SELF: on MPI_COMM_WORLD rank 0 could
         * take another rank's closing message (mt_finish) with them. */
        int source = comm == MPI_COMM_SELF ? MPI_ANY_SOURCE : me;
        MPI_Irecv(in, (int)len, MPI_BYTE, source, MPI_ANY_TAG, comm, &r[0]);
        MPI_Isend(out, (int)len, MPI_BYTE, me, i, comm, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        MT_CHECK(mt_verify(in, len, rank, i) < 0, "nonblocking self message of %zu bytes corrupted", len);

        memset(in, 0, len + 1);
        MPI_Sendrecv(out, (int)len, MPI_BYTE, me, i, in, (int)len, MPI_BYTE, me, i, comm, &status);
        MT_CHECK(mt_verify(in, len, rank, i) < 0, "sendrecv self message of %zu bytes corrupted", len);
        free(out);
        free(in);
    }
    return mt_finish();
}
