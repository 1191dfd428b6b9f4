/*
 * send.c -- choosing how a message leaves, and the queue of sends that wait
 * for room.
 *
 * Protocols:
 *   eager       the payload travels with the header (in the ring slot when
 *               it fits in the first cache line, else in the data ring);
 *               the send is complete once the transport has copied it.
 *   eager-sync  a synchronous send of up to 44 contiguous bytes: data and
 *               the sender's handle in one slot; complete when the receive
 *               that takes it answers FIN.
 *   pieces      eager non-contiguous data of a few kilobytes and more, and
 *               contiguous data of 16 KiB and more to a receiver that is
 *               waiting, goes in pieces (wire.h), so that the copy in and
 *               the copy out overlap; so does non-contiguous data beyond
 *               the eager limit, up to half the data ring, to a receiver
 *               that has taken everything sent before (typed_eager).
 *   rendezvous  beyond the transport's eager limit: an RTS announces the
 *               buffer and the receiver pulls it (rndv.c).
 * A send that finds no room waits in its peer's pending queue, in order, so
 * messages to one peer never overtake each other; progress pushes it later.
 */
#include <stdlib.h>
#include <string.h>

#include "dt/layout.h"
#include "p2p/p2p.h"
#include "p2p/proto_info.h"
#include "progress/progress.h"
#include "util/atomics.h"
#include "util/copy.h"
#include "util/log.h"

enum send_state {
    SEND_EAGER = 1,  /* the whole message goes in one eager message */
    SEND_ANNOUNCE,   /* an eager message in pieces, nothing sent yet */
    SEND_EAGER_SYNC, /* a small MPI_Ssend: data and handle in one slot, then FIN */
    SEND_PIECES,     /* announced; pieces go out as room allows */
    SEND_RTS,        /* the RTS still has to go out */
    SEND_WAIT_REPLY, /* RTS sent, waiting for FIN (single copy) or CTS */
    SEND_STREAM,     /* CTS received: DATA chunks go out as room allows */
    SEND_PUSHED,     /* the rest written into the stalled receiver's buffer: PUSHED goes out */
};

typedef struct pending_queue {
    request_t *head;
    request_t *tail;
} pending_queue_t;

static struct {
    int world_rank;
    int world_size;
    pending_queue_t *pending; /* per world rank */
    size_t pending_count;     /* requests in all queues together */
} send_state;

void p2p_send_init(int world_rank, int world_size)
{
    send_state.world_rank = world_rank;
    send_state.world_size = world_size;
    send_state.pending = calloc((size_t)world_size, sizeof *send_state.pending);
    if (!send_state.pending)
        log_fatal("out of memory for send queues");
    send_state.pending_count = 0;
}

void p2p_send_finalize(void)
{
    free(send_state.pending);
    send_state.pending = NULL;
}

transport_ops_t *p2p_transport(int world_peer)
{
    return world_peer == send_state.world_rank ? &transport_self : &transport_shm;
}

/* The protocol a message of this size to this peer takes, for
 * TESSERA_PROTO_INFO. */
static void send_report(int world_dest, size_t bytes)
{
    if (world_dest == send_state.world_rank)
        proto_info(world_dest, PROTO_SELF, "a message to oneself is delivered in place");
    else if (bytes <= WIRE_INLINE_BYTES)
        proto_info(world_dest, PROTO_EAGER_INLINE, "fits the 48 payload bytes of a ring slot");
    else if (bytes <= p2p_transport(world_dest)->eager_limit)
        proto_info(world_dest, PROTO_EAGER_RING, "within the eager limit (TESSERA_EAGER_LIMIT)");
}

static wire_hdr_t send_hdr(uint8_t type, uint16_t context_id, int32_t tag)
{
    return (wire_hdr_t){.type = type, .flags = 0, .context_id = context_id, .tag = tag};
}

