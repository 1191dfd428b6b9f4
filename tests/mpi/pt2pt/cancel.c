/* cancel.c -- MPI_Cancel on receives (unmatched: cancelled; matched: not),
 * on sends (queued: may be withdrawn, and then never arrive; sent: not;
 * waiting on a receiver that never receives them: cancelled),
 * MPI_Test_cancelled and the status setters, MPI_Get_elements. */
#include <string.h>

#include "mpitest.h"

#define N 2000

static void cancel_receives(int rank)
{
    int v = -1, flag = -1;
    MPI_Status status;
    MPI_Request r;
    MPI_Irecv(&v, 1, MPI_INT, rank, 77, MPI_COMM_WORLD, &r);
    MPI_Cancel(&r);
    MPI_Wait(&r, &status);
    MPI_Test_cancelled(&status, &flag);
    MT_CHECK(flag == 1 && v == -1, "unmatched receive: cancelled %d, value %d", flag, v);

    /* Matched already (the message was there): the cancel has no effect. */
    int w = 5;
    MPI_Send(&w, 1, MPI_INT, rank, 78, MPI_COMM_WORLD);
    MPI_Irecv(&v, 1, MPI_INT, rank, 78, MPI_COMM_WORLD, &r);
    MPI_Cancel(&r);
    MPI_Wait(&r, &status);
    MPI_Test_cancelled(&status, &flag);
    MT_CHECK(flag == 0 && v == 5, "matched receive: cancelled %d, value %d", flag, v);

    /* A cancelled receive leaves the message for the next one. */
    MPI_Irecv(&v, 1, MPI_INT, rank, 79, MPI_COMM_WORLD, &r);
    MPI_Cancel(&r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    w = 6;
    MPI_Send(&w, 1, MPI_INT, rank, 79, MPI_COMM_WORLD);
    MPI_Recv(&v, 1, MPI_INT, rank, 79, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MT_CHECK(v == 6, "message after a cancelled receive: %d", v);
}

/* Rank 0 floods rank 1 and cancels its last send, which is then either
 * withdrawn (never delivered) or already out (delivered). */
static void cancel_send(int rank)
{
    static int out[N], in[N];
    if (rank == 0) {
        static MPI_Request reqs[N];
        for (int i = 0; i < N; i++) {
            out[i] = i;
            MPI_Isend(&out[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]);
        }
        MPI_Cancel(&reqs[N - 1]);
        MPI_Status status;
        MPI_Waitall(N - 1, reqs, MPI_STATUSES_IGNORE);
        MPI_Wait(&reqs[N - 1], &status);
        int cancelled;
        MPI_Test_cancelled(&status, &cancelled);
        MPI_Send(&cancelled, 1, MPI_INT, 1, N + 1000, MPI_COMM_WORLD);
        /* A send that has completed cannot be cancelled. */
        MPI_Request done;
        MPI_Isend(&out[0], 1, MPI_INT, 1, N + 1001, MPI_COMM_WORLD, &done);
        MPI_Wait(&done, MPI_STATUS_IGNORE);
    } else {
        for (int i = 0; i < N - 1; i++)
            MPI_Recv(&in[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int cancelled, flag;
        MPI_Recv(&cancelled, 1, MPI_INT, 0, N + 1000, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        /* Everything rank 0 sent before the flag has arrived by now. */
        MPI_Iprobe(0, N - 1, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        MT_CHECK(flag == !cancelled, "send cancelled %d but its message %s", cancelled,
                 flag ? "arrived" : "is missing");
        if (flag)
            MPI_Recv(&in[N - 1], 1, MPI_INT, 0, N - 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < N - 1; i++)
            MT_CHECK(in[i] == i, "message %d is %d", i, in[i]);
        MPI_Recv(&in[0], 1, MPI_INT, 0, N + 1001, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

/* Sends that wait on the receiver to `to`, which never posts a receive
 * for them: a synchronous send, and a large one (a rendezvous, unless the
 * transport has taken it whole, as to this process itself).  MPI_Wait
 * must return after MPI_Cancel; a cancelled send's message is gone from
 * `to`, one not cancelled is there.  Then the same large send once `to`
 * has matched it: not cancelled, and the data arrives whole. */
#define BIG (1 << 20)
static void cancel_waiting_sends(int rank, int from, int to, MPI_Comm comm)
{
    static int big[BIG / sizeof(int)], got[BIG / sizeof(int)];
    int small = 7, cancelled[2] = {-1, -1};
    MPI_Status status;
    if (rank == from) {
        MPI_Request r[2];
        for (size_t i = 0; i < BIG / sizeof(int); i++)
            big[i] = (int)i;
        MPI_Isend(big, BIG, MPI_BYTE, to, 301, comm, &r[0]);
        MPI_Issend(&small, 1, MPI_INT, to, 302, comm, &r[1]);
        MPI_Barrier(comm); /* the messages are at the receiver, or on their way */
        for (int i = 0; i < 2; i++) {
            MPI_Cancel(&r[i]);
            MPI_Wait(&r[i], &status);
            MPI_Test_cancelled(&status, &cancelled[i]);
        }
        MT_CHECK(cancelled[1] == 1, "an unmatched synchronous send not cancelled");
        if (to != from)
            MPI_Send(cancelled, 2, MPI_INT, to, 300, comm);
    } else
        MPI_Barrier(comm);
    if (rank == to) {
        if (to != from)
            MPI_Recv(cancelled, 2, MPI_INT, from, 300, comm, MPI_STATUS_IGNORE);
        int there[2] = {-1, -1};
        for (int i = 0; i < 2; i++)
            MPI_Iprobe(from, 301 + i, comm, &there[i], MPI_STATUS_IGNORE);
        MT_CHECK(there[0] == !cancelled[0] && there[1] == !cancelled[1],
                 "large send cancelled %d, its message there %d; synchronous cancelled %d, there %d", cancelled[0],
                 there[0], cancelled[1], there[1]);
        if (there[0])
            MPI_Recv(got, BIG, MPI_BYTE, from, 301, comm, MPI_STATUS_IGNORE);
    }

    MPI_Request s = MPI_REQUEST_NULL, r = MPI_REQUEST_NULL;
    if (rank == from)
        MPI_Isend(big, BIG, MPI_BYTE, to, 303, comm, &s);
    if (rank == to)
        MPI_Irecv(got, BIG, MPI_BYTE, from, 303, comm, &r);
    MPI_Barrier(comm); /* matched */
    int was = -1;
    if (rank == from) {
        MPI_Cancel(&s);
        MPI_Wait(&s, &status);
        MPI_Test_cancelled(&status, &was);
        MT_CHECK(was == 0, "a matched large send was cancelled");
    }
    if (rank == to) {
        MPI_Wait(&r, &status);
        MPI_Test_cancelled(&status, &was);
        int ok = !was && got[BIG / sizeof(int) - 1] == (int)(BIG / sizeof(int)) - 1;
        MT_CHECK(ok, "the matched large message: cancelled %d, last int %d", was, got[BIG / sizeof(int) - 1]);
    }
}

static void status_functions(int rank)
{
    MPI_Status status;
    int count = -1;
    MPI_Count big = -1;
    struct {
        double value;
        int index;
    } pairs[3] = {{1.5, 1}, {2.5, 2}, {3.5, 3}}, got[3];
    MPI_Sendrecv(pairs, 3, MPI_DOUBLE_INT, rank, 90, got, 3, MPI_DOUBLE_INT, rank, 90, MPI_COMM_WORLD, &status);
    MT_CHECK(got[2].value == 3.5 && got[2].index == 3, "pair type transfer");
    MPI_Get_count(&status, MPI_DOUBLE_INT, &count);
    MT_CHECK(count == 3, "Get_count of 3 MPI_DOUBLE_INT: %d", count);
    MPI_Get_elements(&status, MPI_DOUBLE_INT, &count);
    MT_CHECK(count == 6, "Get_elements of 3 MPI_DOUBLE_INT: %d", count);
    MPI_Get_elements_x(&status, MPI_DOUBLE_INT, &big);
    MT_CHECK(big == 6, "Get_elements_x of 3 MPI_DOUBLE_INT: %lld", (long long)big);

    MPI_Status_set_elements(&status, MPI_INT, 5);
    MPI_Get_count(&status, MPI_INT, &count);
    MT_CHECK(count == 5, "after set_elements(MPI_INT, 5): count %d", count);
    MPI_Get_count(&status, MPI_DOUBLE, &count);
    MT_CHECK(count == MPI_UNDEFINED, "5 ints as doubles: %d", count);
    MPI_Status_set_elements_x(&status, MPI_DOUBLE_INT, 3);
    MPI_Get_elements(&status, MPI_DOUBLE_INT, &count);
    MT_CHECK(count == 3, "after set_elements_x(MPI_DOUBLE_INT, 3): elements %d", count);
    MPI_Get_count(&status, MPI_DOUBLE_INT, &count);
    MT_CHECK(count == MPI_UNDEFINED, "one and a half pairs counted as %d", count);
    MPI_Status_set_elements_x(&status, MPI_BYTE, (MPI_Count)3 << 32);
    MPI_Get_count(&status, MPI_BYTE, &count);
    MT_CHECK(count == MPI_UNDEFINED, "2^33 bytes as an int count: %d", count);
    MPI_Get_elements_x(&status, MPI_BYTE, &big);
    MT_CHECK(big == (MPI_Count)3 << 32, "Get_elements_x of 3*2^32 bytes: %lld", (long long)big);

    int flag = -1;
    MPI_Status_set_cancelled(&status, 1);
    MPI_Test_cancelled(&status, &flag);
    MT_CHECK(flag == 1, "set_cancelled(1) then test: %d", flag);
    MPI_Status_set_cancelled(&status, 0);
    MPI_Test_cancelled(&status, &flag);
    MT_CHECK(flag == 0, "set_cancelled(0) then test: %d", flag);

    int cls = -1;
    MPI_Request null = MPI_REQUEST_NULL;
    MPI_Error_class(MPI_Cancel(&null), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "Cancel(MPI_REQUEST_NULL) class %d", cls);
    MPI_Error_class(MPI_Status_set_elements(&status, MPI_INT, -1), &cls);
    MT_CHECK(cls == MPI_ERR_COUNT, "set_elements(-1) class %d", cls);
    MPI_Error_class(MPI_Get_elements(&status, MPI_DATATYPE_NULL, &count), &cls);
    MT_CHECK(cls == MPI_ERR_TYPE, "Get_elements(MPI_DATATYPE_NULL) class %d", cls);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    cancel_receives(rank);
    if (size >= 2 && rank <= 1)
        cancel_send(rank);
    cancel_waiting_sends(rank, 0, size - 1, MPI_COMM_WORLD);
    status_functions(rank);
    return mt_finish();
}
