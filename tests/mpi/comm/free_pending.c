/* free_pending.c -- MPI_Comm_free while operations on the communicator
 * are pending: they complete normally (the standard frees the object
 * only once nothing uses it), a persistent collective keeps working until
 * its request is freed, and the context of a communicator still in use
 * is not handed to a new one meanwhile.  Run under the sanitizers this
 * also catches a communicator destroyed too early. */
#include <unistd.h>

#include "../mpitest.h"
#include "mpi.h"

static int rank, size;

/* Nonblocking collectives started, then the communicator freed, with the
 * ranks skewed so that the operations are still running. */
static void collectives_outlive_free(void)
{
    MPI_Comm c;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    if (rank == 0)
        usleep(20000);
    int sum = -1, all[64], mine = rank + 1;
    MPI_Request reqs[3];
    MPI_Iallreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, c, &reqs[0]);
    MPI_Iallgather(&mine, 1, MPI_INT, all, 1, MPI_INT, c, &reqs[1]);
    MPI_Ibarrier(c, &reqs[2]);
    MPI_Comm_free(&c);
    MT_CHECK(c == MPI_COMM_NULL, "MPI_Comm_free left the handle set");
    MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    MT_CHECK(sum == size * (size + 1) / 2, "iallreduce after free gave %d", sum);
    for (int r = 0; r < size; r++)
        MT_CHECK(all[r] == r + 1, "iallgather after free: block %d is %d", r, all[r]);
}

/* A persistent collective on a freed communicator runs until its request
 * is freed. */
static void persistent_outlives_free(void)
{
    MPI_Comm c;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    int in = rank, out = -1;
    MPI_Request req;
    MPI_Allreduce_init(&in, &out, 1, MPI_INT, MPI_MAX, c, MPI_INFO_NULL, &req);
    MPI_Comm_free(&c);
    for (int k = 0; k < 3; k++) {
        in = rank + 10 * k;
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MT_CHECK(out == size - 1 + 10 * k, "persistent allreduce %d after free gave %d", k, out);
    }
    MPI_Request_free(&req);
}

/* A receive pending on a freed communicator keeps its context: a
 * communicator made meanwhile gets another, so a message on the new one
 * is not taken by the old receive.  The old receive is cancelled. */
static void context_kept_while_in_use(void)
{
    if (size < 2)
        return;
    MPI_Comm c, d;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    int old = -1, got = -1, value = 42;
    MPI_Request r = MPI_REQUEST_NULL;
    if (rank == 0)
        MPI_Irecv(&old, 1, MPI_INT, 1, 5, c, &r);
    MPI_Comm_free(&c);
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    if (rank == 1)
        MPI_Send(&value, 1, MPI_INT, 0, 5, d);
    if (rank == 0) {
        MPI_Recv(&got, 1, MPI_INT, 1, 5, d, MPI_STATUS_IGNORE);
        MT_CHECK(got == 42, "receive on the new communicator gave %d", got);
        int flag = 1;
        MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
        MT_CHECK(!flag, "the receive on the freed communicator took a message");
        MPI_Status st;
        MPI_Cancel(&r);
        MPI_Wait(&r, &st);
        MPI_Test_cancelled(&st, &flag);
        MT_CHECK(flag, "the receive on the freed communicator was not cancelled");
    }
    MPI_Comm_free(&d);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int k = 0; k < 20; k++)
        collectives_outlive_free();
    persistent_outlives_free();
    context_kept_while_in_use();
    /* Many communicators made and freed afterwards: every context came
     * back. */
    for (int k = 0; k < 200; k++) {
        MPI_Comm c;
        MPI_Comm_dup(MPI_COMM_WORLD, &c);
        int one = 1, n = 0;
        MPI_Allreduce(&one, &n, 1, MPI_INT, MPI_SUM, c);
        MT_CHECK(n == size, "allreduce on communicator %d gave %d", k, n);
        MPI_Comm_free(&c);
    }
    return mt_finish();
}
