#include "check/check.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "err/err.h"
#include "obj/group.h"
#include "obj/handle.h"
#include "runtime/runtime.h"

int check_initialized(void)
{
    switch (runtime_phase()) {
    case RUNTIME_RUNNING:
        return MPI_SUCCESS;
    case RUNTIME_NOT_STARTED:
        return err_set(MPI_ERR_OTHER, "called before MPI_Init");
    default:
        return err_set(MPI_ERR_OTHER, "called after MPI_Finalize");
    }
}

const char *check_comm_name(MPI_Comm handle, char *buf, size_t len)
{
    if (handle == MPI_COMM_NULL)
        return "MPI_COMM_NULL";
    comm_t *comm = comm_from_handle(handle);
    if (comm && comm->name[0])
        return comm->name;
    snprintf(buf, len, "%#x", handle_value(handle));
    return buf;
}

int check_comm(MPI_Comm handle, comm_t **out)
{
    if (handle == MPI_COMM_NULL)
        return err_set(MPI_ERR_COMM, "invalid communicator MPI_COMM_NULL");
    comm_t *comm = comm_from_handle(handle);
    if (!comm)
        return err_set(MPI_ERR_COMM, "invalid communicator %#x (not a live communicator handle)", handle_value(handle));
    *out = comm;
    return MPI_SUCCESS;
}

int check_group(MPI_Group handle, const char *what, group_t **out)
{
    if (handle == MPI_GROUP_NULL)
        return err_set(MPI_ERR_GROUP, "invalid %s MPI_GROUP_NULL", what);
    group_t *g = group_from_handle(handle);
    if (!g)
        return err_set(MPI_ERR_GROUP, "invalid %s %#x (not a live group handle)", what, (unsigned)(uintptr_t)handle);
    *out = g;
    return MPI_SUCCESS;
}

int check_datatype(MPI_Datatype handle, const char *what, datatype_t **out)
{
    if (handle == MPI_DATATYPE_NULL)
        return err_set(MPI_ERR_TYPE, "invalid datatype MPI_DATATYPE_NULL for %s", what);
    datatype_t *dt = dt_from_handle(handle);
    if (!dt)
        return err_set(MPI_ERR_TYPE, "invalid datatype %#x for %s (not a live datatype handle)", handle_value(handle),
                       what);
    *out = dt;
    return MPI_SUCCESS;
}

int check_count_error(MPI_Count count, const char *what)
{
    return err_set(MPI_ERR_COUNT, "invalid count %lld for %s (must be non-negative)", (long long)count, what);
}

int check_buffer(const void *buf, MPI_Count count, const char *what)
{
    if (buf == NULL && count > 0)
        return err_set(MPI_ERR_BUFFER, "invalid %s NULL with count %lld", what, (long long)count);
    return MPI_SUCCESS;
}

/* A datatype as messages show it: its name, else its handle. */
static const char *type_name(const datatype_t *dt, char *buf, size_t len)
{
    if (*dt_name(dt))
        return dt_name(dt);
    snprintf(buf, len, "%#x", dt->handle);
    return buf;
}

int check_typed_buffer_error(const void *buf, MPI_Count count, const datatype_t *dt, bool send)
{
    const char *what = send ? "send" : "receive";
    char name[32];
    int64_t product;
    if (!dt->committed)
        return err_set(MPI_ERR_TYPE, "invalid %s datatype %s (not committed: call MPI_Type_commit first)", what,
                       type_name(dt, name, sizeof name));
    if (__builtin_mul_overflow((int64_t)count, (int64_t)dt->size, &product) ||
        __builtin_mul_overflow((int64_t)count, (int64_t)dt->extent, &product))
        return err_set(MPI_ERR_COUNT, "invalid %s count %lld (%lld elements of %s do not fit in memory)", what,
                       (long long)count, (long long)count, type_name(dt, name, sizeof name));
    (void)buf;
    return err_set(MPI_ERR_BUFFER, "invalid %s buffer NULL with count %lld", what, (long long)count);
}

