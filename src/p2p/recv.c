/*
 * recv.c -- receiving: posting receives, and what happens to each message
 * that a transport delivers (p2p_incoming).
 *
 * An eager message is copied straight from the transport's memory into the
 * matching receive buffer; with no receive posted it is copied once into an
 * unexpected-queue entry.  An RTS is matched the same way and then handed to
 * rndv.c, which pulls the data.  A message in pieces (wire.h) is matched by
 * its announcement; its pieces then go to the receive, or to the unexpected
 * entry until a receive takes that over.
 */
#include <stdlib.h>

#include "p2p/match.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "runtime/runtime.h"
#include "util/log.h"

/* Per world rank: the message in pieces now arriving from it, if any. */
typedef struct incoming_pieces {
    request_t *req;     /* the receive it goes to, or */
    unexpected_t *msg;  /* the unexpected entry collecting it */
    size_t done, total; /* bytes arrived, and the message's length */
} incoming_pieces_t;

static incoming_pieces_t *pieces;

void p2p_recv_init(int world_size)
{
    pieces = calloc((size_t)world_size, sizeof *pieces);
    if (!pieces)
        log_fatal("out of memory for receive state");
}

void p2p_recv_finalize(void)
{
    free(pieces);
    pieces = NULL;
}

/* The status of a message of `bytes` from source with tag into a buffer
 * of `room` bytes: what fits is received, more is truncation. */
static void message_status(MPI_Status *st, int source, int tag, size_t bytes, size_t room)
{
    st->MPI_SOURCE = source;
    st->MPI_TAG = tag;
    st->tessera_cancelled = 0;
    st->tessera_count = (MPI_Count)(bytes < room ? bytes : room);
    st->MPI_ERROR = bytes > room ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
}

/* Fill the status of a matched receive; the message is bytes long. */
static void recv_set_status(request_t *req, int source, int tag, size_t bytes)
{
    req->msg_bytes = bytes;
    message_status(&req->status, source, tag, bytes, req->data.bytes);
}

static void recv_deliver_eager(request_t *req, int source, int tag, const wire_payload_t *payload)
{
    size_t bytes = wire_payload_length(payload);
    recv_set_status(req, source, tag, bytes);
    wire_payload_unpack(&req->data, 0, payload, (size_t)req->status.tessera_count);
    request_complete(req);
}

/* A receive matched a message in pieces of which done bytes are in data;
 * the rest goes to req as it comes. */
static void recv_take_pieces(request_t *req, int world_source, const unsigned char *data, size_t done, size_t total)
{
    size_t room = req->data.bytes < done ? req->data.bytes : done;
    if (room)
        dt_buffer_unpack(&req->data, 0, room, data);
    pieces[world_source] = (incoming_pieces_t){req, NULL, done, total};
}

static void incoming_piece(int world_src, const wire_payload_t *payload)
{
    incoming_pieces_t *p = &pieces[world_src];
    size_t len = wire_payload_length(payload);
    if (p->req) {
        size_t room = p->req->data.bytes > p->done ? p->req->data.bytes - p->done : 0;
        if (room)
            wire_payload_unpack(&p->req->data, p->done, payload, len < room ? len : room);
    } else {
        wire_payload_copy(p->msg->data + p->done, payload, len);
        p->msg->arrived = p->done + len;
    }
    p->done += len;
    if (p->done < p->total)
        return;
    if (p->req)
        request_complete(p->req);
    *p = (incoming_pieces_t){0};
}

static void recv_match_rts(request_t *req, int world_source, int source, int tag, const wire_rts_t *rts)
{
    recv_set_status(req, source, tag, rts->bytes);
    req->world_peer = world_source;
    rndv_recv_start(req, world_source, rts);
}

/* An unexpected-queue entry for a message of hdr's from world rank
 * world_src (source in its communicator) with room for data_bytes. */