/* Send bytes [pos, pos + len) of data as the payload of one message. */
static inline int send_data(transport_ops_t *tp, int dest, const wire_hdr_t *hdr, const dt_buffer_t *data, size_t pos,
                            size_t len)
{
    if (data->dt)
        return tp->send_packed(dest, hdr, data, pos, len);
    return tp->send(dest, hdr, (const char *)data->base + pos, len);
}

/* Pieces of a non-contiguous eager message: about a quarter of it, so
 * that the receiver is unpacking while the sender packs, but no smaller
 * than PIECE_MIN (each piece costs a ring slot and a poll) and no larger
 * than PIECE_MAX (the first unpack waits for the first piece).  Since
 * strided blocks of 4-16 bytes move inline (dt/layout.c), a 4 KiB column
 * in two pieces beats four: 1.05x (medians of 10 alternating launches),
 * 6 KiB 1.03x; in one piece 0.93x.  That was an earlier host: on Zen 5
 * four beat two by 1.1x, so blocks shorter than a line go in pieces from
 * copy_sparse_piece_min (util/copy.c). */
#define PIECE_MIN 2048
#define PIECE_MAX 16384

/* DATA chunks of non-contiguous data are smaller than the transport's
 * limit: packing and unpacking run at a fraction of copy speed, so the
 * pipeline needs more stages to keep both sides busy.  Measured against 8,
 * 32, 64 and 128 KiB, 16 KiB was best or level for a column of 256 KiB-1
 * MiB and a face of 128-512 KiB (8% better than 32 KiB for the face; level
 * with it once the copy loop moved 32 bytes at a time). */
#define TYPED_CHUNK_MAX (16 * 1024)

/* DATA chunks of contiguous data to a receiver that has drained its ring
 * (it waits for this message) are small enough for it to copy one out
 * while the next is copied in; to a receiver still busy with earlier data
 * they are the transport's largest, which windowed streams measured best
 * at (5% more than 32 KiB chunks, in and out of cache). */
#define CONTIG_WAITING_CHUNK (32 * 1024)

/* Pieces of blocks that miss L2 on every pass, crowded into a few cache
 * sets (dt_sparse_aliased): 1 KiB whatever the message's size.  The
 * z face of a 64^3 array of doubles (4096 of them 512 bytes apart, 32 KiB)
 * went in four 8 KiB pieces at 12.3-13.0 us one way, MPICH 8.8-9.6 in the
 * host's fast state and 17 in its slow one; in pieces of 512 bytes / 1 KiB
 * / 2 KiB / 4 KiB: fast state 5.4 / 6.2-6.7 / 9.2-9.3 / 11.2-11.3, slow
 * 11.7 / 8.4-8.7 / 9.5 / -.  The same blocks 384, 480 or 800 bytes apart,
 * spread over the sets, stay in L2 and do best in the usual pieces (6.6-6.8
 * us against 8.1-8.8 in 1 KiB pieces). */
#define PIECE_ALIASED 1024

static size_t piece_size(const dt_buffer_t *data)
{
    if (data->dt && dt_sparse_aliased(data->dt, data->count))
        return PIECE_ALIASED;
    size_t piece = (data->bytes / 4 + 63) & ~(size_t)63, min = PIECE_MIN;
    /* Blocks shorter than a line: packing touches a line for every few
     * bytes, and smaller pieces overlap more (util/copy.c). */
    if (data->dt && piece < min && copy_sparse_piece_min < min) {
        MPI_Count block = dt_layout_first_block(data->dt->layout);
        if (block > 0 && block < CACHE_LINE)
            min = copy_sparse_piece_min;
    }
    return piece < min ? min : piece > PIECE_MAX ? PIECE_MAX : piece;
}

/* Non-contiguous data goes in pieces from 4 KiB.  Below, a message of
 * long rows packs too fast for the overlap to pay for the extra slots (a
 * 2 KiB face of 128-byte rows: 3.9-5.4 GB/s whole, 3.3-4.3 in two pieces),
 * while a 2 KiB column measured level either way; from 8 KiB pieces win
 * for both (face 1.2x, column 1.25x). */
