/* flood.c -- 100000 small messages arrive before any receive for them is
 * posted: all of them wait in the unexpected queue, and then come out in
 * the order they were sent, with their data intact. */
#include "mpitest.h"

#define TOTAL 100000

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int senders = size > 1 ? size - 1 : 1;
    int per_sender = TOTAL / senders;
    if (rank != 0 || size == 1) {
        /* Blocking sends: each leaves through the ring or waits for room,
         * which rank 0 makes by draining into its unexpected queue. */
        for (int i = 0; i < per_sender; i++) {
            int msg[2] = {rank, i};
            MPI_Send(msg, 2, MPI_INT, 0, i % 100, MPI_COMM_WORLD);
        }
        int done = 1;
        MPI_Send(&done, 1, MPI_INT, 0, 100, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        /* "done" comes after every message of its sender: once it is here,
         * the whole flood from that sender is in the unexpected queue. */
        for (int s = 0; s < senders; s++) {
            int done;
            MPI_Recv(&done, 1, MPI_INT, size > 1 ? s + 1 : 0, 100, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        for (int s = 0; s < senders; s++) {
            int src = size > 1 ? s + 1 : 0;
            for (int i = 0; i < per_sender; i++) {
                int msg[2] = {-1, -1};
                MPI_Recv(msg, 2, MPI_INT, src, i % 100, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                if (msg[0] != src || msg[1] != i) {
                    MT_CHECK(0, "message %d from %d came as (%d, %d)", i, src, msg[0], msg[1]);
                    break;
                }
            }
        }
    }
    return mt_finish();
}
