/* grequest.c -- generalized requests: MPI calls the user's query, free
 * and cancel functions at the right moments, with their errors reported
 * by the calls that ran them. */
#include <string.h>

#include "../mpitest.h"

typedef struct {
    int queries, frees, cancels;
    int last_cancel_complete;
    int query_error, free_error;
} state_t;

static int query(void *extra, MPI_Status *status)
{
    state_t *s = extra;
    s->queries++;
    MPI_Status_set_source(status, 3);
    MPI_Status_set_tag(status, 7);
    MPI_Status_set_elements(status, MPI_INT, 5);
    MPI_Status_set_cancelled(status, 0);
    return s->query_error;
}

static int free_state(void *extra)
{
    state_t *s = extra;
    s->frees++;
    return s->free_error;
}

static int cancel(void *extra, int complete)
{
    state_t *s = extra;
    s->cancels++;
    s->last_cancel_complete = complete;
    return MPI_SUCCESS;
}

static void life_cycle(void)
{
    state_t s = {0};
    MPI_Request req;
    MPI_Grequest_start(query, free_state, cancel, &s, &req);
    int flag = 1;
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    MT_CHECK(!flag && s.queries == 0, "not complete before MPI_Grequest_complete");
    MPI_Cancel(&req);
    MT_CHECK(s.cancels == 1 && s.last_cancel_complete == 0, "cancel_fn told it is not complete");
    MPI_Grequest_complete(req);
    MPI_Status status;
    MPI_Request_get_status(req, &flag, &status);
    MT_CHECK(flag && s.queries == 1 && s.frees == 0 && req != MPI_REQUEST_NULL, "get_status queries, frees nothing");
    MPI_Cancel(&req);
    MT_CHECK(s.cancels == 2 && s.last_cancel_complete == 1, "cancel_fn told it is complete");
    MPI_Wait(&req, &status);
    int count = -1;
    MPI_Get_count(&status, MPI_INT, &count);
    MT_CHECK(req == MPI_REQUEST_NULL && s.queries == 2 && s.frees == 1, "wait: %d queries, %d frees", s.queries,
             s.frees);
    MT_CHECK(status.MPI_SOURCE == 3 && status.MPI_TAG == 7 && count == 5, "status from query_fn: %d %d %d",
             status.MPI_SOURCE, status.MPI_TAG, count);
}

static void freed_early(void)
{
    state_t s = {0};
    MPI_Request req, handle;
    MPI_Grequest_start(query, free_state, cancel, &s, &req);
    handle = req;
    MPI_Request_free(&req);
    MT_CHECK(s.frees == 0, "free_fn waits for the completion");
    MPI_Grequest_complete(handle);
    MT_CHECK(s.frees == 1 && s.queries == 0, "completing a freed request frees it: %d frees", s.frees);
}

static void errors(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    state_t s = {.query_error = MPI_ERR_BUFFER};
    MPI_Request reqs[2];
    MPI_Grequest_start(query, free_state, cancel, &s, &reqs[0]);
    MPI_Grequest_complete(reqs[0]);
    MT_EXPECT_CLASS(MPI_Wait(&reqs[0], MPI_STATUS_IGNORE), MPI_ERR_BUFFER, "query_fn's error from MPI_Wait");
    MT_CHECK(s.frees == 1, "freed all the same");
    state_t t = {.free_error = MPI_ERR_COUNT};
    MPI_Grequest_start(query, free_state, cancel, &t, &reqs[0]);
    MPI_Grequest_start(NULL, NULL, NULL, NULL, &reqs[1]);
    MPI_Grequest_complete(reqs[0]);
    MPI_Grequest_complete(reqs[1]);
    MPI_Status statuses[2];
    MT_EXPECT_CLASS(MPI_Waitall(2, reqs, statuses), MPI_ERR_IN_STATUS, "free_fn's error from MPI_Waitall");
    MT_CHECK(statuses[0].MPI_ERROR == MPI_ERR_COUNT && statuses[1].MPI_ERROR == MPI_SUCCESS,
             "per-request errors %d, %d", statuses[0].MPI_ERROR, statuses[1].MPI_ERROR);
    MT_CHECK(statuses[1].MPI_SOURCE == MPI_ANY_SOURCE, "no query_fn: an empty status");
    MPI_Request send;
    int x = 0;
    MPI_Isend(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &send);
    MT_EXPECT_CLASS(MPI_Grequest_complete(send), MPI_ERR_REQUEST, "completing a send request");
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    life_cycle();
    freed_early();
    errors();
    return mt_finish();
}
