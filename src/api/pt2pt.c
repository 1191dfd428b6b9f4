/*
 * pt2pt.c -- the point-to-point chapter: sends and receives in every mode.
 *
 * Each operation is written once, with an MPI_Count count; the int form
 * and the MPI-4 large-count form (_c) are one-line entry points into it.
 */
#include <stdlib.h>
#include <string.h>

#include "api/buffer.h"
#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "request/request.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Send, PMPI_Send)
TESSERA_WEAK_ALIAS(MPI_Send_c, PMPI_Send_c)
TESSERA_WEAK_ALIAS(MPI_Recv, PMPI_Recv)
TESSERA_WEAK_ALIAS(MPI_Recv_c, PMPI_Recv_c)
TESSERA_WEAK_ALIAS(MPI_Isend, PMPI_Isend)
TESSERA_WEAK_ALIAS(MPI_Isend_c, PMPI_Isend_c)
TESSERA_WEAK_ALIAS(MPI_Irecv, PMPI_Irecv)
TESSERA_WEAK_ALIAS(MPI_Irecv_c, PMPI_Irecv_c)
TESSERA_WEAK_ALIAS(MPI_Sendrecv, PMPI_Sendrecv)
TESSERA_WEAK_ALIAS(MPI_Sendrecv_c, PMPI_Sendrecv_c)
TESSERA_WEAK_ALIAS(MPI_Sendrecv_replace, PMPI_Sendrecv_replace)
TESSERA_WEAK_ALIAS(MPI_Sendrecv_replace_c, PMPI_Sendrecv_replace_c)
TESSERA_WEAK_ALIAS(MPI_Isendrecv, PMPI_Isendrecv)
TESSERA_WEAK_ALIAS(MPI_Isendrecv_c, PMPI_Isendrecv_c)
TESSERA_WEAK_ALIAS(MPI_Isendrecv_replace, PMPI_Isendrecv_replace)
TESSERA_WEAK_ALIAS(MPI_Isendrecv_replace_c, PMPI_Isendrecv_replace_c)
TESSERA_WEAK_ALIAS(MPI_Ssend, PMPI_Ssend)
TESSERA_WEAK_ALIAS(MPI_Ssend_c, PMPI_Ssend_c)
TESSERA_WEAK_ALIAS(MPI_Issend, PMPI_Issend)
TESSERA_WEAK_ALIAS(MPI_Issend_c, PMPI_Issend_c)
TESSERA_WEAK_ALIAS(MPI_Rsend, PMPI_Rsend)
TESSERA_WEAK_ALIAS(MPI_Rsend_c, PMPI_Rsend_c)
TESSERA_WEAK_ALIAS(MPI_Irsend, PMPI_Irsend)
TESSERA_WEAK_ALIAS(MPI_Irsend_c, PMPI_Irsend_c)
TESSERA_WEAK_ALIAS(MPI_Bsend, PMPI_Bsend)
TESSERA_WEAK_ALIAS(MPI_Bsend_c, PMPI_Bsend_c)
TESSERA_WEAK_ALIAS(MPI_Ibsend, PMPI_Ibsend)
TESSERA_WEAK_ALIAS(MPI_Ibsend_c, PMPI_Ibsend_c)
TESSERA_WEAK_ALIAS(MPI_Buffer_attach, PMPI_Buffer_attach)
TESSERA_WEAK_ALIAS(MPI_Buffer_attach_c, PMPI_Buffer_attach_c)
TESSERA_WEAK_ALIAS(MPI_Buffer_flush, PMPI_Buffer_flush)
TESSERA_WEAK_ALIAS(MPI_Buffer_iflush, PMPI_Buffer_iflush)
TESSERA_WEAK_ALIAS(MPI_Comm_attach_buffer, PMPI_Comm_attach_buffer)
TESSERA_WEAK_ALIAS(MPI_Comm_attach_buffer_c, PMPI_Comm_attach_buffer_c)
TESSERA_WEAK_ALIAS(MPI_Comm_detach_buffer, PMPI_Comm_detach_buffer)
TESSERA_WEAK_ALIAS(MPI_Comm_detach_buffer_c, PMPI_Comm_detach_buffer_c)
TESSERA_WEAK_ALIAS(MPI_Comm_flush_buffer, PMPI_Comm_flush_buffer)
TESSERA_WEAK_ALIAS(MPI_Comm_iflush_buffer, PMPI_Comm_iflush_buffer)
TESSERA_WEAK_ALIAS(MPI_Buffer_detach, PMPI_Buffer_detach)
TESSERA_WEAK_ALIAS(MPI_Buffer_detach_c, PMPI_Buffer_detach_c)

