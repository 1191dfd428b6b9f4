/* isendrecv.c -- MPI_Isendrecv and MPI_Isendrecv_replace around a ring
 * (any number of ranks, one included: then each sends to itself), with a
 * vector type on the replacing form, wildcards, truncation, cancellation,
 * and the MPI-4.1 MPI_Request_get_status_* peeks that leave requests as
 * they are. */
#include <string.h>

#include "../mpitest.h"

enum { N = 1000, BIG = 300000 };

static int rank, size, right, left;

static void plain(int n)
{
    int *out = calloc(n + 1, sizeof *out), *in = calloc(n + 1, sizeof *in);
    for (int i = 0; i < n; i++) {
        out[i] = rank * 1000000 + i;
        in[i] = -1;
    }
    MPI_Request req;
    MPI_Status status;
    MPI_Isendrecv(out, n, MPI_INT, right, 5, in, n, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
    MT_CHECK(req != MPI_REQUEST_NULL, "a request for the pair");
    MPI_Wait(&req, &status);
    int count = -1, wrong = 0;
    MPI_Get_count(&status, MPI_INT, &count);
    for (int i = 0; i < n; i++)
        wrong += in[i] != left * 1000000 + i;
    MT_CHECK(req == MPI_REQUEST_NULL && status.MPI_SOURCE == left && status.MPI_TAG == 5 && count == n && !wrong,
             "%d ints: source %d tag %d count %d, %d wrong", n, status.MPI_SOURCE, status.MPI_TAG, count, wrong);
    free(out);
    free(in);
}

/* Every other int of 2n, replaced by the left neighbour's. */
static void replace_vector(int n)
{
    int *buf = malloc(2 * n * sizeof *buf);
    for (int i = 0; i < 2 * n; i++)
        buf[i] = i % 2 ? -7 : rank * 1000000 + i;
    MPI_Datatype every_other;
    MPI_Type_vector(n, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Request req;
    MPI_Status status;
    MPI_Isendrecv_replace(buf, 1, every_other, right, 9, left, 9, MPI_COMM_WORLD, &req);
    MPI_Type_free(&every_other); /* the request keeps what it needs */
    int flag = 0;
    while (!flag)
        MPI_Test(&req, &flag, &status);
    int wrong = 0;
    for (int i = 0; i < 2 * n; i++)
        wrong += buf[i] != (i % 2 ? -7 : left * 1000000 + i);
    MT_CHECK(!wrong && status.MPI_SOURCE == left, "replace of %d strided ints: %d wrong", n, wrong);
    free(buf);
}

static void truncated(void)
{
    int out[4] = {1, 2, 3, 4}, in[2] = {0, 0};
    MPI_Request req;
    MPI_Status status;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Isendrecv(out, 4, MPI_INT, right, 3, in, 2, MPI_INT, left, 3, MPI_COMM_WORLD, &req);
    MT_EXPECT_CLASS(MPI_Wait(&req, &status), MPI_ERR_TRUNCATE, "4 ints into room for 2");
    MT_EXPECT_CLASS(MPI_Isendrecv(out, 1, MPI_INT, size, 0, in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &req),
                    MPI_ERR_RANK, "a destination past the last rank");
    MT_EXPECT_CLASS(MPI_Isendrecv_replace(out, -1, MPI_INT, right, 0, left, 0, MPI_COMM_WORLD, &req), MPI_ERR_COUNT,
                    "a negative count");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

/* The peeks report a completion without consuming it: after them the
 * requests still need their wait, which reports the same. */
static void peeks(void)
{
    int out[2] = {rank, rank}, in[2][2] = {{-1, -1}, {-1, -1}};
    MPI_Request reqs[3];
    MPI_Isendrecv(&out[0], 1, MPI_INT, right, 1, &in[0][0], 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    reqs[1] = MPI_REQUEST_NULL;
    MPI_Isendrecv(&out[1], 1, MPI_INT, right, 2, &in[1][0], 1, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[2]);
    int flag = 0;
    MPI_Status statuses[3];
    while (!flag)
        MPI_Request_get_status_all(3, reqs, &flag, statuses);
    MT_CHECK(reqs[0] != MPI_REQUEST_NULL && reqs[2] != MPI_REQUEST_NULL, "get_status_all leaves the requests");
    MT_CHECK(statuses[0].MPI_TAG == 1 && statuses[2].MPI_TAG == 2 && statuses[1].MPI_SOURCE == MPI_ANY_SOURCE,
             "statuses: tags %d, %d; the null request's source %d", statuses[0].MPI_TAG, statuses[2].MPI_TAG,
             statuses[1].MPI_SOURCE);
    int index = -1;
    MPI_Status one;
    MPI_Request_get_status_any(3, reqs, &index, &flag, &one);
    MT_CHECK(flag && index == 0 && one.MPI_TAG == 1, "get_status_any: flag %d index %d tag %d", flag, index,
             one.MPI_TAG);
    int outcount = -1, indices[3];
    MPI_Request_get_status_some(3, reqs, &outcount, indices, statuses);
    MT_CHECK(outcount == 2 && indices[0] == 0 && indices[1] == 2 && statuses[1].MPI_TAG == 2,
             "get_status_some: %d done", outcount);
    MPI_Waitall(3, reqs, statuses);
    MT_CHECK(statuses[2].MPI_TAG == 2 && in[0][0] == left && in[1][0] == left, "the waits after the peeks");
    MPI_Request_get_status_any(3, reqs, &index, &flag, &one);
    MT_CHECK(flag && index == MPI_UNDEFINED && one.MPI_SOURCE == MPI_ANY_SOURCE,
             "get_status_any of null requests: flag %d index %d", flag, index);
    MPI_Request_get_status_some(3, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    MT_CHECK(outcount == MPI_UNDEFINED, "get_status_some of null requests: %d", outcount);
}

/* A receive that nothing matches is cancelled; the send half still has
 * to complete, so it goes to MPI_PROC_NULL. */
static void cancelled(void)
{
    int out = 1, in = 0;
    MPI_Request req;
    MPI_Status status;
    MPI_Isendrecv(&out, 1, MPI_INT, MPI_PROC_NULL, 0, &in, 1, MPI_INT, left, 999, MPI_COMM_WORLD, &req);
    MPI_Cancel(&req);
    MPI_Wait(&req, &status);
    int flag = 0;
    MPI_Test_cancelled(&status, &flag);
    MT_CHECK(flag, "the pair's receive was cancelled");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    plain(0);
    plain(N);
    plain(BIG); /* past the eager limit: the rendezvous under a pair */
    replace_vector(N);
    replace_vector(BIG);
    truncated();
    peeks();
    cancelled();
    return mt_finish();
}
