/* null_and_test.c -- MPI_PROC_NULL everywhere, null requests, MPI_Test
 * polling, MPI_Get_count when the count is not whole. */
#include <string.h>

#include "mpitest.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int v = 5;
    MPI_Status status;
    MPI_Send(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Recv(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &status);
    int count = -1;
    MPI_Get_count(&status, MPI_INT, &count);
    MT_CHECK(status.MPI_SOURCE == MPI_PROC_NULL && status.MPI_TAG == MPI_ANY_TAG && count == 0,
             "recv from MPI_PROC_NULL: source %d tag %d count %d", status.MPI_SOURCE, status.MPI_TAG, count);
    MT_CHECK(v == 5, "recv from MPI_PROC_NULL wrote the buffer");

    MPI_Request req;
    MPI_Irecv(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
    int flag = 0;
    MPI_Test(&req, &flag, &status);
    MT_CHECK(flag && req == MPI_REQUEST_NULL && status.MPI_SOURCE == MPI_PROC_NULL, "Irecv from MPI_PROC_NULL");
    MPI_Isend(&v, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MT_CHECK(req == MPI_REQUEST_NULL, "Isend to MPI_PROC_NULL left a request");

    /* Waiting on a null request returns at once with an empty status. */
    req = MPI_REQUEST_NULL;
    MPI_Wait(&req, &status);
    MT_CHECK(status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG, "empty status");
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    MT_CHECK(flag == 1, "MPI_Test on a null request gave flag %d", flag);
    MPI_Request none[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Waitall(3, none, MPI_STATUSES_IGNORE);
    MPI_Testall(3, none, &flag, MPI_STATUSES_IGNORE);
    MT_CHECK(flag == 1, "MPI_Testall on null requests gave flag %d", flag);
    MPI_Waitall(0, NULL, NULL);

    /* MPI_Test polls until the message arrives; 7 bytes are not whole ints. */
    if (size >= 2 && rank <= 1) {
        char bytes[8] = "abcdefg";
        if (rank == 0) {
            int go;
            MPI_Recv(&go, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(bytes, 7, MPI_CHAR, 1, 2, MPI_COMM_WORLD);
        } else {
            char got[8] = {0};
            MPI_Irecv(got, 8, MPI_CHAR, 0, 2, MPI_COMM_WORLD, &req);
            flag = 0;
            MPI_Test(&req, &flag, &status);
            MT_CHECK(flag == 0, "MPI_Test completed a receive whose message was not yet sent");
            int go = 1;
            MPI_Send(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
            while (!flag)
                MPI_Test(&req, &flag, &status);
            MT_CHECK(strcmp(got, "abcdefg") == 0, "got '%s'", got);
            MPI_Get_count(&status, MPI_CHAR, &count);
            MT_CHECK(count == 7, "char count %d", count);
            MPI_Get_count(&status, MPI_INT, &count);
            MT_CHECK(count == MPI_UNDEFINED, "int count of 7 bytes is %d, not MPI_UNDEFINED", count);
        }
    }
    return mt_finish();
}
