/*
 * freed_finalize.c -- sends freed with MPI_Request_free while they run
 * still reach their receiver when the senders have gone on into
 * MPI_Finalize.  Every rank but 0 sends rank 0 a small message and then
 * one far beyond the eager limit (a rendezvous: rank 0 reads it from the
 * sender's memory or asks the sender to write it), frees both requests and
 * finalizes at once; rank 0 waits a while first, so that the senders are
 * in MPI_Finalize before it receives.  A sender that left MPI_Finalize
 * without its rendezvous done would leave rank 0 waiting until the
 * launcher's timeout.  A third message, as large, is never waited for:
 * erroneous in MPI, a common slip, and it arrives too.
 */
#include <string.h>
#include <unistd.h>

#include "mpitest.h"

#define SMALL 1000
#define LARGE (512 * 1024)

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    static unsigned char small[SMALL], large[LARGE];
    if (rank != 0) {
        memset(small, rank, sizeof small);
        for (int i = 0; i < LARGE; i++)
            large[i] = (unsigned char)(rank * 31 + i);
        MPI_Request r;
        MPI_Isend(small, SMALL, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &r);
        MPI_Request_free(&r);
        MPI_Isend(large, LARGE, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &r);
        MPI_Request_free(&r);
        MPI_Isend(large, LARGE, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &r);
        MPI_Finalize();
        return 0;
    }
    usleep(300 * 1000);
    for (int src = 1; src < size; src++) {
        memset(small, 0, sizeof small);
        memset(large, 0, sizeof large);
        MPI_Recv(small, SMALL, MPI_BYTE, src, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(large, LARGE, MPI_BYTE, src, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int bad = 0;
        for (int i = 0; i < SMALL; i++)
            bad += small[i] != (unsigned char)src;
        for (int i = 0; i < LARGE; i++)
            bad += large[i] != (unsigned char)(src * 31 + i);
        memset(large, 0, sizeof large);
        MPI_Recv(large, LARGE, MPI_BYTE, src, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < LARGE; i++)
            bad += large[i] != (unsigned char)(src * 31 + i);
        MT_CHECK(bad == 0, "%d bytes wrong in the messages from rank %d", bad, src);
    }
    if (mt_errors)
        printf(" Found %d errors\n", mt_errors);
    else
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
