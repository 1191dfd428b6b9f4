/*
 * check.h -- argument checks for the API layer.
 *
 * Each check returns MPI_SUCCESS or an error class, after recording with
 * err_set() one line that names the argument and its bad value.  The API
 * function stops at the first failure and raises it; nothing jumps.
 */
#ifndef TESSERA_CHECK_CHECK_H
#define TESSERA_CHECK_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "dt/buffer.h"
#include "dt/datatype.h"
#include "mpi.h"
#include "obj/comm.h"
#include "op/op.h"
#include "request/request.h"
#include "runtime/runtime.h"

struct group;
int check_group(MPI_Group handle, const char *what, struct group **out);
/* The error paths of the checks written out below, out of their way. */
__attribute__((cold)) int check_initialized_error(void);
__attribute__((cold)) int check_comm_error(MPI_Comm handle);
__attribute__((cold)) int check_datatype_error(MPI_Datatype handle, const char *what);
__attribute__((cold)) int check_op_error(MPI_Op handle);
__attribute__((cold)) int check_count_error(MPI_Count count, const char *what);
__attribute__((cold)) int check_typed_buffer_error(const void *buf, MPI_Count count, const datatype_t *dt, bool send);
__attribute__((cold)) int check_rank_error(const comm_t *comm, int rank, const char *what);
__attribute__((cold)) int check_tag_error(int tag, bool any);

/* The checks every call makes are inline: a call and its saved
 * registers cost as much as the test. */
static inline int check_initialized(void)
{
    return __builtin_expect(runtime_phase() == RUNTIME_RUNNING, 1) ? MPI_SUCCESS : check_initialized_error();
}

static inline int check_comm(MPI_Comm handle, comm_t **out)
{
    comm_t *comm = comm_from_handle(handle);
    *out = comm; /* NULL when refused: callers' compilers see it set */
    return __builtin_expect(comm != NULL, 1) ? MPI_SUCCESS : check_comm_error(handle);
}

static inline int check_datatype(MPI_Datatype handle, const char *what, datatype_t **out)
{
    datatype_t *dt = dt_from_handle(handle);
    *out = dt;
    return __builtin_expect(dt != NULL, 1) ? MPI_SUCCESS : check_datatype_error(handle, what);
}

/* A live operation handle (MPI_OP_NULL is none). */
static inline int check_op_handle(MPI_Op handle, op_t **out)
{
    op_t *op = op_from_handle(handle);
    *out = op;
    return __builtin_expect(op != NULL, 1) ? MPI_SUCCESS : check_op_error(handle);
}

static inline int check_count(MPI_Count count, const char *what)
{
    return __builtin_expect(count < 0, 0) ? check_count_error(count, what) : MPI_SUCCESS;
}

int check_buffer(const void *buf, MPI_Count count, const char *what);
/* The rules of a message buffer for a type already looked up
 * (check_datatype); the data's length in *total.  Inline: every message
 * and collective runs them. */
static inline int check_buffer_rules(const void *buf, MPI_Count count, const datatype_t *dt, bool send, int64_t *total)
{
    /* The length by multiplication with an overflow check: a division
     * would cost more than the rest of the checks together.  Data spread
     * out in memory must also have all its addresses representable.
     * MPI_BOTTOM (NULL) is a base address for derived types built from
     * absolute addresses; with a predefined type it holds no data. */
    int64_t span;
    bool bad = !dt->committed || __builtin_mul_overflow((int64_t)count, (int64_t)dt->size, total) ||
               (!dt->contiguous && __builtin_mul_overflow((int64_t)count, (int64_t)dt->extent, &span)) ||
               (buf == NULL && *total > 0 && dt->predefined);
    if (__builtin_expect(bad, 0))
        return check_typed_buffer_error(buf, count, dt, send);
    return MPI_SUCCESS;
}

static inline int check_typed_buffer(const void *buf, MPI_Count count, const datatype_t *dt, bool send)
{
    int64_t total = 0;
    return check_buffer_rules(buf, count, dt, send, &total);
}
__attribute__((cold)) int check_pointer_error(const char *what);
static inline int check_pointer(const void *ptr, const char *what)
{
    return __builtin_expect(ptr != NULL, 1) ? MPI_SUCCESS : check_pointer_error(what);
}
int check_send_rank(const comm_t *comm, int rank, const char *what);
int check_recv_rank(const comm_t *comm, int rank, const char *what);
/* The largest tag a user may give.  One below INT_MAX, so that every
 * user tag t has a negative twin INT_MIN + t other than MPI_ANY_TAG:
 * partitioned messages travel under those (p2p/partitioned tags). */
#define TESSERA_TAG_UB 0x7ffffffe
int check_send_tag(int tag);
int check_recv_tag(int tag);

/* A rank of the (remote) group or MPI_PROC_NULL, or with `any`
 * MPI_ANY_SOURCE too.  One unsigned comparison covers 0 <= rank < n. */
static inline int check_rank_in(const comm_t *comm, int rank, bool any, const char *what)
{
    if (__builtin_expect((unsigned)rank < (unsigned)comm_peer_count(comm) || rank == MPI_PROC_NULL ||
                             (any && rank == MPI_ANY_SOURCE),
                         1))
        return MPI_SUCCESS;
    return check_rank_error(comm, rank, what);
}

static inline int check_tag_in(int tag, bool any)
{
    if (__builtin_expect((unsigned)tag <= TESSERA_TAG_UB || (any && tag == MPI_ANY_TAG), 1))
        return MPI_SUCCESS;
    return check_tag_error(tag, any);
}

/* count elements of a committed datatype at buf, as the message buffer
 * point-to-point moves (send picks the words the messages use).  Inline:
 * every send and receive runs it (below). */
static inline int check_message_buffer(const void *buf, MPI_Count count, MPI_Datatype datatype, bool send,
                                       dt_buffer_t *out)
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
        rc = check_message_buffer(buf, count, datatype, send, data_out);
    return rc;
}

/* The arguments of a send or receive, all at once; gives the communicator
 * and the message buffer.  Inline, as every message runs them: with the
 * calls around them they were a third of an MPI_Irecv's instructions. */
static inline int check_send_args(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                  MPI_Comm comm, comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_message_args(buf, count, datatype, comm, true, comm_out, data_out);
    if (rc == MPI_SUCCESS)
        rc = check_rank_in(*comm_out, dest, false, "destination");
    if (rc == MPI_SUCCESS)
        rc = check_tag_in(tag, false);
    return rc;
}

static inline int check_recv_args(const void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                                  MPI_Comm comm, comm_t **comm_out, dt_buffer_t *data_out)
{
    int rc = check_message_args(buf, count, datatype, comm, false, comm_out, data_out);
    if (rc == MPI_SUCCESS)
        rc = check_rank_in(*comm_out, source, true, "source");
    if (rc == MPI_SUCCESS)
        rc = check_tag_in(tag, true);
    return rc;
}

/* A live request handle; MPI_REQUEST_NULL is refused by the second form
 * (for calls where a null request is an error, not a no-op). */
__attribute__((cold)) int check_request_error(MPI_Request handle, const char *what);
static inline int check_request(MPI_Request handle, const char *what, request_t **out)
{
    request_t *req = request_from_handle(handle);
    *out = req;
    return __builtin_expect(req != NULL, 1) ? MPI_SUCCESS : check_request_error(handle, what);
}
int check_request_not_null(MPI_Request handle, const char *what, request_t **out);

/* How a handle is shown in messages: its predefined name or its value. */
const char *check_comm_name(MPI_Comm handle, char *buf, size_t len);

#endif
