/* request.c -- completing requests: wait and test, for one, any, some or
 * all of them; freeing and peeking at requests. */
#include <stdlib.h>

#include "api/weak.h"
#include "check/check.h"
#include "coll/sched.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/handle.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "request/request.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Wait, PMPI_Wait)
TESSERA_WEAK_ALIAS(MPI_Waitall, PMPI_Waitall)
TESSERA_WEAK_ALIAS(MPI_Waitany, PMPI_Waitany)
TESSERA_WEAK_ALIAS(MPI_Waitsome, PMPI_Waitsome)
TESSERA_WEAK_ALIAS(MPI_Test, PMPI_Test)
TESSERA_WEAK_ALIAS(MPI_Testall, PMPI_Testall)
TESSERA_WEAK_ALIAS(MPI_Testany, PMPI_Testany)
TESSERA_WEAK_ALIAS(MPI_Testsome, PMPI_Testsome)
TESSERA_WEAK_ALIAS(MPI_Request_free, PMPI_Request_free)
TESSERA_WEAK_ALIAS(MPI_Request_get_status, PMPI_Request_get_status)
TESSERA_WEAK_ALIAS(MPI_Request_get_status_all, PMPI_Request_get_status_all)
TESSERA_WEAK_ALIAS(MPI_Request_get_status_any, PMPI_Request_get_status_any)
TESSERA_WEAK_ALIAS(MPI_Request_get_status_some, PMPI_Request_get_status_some)
TESSERA_WEAK_ALIAS(MPI_Cancel, PMPI_Cancel)
TESSERA_WEAK_ALIAS(MPI_Grequest_start, PMPI_Grequest_start)
TESSERA_WEAK_ALIAS(MPI_Grequest_complete, PMPI_Grequest_complete)

/* The request behind a checked handle (NULL for MPI_REQUEST_NULL), or
 * NULL when MPI calls it inactive: nothing to wait for. */
static request_t *active_request(request_t *req)
{
    return req && !request_is_inactive(req) ? req : NULL;
}

/* The check of a handle that may be MPI_REQUEST_NULL (the argument
 * `what`); *req is its active request or NULL. */
static int check_one_request(MPI_Request handle, const char *what, request_t **req)
{
    *req = NULL;
    int rc = MPI_SUCCESS;
    if (handle != MPI_REQUEST_NULL)
        rc = check_request(handle, what, req);
    *req = active_request(*req);
    return rc;
}

/* What a wait, test or status call reports for a null or inactive
 * request: done, with an empty status. */
static int report_nothing(int *flag, MPI_Status *status)
{
    if (flag)
        *flag = 1;
    request_status_out_empty(status);
    return MPI_SUCCESS;
}

/* Report a completed request.  A persistent request becomes inactive and
 * keeps its handle; any other is freed and its handle set to null.
 * Returns the error it carried (detail line set). */
static int request_finish(MPI_Request *handle, request_t *req, MPI_Status *status, comm_t **comm)
{
    *comm = req->comm;
    /* A generalized request ends here: its status from query_fn, then
     * free_fn, whose error is the call's when the query had none. */
    if (req->kind == REQUEST_GENERALIZED) {
        grequest_query(req);
        int rc = grequest_free_state(req);
        if (req->status.MPI_ERROR == MPI_SUCCESS)
            req->status.MPI_ERROR = rc;
    }
    if (req->partitions)
        req->status.MPI_TAG = partitioned_user_tag(req->status.MPI_TAG);
    if (req->persistent) {
        req->active = false;
        request_status_out(status, &req->status);
        return request_status_error(req);
    }
    *handle = MPI_REQUEST_NULL;
    return request_release(req, status);
}

int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
    THREADS_ENTER();
    request_t *req = NULL;
    comm_t *comm = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = check_one_request(*request, "request", &req);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Wait", rc);
    if (!req)
        return report_nothing(NULL, status);
    progress_wait(req);
    rc = request_finish(request, req, status, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Wait", rc);
    return MPI_SUCCESS;
}

int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    THREADS_ENTER();
    request_t *req = NULL;
    comm_t *comm = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS)
        rc = check_one_request(*request, "request", &req);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Test", rc);
    if (!req)
        return report_nothing(flag, status);
    if (!req->complete)
        progress_poll();
    *flag = req->complete;
    if (!req->complete) {
        progress_test_idle(req->world_peer);
        return MPI_SUCCESS;
    }
    rc = request_finish(request, req, status, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Test", rc);
    return MPI_SUCCESS;
}

