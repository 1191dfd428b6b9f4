/*
 * rndv.c -- the rendezvous for messages beyond the eager limit.
 *
 *   sender                         receiver
 *   RTS {bytes, address, handle} ->
 *                                  matches a receive, then either
 *   (rndv-cma)                     reads the sender's buffer with
 *                                  process_vm_readv into its own (an iovec
 *                                  list of its type's blocks if typed)
 *                               <- FIN {sender handle}
 *   (rndv-pipeline)             <- CTS {sender handle, receiver handle,
 *                                       receiver's buffer if contiguous}
 *   DATA chunks, in order       ->  copied into the buffer as they come
 *   (rndv-push, only when the receiver stops draining the ring)
 *   the rest with process_vm_writev into the receiver's buffer, then
 *   PUSHED {offset}             ->  complete
 *
 * With single copy the receiver finishes inside the call that matched, and
 * the sender only needs FIN.  The pipeline is the fallback where single copy
 * is not allowed; chunks are at most a quarter of the data ring so the
 * sender fills one while the receiver drains another, and smaller when the
 * receiver is waiting (send.c: stream_chunk).  It needs the receiver in MPI while
 * the chunks go through, so a receiver busy computing after its receive
 * matched would hold the sender: when the ring stays full and the receiver
 * has taken nothing for RNDV_STALL_SECONDS, the sender writes the rest itself.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "p2p/p2p.h"
#include "p2p/proto_info.h"
#include "runtime/runtime.h"
#include "util/log.h"

/* How long a streaming sender waits for a receiver that takes nothing from
 * a full ring before it writes the rest itself.  A draining receiver frees
 * an eighth of the ring every few microseconds; a millisecond is a receiver
 * busy outside MPI (or descheduled: then writing is progress too). */
#define RNDV_STALL_SECONDS 1e-3

static bool rndv_single_copy;
static bool rndv_coll_single_copy;    /* receives that pull (p2p_irecv_pull) */
static bool rndv_pulls_pay;           /* p2p_pulls_pay */
static bool rndv_cma_allowed;         /* process_vm_readv/writev work here */
static bool *rndv_single_copy_failed; /* per world rank: fell back once */

void rndv_init(int world_size, bool single_copy, bool coll_single_copy, bool pulls_pay, bool cma_allowed)
{
    rndv_single_copy = single_copy;
    rndv_coll_single_copy = coll_single_copy;
    /* mpirun's answer alone, the same at every process: the collectives
     * choose their algorithms by it.  A process that may not read its
     * peers' memory after all (cma_allowed) pipelines what it would pull. */
    rndv_pulls_pay = pulls_pay;
    rndv_cma_allowed = cma_allowed;
    rndv_single_copy_failed = calloc((size_t)world_size, sizeof *rndv_single_copy_failed);
    if (!rndv_single_copy_failed)
        log_fatal("out of memory for rendezvous state");
}

void rndv_finalize(void)
{
    free(rndv_single_copy_failed);
    rndv_single_copy_failed = NULL;
}

/* Bytes of the stream a typed single copy describes per system call
 * batch: bounds the iovec list (8-byte blocks: 8192 ranges). */
#define CMA_WINDOW (64 * 1024)

/* Single copy of bytes [pos, end) of data's stream to or from the
 * contiguous range at address in world rank peer's memory (from address on
 * for pos).  Typed data goes as an iovec list of where its bytes lie, a
 * window at a time.  Returns 0 or an errno value. */
static int cma_transfer(int peer, const dt_buffer_t *data, size_t pos, size_t end, uint64_t address, bool write)
{
    transport_ops_t *tp = p2p_transport(peer);
    if (!data->dt) {
        struct iovec one = {(char *)data->base + pos, end - pos};
        return write ? tp->write_remote(peer, address, &one, 1, end - pos)
                     : tp->read_remote(peer, &one, 1, address, end - pos);
    }
    dt_segments_t segs = {NULL, 0, 0, false};
    int rc = 0;
    for (size_t at = pos; at < end && rc == 0; at += CMA_WINDOW) {
        size_t len = end - at < CMA_WINDOW ? end - at : CMA_WINDOW;
        segs.n = 0;
        dt_segments_range(data->base, data->count, data->dt, (MPI_Count)at, (MPI_Count)len, &segs);
        if (segs.failed)
            rc = ENOMEM;
        else if (write)
            rc = tp->write_remote(peer, address + (at - pos), segs.iov, segs.n, len);
        else
            rc = tp->read_remote(peer, segs.iov, segs.n, address + (at - pos), len);
    }
    free(segs.iov);
    return rc;
}

bool p2p_pulls_pay(void)
{
    return rndv_pulls_pay;
}

bool rndv_can_offer(const dt_buffer_t *data)
{
    return rndv_coll_single_copy && !data->dt && data->bytes >= P2P_OFFER_MIN;
}