static unexpected_t *unexpected_new(int world_src, int source, const wire_hdr_t *hdr, size_t data_bytes)
{
    unexpected_t *msg = match_unexpected_alloc(data_bytes);
    if (!msg)
        log_fatal("out of memory queueing an unexpected message of %zu bytes", data_bytes);
    msg->world_source = world_src;
    msg->source = source;
    msg->tag = hdr->tag;
    msg->type = hdr->type == WIRE_RTS ? WIRE_RTS : WIRE_EAGER;
    msg->ack = hdr->type == WIRE_EAGER_SYNC;
    return msg;
}

static void incoming_message(int world_src, const wire_hdr_t *hdr, const wire_payload_t *payload)
{
    /* A faster process may already send on a communicator this one has
     * not finished creating: the message waits, its source in the new
     * communicator filled in when the communicator appears. */
    comm_t *comm = comm_from_context(hdr->context_id);
    int source = comm ? comm_rank_of_world(comm, world_src) : MATCH_SOURCE_UNRESOLVED;
    /* What the message says of its sender's request: all of it for an RTS,
     * the handle to answer for an EAGER_SYNC, nothing (zeros) otherwise. */
    wire_rts_t rts = {0};
    uint64_t total = 0;
    wire_payload_t data = *payload;
    if (hdr->type == WIRE_RTS) {
        wire_payload_copy(&rts, payload, sizeof rts);
    } else if (hdr->type == WIRE_PIECES) {
        wire_payload_copy(&total, payload, sizeof total);
    } else if (hdr->type == WIRE_EAGER_SYNC) {
        wire_payload_copy(&rts.send_handle, payload, sizeof rts.send_handle);
        data = wire_payload_skip(payload, sizeof rts.send_handle);
    }
    request_t *req = comm ? match_posted_take(hdr->context_id, source, hdr->tag, rts.part_seq) : NULL;
    if (req) {
        if (hdr->type == WIRE_EAGER || hdr->type == WIRE_EAGER_SYNC) {
            recv_deliver_eager(req, source, hdr->tag, &data);
            if (hdr->type == WIRE_EAGER_SYNC)
                p2p_send_control(world_src, WIRE_FIN, (int32_t)rts.send_handle, NULL, 0);
        } else if (hdr->type == WIRE_PIECES) {
            recv_set_status(req, source, hdr->tag, total);
            req->world_peer = world_src;
            recv_take_pieces(req, world_src, NULL, 0, total);
        } else {
            recv_match_rts(req, world_src, source, hdr->tag, &rts);
        }
        return;
    }
    bool eager = hdr->type == WIRE_EAGER || hdr->type == WIRE_EAGER_SYNC;
    size_t data_bytes = eager ? wire_payload_length(&data) : hdr->type == WIRE_PIECES ? total : 0;
    unexpected_t *msg = unexpected_new(world_src, source, hdr, data_bytes);
    msg->rts = rts;
    if (eager) {
        msg->bytes = msg->arrived = data_bytes;
        wire_payload_copy(msg->data, &data, data_bytes);
    } else if (hdr->type == WIRE_PIECES) {
        msg->bytes = data_bytes;
        msg->arrived = 0;
        pieces[world_src] = (incoming_pieces_t){NULL, msg, 0, data_bytes};
    } else {
        msg->bytes = rts.bytes;
    }
    match_unexpected_append(hdr->context_id, msg);
}

/* A sender cancels the message of its request send_handle (send.c). */
static void incoming_cancel(int world_src, uint32_t send_handle, uint32_t context_id)
{
    unexpected_t *msg = match_unexpected_withdraw((uint16_t)context_id, world_src, send_handle);
    uint32_t withdrawn = msg != NULL;
    if (msg)
        match_unexpected_free(msg);
    p2p_send_control(world_src, WIRE_CANCELLED, (int32_t)send_handle, &withdrawn, sizeof withdrawn);
}

