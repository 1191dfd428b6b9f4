/* pt2pt.c -- the point-to-point chapter: sends and receives in every mode. */
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "request/request.h"

#pragma weak MPI_Send = PMPI_Send
#pragma weak MPI_Recv = PMPI_Recv
#pragma weak MPI_Isend = PMPI_Isend
#pragma weak MPI_Irecv = PMPI_Irecv
#pragma weak MPI_Sendrecv = PMPI_Sendrecv
#pragma weak MPI_Ssend = PMPI_Ssend
#pragma weak MPI_Issend = PMPI_Issend
#pragma weak MPI_Rsend = PMPI_Rsend
#pragma weak MPI_Irsend = PMPI_Irsend
#pragma weak MPI_Sendrecv_replace = PMPI_Sendrecv_replace
#pragma weak MPI_Bsend = PMPI_Bsend
#pragma weak MPI_Ibsend = PMPI_Ibsend
#pragma weak MPI_Buffer_attach = PMPI_Buffer_attach
#pragma weak MPI_Buffer_detach = PMPI_Buffer_detach

/* Contiguous buffers of predefined types: elements lie extent bytes apart. */
static size_t message_bytes(int count, const datatype_t *dt)
{
    return (size_t)count * (size_t)dt->extent;
}

int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    comm_t *c = NULL;
    datatype_t *dt;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = p2p_send(buf, message_bytes(count, dt), dest, tag, c);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Send", rc);
    return MPI_SUCCESS;
}

int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    comm_t *c = NULL;
    datatype_t *dt;
    request_t *req;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = p2p_isend(buf, message_bytes(count, dt), dest, tag, c, &req);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Isend", rc);
    *request = (MPI_Request)(uintptr_t)req->handle;
    return MPI_SUCCESS;
}

int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    comm_t *c = NULL;
    datatype_t *dt;
    int rc = check_recv_args(buf, count, datatype, source, tag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = p2p_recv(buf, message_bytes(count, dt), source, tag, c, status);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Recv", rc);
    return MPI_SUCCESS;
}

int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    comm_t *c = NULL;
    datatype_t *dt;
    request_t *req;
    int rc = check_recv_args(buf, count, datatype, source, tag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = p2p_irecv(buf, message_bytes(count, dt), source, tag, c, &req);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Irecv", rc);
    *request = (MPI_Request)(uintptr_t)req->handle;
    return MPI_SUCCESS;
}

int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    comm_t *c = NULL;
    datatype_t *sdt, *rdt;
    int rc = check_send_args(sendbuf, sendcount, sendtype, dest, sendtag, comm, &c, &sdt);
    if (rc == MPI_SUCCESS)
        rc = check_recv_args(recvbuf, recvcount, recvtype, source, recvtag, comm, &c, &rdt);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Sendrecv", rc);
    /* Post the receive first so that two ranks exchanging large messages
     * both find a receive waiting for their RTS. */
    request_t *rreq, *sreq;
    p2p_irecv(recvbuf, message_bytes(recvcount, rdt), source, recvtag, c, &rreq);
    p2p_isend(sendbuf, message_bytes(sendcount, sdt), dest, sendtag, c, &sreq);
    progress_wait(&sreq->complete);
    progress_wait(&rreq->complete);
    request_free(sreq);
    rc = request_release(rreq, status);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Sendrecv", rc);
    return MPI_SUCCESS;
}

/* A send in the given mode that returns once it is complete. */
static int send_blocking(const char *call, const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                         MPI_Comm comm, int mode)
{
    comm_t *c = NULL;
    datatype_t *dt;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &dt);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    if (mode == SEND_MODE_STANDARD || mode == SEND_MODE_READY) {
        rc = p2p_send(buf, message_bytes(count, dt), dest, tag, c);
    } else {
        request_t *req;
        p2p_isend_mode(buf, message_bytes(count, dt), dest, tag, c, mode, &req);
        progress_wait(&req->complete);
        rc = request_release(req, MPI_STATUS_IGNORE);
    }
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

static int send_nonblocking(const char *call, const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                            MPI_Comm comm, int mode, MPI_Request *request)
{
    comm_t *c = NULL;
    datatype_t *dt;
    request_t *req;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    p2p_isend_mode(buf, message_bytes(count, dt), dest, tag, c, mode, &req);
    *request = (MPI_Request)(uintptr_t)req->handle;
    return MPI_SUCCESS;
}

int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return send_blocking("MPI_Ssend", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC);
}

/* Ready mode promises a posted receive; a standard send is a correct way
 * to keep that promise's side of the contract. */
int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return send_blocking("MPI_Rsend", buf, count, datatype, dest, tag, comm, SEND_MODE_READY);
}

int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    return send_nonblocking("MPI_Issend", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC, request);
}

int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    return send_nonblocking("MPI_Irsend", buf, count, datatype, dest, tag, comm, SEND_MODE_READY, request);
}

int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag,
                          MPI_Comm comm, MPI_Status *status)
{
    comm_t *c = NULL;
    datatype_t *dt;
    int rc = check_send_args(buf, count, datatype, dest, sendtag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = check_recv_args(buf, count, datatype, source, recvtag, comm, &c, &dt);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Sendrecv_replace", rc);
    /* The outgoing data must survive the incoming message landing on it. */
    size_t bytes = message_bytes(count, dt);
    void *copy = malloc(bytes ? bytes : 1);
    if (!copy)
        return err_raise(c, "MPI_Sendrecv_replace",
                         err_set(MPI_ERR_NO_MEM, "no memory for a %zu-byte copy of the buffer", bytes));
    memcpy(copy, buf, bytes);
    request_t *rreq, *sreq;
    p2p_irecv(buf, bytes, source, recvtag, c, &rreq);
    p2p_isend(copy, bytes, dest, sendtag, c, &sreq);
    progress_wait(&sreq->complete);
    progress_wait(&rreq->complete);
    request_free(sreq);
    free(copy);
    rc = request_release(rreq, status);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Sendrecv_replace", rc);
    return MPI_SUCCESS;
}

int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    comm_t *c = NULL;
    datatype_t *dt;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = p2p_bsend(buf, message_bytes(count, dt), dest, tag, c);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Bsend", rc);
    return MPI_SUCCESS;
}

/* The data is in the attached buffer when the call returns, so the request
 * is complete at once. */
int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    comm_t *c = NULL;
    datatype_t *dt;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = p2p_bsend(buf, message_bytes(count, dt), dest, tag, c);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Ibsend", rc);
    request_t *req = request_alloc(REQUEST_SEND);
    req->comm = c;
    request_complete(req);
    *request = (MPI_Request)(uintptr_t)req->handle;
    return MPI_SUCCESS;
}

int PMPI_Buffer_attach(void *buffer, int size)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS && buffer != MPI_BUFFER_AUTOMATIC) {
        if (size < 0)
            rc = err_set(MPI_ERR_ARG, "invalid buffer size %d (must be non-negative)", size);
        else
            rc = check_buffer(buffer, size, "buffer");
    }
    if (rc == MPI_SUCCESS)
        rc = p2p_buffer_attach(buffer, (size_t)size);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Buffer_attach", rc);
    return MPI_SUCCESS;
}

int PMPI_Buffer_detach(void *buffer_addr, int *size)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(buffer_addr, "buffer_addr");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(size, "size");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Buffer_detach", rc);
    void *buffer;
    size_t bytes;
    p2p_buffer_detach(&buffer, &bytes);
    *(void **)buffer_addr = buffer;
    *size = (int)bytes;
    return MPI_SUCCESS;
}