void rndv_recv_start(request_t *req, int world_src, const wire_rts_t *rts)
{
    size_t take = (size_t)req->status.tessera_count;
    bool sender_contiguous = rts->flags & WIRE_RTS_CONTIGUOUS;
    bool pull = req->pull || (rts->flags & WIRE_RTS_OFFERED);
    bool cma = rndv_single_copy || (pull && rndv_coll_single_copy);
    if (cma && sender_contiguous && !rndv_single_copy_failed[world_src]) {
        int rc = cma_transfer(world_src, &req->data, 0, take, rts->address, false);
        if (rc == 0) {
            proto_info(world_src, PROTO_RNDV_CMA,
                       req->data.dt ? "large message read with process_vm_readv straight into the receive type's "
                                      "blocks (an iovec list)"
                                    : "large message read with one process_vm_readv copy");
            p2p_send_control(world_src, WIRE_FIN, (int32_t)rts->send_handle, NULL, 0);
            request_complete(req);
            return;
        }
        /* Not allowed for this peer after all (a container's seccomp
         * policy, another user): pipeline from now on. */
        rndv_single_copy_failed[world_src] = true;
        proto_info(world_src, PROTO_RNDV_PIPELINE, "process_vm_readv failed for this peer; pipelining from now on");
    }
    if (!sender_contiguous || req->data.dt)
        proto_info(world_src, PROTO_RNDV_PIPELINE,
                   "non-contiguous datatype: packed and unpacked through the data ring");
    else
        proto_info(world_src, PROTO_RNDV_PIPELINE,
                   proto_info_single_copy_reason() ? proto_info_single_copy_reason()
                                                   : "single copy failed for this peer");
    req->done = 0;
    bool writable = rndv_cma_allowed && !req->data.dt && !rndv_single_copy_failed[world_src] &&
                    p2p_transport(world_src)->write_remote;
    wire_cts_t cts = {.recv_handle = req->handle,
                      .flags = writable ? WIRE_CTS_WRITABLE : 0,
                      .address = (uint64_t)(uintptr_t)req->data.base,
                      .room = take};
    bool empty = req->msg_bytes == 0;
    p2p_send_control(world_src, WIRE_CTS, (int32_t)rts->send_handle, &cts, sizeof cts);
    /* An empty message (a zero-byte MPI_Ssend) has no DATA to wait for. */
    if (empty)
        request_complete(req);
}

void rndv_on_cts(uint32_t send_handle, const wire_cts_t *cts)
{
    request_t *req = request_from_value(send_handle);
    if (!req || req->kind != REQUEST_SEND)
        log_fatal("internal error: CTS for unknown send request %#x", send_handle);
    req->remote_address = (cts->flags & WIRE_CTS_WRITABLE) ? cts->address : 0;
    req->remote_room = (size_t)cts->room;
    req->stall_since = 0;
    p2p_send_stream(req, cts->recv_handle);
}

/* A streaming send found no room for its next chunk.  Returns true when the
 * receiver has stalled and the rest of the message is now in its buffer,
 * written from here; the caller then sends PUSHED.  The receiver's buffer
 * must be contiguous (the sender knows nothing of its type); the sender's
 * data goes as an iovec list when it is not. */
bool rndv_push_if_stalled(request_t *req)
{
    int peer = req->world_peer;
    if (!req->remote_address || rndv_single_copy_failed[peer])
        return false;
    transport_ops_t *tp = p2p_transport(peer);
    uint64_t mark = tp->consumed(peer);
    double now = runtime_wtime();
    if (!req->stall_since || mark != req->stall_mark) {
        req->stall_mark = mark;
        req->stall_since = now;
        return false;
    }
    if (now - req->stall_since < RNDV_STALL_SECONDS)
        return false;
    size_t end = req->remote_room < req->data.bytes ? req->remote_room : req->data.bytes;
    if (req->done < end) {
        int rc = cma_transfer(peer, &req->data, req->done, end, req->remote_address + req->done, true);
        if (rc != 0) {
            /* The data already written is rewritten by the chunks. */
            rndv_single_copy_failed[peer] = true;
            proto_info(peer, PROTO_RNDV_PUSH, "process_vm_writev failed for this peer; waiting for the receiver");
            return false;
        }
    }
    proto_info(peer, PROTO_RNDV_PUSH,
               "the receiver took nothing from a full ring for a millisecond: the rest written with "
               "process_vm_writev");
    return true;
}

void rndv_on_pushed(uint32_t recv_handle, uint64_t from)
{
    request_t *req = request_from_value(recv_handle);
    if (!req || req->kind != REQUEST_RECV)
        log_fatal("internal error: PUSHED for unknown receive request %#x", recv_handle);
    if (from != req->done)
        log_fatal("internal error: PUSHED from byte %llu of a message %zu bytes in", (unsigned long long)from,
                  req->done);
    req->done = req->msg_bytes;
    request_complete(req);
}

void rndv_on_data(uint32_t recv_handle, const wire_payload_t *payload)
{
    request_t *req = request_from_value(recv_handle);
    if (!req || req->kind != REQUEST_RECV)
        log_fatal("internal error: DATA for unknown receive request %#x", recv_handle);
    size_t len = wire_payload_length(payload);
    size_t room = req->data.bytes > req->done ? req->data.bytes - req->done : 0;
    /* A truncated message still arrives whole; what does not fit is dropped. */
    if (room)
        wire_payload_unpack(&req->data, req->done, payload, len < room ? len : room);
    req->done += len;
    if (req->done >= req->msg_bytes)
        request_complete(req);
}

void rndv_on_fin(uint32_t send_handle)
{
    request_t *req = request_from_value(send_handle);
    if (!req)
        log_fatal("internal error: FIN for unknown send request %#x", send_handle);
    p2p_send_finish(req);
}
