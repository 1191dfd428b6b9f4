/*
 * partitioned.c -- partitioned point-to-point (MPI-4): a persistent send
 * whose buffer is filled in parts, each declared with MPI_Pready, and the
 * persistent receive it matches.
 *
 * On shared memory the message goes as one transfer once the last
 * partition is ready: the copy is the cost, and one large copy beats
 * many small ones.  So MPI_Parrived reports every partition at once,
 * when the message has arrived (partitions on the two sides may differ,
 * as the standard allows, since only the total counts).  The message
 * travels on the communicator's own context under the tag's negative
 * twin (check/check.h), which no ordinary receive takes, so partitioned
 * and ordinary traffic with the same tag never mix.  Partitioned sends
 * and receives match in the order they were initialized, not started
 * (MPI-4.1 4.2.2): each init's place among its process's with the same
 * peer and tag travels with its RTS and must equal the receive's; the
 * first (place 0, the usual case) may go eager like any message.
 */
#include <limits.h>
#include <stdlib.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/info.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Psend_init, PMPI_Psend_init)
TESSERA_WEAK_ALIAS(MPI_Precv_init, PMPI_Precv_init)
TESSERA_WEAK_ALIAS(MPI_Pready, PMPI_Pready)
TESSERA_WEAK_ALIAS(MPI_Pready_range, PMPI_Pready_range)
TESSERA_WEAK_ALIAS(MPI_Pready_list, PMPI_Pready_list)
TESSERA_WEAK_ALIAS(MPI_Parrived, PMPI_Parrived)

static int wire_tag(int tag)
{
    return INT_MIN + tag;
}

static int check_partition_args(int partitions, MPI_Count count, MPI_Info info, MPI_Request *request, MPI_Count *total)
{
    int rc = MPI_SUCCESS;
    if (partitions < 1)
        rc = err_set(MPI_ERR_ARG, "invalid partitions %d (must be at least 1)", partitions);
    else if (count < 0)
        rc = err_set(MPI_ERR_COUNT, "invalid count %lld (must be non-negative)", (long long)count);
    else if (count > 0 && partitions > INT64_MAX / count)
        rc = err_set(MPI_ERR_COUNT, "invalid count %lld: %d partitions of it overflow", (long long)count, partitions);
    else if (info != MPI_INFO_NULL && !info_from_handle(info))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    else
        rc = check_pointer(request, "request");
    *total = (MPI_Count)partitions * count;
    return rc;
}

int PMPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    dt_buffer_t data;
    MPI_Count total = 0;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_partition_args(partitions, count, info, request, &total);
    if (rc == MPI_SUCCESS)
        rc = check_send_args(buf, total, datatype, dest, tag, comm, &c, &data);
    uint8_t *ready = NULL;
    if (rc == MPI_SUCCESS && !(ready = calloc((size_t)partitions, 1)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for %d partitions", partitions);
    uint32_t seq = 0;
    if (rc == MPI_SUCCESS && dest != MPI_PROC_NULL && (seq = comm_next_part_seq(c, dest, tag, false)) == UINT32_MAX)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory counting partitioned sends");
    if (rc != MPI_SUCCESS) {
        free(ready);
        return err_raise(c, "MPI_Psend_init", rc);
    }
    request_t *req = request_alloc(REQUEST_SEND);
    req->persistent = true;
    req->partitions = partitions;
    req->part_seq = seq;
    req->owned = ready;
    p2p_send_prepare(req, &data, dest, dest == MPI_PROC_NULL ? tag : wire_tag(tag), c, SEND_MODE_STANDARD);
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

int PMPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    dt_buffer_t data;
    MPI_Count total = 0;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_partition_args(partitions, count, info, request, &total);
    if (rc == MPI_SUCCESS && source == MPI_ANY_SOURCE)
        rc = err_set(MPI_ERR_RANK, "invalid source MPI_ANY_SOURCE (a partitioned receive names its sender)");
    if (rc == MPI_SUCCESS && tag == MPI_ANY_TAG)
        rc = err_set(MPI_ERR_TAG, "invalid tag MPI_ANY_TAG (a partitioned receive names its tag)");
    if (rc == MPI_SUCCESS)
        rc = check_recv_args(buf, total, datatype, source, tag, comm, &c, &data);
    uint32_t seq = 0;
    if (rc == MPI_SUCCESS && source != MPI_PROC_NULL && (seq = comm_next_part_seq(c, source, tag, true)) == UINT32_MAX)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory counting partitioned receives");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Precv_init", rc);
    request_t *req = request_alloc(REQUEST_RECV);
    req->persistent = true;
    req->partitions = partitions;
    req->part_seq = seq;
    p2p_recv_prepare(req, &data, source, source == MPI_PROC_NULL ? tag : wire_tag(tag), c);
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

void partitioned_start(request_t *req)
{
    req->partitions_ready = 0;
    for (int i = 0; i < req->partitions; i++)
        ((uint8_t *)req->owned)[i] = 0;
}

int partitioned_user_tag(int wire)
{
    return wire < 0 && wire != MPI_ANY_TAG ? wire - INT_MIN : wire;
}

/* An active partitioned send, or the error saying why not. */
static int check_psend(MPI_Request handle, request_t **out)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_request_not_null(handle, "request", out);
    if (rc == MPI_SUCCESS && ((*out)->kind != REQUEST_SEND || !(*out)->partitions))
        rc = err_set(MPI_ERR_REQUEST, "request %#x is not a partitioned send (MPI_Psend_init)",
                     (unsigned)(uintptr_t)handle);
    if (rc == MPI_SUCCESS && !(*out)->active)
        rc = err_set(MPI_ERR_REQUEST, "partitioned send %#x is not started (MPI_Start)", (unsigned)(uintptr_t)handle);
    return rc;
}