/* A send in any mode that returns once it is complete. */
static int send_blocking(const char *call, const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                         MPI_Comm comm, int mode)
{
    comm_t *c = NULL;
    dt_buffer_t data;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &data);
    if (rc == MPI_SUCCESS) {
        if (mode == SEND_MODE_BUFFERED) {
            rc = p2p_bsend(&data, dest, tag, c);
        } else if (mode != SEND_MODE_SYNC) {
            /* Ready mode promises a posted receive; a standard send keeps
             * the sender's side of that contract. */
            rc = p2p_send(&data, dest, tag, c);
        } else {
            request_t *req;
            p2p_isend_mode(&data, dest, tag, c, mode, &req);
            progress_wait(req);
            rc = request_release(req, MPI_STATUS_IGNORE);
        }
    }
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

static inline __attribute__((always_inline)) int send_nonblocking(const char *call, const void *buf, MPI_Count count,
                                                                  MPI_Datatype datatype, int dest, int tag,
                                                                  MPI_Comm comm, int mode, MPI_Request *request)
{
    comm_t *c = NULL;
    dt_buffer_t data;
    request_t *req;
    int rc = check_send_args(buf, count, datatype, dest, tag, comm, &c, &data);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS && mode == SEND_MODE_BUFFERED)
        rc = p2p_bsend(&data, dest, tag, c);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    if (mode == SEND_MODE_BUFFERED) {
        /* The data is in the attached buffer already: complete at once. */
        req = &request_done[REQUEST_DONE_SEND];
    } else if (mode != SEND_MODE_SYNC && dest != MPI_PROC_NULL && p2p_send_now(&data, dest, tag, c)) {
        req = &request_done[REQUEST_DONE_SEND];
    } else {
        p2p_isend_mode(&data, dest, tag, c, mode, &req);
    }
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

