/* probe.c -- the probe part of the point-to-point chapter: MPI_Probe,
 * MPI_Iprobe, and the matched-message forms MPI_Mprobe, MPI_Improbe,
 * MPI_Mrecv, MPI_Imrecv. */
#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/message.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Probe, PMPI_Probe)
TESSERA_WEAK_ALIAS(MPI_Iprobe, PMPI_Iprobe)
TESSERA_WEAK_ALIAS(MPI_Mprobe, PMPI_Mprobe)
TESSERA_WEAK_ALIAS(MPI_Improbe, PMPI_Improbe)
TESSERA_WEAK_ALIAS(MPI_Mrecv, PMPI_Mrecv)
TESSERA_WEAK_ALIAS(MPI_Imrecv, PMPI_Imrecv)
TESSERA_WEAK_ALIAS(MPI_Mrecv_c, PMPI_Mrecv_c)
TESSERA_WEAK_ALIAS(MPI_Imrecv_c, PMPI_Imrecv_c)

static int check_probe_args(int source, int tag, MPI_Comm comm, comm_t **c)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_recv_rank(*c, source, "source");
    if (rc == MPI_SUCCESS)
        rc = check_recv_tag(tag);
    return rc;
}

/* What a probe of MPI_PROC_NULL reports. */
static void status_proc_null(MPI_Status *status)
{
    request_status_out_proc_null(status);
}

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_probe_args(source, tag, comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Iprobe", rc);
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        status_proc_null(status);
        return MPI_SUCCESS;
    }
    *flag = p2p_iprobe(source, tag, c, status);
    return MPI_SUCCESS;
}

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_probe_args(source, tag, comm, &c);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Probe", rc);
    if (source == MPI_PROC_NULL)
        status_proc_null(status);
    else
        p2p_probe(source, tag, c, status);
    return MPI_SUCCESS;
}

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_probe_args(source, tag, comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(message, "message");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Improbe", rc);
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        *message = MPI_MESSAGE_NO_PROC;
        status_proc_null(status);
        return MPI_SUCCESS;
    }
    struct unexpected *msg = p2p_improbe(source, tag, c, status);
    *flag = msg != NULL;
    if (msg)
        *message = message_create(c, msg);
    return MPI_SUCCESS;
}

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_probe_args(source, tag, comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(message, "message");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Mprobe", rc);
    if (source == MPI_PROC_NULL) {
        *message = MPI_MESSAGE_NO_PROC;
        status_proc_null(status);
        return MPI_SUCCESS;
    }
    *message = message_create(c, p2p_mprobe(source, tag, c, status));
    return MPI_SUCCESS;
}

/* Check the receive arguments and the message; *m is NULL for
 * MPI_MESSAGE_NO_PROC. */
static int check_mrecv_args(const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                            dt_buffer_t *data, message_t **m)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_count(count, "receive count");
    if (rc == MPI_SUCCESS)
        rc = check_message_buffer(buf, count, datatype, false, data);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(message, "message");
    if (rc != MPI_SUCCESS)
        return rc;
    *m = NULL;
    if (*message == MPI_MESSAGE_NO_PROC)
        return MPI_SUCCESS;
    if (*message == MPI_MESSAGE_NULL)
        return err_set(MPI_ERR_REQUEST, "invalid message MPI_MESSAGE_NULL");
    *m = message_from_handle(*message);
    if (!*m)
        return err_set(MPI_ERR_REQUEST, "invalid message %#x (not a matched message handle)",
                       (unsigned)(uintptr_t)*message);
    return MPI_SUCCESS;
}

/* A matched message's receive has taken it: the handle is used up. */
static void message_used(MPI_Message *message, message_t *m)
{
    message_free(m);
    *message = MPI_MESSAGE_NULL;
}

/* Start receiving a matched message. */
static request_t *mrecv_start(const dt_buffer_t *data, MPI_Message *message, message_t *m, comm_t **comm)
{
    request_t *req;
    *comm = m->comm;
    p2p_imrecv(data, m->comm, m->msg, &req);
    message_used(message, m);
    return req;
}

static int mrecv(const char *call, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                 MPI_Status *status)
{
    dt_buffer_t data;
    message_t *m;
    comm_t *c = NULL;
    int rc = check_mrecv_args(buf, count, datatype, message, &data, &m);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    if (!m) {
        status_proc_null(status);
        *message = MPI_MESSAGE_NULL;
        return MPI_SUCCESS;
    }
    c = m->comm;
    rc = p2p_recv_matched(&data, c, m->msg, status);
    message_used(message, m);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

static int imrecv(const char *call, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                  MPI_Request *request)
{
    dt_buffer_t data;
    message_t *m;
    comm_t *c = NULL;
    int rc = check_mrecv_args(buf, count, datatype, message, &data, &m);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    request_t *req;
    if (!m) {
        /* A receive from MPI_PROC_NULL: complete at once. */
        p2p_irecv(&data, MPI_PROC_NULL, MPI_ANY_TAG, comm_self(), &req);
        *message = MPI_MESSAGE_NULL;
    } else {
        req = mrecv_start(&data, message, m, &c);
    }
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

int PMPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    return THREADS_CALL(mrecv("MPI_Mrecv", buf, count, datatype, message, status));
}

int PMPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    return THREADS_CALL(mrecv("MPI_Mrecv_c", buf, count, datatype, message, status));
}

int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    return THREADS_CALL(imrecv("MPI_Imrecv", buf, count, datatype, message, request));
}

int PMPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    return THREADS_CALL(imrecv("MPI_Imrecv_c", buf, count, datatype, message, request));
}