/* The requests of a call on an array of them, each handle looked up once
 * when the call is checked: a wait polls its set over and over, and with
 * the handles looked up at each look (check, peer, every poll, finish) a
 * request's share of MPI_Waitall was 345 instructions, 16 receives and 16
 * sends of 8 bytes an iteration.  Nothing frees a request of the set while
 * the call runs: the user holds its handle, so the library may not
 * (MPI_Request_free was not called on it), and no other thread may. */
#define REQUEST_SET_STACK 64

typedef struct request_set {
    int count;
    MPI_Request *handles;
    request_t **reqs; /* reqs[i]: the active request of handles[i], NULL when null or inactive */
    int open;         /* all_complete: the requests below this index are complete */
    request_t *stack[REQUEST_SET_STACK];
} request_set_t;

/* The one world rank every incomplete request in the set waits on, or
 * PROGRESS_ANY_PEER: an exchange with one neighbour still tells the wait
 * policy whom it waits for. */
static int set_peer(const request_set_t *set)
{
    int peer = PROGRESS_ANY_PEER;
    for (int i = set->open; i < set->count; i++) {
        const request_t *req = set->reqs[i];
        if (!req || req->complete)
            continue;
        if (req->world_peer < 0 || (peer >= 0 && req->world_peer != peer))
            return PROGRESS_ANY_PEER;
        peer = req->world_peer;
    }
    return peer;
}

/* Check the array (null handles are allowed) and look its requests up. */
static int request_set_open(request_set_t *set, int count, MPI_Request handles[])
{
    set->count = 0;
    set->handles = handles;
    set->reqs = set->stack;
    set->open = 0;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_count(count, "count");
    if (rc == MPI_SUCCESS && count > 0)
        rc = check_pointer(handles, "array_of_requests");
    if (rc == MPI_SUCCESS && count > REQUEST_SET_STACK && !(set->reqs = malloc((size_t)count * sizeof *set->reqs))) {
        set->reqs = set->stack;
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a set of %d requests", count);
    }
    for (int i = 0; rc == MPI_SUCCESS && i < count; i++)
        rc = check_one_request(handles[i], "array_of_requests", &set->reqs[i]);
    if (rc == MPI_SUCCESS)
        set->count = count;
    return rc;
}

static void request_set_close(request_set_t *set)
{
    if (set->reqs != set->stack)
        free(set->reqs);
}

/* An argument check of call failed with the set open: close it, raise. */
static int request_set_raise(const char *call, request_set_t *set, int rc)
{
    request_set_close(set);
    return err_raise(NULL, call, rc);
}

/* request_set_open under a call's name: an error is raised (the set is
 * closed then), MPI_SUCCESS leaves it open. */
static int check_request_set(const char *call, request_set_t *set, int count, MPI_Request handles[])
{
    int rc = request_set_open(set, count, handles);
    if (rc != MPI_SUCCESS)
        return request_set_raise(call, set, rc);
    return MPI_SUCCESS;
}

/* The request of handles[i] if it is still the one the set looked up: a
 * handle given twice is finished at its first place, and the second finds
 * its request gone (request_free clears the handle it had). */
static request_t *set_request(const request_set_t *set, int i)
{
    request_t *req = set->reqs[i];
    return req && req->handle == handle_value(set->handles[i]) ? req : NULL;
}

/* Finish the requests at the given indices (all of them when indices is
 * NULL).  With an error in any, each status says its own outcome and the
 * call returns MPI_ERR_IN_STATUS. */
static int request_finish_set(const request_set_t *set, int count, const int *indices, MPI_Status statuses[],
                              comm_t **comm)
{
    int failed = 0;
    for (int k = 0; k < count; k++) {
        int i = indices ? indices[k] : k;
        MPI_Status *status = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[k];
        request_t *req = set_request(set, i);
        comm_t *c = NULL;
        int rc = MPI_SUCCESS;
        if (req)
            rc = request_finish(&set->handles[i], req, status, &c);
        else
            request_status_out_empty(status);
        if (status != MPI_STATUS_IGNORE)
            status->MPI_ERROR = rc;
        if (rc != MPI_SUCCESS && !failed) {
            failed = 1;
            *comm = c;
        }
    }
    if (failed)
        return err_set(MPI_ERR_IN_STATUS, "a request failed; its status holds the error (%s)", err_detail());
    return MPI_SUCCESS;
}