#define TYPED_PIECES_MIN (4 * 1024)

/* Whether world rank dest has taken everything sent to it over tp: then
 * it is waiting for what comes next.  Only a transport that splits
 * messages can say. */
static inline bool receiver_waiting(const transport_ops_t *tp, int dest)
{
    return tp->pieces && tp->caught_up(dest);
}

/* Whether an eager message of data to world rank dest over tp goes in
 * pieces.  Contiguous data goes in pieces from copy_pieces_min (8 KiB; 32
 * KiB where copies of 8-64 KiB take `rep movsb`, util/copy.c), and only when
 * the receiver has taken everything sent before: then it is waiting, and
 * copying out one piece while the next is copied in takes a ping-pong of
 * 16-64 KiB from 1.0-3.3 us to 0.87-2.5 us (AMD host), of 8 KiB from
 * 1.42-1.43 to 1.24-1.29 (Intel host; 2-rank MPI_Bcast of 8 KiB 1.49-1.51 ->
 * 1.23-1.27, 12 KiB 2.00 -> 1.61-1.65; 4 KiB level either way).  A receiver
 * still busy with earlier messages already overlaps with the sender, and
 * pieces would only add slots (measured: 5-10% less windowed bandwidth at
 * 32-64 KiB). */
static inline bool send_in_pieces(const transport_ops_t *tp, int dest, const dt_buffer_t *data)
{
    if (!tp->pieces)
        return false;
    if (data->dt)
        return data->bytes >= TYPED_PIECES_MIN;
    return data->bytes >= copy_pieces_min && receiver_waiting(tp, dest);
}

/* Non-contiguous data moves through the data ring whether it goes eager or
 * by the rendezvous (rndv.c never reads a typed sender in one copy), so
 * beyond the eager limit the rendezvous buys only that a receiver not yet
 * ready leaves the data in the sender's buffer instead of copying it into
 * its unexpected queue.  To a receiver that has taken everything sent to
 * it (most likely waiting for this message) a message of up to half the
 * data ring goes eager in pieces instead, without the RTS and the CTS
 * before the first chunk: a face of 128 KiB between two ranks 1.07x
 * faster, 512 KiB 1.04x (Zen 5, medians of six alternating launches). */
static inline bool typed_eager(const transport_ops_t *tp, int dest, const dt_buffer_t *data)
{
    return data->dt && data->bytes <= tp->ring_bytes / 2 && receiver_waiting(tp, dest);
}

/* The DATA chunk size of a stream of data to world rank dest over tp. */
static size_t stream_chunk(const transport_ops_t *tp, int dest, const dt_buffer_t *data)
{
    size_t chunk = data->dt ? TYPED_CHUNK_MAX : receiver_waiting(tp, dest) ? CONTIG_WAITING_CHUNK : tp->chunk_limit;
    return chunk < tp->chunk_limit ? chunk : tp->chunk_limit;
}

/* One attempt to move req forward.  Returns 1 when req no longer needs its
 * place in the pending queue, 0 when the transport had no room. */