/* Mark one partition; the last one sends the message. */
static int ready(request_t *req, int partition)
{
    if (partition < 0 || partition >= req->partitions)
        return err_set(MPI_ERR_ARG, "invalid partition %d (the request has %d)", partition, req->partitions);
    uint8_t *flags = req->owned;
    if (flags[partition])
        return err_set(MPI_ERR_ARG, "invalid partition %d: it is already ready in this round", partition);
    flags[partition] = 1;
    if (++req->partitions_ready == req->partitions)
        p2p_send_start(req);
    return MPI_SUCCESS;
}

int PMPI_Pready(int partition, MPI_Request request)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_psend(request, &req);
    if (rc == MPI_SUCCESS)
        rc = ready(req, partition);
    if (rc != MPI_SUCCESS)
        return err_raise(req ? req->comm : NULL, "MPI_Pready", rc);
    return MPI_SUCCESS;
}

int PMPI_Pready_range(int partition_low, int partition_high, MPI_Request request)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_psend(request, &req);
    if (rc == MPI_SUCCESS && partition_low > partition_high)
        rc = err_set(MPI_ERR_ARG, "invalid range %d..%d (low above high)", partition_low, partition_high);
    for (int p = partition_low; rc == MPI_SUCCESS && p <= partition_high; p++)
        rc = ready(req, p);
    if (rc != MPI_SUCCESS)
        return err_raise(req ? req->comm : NULL, "MPI_Pready_range", rc);
    return MPI_SUCCESS;
}

int PMPI_Pready_list(int length, const int array_of_partitions[], MPI_Request request)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_psend(request, &req);
    if (rc == MPI_SUCCESS)
        rc = check_count(length, "length");
    if (rc == MPI_SUCCESS && length > 0)
        rc = check_pointer(array_of_partitions, "array_of_partitions");
    for (int i = 0; rc == MPI_SUCCESS && i < length; i++)
        rc = ready(req, array_of_partitions[i]);
    if (rc != MPI_SUCCESS)
        return err_raise(req ? req->comm : NULL, "MPI_Pready_list", rc);
    return MPI_SUCCESS;
}

int PMPI_Parrived(MPI_Request request, int partition, int *flag)
{
    THREADS_ENTER();
    request_t *req = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_request_not_null(request, "request", &req);
    if (rc == MPI_SUCCESS && (req->kind != REQUEST_RECV || !req->partitions))
        rc = err_set(MPI_ERR_REQUEST, "request %#x is not a partitioned receive (MPI_Precv_init)",
                     (unsigned)(uintptr_t)request);
    if (rc == MPI_SUCCESS && (partition < 0 || partition >= req->partitions))
        rc = err_set(MPI_ERR_ARG, "invalid partition %d (the request has %d)", partition, req->partitions);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(req ? req->comm : NULL, "MPI_Parrived", rc);
    /* An inactive request has nothing still to arrive. */
    if (req->active && !req->complete)
        progress_poll();
    *flag = !req->active || req->complete;
    if (!*flag)
        progress_test_idle(req->world_peer);
    return MPI_SUCCESS;
}
