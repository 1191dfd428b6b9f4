/* persistent.c -- persistent point-to-point requests: made once with
 * MPI_Send_init and friends, started any number of times with MPI_Start,
 * completed by the usual wait and test calls, which leave them inactive
 * instead of freeing them. */
#include "api/weak.h"
#include "check/check.h"
#include "coll/sched.h"
#include "err/err.h"
#include "mpi.h"
#include "p2p/p2p.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Send_init, PMPI_Send_init)
TESSERA_WEAK_ALIAS(MPI_Ssend_init, PMPI_Ssend_init)
TESSERA_WEAK_ALIAS(MPI_Rsend_init, PMPI_Rsend_init)
TESSERA_WEAK_ALIAS(MPI_Bsend_init, PMPI_Bsend_init)
TESSERA_WEAK_ALIAS(MPI_Recv_init, PMPI_Recv_init)
TESSERA_WEAK_ALIAS(MPI_Send_init_c, PMPI_Send_init_c)
TESSERA_WEAK_ALIAS(MPI_Ssend_init_c, PMPI_Ssend_init_c)
TESSERA_WEAK_ALIAS(MPI_Rsend_init_c, PMPI_Rsend_init_c)
TESSERA_WEAK_ALIAS(MPI_Bsend_init_c, PMPI_Bsend_init_c)
TESSERA_WEAK_ALIAS(MPI_Recv_init_c, PMPI_Recv_init_c)
TESSERA_WEAK_ALIAS(MPI_Start, PMPI_Start)
TESSERA_WEAK_ALIAS(MPI_Startall, PMPI_Startall)

static int send_init(const char *call, const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                     MPI_Comm comm, int mode, MPI_Request *request)
{
    comm_t *c = NULL;
    dt_buffer_t data;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &data);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    request_t *req = request_alloc(REQUEST_SEND);
    req->persistent = true;
    p2p_send_prepare(req, &data, dest, tag, c, mode);
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

int PMPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
    return THREADS_CALL(send_init("MPI_Send_init", buf, count, datatype, dest, tag, comm, SEND_MODE_STANDARD, request));
}

int PMPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                     MPI_Request *request)
{
    return THREADS_CALL(
        send_init("MPI_Send_init_c", buf, count, datatype, dest, tag, comm, SEND_MODE_STANDARD, request));
}

int PMPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                    MPI_Request *request)
{
    return THREADS_CALL(send_init("MPI_Ssend_init", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC, request));
}

int PMPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                      MPI_Request *request)
{
    return THREADS_CALL(send_init("MPI_Ssend_init_c", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC, request));
}

int PMPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                    MPI_Request *request)
{
    return THREADS_CALL(send_init("MPI_Rsend_init", buf, count, datatype, dest, tag, comm, SEND_MODE_READY, request));
}

int PMPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                      MPI_Request *request)
{
    return THREADS_CALL(send_init("MPI_Rsend_init_c", buf, count, datatype, dest, tag, comm, SEND_MODE_READY, request));
}

int PMPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                    MPI_Request *request)
{
    return THREADS_CALL(
        send_init("MPI_Bsend_init", buf, count, datatype, dest, tag, comm, SEND_MODE_BUFFERED, request));
}

int PMPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                      MPI_Request *request)
{
    return THREADS_CALL(
        send_init("MPI_Bsend_init_c", buf, count, datatype, dest, tag, comm, SEND_MODE_BUFFERED, request));
}

static int recv_init(const char *call, void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                     MPI_Comm comm, MPI_Request *request)
{
    comm_t *c = NULL;
    dt_buffer_t data;
    int rc = check_recv_args(buf, count, datatype, source, tag, comm, &c, &data);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    request_t *req = request_alloc(REQUEST_RECV);
    req->persistent = true;
    p2p_recv_prepare(req, &data, source, tag, c);
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                   MPI_Request *request)
{
    return THREADS_CALL(recv_init("MPI_Recv_init", buf, count, datatype, source, tag, comm, request));
}

int PMPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                     MPI_Request *request)
{
    return THREADS_CALL(recv_init("MPI_Recv_init_c", buf, count, datatype, source, tag, comm, request));
}

/* A handle MPI_Start may start: a persistent request not already active. */
static int check_startable(MPI_Request handle, const char *what, request_t **out)
{
    request_t *req;
    int rc = check_request_not_null(handle, what, &req);
    if (rc == MPI_SUCCESS && !req->persistent)
        rc = err_set(MPI_ERR_REQUEST, "request %#x is not persistent (made by an MPI_*_init call)",
                     (unsigned)(uintptr_t)handle);
    if (rc == MPI_SUCCESS && req->active)
        rc = err_set(MPI_ERR_REQUEST, "request %#x is already active: complete it before starting it again",
                     (unsigned)(uintptr_t)handle);
    if (rc == MPI_SUCCESS)
        *out = req;
    return rc;
}

/* A buffered send is complete once copied into the attached buffer; that
 * copy is the one step of a start that can fail (the buffer is full). */
static int start(request_t *req)
{
    if (req->kind == REQUEST_COLL) {
        sched_restart(req);
        return MPI_SUCCESS;
    }
    if (req->kind == REQUEST_SEND && req->mode == SEND_MODE_BUFFERED) {
        int rc = p2p_bsend(&req->data, req->peer, req->tag, req->comm);
        if (rc != MPI_SUCCESS)
            return rc;
        req->active = true;
        request_status_empty(&req->status);
        request_complete(req);
        return MPI_SUCCESS;
    }
    req->active = true;
    if (req->kind == REQUEST_SEND && req->partitions) {
        /* A partitioned send leaves when its last partition is ready;
         * until then it is active and not complete. */
        request_status_empty(&req->status);
        req->complete = false;
        partitioned_start(req);
    } else if (req->kind == REQUEST_SEND)
        p2p_send_start(req);
    else
        p2p_recv_start(req);
    return MPI_SUCCESS;
}

int PMPI_Start(MPI_Request *request)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = check_startable(*request, "request", &req);
    if (rc == MPI_SUCCESS)
        rc = start(req);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Start", rc);
    return MPI_SUCCESS;
}

int PMPI_Startall(int count, MPI_Request array_of_requests[])
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_count(count, "count");
    if (rc == MPI_SUCCESS && count > 0)
        rc = check_pointer(array_of_requests, "array_of_requests");
    /* All checked before any starts: an error leaves every request as it was. */
    for (int i = 0; rc == MPI_SUCCESS && i < count; i++) {
        request_t *req;
        rc = check_startable(array_of_requests[i], "array_of_requests", &req);
        for (int j = 0; rc == MPI_SUCCESS && j < i; j++)
            if (array_of_requests[j] == array_of_requests[i])
                rc = err_set(MPI_ERR_REQUEST, "request %#x appears twice in array_of_requests",
                             (unsigned)(uintptr_t)array_of_requests[i]);
    }
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Startall", rc);
    for (int i = 0; rc == MPI_SUCCESS && i < count; i++)
        rc = start(request_from_handle(array_of_requests[i]));
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Startall", rc);
    return MPI_SUCCESS;
}