static int send_push(request_t *req)
{
    transport_ops_t *tp = p2p_transport(req->world_peer);
    wire_hdr_t hdr;
    switch (req->kind == REQUEST_CONTROL ? 0 : req->state) {
    case 0:
        if (!tp->send(req->world_peer, &req->control_hdr, req->control_payload, req->control_len))
            return 0;
        request_free(req);
        return 1;
    case SEND_EAGER:
        hdr = send_hdr(WIRE_EAGER, req->comm->context_id, req->tag);
        if (!send_data(tp, req->world_peer, &hdr, &req->data, 0, req->data.bytes))
            return 0;
        request_complete(req);
        return 1;
    case SEND_ANNOUNCE: {
        uint64_t total = req->data.bytes;
        hdr = send_hdr(WIRE_PIECES, req->comm->context_id, req->tag);
        if (!tp->send(req->world_peer, &hdr, &total, sizeof total))
            return 0;
        req->state = SEND_PIECES;
        req->done = 0;
    }
        /* fall through */
    case SEND_PIECES:
        hdr = send_hdr(WIRE_PIECE, 0, 0);
        for (size_t whole = piece_size(&req->data); req->done < req->data.bytes;) {
            size_t piece = whole;
            if (piece > req->data.bytes - req->done)
                piece = req->data.bytes - req->done;
            if (!send_data(tp, req->world_peer, &hdr, &req->data, req->done, piece))
                return 0;
            req->done += piece;
        }
        request_complete(req);
        return 1;
    case SEND_EAGER_SYNC: {
        unsigned char slot[WIRE_INLINE_BYTES];
        uint32_t handle = req->handle;
        memcpy(slot, &handle, sizeof handle);
        memcpy(slot + sizeof handle, req->data.base, req->data.bytes);
        hdr = send_hdr(WIRE_EAGER_SYNC, req->comm->context_id, req->tag);
        /* As for an RTS: the FIN may come before send() returns. */
        req->state = SEND_WAIT_REPLY;
        if (!tp->send(req->world_peer, &hdr, slot, sizeof handle + req->data.bytes)) {
            req->state = SEND_EAGER_SYNC;
            return 0;
        }
        return 1;
    }
    case SEND_RTS: {
        wire_rts_t rts = {.bytes = req->data.bytes,
                          .address = (uint64_t)(uintptr_t)req->data.base,
                          .send_handle = req->handle,
                          .flags = (req->data.dt ? 0 : WIRE_RTS_CONTIGUOUS) |
                                   (req->mode == SEND_MODE_OFFER ? WIRE_RTS_OFFERED : 0),
                          .part_seq = req->part_seq};
        hdr = send_hdr(WIRE_RTS, req->comm->context_id, req->tag);
        /* The reply may come before send() returns (the self transport
         * delivers at once), so req is already waiting for it, and is not
         * touched after a successful send: it may be complete and freed. */
        req->state = SEND_WAIT_REPLY;
        if (req->world_peer != send_state.world_rank)
            rndv_send_begins(req);
        if (!tp->send(req->world_peer, &hdr, &rts, sizeof rts)) {
            rndv_send_ends(req);
            req->state = SEND_RTS;
            return 0;
        }
        return 1;
    }
    case SEND_STREAM:
        hdr = send_hdr(WIRE_DATA, 0, (int32_t)req->remote_handle);
        if (req->done == 0)
            req->chunk = stream_chunk(tp, req->world_peer, &req->data);
        while (req->done < req->data.bytes) {
            size_t chunk = req->data.bytes - req->done;
            if (chunk > req->chunk)
                chunk = req->chunk;
            if (!send_data(tp, req->world_peer, &hdr, &req->data, req->done, chunk)) {
                if (!rndv_push_if_stalled(req))
                    return 0;
                req->state = SEND_PUSHED;
                return send_push(req);
            }
            req->done += chunk;
        }
        rndv_send_ends(req);
        request_complete(req);
        return 1;
    case SEND_PUSHED: {
        uint64_t from = req->done;
        hdr = send_hdr(WIRE_PUSHED, 0, (int32_t)req->remote_handle);
        if (!tp->send(req->world_peer, &hdr, &from, sizeof from))
            return 0;
        rndv_send_ends(req);
        request_complete(req);
        return 1;
    }
    default:
        log_fatal("internal error: send request in state %d on the pending queue", req->state);
    }
}

void p2p_enqueue_pending(request_t *req)
{
    pending_queue_t *q = &send_state.pending[req->world_peer];
    req->next = NULL;
    if (q->tail)
        q->tail->next = req;
    else
        q->head = req;
    q->tail = req;
    send_state.pending_count++;
}