static int recv_blocking(const char *call, void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                         MPI_Comm comm, MPI_Status *status)
{
    comm_t *c = NULL;
    dt_buffer_t data;
    int rc = check_recv_args(buf, count, datatype, source, tag, comm, &c, &data);
    if (rc == MPI_SUCCESS)
        rc = p2p_recv(&data, source, tag, c, status);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

static inline __attribute__((always_inline)) int recv_nonblocking(const char *call, void *buf, MPI_Count count,
                                                                  MPI_Datatype datatype, int source, int tag,
                                                                  MPI_Comm comm, MPI_Request *request)
{
    comm_t *c = NULL;
    dt_buffer_t data;
    request_t *req;
    int rc = check_recv_args(buf, count, datatype, source, tag, comm, &c, &data);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    p2p_irecv(&data, source, tag, c, &req);
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

/* Post the receive first so that two ranks exchanging large messages both
 * find a receive waiting for their RTS.  `copy`, if set, is freed once the
 * send is done (MPI_Sendrecv_replace sends from a copy). */
static int exchange(comm_t *c, const dt_buffer_t *sdata, int dest, int sendtag, const dt_buffer_t *rdata, int source,
                    int recvtag, MPI_Status *status)
{
    request_t *rreq;
    p2p_irecv(rdata, source, recvtag, c, &rreq);
    p2p_send(sdata, dest, sendtag, c);
    progress_wait(rreq);
    return request_release(rreq, status);
}

static int sendrecv(const char *call, const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                    int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                    MPI_Comm comm, MPI_Status *status)
{
    comm_t *c = NULL;
    dt_buffer_t sdata, rdata;
    int rc = check_send_args(sendbuf, sendcount, sendtype, dest, sendtag, comm, &c, &sdata);
    if (rc == MPI_SUCCESS)
        rc = check_recv_args(recvbuf, recvcount, recvtype, source, recvtag, comm, &c, &rdata);
    if (rc == MPI_SUCCESS)
        rc = exchange(c, &sdata, dest, sendtag, &rdata, source, recvtag, status);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

static int sendrecv_replace(const char *call, void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                            int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    comm_t *c = NULL;
    dt_buffer_t data;
    int rc = check_send_args(buf, count, datatype, dest, sendtag, comm, &c, &data);
    if (rc == MPI_SUCCESS)
        rc = check_recv_args(buf, count, datatype, source, recvtag, comm, &c, &data);
    /* The outgoing data must survive the incoming message landing on it:
     * it leaves from a packed copy. */
    void *copy = rc == MPI_SUCCESS ? malloc(data.bytes ? data.bytes : 1) : NULL;
    if (rc == MPI_SUCCESS && !copy)
        rc = err_set(MPI_ERR_NO_MEM, "no memory for a %zu-byte copy of the buffer", data.bytes);
    if (rc == MPI_SUCCESS) {
        dt_buffer_t packed = dt_buffer_bytes(copy, data.bytes);
        dt_buffer_copy(&packed, &data, data.bytes);
        rc = exchange(c, &packed, dest, sendtag, &data, source, recvtag, status);
    }
    free(copy);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

int buffer_attach_checked(bsend_pool_t *pool, void *buffer, MPI_Count size)
{
    int rc = MPI_SUCCESS;
    if (buffer != MPI_BUFFER_AUTOMATIC) {
        if (size < 0)
            rc = err_set(MPI_ERR_ARG, "invalid buffer size %lld (must be non-negative)", (long long)size);
        else
            rc = check_buffer(buffer, size, "buffer");
    }
    if (rc == MPI_SUCCESS)
        rc = p2p_buffer_attach(pool, buffer, (size_t)size);
    return rc;
}

int buffer_detach_checked(bsend_pool_t *pool, void *buffer_addr, const void *size_arg, size_t *bytes)
{
    int rc = check_pointer(buffer_addr, "buffer_addr");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(size_arg, "size");
    if (rc != MPI_SUCCESS)
        return rc;
    void *buffer = NULL;
    *bytes = 0;
    if (pool)
        p2p_buffer_detach(pool, &buffer, bytes);
    *(void **)buffer_addr = buffer;
    return MPI_SUCCESS;
}

int buffer_iflush_checked(bsend_pool_t *pool, comm_t *comm, MPI_Request *request)
{
    request_t *req;
    int rc = check_pointer(request, "request");
    if (rc == MPI_SUCCESS)
        rc = p2p_bsend_iflush(pool, &req);
    if (rc != MPI_SUCCESS)
        return rc;
    req->comm = comm;
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

static int buffer_attach(const char *call, bsend_pool_t *pool, void *buffer, MPI_Count size)
{
    int rc = buffer_attach_checked(pool, buffer, size);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

/* The process's buffer, after the usual check that MPI is running. */
static bsend_pool_t *process_buffer(const char *call, int *rc)
{
    *rc = check_initialized();
    if (*rc != MPI_SUCCESS) {
        *rc = err_raise(NULL, call, *rc);
        return NULL;
    }
    return p2p_bsend_process_pool();
}

/* comm's own buffer holder, made on first use when create is set (NULL,
 * with *rc set, when comm is invalid or memory runs out). */
static bsend_pool_t *comm_buffer(const char *call, MPI_Comm comm, bool create, comm_t **c, int *rc)
{
    *rc = check_initialized();
    if (*rc == MPI_SUCCESS)
        *rc = check_comm(comm, c);
    if (*rc == MPI_SUCCESS && create && !(*c)->bsend && !((*c)->bsend = p2p_bsend_pool_new()))
        *rc = err_set(MPI_ERR_NO_MEM, "out of memory for a communicator's buffer");
    if (*rc != MPI_SUCCESS) {
        *rc = err_raise(*c, call, *rc);
        return NULL;
    }
    return (*c)->bsend;
}

/* ---- entry points: the int form, then the large-count form ------------ */

int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Send", buf, count, datatype, dest, tag, comm, SEND_MODE_STANDARD));
}

int PMPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Send_c", buf, count, datatype, dest, tag, comm, SEND_MODE_STANDARD));
}

int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Ssend", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC));
}

int PMPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Ssend_c", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC));
}

int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Rsend", buf, count, datatype, dest, tag, comm, SEND_MODE_READY));
}

int PMPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Rsend_c", buf, count, datatype, dest, tag, comm, SEND_MODE_READY));
}