void p2p_incoming(int src, const wire_hdr_t *hdr, const wire_payload_t *payload)
{
    switch (hdr->type) {
    case WIRE_EAGER:
    case WIRE_EAGER_SYNC:
    case WIRE_RTS:
    case WIRE_PIECES:
        incoming_message(src, hdr, payload);
        return;
    case WIRE_PIECE:
        incoming_piece(src, payload);
        return;
    case WIRE_CTS: {
        wire_cts_t cts;
        wire_payload_copy(&cts, payload, sizeof cts);
        rndv_on_cts((uint32_t)hdr->tag, &cts);
        return;
    }
    case WIRE_DATA:
        rndv_on_data((uint32_t)hdr->tag, payload);
        return;
    case WIRE_FIN:
        rndv_on_fin((uint32_t)hdr->tag);
        return;
    case WIRE_CANCEL: {
        uint32_t context_id;
        wire_payload_copy(&context_id, payload, sizeof context_id);
        incoming_cancel(src, (uint32_t)hdr->tag, context_id);
        return;
    }
    case WIRE_CANCELLED: {
        uint32_t withdrawn;
        wire_payload_copy(&withdrawn, payload, sizeof withdrawn);
        p2p_send_cancelled((uint32_t)hdr->tag, withdrawn != 0);
        return;
    }
    case WIRE_PUSHED: {
        uint64_t from;
        wire_payload_copy(&from, payload, sizeof from);
        rndv_on_pushed((uint32_t)hdr->tag, from);
        return;
    }
    default:
        log_fatal("internal error: message of unknown type %u from rank %d", hdr->type, src);
    }
}

void p2p_incoming_local(int world_src, const wire_hdr_t *hdr, const dt_buffer_t *data)
{
    comm_t *comm = comm_from_context(hdr->context_id);
    int source = comm ? comm_rank_of_world(comm, world_src) : MATCH_SOURCE_UNRESOLVED;
    request_t *req = comm ? match_posted_take(hdr->context_id, source, hdr->tag, 0) : NULL;
    if (req) {
        recv_set_status(req, source, hdr->tag, data->bytes);
        dt_buffer_copy(&req->data, data, (size_t)req->status.tessera_count);
        request_complete(req);
        return;
    }
    unexpected_t *msg = unexpected_new(world_src, source, hdr, data->bytes);
    msg->rts = (wire_rts_t){0};
    msg->bytes = msg->arrived = data->bytes;
    dt_buffer_t queued = dt_buffer_bytes(msg->data, data->bytes);
    dt_buffer_copy(&queued, data, data->bytes);
    match_unexpected_append(hdr->context_id, msg);
}

/* A receive found its message in the unexpected queue. */
void p2p_recv_unexpected(request_t *req, unexpected_t *msg)
{
    if (msg->type == WIRE_EAGER && msg->arrived < msg->bytes) {
        /* Still arriving in pieces: what is here now, the rest as it comes. */
        recv_set_status(req, msg->source, msg->tag, msg->bytes);
        recv_take_pieces(req, msg->world_source, msg->data, msg->arrived, msg->bytes);
    } else if (msg->type == WIRE_EAGER) {
        wire_payload_t payload = {{msg->data, NULL}, {msg->bytes, 0}};
        recv_deliver_eager(req, msg->source, msg->tag, &payload);
        if (msg->ack)
            p2p_send_control(msg->world_source, WIRE_FIN, (int32_t)msg->rts.send_handle, NULL, 0);
    } else {
        recv_match_rts(req, msg->world_source, msg->source, msg->tag, &msg->rts);
    }
    match_unexpected_free(msg);
}

/* A receive's buffer streams when large: the receiver writes the bytes,
 * and what it reads is the ring's, cached. */
static void recv_streams(dt_buffer_t *into)
{
    if (dt_streams(into->bytes))
        into->stream = true;
}

/* Fill in a receive that may be started more than once (MPI_Recv_init). */
void p2p_recv_prepare(request_t *req, const dt_buffer_t *data, int source, int tag, comm_t *comm)
{
    req->comm = comm;
    request_set_data(req, data);
    recv_streams(&req->data);
    req->peer = source;
    /* Known now for a named source; a wildcard learns it when it matches. */
    req->world_peer = comm_world_peer(comm, source);
    req->tag = tag;
}