/* Completion only ever comes, so a look resumes where the last stopped. */
static bool all_complete(void *arg)
{
    request_set_t *set = arg;
    for (; set->open < set->count; set->open++) {
        const request_t *req = set->reqs[set->open];
        if (req && !req->complete)
            return false;
    }
    return true;
}

/* The index of the first complete active request, MPI_UNDEFINED when no
 * request is active, -1 when active ones are all still running. */
static int first_complete(const request_set_t *set)
{
    bool any_active = false;
    for (int i = 0; i < set->count; i++) {
        const request_t *req = set->reqs[i];
        if (req && req->complete)
            return i;
        any_active |= req != NULL;
    }
    return any_active ? -1 : MPI_UNDEFINED;
}

/* True when some active request is complete, or none is active at all. */
static bool any_complete(void *arg)
{
    return first_complete(arg) != -1;
}

int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    THREADS_ENTER();
    comm_t *comm = NULL;
    request_set_t set;
    int rc = check_request_set("MPI_Waitall", &set, count, array_of_requests);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!all_complete(&set))
        progress_wait_until(all_complete, &set, set_peer(&set));
    rc = request_finish_set(&set, count, NULL, array_of_statuses, &comm);
    request_set_close(&set);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Waitall", rc);
    return MPI_SUCCESS;
}

int PMPI_Testall(int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[])
{
    THREADS_ENTER();
    comm_t *comm = NULL;
    request_set_t set;
    int rc = check_request_set("MPI_Testall", &set, count, array_of_requests);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS) {
        if (!all_complete(&set))
            progress_poll();
        *flag = all_complete(&set);
        if (!*flag)
            progress_test_idle(set_peer(&set));
        else
            rc = request_finish_set(&set, count, NULL, array_of_statuses, &comm);
    }
    request_set_close(&set);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Testall", rc);
    return MPI_SUCCESS;
}

static int finish_one_of(const char *call, const request_set_t *set, int i, int *index, MPI_Status *status)
{
    *index = i;
    if (i == MPI_UNDEFINED) {
        request_status_out_empty(status);
        return MPI_SUCCESS;
    }
    comm_t *comm = NULL;
    int rc = request_finish(&set->handles[i], set->reqs[i], status, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status)
{
    THREADS_ENTER();
    request_set_t set;
    int rc = check_request_set("MPI_Waitany", &set, count, array_of_requests);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(index, "index");
    if (rc != MPI_SUCCESS)
        return request_set_raise("MPI_Waitany", &set, rc);
    progress_wait_until(any_complete, &set, set_peer(&set));
    rc = finish_one_of("MPI_Waitany", &set, first_complete(&set), index, status);
    request_set_close(&set);
    return rc;
}

/* What MPI_Testany and MPI_Request_get_status_any share: the checks, and
 * the first complete active request after one poll if none was already
 * (first_complete's answer, in *found).  Returns the error raised; the
 * set is left open only without one. */
static int test_any(const char *call, request_set_t *set, int count, MPI_Request handles[], int *index, int *flag,
                    int *found)
{
    int rc = check_request_set(call, set, count, handles);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(index, "index");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return request_set_raise(call, set, rc);
    *found = first_complete(set);
    if (*found == -1) {
        progress_poll();
        *found = first_complete(set);
    }
    if (*found == -1)
        progress_test_idle(set_peer(set));
    *flag = *found != -1;
    return MPI_SUCCESS;
}

int PMPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status)
{
    THREADS_ENTER();
    request_set_t set;
    int i;
    int rc = test_any("MPI_Testany", &set, count, array_of_requests, index, flag, &i);
    if (rc != MPI_SUCCESS)
        return rc;
    if (i == -1)
        *index = MPI_UNDEFINED;
    else
        rc = finish_one_of("MPI_Testany", &set, i, index, status);
    request_set_close(&set);
    return rc;
}