int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Bsend", buf, count, datatype, dest, tag, comm, SEND_MODE_BUFFERED));
}

int PMPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    return THREADS_CALL(send_blocking("MPI_Bsend_c", buf, count, datatype, dest, tag, comm, SEND_MODE_BUFFERED));
}

int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return THREADS_CALL(
        send_nonblocking("MPI_Isend", buf, count, datatype, dest, tag, comm, SEND_MODE_STANDARD, request));
}

int PMPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                 MPI_Request *request)
{
    return THREADS_CALL(
        send_nonblocking("MPI_Isend_c", buf, count, datatype, dest, tag, comm, SEND_MODE_STANDARD, request));
}

int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    return THREADS_CALL(send_nonblocking("MPI_Issend", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC, request));
}

int PMPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    return THREADS_CALL(
        send_nonblocking("MPI_Issend_c", buf, count, datatype, dest, tag, comm, SEND_MODE_SYNC, request));
}

int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    return THREADS_CALL(
        send_nonblocking("MPI_Irsend", buf, count, datatype, dest, tag, comm, SEND_MODE_READY, request));
}

int PMPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    return THREADS_CALL(
        send_nonblocking("MPI_Irsend_c", buf, count, datatype, dest, tag, comm, SEND_MODE_READY, request));
}

int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request)
{
    return THREADS_CALL(
        send_nonblocking("MPI_Ibsend", buf, count, datatype, dest, tag, comm, SEND_MODE_BUFFERED, request));
}

int PMPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                  MPI_Request *request)
{
    return THREADS_CALL(
        send_nonblocking("MPI_Ibsend_c", buf, count, datatype, dest, tag, comm, SEND_MODE_BUFFERED, request));
}

int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    return THREADS_CALL(recv_blocking("MPI_Recv", buf, count, datatype, source, tag, comm, status));
}

int PMPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                MPI_Status *status)
{
    return THREADS_CALL(recv_blocking("MPI_Recv_c", buf, count, datatype, source, tag, comm, status));
}

int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    return THREADS_CALL(recv_nonblocking("MPI_Irecv", buf, count, datatype, source, tag, comm, request));
}

int PMPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                 MPI_Request *request)
{
    return THREADS_CALL(recv_nonblocking("MPI_Irecv_c", buf, count, datatype, source, tag, comm, request));
}

int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    return THREADS_CALL(sendrecv("MPI_Sendrecv", sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                                 recvtype, source, recvtag, comm, status));
}

int PMPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                    void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                    MPI_Status *status)
{
    return THREADS_CALL(sendrecv("MPI_Sendrecv_c", sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                                 recvtype, source, recvtag, comm, status));
}