/* Start req; `searched`: its caller already found nothing waiting for it. */
static void recv_start(request_t *req, bool searched)
{
    if (!p2p_begin(req))
        return;
    if (searched) {
        match_post(req->comm->context_id, req);
        return;
    }
    /* Only messages already taken out of the rings can be in the unexpected
     * queue; one still in a ring was sent after them and will meet this
     * receive when progress delivers it, in order. */
    unexpected_t *msg = match_take_or_post(req->comm->context_id, req);
    if (msg)
        p2p_recv_unexpected(req, msg);
}

void p2p_recv_start(request_t *req)
{
    recv_start(req, false);
}

static request_t *recv_new(const dt_buffer_t *data, int source, int tag, comm_t *comm, enum recv_hint hint,
                           bool searched)
{
    request_t *req = request_alloc(REQUEST_RECV);
    req->recv_hint = (uint8_t)hint;
    p2p_recv_prepare(req, data, source, tag, comm);
    recv_start(req, searched);
    return req;
}

int p2p_irecv_hinted(const dt_buffer_t *data, int source, int tag, comm_t *comm, enum recv_hint hint, request_t **out)
{
    *out = recv_new(data, source, tag, comm, hint, false);
    return MPI_SUCCESS;
}

int p2p_irecv(const dt_buffer_t *data, int source, int tag, comm_t *comm, request_t **out)
{
    return p2p_irecv_hinted(data, source, tag, comm, RECV_PLAIN, out);
}

/* A blocking receive whose message is here whole (eager, every piece in)
 * needs no request: its status is the call's.  Returns the error. */
static int recv_waiting(const dt_buffer_t *data, unexpected_t *msg, MPI_Status *status)
{
    MPI_Status st;
    message_status(&st, msg->source, msg->tag, msg->bytes, data->bytes);
    dt_buffer_t into = *data;
    recv_streams(&into);
    if (st.tessera_count)
        dt_buffer_unpack(&into, 0, (size_t)st.tessera_count, msg->data);
    request_status_out(status, &st);
    int rc = st.MPI_ERROR == MPI_SUCCESS ? MPI_SUCCESS
                                         : request_truncation_error(msg->bytes, msg->source, msg->tag, data->bytes);
    if (msg->ack)
        p2p_send_control(msg->world_source, WIRE_FIN, (int32_t)msg->rts.send_handle, NULL, 0);
    match_unexpected_free(msg);
    return rc;
}

int p2p_recv_matched(const dt_buffer_t *data, comm_t *comm, unexpected_t *msg, MPI_Status *status)
{
    if (msg->type == WIRE_EAGER && msg->arrived == msg->bytes)
        return recv_waiting(data, msg, status);
    request_t *req;
    p2p_imrecv(data, comm, msg, &req);
    progress_wait(req);
    return request_release(req, status);
}

int p2p_recv(const dt_buffer_t *data, int source, int tag, comm_t *comm, MPI_Status *status)
{
    /* A message already here is taken as a receive starting would take it
     * (p2p_recv_start); one here whole is delivered at once: a request
     * made, entered and freed was a third of such a receive. */
    unexpected_t *msg = source != MPI_PROC_NULL ? match_unexpected_take(comm->context_id, source, tag, 0) : NULL;
    if (msg)
        return p2p_recv_matched(data, comm, msg, status);
    request_t *req = recv_new(data, source, tag, comm, RECV_PLAIN, true);
    progress_wait(req);
    return request_release(req, status);
}

void p2p_context_ready(const comm_t *comm)
{
    match_resolve_sources(comm->context_id, comm);
    match_resolve_sources(comm->internal->context_id, comm->internal);
}

void p2p_cancel(request_t *req)
{
    if (req->complete || req->peer == MPI_PROC_NULL)
        return;
    bool withdrawn = req->kind == REQUEST_RECV ? match_posted_remove(req->comm->context_id, req) : p2p_send_cancel(req);
    if (!withdrawn)
        return; /* matched, on its way, or asked of the receiver: completes later */
    p2p_complete_cancelled(req);
}

void p2p_complete_cancelled(request_t *req)
{
    request_status_empty(&req->status);
    req->status.tessera_cancelled = 1;
    request_complete(req);
}