int check_message_buffer(const void *buf, MPI_Count count, MPI_Datatype datatype, bool send, dt_buffer_t *out)
{
    datatype_t *dt;
    int rc = check_datatype(datatype, send ? "send datatype" : "receive datatype", &dt);
    if (rc != MPI_SUCCESS)
        return rc;
    int64_t total = 0;
    rc = check_buffer_rules(buf, count, dt, send, &total);
    if (rc == MPI_SUCCESS)
        *out = dt_buffer_make(buf, count, dt, (size_t)total);
    return rc;
}

int check_pointer(const void *ptr, const char *what)
{
    if (ptr == NULL)
        return err_set(MPI_ERR_ARG, "invalid argument %s NULL", what);
    return MPI_SUCCESS;
}

int check_request(MPI_Request handle, const char *what, request_t **out)
{
    request_t *req = request_from_handle(handle);
    if (!req)
        return err_set(MPI_ERR_REQUEST, "invalid request %#x for %s (not an active request handle)",
                       (unsigned)(uintptr_t)handle, what);
    *out = req;
    return MPI_SUCCESS;
}

int check_request_not_null(MPI_Request handle, const char *what, request_t **out)
{
    if (handle == MPI_REQUEST_NULL)
        return err_set(MPI_ERR_REQUEST, "invalid request MPI_REQUEST_NULL for %s", what);
    return check_request(handle, what, out);
}

int check_send_rank(const comm_t *comm, int rank, const char *what)
{
    int n = comm_peer_count(comm);
    if (rank == MPI_PROC_NULL || (rank >= 0 && rank < n))
        return MPI_SUCCESS;
    return err_set(MPI_ERR_RANK, "invalid rank %d for %s (communicator %s has %d %sranks)", rank, what, comm->name, n,
                   comm->inter ? "remote " : "");
}

int check_recv_rank(const comm_t *comm, int rank, const char *what)
{
    if (rank == MPI_ANY_SOURCE)
        return MPI_SUCCESS;
    return check_send_rank(comm, rank, what);
}

int check_send_tag(int tag)
{
    if (tag < 0 || tag > TESSERA_TAG_UB)
        return err_set(MPI_ERR_TAG, "invalid tag %d (must be between 0 and MPI_TAG_UB, %d)", tag, TESSERA_TAG_UB);
    return MPI_SUCCESS;
}

int check_recv_tag(int tag)
{
    if (tag == MPI_ANY_TAG)
        return MPI_SUCCESS;
    if (tag < 0 || tag > TESSERA_TAG_UB)
        return err_set(MPI_ERR_TAG, "invalid tag %d (must be MPI_ANY_TAG or between 0 and MPI_TAG_UB, %d)", tag,
                       TESSERA_TAG_UB);
    return MPI_SUCCESS;
}

/* What sends and receives check alike: state, communicator, count and
 * the buffer; `send` picks the words the messages use. */
static int check_message_args(const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Comm comm, bool send,
                              comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, comm_out);
    if (rc == MPI_SUCCESS)
        rc = check_count(count, send ? "send count" : "receive count");
    if (rc == MPI_SUCCESS)
        rc = check_message_buffer(buf, count, datatype, send, data_out);
    return rc;
}

int check_send_args(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                    comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_message_args(buf, count, datatype, comm, true, comm_out, data_out);
    if (rc == MPI_SUCCESS)
        rc = check_send_rank(*comm_out, dest, "destination");
    if (rc == MPI_SUCCESS)
        rc = check_send_tag(tag);
    return rc;
}

int check_recv_args(const void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                    comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_message_args(buf, count, datatype, comm, false, comm_out, data_out);
    if (rc == MPI_SUCCESS)
        rc = check_recv_rank(*comm_out, source, "source");
    if (rc == MPI_SUCCESS)
        rc = check_recv_tag(tag);
    return rc;
}