int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag,
                          MPI_Comm comm, MPI_Status *status)
{
    return THREADS_CALL(
        sendrecv_replace("MPI_Sendrecv_replace", buf, count, datatype, dest, sendtag, source, recvtag, comm, status));
}

int PMPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source,
                            int recvtag, MPI_Comm comm, MPI_Status *status)
{
    return THREADS_CALL(
        sendrecv_replace("MPI_Sendrecv_replace_c", buf, count, datatype, dest, sendtag, source, recvtag, comm, status));
}

/* MPI_Isendrecv: the receive and the send start at once, as in
 * MPI_Sendrecv, under one request that completes when both have.  With
 * replace, the outgoing data leaves from a packed copy the request owns. */
static int isendrecv(const char *call, const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                     int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                     MPI_Comm comm, bool replace, MPI_Request *request)
{
    comm_t *c = NULL;
    dt_buffer_t sdata, rdata;
    int rc = check_send_args(sendbuf, sendcount, sendtype, dest, sendtag, comm, &c, &sdata);
    if (rc == MPI_SUCCESS)
        rc = check_recv_args(recvbuf, recvcount, recvtype, source, recvtag, comm, &c, &rdata);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    void *copy = NULL;
    if (rc == MPI_SUCCESS && replace && !(copy = malloc(sdata.bytes ? sdata.bytes : 1)))
        rc = err_set(MPI_ERR_NO_MEM, "no memory for a %zu-byte copy of the buffer", sdata.bytes);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    if (replace) {
        dt_buffer_t packed = dt_buffer_bytes(copy, sdata.bytes);
        dt_buffer_copy(&packed, &sdata, sdata.bytes);
        sdata = packed;
    }
    request_t *pair = request_alloc(REQUEST_PAIR), *rreq, *sreq;
    pair->comm = c;
    pair->world_peer = -1;
    pair->owned = copy;
    p2p_irecv(&rdata, source, recvtag, c, &rreq);
    p2p_isend(&sdata, dest, sendtag, c, &sreq);
    *request = request_to_handle(pair);
    request_pair_join(pair, sreq, rreq);
    return MPI_SUCCESS;
}

int PMPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    return THREADS_CALL(isendrecv("MPI_Isendrecv", sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                                  recvtype, source, recvtag, comm, false, request));
}

int PMPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                     void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                     MPI_Request *request)
{
    return THREADS_CALL(isendrecv("MPI_Isendrecv_c", sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                                  recvtype, source, recvtag, comm, false, request));
}

int PMPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag,
                           MPI_Comm comm, MPI_Request *request)
{
    return THREADS_CALL(isendrecv("MPI_Isendrecv_replace", buf, count, datatype, dest, sendtag, buf, count, datatype,
                                  source, recvtag, comm, true, request));
}

int PMPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source,
                             int recvtag, MPI_Comm comm, MPI_Request *request)
{
    return THREADS_CALL(isendrecv("MPI_Isendrecv_replace_c", buf, count, datatype, dest, sendtag, buf, count, datatype,
                                  source, recvtag, comm, true, request));
}

int PMPI_Buffer_attach(void *buffer, int size)
{
    THREADS_ENTER();
    int rc;
    bsend_pool_t *pool = process_buffer("MPI_Buffer_attach", &rc);
    return pool ? buffer_attach("MPI_Buffer_attach", pool, buffer, size) : rc;
}

int PMPI_Buffer_attach_c(void *buffer, MPI_Count size)
{
    THREADS_ENTER();
    int rc;
    bsend_pool_t *pool = process_buffer("MPI_Buffer_attach_c", &rc);
    return pool ? buffer_attach("MPI_Buffer_attach_c", pool, buffer, size) : rc;
}

static int detach_int(const char *call, bsend_pool_t *pool, void *buffer_addr, int *size)
{
    size_t bytes;
    int rc = buffer_detach_checked(pool, buffer_addr, size, &bytes);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    *size = buffer_size_int(bytes);
    return MPI_SUCCESS;
}