/* Send now if nothing to this peer is waiting ahead of req, else queue. */
static void send_start(request_t *req)
{
    if (send_state.pending[req->world_peer].head || !send_push(req))
        p2p_enqueue_pending(req);
}

bool p2p_has_pending(void)
{
    return send_state.pending_count > 0;
}

int p2p_push_pending(void)
{
    int pushed = 0;
    for (int peer = 0; peer < send_state.world_size && send_state.pending_count; peer++) {
        pending_queue_t *q = &send_state.pending[peer];
        while (q->head) {
            request_t *req = q->head;
            request_t *next = req->next;
            if (!send_push(req))
                break;
            q->head = next;
            if (!q->head)
                q->tail = NULL;
            send_state.pending_count--;
            pushed++;
        }
    }
    return pushed;
}

void p2p_send_control(int world_dest, uint8_t type, int32_t tag, const void *payload, size_t len)
{
    wire_hdr_t hdr = send_hdr(type, 0, tag);
    transport_ops_t *tp = p2p_transport(world_dest);
    if (!send_state.pending[world_dest].head && tp->send(world_dest, &hdr, payload, len))
        return;
    request_t *req = request_alloc(REQUEST_CONTROL);
    req->world_peer = world_dest;
    req->control_hdr = hdr;
    req->control_len = (uint32_t)len;
    if (len)
        memcpy(req->control_payload, payload, len);
    p2p_enqueue_pending(req);
}

/* Withdraw a send that has not left yet: still queued, nothing of it on
 * the wire.  One whose RTS or small synchronous message is out waits on
 * the receiver, which may never post a receive for it, and MPI_Wait must
 * return after MPI_Cancel: the receiver is asked to withdraw the message
 * from its unexpected queue, and its answer (p2p_send_cancelled) completes
 * the send as cancelled, or tells that a receive took it and the transfer
 * goes on.  An eager message out is complete already: nothing to cancel. */
bool p2p_send_cancel(request_t *req)
{
    if (req->state == SEND_WAIT_REPLY) {
        uint32_t context_id = req->comm->context_id;
        p2p_send_control(req->world_peer, WIRE_CANCEL, (int32_t)req->handle, &context_id, sizeof context_id);
        return false;
    }
    if (req->state != SEND_EAGER && req->state != SEND_ANNOUNCE && req->state != SEND_EAGER_SYNC &&
        req->state != SEND_RTS)
        return false;
    pending_queue_t *q = &send_state.pending[req->world_peer];
    request_t *prev = NULL;
    for (request_t *r = q->head; r; prev = r, r = r->next) {
        if (r != req)
            continue;
        if (prev)
            prev->next = r->next;
        else
            q->head = r->next;
        if (q->tail == r)
            q->tail = prev;
        send_state.pending_count--;
        return true;
    }
    return false;
}

/* Called from rndv.c when the receiver asks for the data to be streamed. */
void p2p_send_stream(request_t *req, uint32_t recv_handle)
{
    req->remote_handle = recv_handle;
    req->state = SEND_STREAM;
    req->done = 0;
    send_start(req);
}

/* Fill in a send that may be started more than once (MPI_Send_init). */
void p2p_send_prepare(request_t *req, const dt_buffer_t *data, int dest, int tag, comm_t *comm, int mode)
{
    req->comm = comm;
    request_set_data(req, data);
    req->peer = dest;
    req->world_peer = comm_world_peer(comm, dest);
    req->tag = tag;
    req->mode = (uint8_t)mode;
}

/* Start a prepared send.  A synchronous send hears back only once a
 * receive has matched, which is exactly the completion rule of MPI_Ssend:
 * a small contiguous one sends its data with its handle in one slot and
 * waits for FIN; a larger one takes the rendezvous. */