/* Collect every complete active request; MPI_UNDEFINED when none is active. */
static int finish_some(const char *call, const request_set_t *set, int *outcount, int indices[], MPI_Status statuses[])
{
    int n = 0;
    bool any_active = false;
    for (int i = 0; i < set->count; i++) {
        const request_t *req = set->reqs[i];
        any_active |= req != NULL;
        if (req && req->complete)
            indices[n++] = i;
    }
    *outcount = any_active ? n : MPI_UNDEFINED;
    comm_t *comm = NULL;
    int rc = request_finish_set(set, n, indices, statuses, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, call, rc);
    return MPI_SUCCESS;
}

/* The checks of the *some calls; the set is left open only without error. */
static int check_some_args(const char *call, request_set_t *set, int count, MPI_Request handles[], int *outcount,
                           int indices[])
{
    int rc = check_request_set(call, set, count, handles);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(outcount, "outcount");
    if (rc == MPI_SUCCESS && count > 0)
        rc = check_pointer(indices, "array_of_indices");
    if (rc != MPI_SUCCESS)
        return request_set_raise(call, set, rc);
    return MPI_SUCCESS;
}

int PMPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                  MPI_Status array_of_statuses[])
{
    THREADS_ENTER();
    request_set_t set;
    int rc = check_some_args("MPI_Waitsome", &set, incount, array_of_requests, outcount, array_of_indices);
    if (rc != MPI_SUCCESS)
        return rc;
    progress_wait_until(any_complete, &set, set_peer(&set));
    rc = finish_some("MPI_Waitsome", &set, outcount, array_of_indices, array_of_statuses);
    request_set_close(&set);
    return rc;
}

int PMPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                  MPI_Status array_of_statuses[])
{
    THREADS_ENTER();
    request_set_t set;
    int rc = check_some_args("MPI_Testsome", &set, incount, array_of_requests, outcount, array_of_indices);
    if (rc != MPI_SUCCESS)
        return rc;
    progress_poll();
    rc = finish_some("MPI_Testsome", &set, outcount, array_of_indices, array_of_statuses);
    if (rc == MPI_SUCCESS && *outcount == 0)
        progress_test_idle(set_peer(&set));
    request_set_close(&set);
    return rc;
}

int PMPI_Request_free(MPI_Request *request)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = check_request_not_null(*request, "request", &req);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Request_free", rc);
    /* A finished or inactive request goes now; a running one when it
     * completes (the operation itself carries on as MPI requires). */
    if (req->complete || request_is_inactive(req)) {
        if (req->kind == REQUEST_COLL && req->coll)
            sched_release(req);
        request_free(req);
    } else
        req->released = true;
    *request = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

/* The MPI_Request_get_status_* calls report like their MPI_Test*
 * counterparts but leave every request as it is: nothing is freed or made
 * inactive, and the same completion can be reported again. */
static void peek_status(request_t *req, MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    if (req && req->kind == REQUEST_GENERALIZED)
        grequest_query(req);
    if (req)
        request_status_out(status, &req->status);
    else
        request_status_out_empty(status);
}

/* The same for one status of several, which reports the error too. */
static void peek_status_of_set(request_t *req, MPI_Status *status)
{
    peek_status(req, status);
    status->MPI_ERROR = req ? req->status.MPI_ERROR : MPI_SUCCESS;
}

int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS)
        rc = check_one_request(request, "request", &req);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Request_get_status", rc);
    if (!req)
        return report_nothing(flag, status);
    if (!req->complete)
        progress_poll();
    *flag = req->complete;
    if (req->complete)
        peek_status(req, status);
    else
        progress_test_idle(req->world_peer);
    return MPI_SUCCESS;
}

int PMPI_Request_get_status_all(int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[])
{
    THREADS_ENTER();
    request_set_t set;
    int rc = check_request_set("MPI_Request_get_status_all", &set, count, array_of_requests);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return request_set_raise("MPI_Request_get_status_all", &set, rc);
    if (!all_complete(&set))
        progress_poll();
    *flag = all_complete(&set);
    if (!*flag)
        progress_test_idle(set_peer(&set));
    if (*flag && array_of_statuses != MPI_STATUSES_IGNORE)
        for (int i = 0; i < count; i++)
            peek_status_of_set(set.reqs[i], &array_of_statuses[i]);
    request_set_close(&set);
    return MPI_SUCCESS;
}

