/* request.c -- completing requests: wait and test, one or all. */
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "progress/progress.h"
#include "request/request.h"

#pragma weak MPI_Wait = PMPI_Wait
#pragma weak MPI_Waitall = PMPI_Waitall
#pragma weak MPI_Test = PMPI_Test
#pragma weak MPI_Testall = PMPI_Testall

static int check_request(MPI_Request handle, const char *what, request_t **out)
{
    request_t *req = request_from_handle(handle);
    if (!req)
        return err_set(MPI_ERR_REQUEST, "invalid request %#x for %s (not an active request handle)",
                       (unsigned)(uintptr_t)handle, what);
    *out = req;
    return MPI_SUCCESS;
}

/* Check an array of requests; null handles are allowed and skipped. */
static int check_request_array(int count, MPI_Request handles[])
{
    int rc = check_count(count, "count");
    if (rc == MPI_SUCCESS && count > 0)
        rc = check_pointer(handles, "array_of_requests");
    for (int i = 0; rc == MPI_SUCCESS && i < count; i++) {
        request_t *req;
        if (handles[i] != MPI_REQUEST_NULL)
            rc = check_request(handles[i], "array_of_requests", &req);
    }
    return rc;
}

/* Report a completed request and release it.  Returns the error it carries
 * (with its detail line set), MPI_SUCCESS otherwise. */
static int request_finish(MPI_Request *handle, request_t *req, MPI_Status *status, comm_t **comm)
{
    *comm = req->comm;
    *handle = MPI_REQUEST_NULL;
    return request_release(req, status);
}

int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
    request_t *req = NULL;
    comm_t *comm = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS && *request == MPI_REQUEST_NULL) {
        if (status != MPI_STATUS_IGNORE)
            request_status_empty(status);
        return MPI_SUCCESS;
    }
    if (rc == MPI_SUCCESS)
        rc = check_request(*request, "request", &req);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Wait", rc);
    progress_wait(&req->complete);
    rc = request_finish(request, req, status, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Wait", rc);
    return MPI_SUCCESS;
}

int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    request_t *req = NULL;
    comm_t *comm = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS && *request == MPI_REQUEST_NULL) {
        *flag = 1;
        if (status != MPI_STATUS_IGNORE)
            request_status_empty(status);
        return MPI_SUCCESS;
    }
    if (rc == MPI_SUCCESS)
        rc = check_request(*request, "request", &req);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Test", rc);
    if (!req->complete)
        progress_poll();
    *flag = req->complete;
    if (!req->complete)
        return MPI_SUCCESS;
    rc = request_finish(request, req, status, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Test", rc);
    return MPI_SUCCESS;
}

/* Finish every request of a completed set.  With an error in any of them,
 * each status says its own outcome and the call returns MPI_ERR_IN_STATUS. */
static int request_finish_all(int count, MPI_Request handles[], MPI_Status statuses[], comm_t **comm)
{
    int failed = 0;
    for (int i = 0; i < count; i++) {
        MPI_Status *status = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        if (handles[i] == MPI_REQUEST_NULL) {
            if (status != MPI_STATUS_IGNORE)
                request_status_empty(status);
            continue;
        }
        comm_t *c;
        int rc = request_finish(&handles[i], request_from_handle(handles[i]), status, &c);
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

int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    comm_t *comm = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_request_array(count, array_of_requests);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Waitall", rc);
    for (int i = 0; i < count; i++) {
        if (array_of_requests[i] != MPI_REQUEST_NULL)
            progress_wait(&request_from_handle(array_of_requests[i])->complete);
    }
    rc = request_finish_all(count, array_of_requests, array_of_statuses, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Waitall", rc);
    return MPI_SUCCESS;
}

int PMPI_Testall(int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[])
{
    comm_t *comm = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_request_array(count, array_of_requests);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Testall", rc);
    progress_poll();
    for (int i = 0; i < count; i++) {
        if (array_of_requests[i] != MPI_REQUEST_NULL && !request_from_handle(array_of_requests[i])->complete) {
            *flag = 0;
            return MPI_SUCCESS;
        }
    }
    *flag = 1;
    rc = request_finish_all(count, array_of_requests, array_of_statuses, &comm);
    if (rc != MPI_SUCCESS)
        return err_raise(comm, "MPI_Testall", rc);
    return MPI_SUCCESS;
}