void p2p_send_start(request_t *req)
{
    if (!p2p_begin(req))
        return;
    transport_ops_t *tp = p2p_transport(req->world_peer);
    bool eager = req->mode != SEND_MODE_SYNC && req->part_seq == 0 &&
                 !(req->mode == SEND_MODE_OFFER && rndv_can_offer(&req->data));
    if (eager && req->data.bytes > tp->eager_limit) {
        eager = typed_eager(tp, req->world_peer, &req->data);
        if (eager)
            proto_info(req->world_peer, PROTO_EAGER_RING,
                       "non-contiguous, to a receiver that has taken everything sent before: in pieces through "
                       "the data ring, no rendezvous");
    } else if (eager && proto_info_enabled)
        send_report(req->world_peer, req->data.bytes);
    if (req->mode == SEND_MODE_SYNC && !req->data.dt && req->data.bytes <= WIRE_SYNC_INLINE_BYTES) {
        proto_info(req->world_peer, PROTO_EAGER_SYNC,
                   "a synchronous send of at most 44 bytes: data and handle in one slot, complete at the FIN");
        req->state = SEND_EAGER_SYNC;
    } else
        req->state = !eager ? SEND_RTS : send_in_pieces(tp, req->world_peer, &req->data) ? SEND_ANNOUNCE : SEND_EAGER;
    send_start(req);
}

int p2p_isend_mode(const dt_buffer_t *data, int dest, int tag, comm_t *comm, int mode, request_t **out)
{
    request_t *req = request_alloc(REQUEST_SEND);
    *out = req;
    p2p_send_prepare(req, data, dest, tag, comm, mode);
    p2p_send_start(req);
    return MPI_SUCCESS;
}

int p2p_isend(const dt_buffer_t *data, int dest, int tag, comm_t *comm, request_t **out)
{
    return p2p_isend_mode(data, dest, tag, comm, SEND_MODE_STANDARD, out);
}

int p2p_isend_offer(const dt_buffer_t *data, int dest, int tag, comm_t *comm, request_t **out)
{
    return p2p_isend_mode(data, dest, tag, comm, SEND_MODE_OFFER, out);
}

bool p2p_send_now(const dt_buffer_t *data, int dest, int tag, comm_t *comm)
{
    size_t bytes = data->bytes;
    int world_dest = comm_world_rank(comm, dest);
    transport_ops_t *tp = p2p_transport(world_dest);
    if (bytes > tp->eager_limit)
        return false;
    if (proto_info_enabled)
        send_report(world_dest, bytes);
    if (send_state.pending[world_dest].head || send_in_pieces(tp, world_dest, data))
        return false;
    wire_hdr_t hdr = send_hdr(WIRE_EAGER, comm->context_id, tag);
    return send_data(tp, world_dest, &hdr, data, 0, bytes);
}

int p2p_send(const dt_buffer_t *data, int dest, int tag, comm_t *comm)
{
    if (dest == MPI_PROC_NULL || p2p_send_now(data, dest, tag, comm))
        return MPI_SUCCESS;
    request_t *req;
    p2p_isend(data, dest, tag, comm, &req);
    progress_wait(req);
    request_free(req);
    return MPI_SUCCESS;
}

void p2p_send_cancelled(uint32_t send_handle, bool withdrawn)
{
    if (!withdrawn)
        return; /* a receive took it: its CTS or FIN came first */
    request_t *req = request_from_value(send_handle);
    if (!req || req->kind != REQUEST_SEND || req->state != SEND_WAIT_REPLY)
        log_fatal("internal error: a cancelled message for a send that is not waiting on it (%#x)", send_handle);
    rndv_send_ends(req);
    p2p_complete_cancelled(req);
}

/* Called from rndv.c when the receiver has pulled the data. */
void p2p_send_finish(request_t *req)
{
    if (req->kind != REQUEST_SEND || req->state != SEND_WAIT_REPLY)
        log_fatal("internal error: FIN for a request that is not waiting for one");
    rndv_send_ends(req);
    request_complete(req);
}