int PMPI_Request_get_status_any(int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status)
{
    THREADS_ENTER();
    request_set_t set;
    int i;
    int rc = test_any("MPI_Request_get_status_any", &set, count, array_of_requests, index, flag, &i);
    if (rc != MPI_SUCCESS)
        return rc;
    *index = i == -1 ? MPI_UNDEFINED : i;
    if (i == MPI_UNDEFINED)
        peek_status(NULL, status);
    else if (i != -1)
        peek_status(set.reqs[i], status);
    request_set_close(&set);
    return MPI_SUCCESS;
}

int PMPI_Request_get_status_some(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                                 MPI_Status array_of_statuses[])
{
    THREADS_ENTER();
    request_set_t set;
    int rc =
        check_some_args("MPI_Request_get_status_some", &set, incount, array_of_requests, outcount, array_of_indices);
    if (rc != MPI_SUCCESS)
        return rc;
    progress_poll();
    int n = 0;
    bool any_active = false;
    for (int i = 0; i < incount; i++) {
        request_t *req = set.reqs[i];
        any_active |= req != NULL;
        if (!req || !req->complete)
            continue;
        if (array_of_statuses != MPI_STATUSES_IGNORE)
            peek_status_of_set(req, &array_of_statuses[n]);
        array_of_indices[n++] = i;
    }
    *outcount = any_active ? n : MPI_UNDEFINED;
    if (*outcount == 0)
        progress_test_idle(set_peer(&set));
    request_set_close(&set);
    return MPI_SUCCESS;
}

int PMPI_Cancel(MPI_Request *request)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = check_request_not_null(*request, "request", &req);
    if (rc == MPI_SUCCESS && request_is_inactive(req))
        rc = err_set(MPI_ERR_REQUEST, "request %#x is an inactive persistent request: nothing to cancel",
                     (unsigned)(uintptr_t)*request);
    if (rc == MPI_SUCCESS && req->kind == REQUEST_COLL)
        rc = err_set(MPI_ERR_REQUEST, "request %#x is a collective operation, which cannot be cancelled",
                     (unsigned)(uintptr_t)*request);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Cancel", rc);
    /* The request still has to be completed by a wait or test, which then
     * reports whether the cancellation took effect.  A pair cancels the
     * parts still running; its status says whether the receive was. */
    if (req->kind == REQUEST_GENERALIZED) {
        grequest_t *g = req->owned;
        rc = g->cancel ? g->cancel(g->extra_state, req->complete) : MPI_SUCCESS;
        if (rc != MPI_SUCCESS)
            return err_raise(NULL, "MPI_Cancel",
                             err_set(rc, "the generalized request's cancel_fn returned error %d", rc));
    } else if (req->kind == REQUEST_PAIR) {
        request_t *parts[2] = {req->parts[0], req->parts[1]};
        for (int i = 0; i < 2; i++)
            if (parts[i])
                p2p_cancel(parts[i]);
    } else
        p2p_cancel(req);
    return MPI_SUCCESS;
}

/* A request whose work the user's code does (an I/O layer, a thread):
 * MPI only keeps it, runs query_fn when it is reported, free_fn when it
 * goes, cancel_fn on MPI_Cancel.  Null functions do nothing. */
int PMPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                        MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    grequest_t *g = NULL;
    if (rc == MPI_SUCCESS && !(g = malloc(sizeof *g)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a generalized request");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Grequest_start", rc);
    *g = (grequest_t){query_fn, free_fn, cancel_fn, extra_state, false};
    request_t *req = request_alloc(REQUEST_GENERALIZED);
    req->owned = g;
    req->world_peer = -1;
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

int PMPI_Grequest_complete(MPI_Request request)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_request_not_null(request, "request", &req);
    if (rc == MPI_SUCCESS && req->kind != REQUEST_GENERALIZED)
        rc = err_set(MPI_ERR_REQUEST, "request %#x is not a generalized request (MPI_Grequest_start)",
                     (unsigned)(uintptr_t)request);
    if (rc == MPI_SUCCESS && req->complete)
        rc = err_set(MPI_ERR_REQUEST, "generalized request %#x is already complete", (unsigned)(uintptr_t)request);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Grequest_complete", rc);
    request_complete(req);
    return MPI_SUCCESS;
}