static int detach_count(const char *call, bsend_pool_t *pool, void *buffer_addr, MPI_Count *size)
{
    size_t bytes;
    int rc = buffer_detach_checked(pool, buffer_addr, size, &bytes);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    *size = (MPI_Count)bytes;
    return MPI_SUCCESS;
}

int PMPI_Buffer_detach(void *buffer_addr, int *size)
{
    THREADS_ENTER();
    int rc;
    bsend_pool_t *pool = process_buffer("MPI_Buffer_detach", &rc);
    return pool ? detach_int("MPI_Buffer_detach", pool, buffer_addr, size) : rc;
}

int PMPI_Buffer_detach_c(void *buffer_addr, MPI_Count *size)
{
    THREADS_ENTER();
    int rc;
    bsend_pool_t *pool = process_buffer("MPI_Buffer_detach_c", &rc);
    return pool ? detach_count("MPI_Buffer_detach_c", pool, buffer_addr, size) : rc;
}

int PMPI_Buffer_flush(void)
{
    THREADS_ENTER();
    int rc;
    bsend_pool_t *pool = process_buffer("MPI_Buffer_flush", &rc);
    if (pool)
        p2p_bsend_flush(pool);
    return rc;
}

static int iflush(const char *call, comm_t *c, bsend_pool_t *pool, MPI_Request *request)
{
    int rc = buffer_iflush_checked(pool, c, request);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Buffer_iflush(MPI_Request *request)
{
    THREADS_ENTER();
    int rc;
    bsend_pool_t *pool = process_buffer("MPI_Buffer_iflush", &rc);
    return pool ? iflush("MPI_Buffer_iflush", NULL, pool, request) : rc;
}

/* MPI-4.1: a buffer for the buffered sends of one communicator. */
int PMPI_Comm_attach_buffer(MPI_Comm comm, void *buffer, int size)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc;
    bsend_pool_t *pool = comm_buffer("MPI_Comm_attach_buffer", comm, true, &c, &rc);
    return pool ? buffer_attach("MPI_Comm_attach_buffer", pool, buffer, size) : rc;
}

int PMPI_Comm_attach_buffer_c(MPI_Comm comm, void *buffer, MPI_Count size)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc;
    bsend_pool_t *pool = comm_buffer("MPI_Comm_attach_buffer_c", comm, true, &c, &rc);
    return pool ? buffer_attach("MPI_Comm_attach_buffer_c", pool, buffer, size) : rc;
}

int PMPI_Comm_detach_buffer(MPI_Comm comm, void *buffer_addr, int *size)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc;
    bsend_pool_t *pool = comm_buffer("MPI_Comm_detach_buffer", comm, false, &c, &rc);
    return rc == MPI_SUCCESS ? detach_int("MPI_Comm_detach_buffer", pool, buffer_addr, size) : rc;
}

int PMPI_Comm_detach_buffer_c(MPI_Comm comm, void *buffer_addr, MPI_Count *size)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc;
    bsend_pool_t *pool = comm_buffer("MPI_Comm_detach_buffer_c", comm, false, &c, &rc);
    return rc == MPI_SUCCESS ? detach_count("MPI_Comm_detach_buffer_c", pool, buffer_addr, size) : rc;
}

int PMPI_Comm_flush_buffer(MPI_Comm comm)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc;
    bsend_pool_t *pool = comm_buffer("MPI_Comm_flush_buffer", comm, false, &c, &rc);
    if (pool)
        p2p_bsend_flush(pool);
    return rc;
}

int PMPI_Comm_iflush_buffer(MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc;
    bsend_pool_t *pool = comm_buffer("MPI_Comm_iflush_buffer", comm, true, &c, &rc);
    return pool ? iflush("MPI_Comm_iflush_buffer", c, pool, request) : rc;
}
