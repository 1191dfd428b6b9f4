/* truncate.c -- a message longer than the receive buffer: MPI_ERR_TRUNCATE
 * under MPI_ERRORS_RETURN, the buffer filled up to its end and not one byte
 * past it, for eager, data-ring and rendezvous messages, blocking and not. */
#include <string.h>

#include "mpitest.h"

#define GUARD 64

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    static const size_t sent_bytes[] = {40, 1000, 30000, 1 << 20};
    int peer = rank == 0 ? (size > 1 ? 1 : 0) : 0;
    if (rank > 1)
        return mt_finish();
    for (int i = 0; i < 4; i++) {
        size_t len = sent_bytes[i];
        size_t room = len / 2;
        unsigned char *out = malloc(len);
        unsigned char *in = malloc(room + GUARD);
        mt_fill(out, len, rank, i);
        memset(in, 0xEE, room + GUARD);
        MPI_Request sreq = MPI_REQUEST_NULL;
        if (rank == 0 || size == 1)
            MPI_Isend(out, (int)len, MPI_BYTE, peer, i, MPI_COMM_WORLD, &sreq);
        if (rank == 1 || size == 1) {
            MPI_Status status;
            int rc;
            if (i % 2) {
                rc = MPI_Recv(in, (int)room, MPI_BYTE, peer, i, MPI_COMM_WORLD, &status);
            } else {
                MPI_Request rreq;
                MPI_Irecv(in, (int)room, MPI_BYTE, peer, i, MPI_COMM_WORLD, &rreq);
                rc = MPI_Wait(&rreq, &status);
            }
            int cls = -1;
            MPI_Error_class(rc, &cls);
            MT_CHECK(cls == MPI_ERR_TRUNCATE, "%zu bytes into %zu: error class %d", len, room, cls);
            long bad = mt_verify(in, room, peer, i);
            MT_CHECK(bad < 0, "%zu bytes into %zu: byte %ld wrong", len, room, bad);
            for (size_t g = room; g < room + GUARD; g++)
                MT_CHECK(in[g] == 0xEE, "%zu bytes into %zu: byte %zu past the buffer written", len, room, g);
        }
        MPI_Wait(&sreq, MPI_STATUS_IGNORE);
        free(out);
        free(in);
    }
    /* The next message after a truncation arrives intact. */
    if (rank == 0 && size > 1) {
        int v = 42;
        MPI_Send(&v, 1, MPI_INT, 1, 9, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int v = 0;
        MPI_Recv(&v, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MT_CHECK(v == 42, "message after truncation: %d", v);
    }
    return mt_finish();
}
