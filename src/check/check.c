#include "check/check.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "err/err.h"
#include "obj/group.h"
#include "obj/handle.h"
#include "runtime/runtime.h"

int check_initialized_error(void)
{
    if (runtime_phase() == RUNTIME_NOT_STARTED)
        return err_set(MPI_ERR_OTHER, "called before MPI_Init");
    return err_set(MPI_ERR_OTHER, "called after MPI_Finalize");
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

int check_comm_error(MPI_Comm handle)
{
    if (handle == MPI_COMM_NULL)
        return err_set(MPI_ERR_COMM, "invalid communicator MPI_COMM_NULL");
    return err_set(MPI_ERR_COMM, "invalid communicator %#x (not a live communicator handle)", handle_value(handle));
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

int check_datatype_error(MPI_Datatype handle, const char *what)
{
    if (handle == MPI_DATATYPE_NULL)
        return err_set(MPI_ERR_TYPE, "invalid datatype MPI_DATATYPE_NULL for %s", what);
    return err_set(MPI_ERR_TYPE, "invalid datatype %#x for %s (not a live datatype handle)", handle_value(handle),
                   what);
}

int check_op_error(MPI_Op handle)
{
    return err_set(MPI_ERR_OP, "invalid operation %#x (%s)", (unsigned)(uintptr_t)handle,
                   handle == MPI_OP_NULL ? "MPI_OP_NULL" : "not a live operation handle");
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

/* The checks of every send and receive are written inline below (a call
 * and its saved registers cost as much as the tests), their error lines
 * out of the way; the exported forms serve the other calls. */
static inline int message_buffer(const void *buf, MPI_Count count, MPI_Datatype datatype, bool send, dt_buffer_t *out)
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

int check_message_buffer(const void *buf, MPI_Count count, MPI_Datatype datatype, bool send, dt_buffer_t *out)
{
    return message_buffer(buf, count, datatype, send, out);
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

static __attribute__((cold, noinline)) int rank_error(const comm_t *comm, int rank, const char *what)
{
    return err_set(MPI_ERR_RANK, "invalid rank %d for %s (communicator %s has %d %sranks)", rank, what, comm->name,
                   comm_peer_count(comm), comm->inter ? "remote " : "");
}

/* A rank of the (remote) group or MPI_PROC_NULL, or with `any`
 * MPI_ANY_SOURCE too.  One unsigned comparison covers 0 <= rank < n. */
static inline int rank_in(const comm_t *comm, int rank, bool any, const char *what)
{
    if (__builtin_expect((unsigned)rank < (unsigned)comm_peer_count(comm) || rank == MPI_PROC_NULL ||
                             (any && rank == MPI_ANY_SOURCE),
                         1))
        return MPI_SUCCESS;
    return rank_error(comm, rank, what);
}

int check_send_rank(const comm_t *comm, int rank, const char *what)
{
    return rank_in(comm, rank, false, what);
}

int check_recv_rank(const comm_t *comm, int rank, const char *what)
{
    return rank_in(comm, rank, true, what);
}

static __attribute__((cold, noinline)) int tag_error(int tag, bool any)
{
    return err_set(MPI_ERR_TAG, "invalid tag %d (must be %sbetween 0 and MPI_TAG_UB, %d)", tag,
                   any ? "MPI_ANY_TAG or " : "", TESSERA_TAG_UB);
}

static inline int tag_in(int tag, bool any)
{
    if (__builtin_expect((unsigned)tag <= TESSERA_TAG_UB || (any && tag == MPI_ANY_TAG), 1))
        return MPI_SUCCESS;
    return tag_error(tag, any);
}

int check_send_tag(int tag)
{
    return tag_in(tag, false);
}

int check_recv_tag(int tag)
{
    return tag_in(tag, true);
}

/* What sends and receives check alike: state, communicator, count and
 * the buffer; `send` picks the words the messages use. */
static inline int check_message_args(const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Comm comm, bool send,
                                     comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, comm_out);
    if (rc == MPI_SUCCESS)
        rc = check_count(count, send ? "send count" : "receive count");
    if (rc == MPI_SUCCESS)
        rc = message_buffer(buf, count, datatype, send, data_out);
    return rc;
}

int check_send_args(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                    comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_message_args(buf, count, datatype, comm, true, comm_out, data_out);
    if (rc == MPI_SUCCESS)
        rc = rank_in(*comm_out, dest, false, "destination");
    if (rc == MPI_SUCCESS)
        rc = tag_in(tag, false);
    return rc;
}

int check_recv_args(const void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                    comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_message_args(buf, count, datatype, comm, false, comm_out, data_out);
    if (rc == MPI_SUCCESS)
        rc = rank_in(*comm_out, source, true, "source");
    if (rc == MPI_SUCCESS)
        rc = tag_in(tag, true);
    return rc;
}
