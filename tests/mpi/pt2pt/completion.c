/* completion.c -- MPI_Waitany, MPI_Waitsome, MPI_Testany, MPI_Testsome,
 * MPI_Request_free and MPI_Request_get_status: empty and all-null arrays,
 * messages that complete in an order unlike the posting order, and
 * requests freed while still running. */
#include <string.h>

#include "mpitest.h"

#define N 16

enum { USE_WAITANY, USE_TESTANY, USE_WAITSOME, USE_TESTSOME, METHODS };

/* Rank 1 posts N receives with tags 0..N-1; rank 0 sends them last tag
 * first; rank 1 completes them with the given method. */
static void exchange(int rank, int method)
{
    int values[N];
    MPI_Request reqs[N];
    if (rank == 0) {
        int go;
        MPI_Recv(&go, 1, MPI_INT, 1, 100, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = N - 1; i >= 0; i--) {
            int v = method * 1000 + i;
            MPI_Send(&v, 1, MPI_INT, 1, i, MPI_COMM_WORLD);
        }
        return;
    }
    for (int i = 0; i < N; i++) {
        values[i] = -1;
        MPI_Irecv(&values[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, &reqs[i]);
    }
    int go = 1;
    MPI_Send(&go, 1, MPI_INT, 0, 100, MPI_COMM_WORLD);
    int seen[N] = {0}, done = 0;
    while (done < N) {
        int index, flag = 1, outcount, indices[N];
        MPI_Status status, statuses[N];
        switch (method) {
        case USE_WAITANY:
        case USE_TESTANY:
            if (method == USE_WAITANY)
                MPI_Waitany(N, reqs, &index, &status);
            else
                MPI_Testany(N, reqs, &index, &flag, &status);
            if (!flag)
                continue;
            MT_CHECK(index >= 0 && index < N, "index %d", index);
            MT_CHECK(status.MPI_TAG == index, "status tag %d for index %d", status.MPI_TAG, index);
            MT_CHECK(reqs[index] == MPI_REQUEST_NULL, "completed request %d not null", index);
            seen[index]++;
            done++;
            break;
        default:
            if (method == USE_WAITSOME)
                MPI_Waitsome(N, reqs, &outcount, indices, statuses);
            else
                MPI_Testsome(N, reqs, &outcount, indices, statuses);
            MT_CHECK(outcount >= 0 && outcount <= N - done, "outcount %d with %d left", outcount, N - done);
            if (method == USE_WAITSOME)
                MT_CHECK(outcount >= 1, "MPI_Waitsome returned %d requests", outcount);
            for (int k = 0; k < outcount; k++) {
                MT_CHECK(statuses[k].MPI_TAG == indices[k], "status %d tag %d", indices[k], statuses[k].MPI_TAG);
                seen[indices[k]]++;
            }
            done += outcount > 0 ? outcount : 0;
            break;
        }
    }
    for (int i = 0; i < N; i++) {
        MT_CHECK(seen[i] == 1, "method %d: request %d completed %d times", method, i, seen[i]);
        MT_CHECK(values[i] == method * 1000 + i, "method %d: value %d is %d", method, i, values[i]);
    }
    /* Every request is null now: the set has nothing left to give. */
    int index, flag, outcount, indices[N];
    MPI_Waitany(N, reqs, &index, MPI_STATUS_IGNORE);
    MT_CHECK(index == MPI_UNDEFINED, "Waitany on all-null requests gave index %d", index);
    MPI_Testany(N, reqs, &index, &flag, MPI_STATUS_IGNORE);
    MT_CHECK(flag && index == MPI_UNDEFINED, "Testany on all-null requests gave flag %d index %d", flag, index);
    MPI_Waitsome(N, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    MT_CHECK(outcount == MPI_UNDEFINED, "Waitsome on all-null requests gave %d", outcount);
    MPI_Testsome(N, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    MT_CHECK(outcount == MPI_UNDEFINED, "Testsome on all-null requests gave %d", outcount);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    /* Empty arrays. */
    int index = 0, flag = 0, outcount = 0;
    MPI_Status status;
    MPI_Waitany(0, NULL, &index, &status);
    MT_CHECK(index == MPI_UNDEFINED, "Waitany(0) index %d", index);
    MPI_Testany(0, NULL, &index, &flag, &status);
    MT_CHECK(flag == 1 && index == MPI_UNDEFINED, "Testany(0) flag %d index %d", flag, index);
    MPI_Waitsome(0, NULL, &outcount, NULL, NULL);
    MT_CHECK(outcount == MPI_UNDEFINED, "Waitsome(0) outcount %d", outcount);

    if (size >= 2 && rank <= 1)
        for (int method = 0; method < METHODS; method++)
            exchange(rank, method);

    /* MPI_Request_free on running sends: the messages still arrive. */
    if (size >= 2 && rank <= 1) {
        static char big[200000];
        if (rank == 0) {
            MPI_Request r;
            for (int i = 0; i < 10; i++) {
                int v = 500 + i;
                MPI_Isend(&v, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r);
                MPI_Request_free(&r);
                MT_CHECK(r == MPI_REQUEST_NULL, "Request_free left the handle");
            }
            memset(big, 9, sizeof big);
            MPI_Isend(big, sizeof big, MPI_CHAR, 1, 8, MPI_COMM_WORLD, &r);
            MPI_Request_free(&r);
            int ack;
            MPI_Recv(&ack, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            for (int i = 0; i < 10; i++) {
                int v;
                MPI_Recv(&v, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MT_CHECK(v == 500 + i, "freed send %d delivered %d", i, v);
            }
            MPI_Recv(big, sizeof big, MPI_CHAR, 0, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(big[0] == 9 && big[sizeof big - 1] == 9, "large freed send corrupted");
            int ack = 1;
            MPI_Send(&ack, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
        }
    }

    /* MPI_Request_get_status looks without freeing. */
    int v = 0, payload = 77;
    MPI_Request r;
    MPI_Irecv(&v, 1, MPI_INT, rank, 11, MPI_COMM_WORLD, &r);
    MPI_Request_get_status(r, &flag, &status);
    MT_CHECK(flag == 0, "get_status on an unmatched receive gave flag 1");
    MPI_Send(&payload, 1, MPI_INT, rank, 11, MPI_COMM_WORLD);
    flag = 0;
    while (!flag)
        MPI_Request_get_status(r, &flag, &status);
    MT_CHECK(r != MPI_REQUEST_NULL && status.MPI_TAG == 11 && v == 77, "get_status result");
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MT_CHECK(r == MPI_REQUEST_NULL, "Wait after get_status left the handle");
    MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &status);
    MT_CHECK(flag == 1 && status.MPI_SOURCE == MPI_ANY_SOURCE, "get_status(MPI_REQUEST_NULL)");

    /* Bad input. */
    int cls = -1;
    r = MPI_REQUEST_NULL;
    MPI_Error_class(MPI_Request_free(&r), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "Request_free(MPI_REQUEST_NULL) class %d", cls);
    MPI_Error_class(MPI_Waitany(-1, &r, &index, &status), &cls);
    MT_CHECK(cls == MPI_ERR_COUNT, "Waitany(-1) class %d", cls);
    MPI_Request bogus = (MPI_Request)(uintptr_t)0x70000999;
    MPI_Error_class(MPI_Testsome(1, &bogus, &outcount, &index, &status), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "Testsome with a made-up request class %d", cls);
    return mt_finish();
}
