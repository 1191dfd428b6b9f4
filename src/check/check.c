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

int check_pointer_error(const char *what)
{
    return err_set(MPI_ERR_ARG, "invalid argument %s NULL", what);
}

int check_request_error(MPI_Request handle, const char *what)
{
    return err_set(MPI_ERR_REQUEST, "invalid request %#x for %s (not an active request handle)",
                   (unsigned)(uintptr_t)handle, what);
}

int check_request_not_null(MPI_Request handle, const char *what, request_t **out)
{
    if (handle == MPI_REQUEST_NULL)
        return err_set(MPI_ERR_REQUEST, "invalid request MPI_REQUEST_NULL for %s", what);
    return check_request(handle, what, out);
}

int check_rank_error(const comm_t *comm, int rank, const char *what)
{
    return err_set(MPI_ERR_RANK, "invalid rank %d for %s (communicator %s has %d %sranks)", rank, what, comm->name,
                   comm_peer_count(comm), comm->inter ? "remote " : "");
}

int check_send_rank(const comm_t *comm, int rank, const char *what)
{
    return check_rank_in(comm, rank, false, what);
}

int check_recv_rank(const comm_t *comm, int rank, const char *what)
{
    return check_rank_in(comm, rank, true, what);
}

int check_tag_error(int tag, bool any)
{
    return err_set(MPI_ERR_TAG, "invalid tag %d (must be %sbetween 0 and MPI_TAG_UB, %d)", tag,
                   any ? "MPI_ANY_TAG or " : "", TESSERA_TAG_UB);
}

int check_send_tag(int tag)
{
    return check_tag_in(tag, false);
}

int check_recv_tag(int tag)
{
    return check_tag_in(tag, true);
}
