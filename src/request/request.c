#include "request/request.h"

#include <stdlib.h>
#include <string.h>

#include "err/err.h"
#include "obj/comm.h"
#include "obj/handle.h"
#include "util/log.h"

obj_table_t request_table;
request_t *request_pool;
request_t request_done[REQUEST_DONE_KINDS];

void request_init(void)
{
    static const uint8_t kinds[REQUEST_DONE_KINDS] = {REQUEST_SEND, REQUEST_COLL};
    obj_table_init(&request_table, TESSERA_KIND_REQUEST_, 1 + REQUEST_DONE_KINDS);
    for (int i = 0; i < REQUEST_DONE_KINDS; i++) {
        request_t *req = &request_done[i];
        *req = (request_t){.kind = kinds[i], .complete = true, .world_peer = -1};
        request_status_empty(&req->status);
        req->handle = obj_table_put_at(&request_table, 1 + (uint32_t)i, req);
    }
}

request_t *request_alloc_fresh(void)
{
    request_t *req = malloc(sizeof *req);
    if (!req)
        log_fatal("out of memory allocating a request");
    return req;
}

void request_table_full(void)
{
    log_fatal("more than a million requests outstanding");
}

void request_set_data(request_t *req, const dt_buffer_t *data)
{
    if (data->dt)
        dt_ref(data->dt);
    req->data = *data;
}

void request_free_parts(request_t *req)
{
    if (req->kind == REQUEST_GENERALIZED)
        grequest_free_state(req);
    if (req->data.dt)
        dt_unref(req->data.dt);
    free(req->owned);
    req->owned = NULL;
}

/* Whether a live request on comm or its internal twin is running (or,
 * with running_only false, merely exists). */
static bool any_on(const struct comm *comm, bool running_only)
{
    const struct comm *twin = comm->internal;
    for (uint32_t i = 0; i < request_table.used; i++) {
        const request_t *req = request_table.objects[i];
        if (req && (req->comm == comm || req->comm == twin) &&
            (!running_only || (!req->complete && !request_is_inactive(req))))
            return true;
    }
    return false;
}

bool request_uses(const struct comm *comm)
{
    return any_on(comm, false);
}

bool request_pending_on(const struct comm *comm)
{
    return any_on(comm, true);
}

unsigned request_sends_running(void)
{
    unsigned n = 0;
    for (uint32_t i = 0; i < request_table.used; i++) {
        const request_t *req = request_table.objects[i];
        n += req && req->kind == REQUEST_SEND && !req->complete && !request_is_inactive(req);
    }
    return n;
}

void request_status_out_proc_null(MPI_Status *to)
{
    if (to == MPI_STATUS_IGNORE)
        return;
    to->MPI_SOURCE = MPI_PROC_NULL;
    to->MPI_TAG = MPI_ANY_TAG;
    to->tessera_cancelled = 0;
    to->tessera_count = 0;
}

void request_status_out_empty(MPI_Status *to)
{
    if (to != MPI_STATUS_IGNORE)
        request_status_empty(to);
}

int request_truncation_error(size_t msg_bytes, int source, int tag, size_t capacity)
{
    return err_set(MPI_ERR_TRUNCATE,
                   "message truncated: %zu bytes from rank %d (tag %d) do not fit the %zu-byte receive buffer",
                   msg_bytes, source, tag, capacity);
}

int request_status_error(const request_t *req)
{
    /* A collective's error was described when its schedule met it. */
    if (req->status.MPI_ERROR == MPI_ERR_TRUNCATE && req->kind != REQUEST_COLL)
        return request_truncation_error(req->msg_bytes, req->status.MPI_SOURCE, req->status.MPI_TAG, req->data.bytes);
    return req->status.MPI_ERROR;
}

/* The receive's status is the pair's (source, tag, count, cancelled); an
 * error in either part is the pair's error. */
void request_part_done(request_t *part)
{
    request_t *pair = part->pair;
    int slot = pair->parts[0] == part ? 0 : 1;
    if (part->kind == REQUEST_RECV) {
        int error = pair->status.MPI_ERROR;
        pair->status = part->status;
        pair->msg_bytes = part->msg_bytes;
        pair->data.bytes = part->data.bytes;
        if (error != MPI_SUCCESS)
            pair->status.MPI_ERROR = error;
    } else if (part->status.MPI_ERROR != MPI_SUCCESS)
        pair->status.MPI_ERROR = part->status.MPI_ERROR;
    pair->parts[slot] = NULL;
    request_free(part);
    if (!pair->parts[0] && !pair->parts[1])
        request_complete(pair);
}

void request_pair_join(request_t *pair, request_t *send, request_t *recv)
{
    pair->parts[0] = send;
    pair->parts[1] = recv;
    pair->status.MPI_ERROR = MPI_SUCCESS;
    /* Parts that finished while being started report now; the others
     * will when they complete. */
    for (int i = 0; i < 2; i++) {
        request_t *part = pair->parts[i];
        part->pair = pair;
        if (part->complete)
            request_part_done(part);
    }
}

void grequest_query(request_t *req)
{
    grequest_t *g = req->owned;
    request_status_empty(&req->status);
    int rc = g->query ? g->query(g->extra_state, &req->status) : MPI_SUCCESS;
    if (rc != MPI_SUCCESS)
        req->status.MPI_ERROR = err_set(rc, "the generalized request's query_fn returned error %d", rc);
}

int grequest_free_state(request_t *req)
{
    grequest_t *g = req->owned;
    if (!g || g->freed)
        return MPI_SUCCESS;
    g->freed = true;
    int rc = g->free ? g->free(g->extra_state) : MPI_SUCCESS;
    if (rc != MPI_SUCCESS)
        err_set(rc, "the generalized request's free_fn returned error %d", rc);
    return rc;
}
