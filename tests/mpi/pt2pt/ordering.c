/* ordering.c -- MPI's non-overtaking rule: messages from one sender on one
 * communicator are matched in the order sent, whatever their sizes (inline,
 * data ring and rendezvous interleaved), with wildcard and specific tags. */
#include <string.h>

#include "mpitest.h"

#define COUNT 600

static size_t message_bytes(int i)
{
    switch (i % 5) {
    case 0:
        return 4;
    case 1:
        return 200;
    case 2:
        return 9000;
    case 3:
        return 70000;
    default:
        return 0;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    unsigned char *buf = malloc(70000 + 8);
    /* Rank 0 sends to every other rank; they receive with MPI_ANY_TAG and
     * check that the sequence numbers come in order. */
    if (rank == 0) {
        MPI_Request *reqs = malloc(sizeof *reqs * COUNT * (size_t)size);
        unsigned char **bufs = malloc(sizeof *bufs * COUNT * (size_t)size);
        int n = 0;
        for (int i = 0; i < COUNT; i++) {
            for (int dest = 1; dest < size; dest++) {
                size_t len = message_bytes(i);
                bufs[n] = malloc(len + 1);
                mt_fill(bufs[n], len, dest, i);
                MPI_Isend(bufs[n], (int)len, MPI_BYTE, dest, i % 7, MPI_COMM_WORLD, &reqs[n]);
                n++;
            }
        }
        MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
        for (int i = 0; i < n; i++)
            free(bufs[i]);
        free(bufs);
        free(reqs);
    } else {
        for (int i = 0; i < COUNT; i++) {
            MPI_Status status;
            MPI_Recv(buf, 70000, MPI_BYTE, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            int count;
            MPI_Get_count(&status, MPI_BYTE, &count);
            MT_CHECK(status.MPI_TAG == i % 7, "message %d came with tag %d", i, status.MPI_TAG);
            MT_CHECK(count == (int)message_bytes(i), "message %d: %d bytes", i, count);
            long bad = mt_verify(buf, message_bytes(i), rank, i);
            MT_CHECK(bad < 0, "message %d: byte %ld wrong", i, bad);
        }
    }
    /* Receives posted in an order different from the sends: matching picks
     * by tag, and among equal tags the first sent. */
    if (size >= 2 && rank <= 1) {
        int peer = 1 - rank;
        if (rank == 0) {
            for (int i = 0; i < 10; i++) {
                int v = i;
                MPI_Send(&v, 1, MPI_INT, peer, i < 5 ? 100 : 200, MPI_COMM_WORLD);
            }
        } else {
            int v;
            for (int i = 5; i < 10; i++) {
                MPI_Recv(&v, 1, MPI_INT, peer, 200, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MT_CHECK(v == i, "tag 200: got %d, expected %d", v, i);
            }
            for (int i = 0; i < 5; i++) {
                MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 100, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MT_CHECK(v == i, "tag 100: got %d, expected %d", v, i);
            }
        }
    }
    /* Posted receives with wildcards and specific ones mixed: each message
     * goes to the first posted receive that matches it. */
    if (size >= 2 && rank <= 1) {
        if (rank == 1) {
            int a = -1, b = -1, c = -1;
            MPI_Request r[3];
            MPI_Irecv(&a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r[0]);
            MPI_Irecv(&b, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &r[1]);
            MPI_Irecv(&c, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r[2]);
            int go = 1;
            MPI_Send(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
            MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
            MT_CHECK(a == 10 && b == 11 && c == 12, "a=%d b=%d c=%d", a, b, c);
        } else {
            int go;
            MPI_Recv(&go, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int v = 10; v <= 12; v++)
                MPI_Send(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
        }
    }
    free(buf);
    return mt_finish();
}
