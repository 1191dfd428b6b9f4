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
 *   (rndv-split)               <- CTS SPLIT {receiver's buffer}
 *   the second half with           reads the first half meanwhile, then
 *   process_vm_writev, then    <- FIN (done with the sender's buffer)
 *   PUSHED {from}              ->  complete
 *
 *   (pushed, RECV_PUSHED)      <- CTS SPLIT PUSH {receiver's buffer}
 *   all of it with             <- FIN (it reads nothing)
 *   process_vm_writev, then
 *   PUSHED {0}                 ->  complete
 *
 * With single copy the receiver finishes inside the call that matched, and
 * the sender only needs FIN.  Where pulls pay (p2p_pulls_pay) and single
 * copy was not chosen either way (TESSERA_SINGLE_COPY unset), each side
 * copies half, at once: on the Intel host 512 KiB between two pinned
 * processes took 20.5 us split against 40.1 read by the receiver alone
 * and 31.2 through a pipeline when the sender had just written its data,
 * 8.5 against 15.6 and 31.5 when it had not (docs/perf.md).  The receiver
 * needs the sender in MPI, as with the pipeline; the sender completes
 * without the receiver's help once the match has answered, as with
 * single copy.  A sender that cannot write (PUSHED_NOTHING) waits for a
 * second FIN, after the receiver has read the rest.  Where mpirun chose
 * the rings and every process has a core, a plain receive of a large
 * contiguous message is timed, and takes per sender whichever of the
 * pipeline and the split has been the faster lately (rndv_choice.h).
 *
 * A receiver that will be busy when the message comes, from a sender that
 * has just written it and has nothing else to do, asks the sender to write
 * it all (RECV_PUSHED, p2p.h): lines just written are read from the writer's
 * cache, which costs a reader on another core up to twice as much as a
 * copy of lines only read (a two-process MPI_Reduce's returned half,
 * coll/reduce/reduce_halves.c).
 *
 * The pipeline is the fallback where single copy is not allowed (or not
 * worth it); chunks are at most a quarter of the data ring so the
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
#include "p2p/rndv_choice.h"
#include "p2p/proto_info.h"
#include "progress/progress.h"
#include "runtime/runtime.h"
#include "runtime/tunables.h"
#include "util/log.h"

/* How long a streaming sender waits for a receiver that takes nothing from
 * a full ring before it writes the rest itself.  A draining receiver frees
 * an eighth of the ring every few microseconds; a millisecond is a receiver
 * busy outside MPI (or descheduled: then writing is progress too). */
#define RNDV_STALL_SECONDS 1e-3

static bool rndv_single_copy;
static bool rndv_coll_single_copy;    /* receives that pull (RECV_PULL) */
static bool rndv_coll_pulls_declined; /* they could, but the rings are faster here */
static bool rndv_pulls_pay;           /* p2p_pulls_pay */
static bool rndv_split;               /* plain rendezvous split between the two sides */
static bool rndv_split_gathering;     /* the same for RECV_GATHERING, oversubscribed too */
static bool rndv_cma_allowed;         /* process_vm_readv/writev work here */
static bool *rndv_single_copy_failed; /* per world rank: fell back once */
static rndv_choice_t *rndv_choices;   /* per world rank, where plain receives learn their way (rndv_choice.h) */
/* Per world rank, with rndv_choices: large rendezvous sends to it not yet
 * complete, and a timed receive from it that finished while one was (its
 * time is taken when the last of them completes: an exchange both ways
 * costs until both directions are done, and one direction may finish far
 * ahead of the other). */
static struct rndv_exchange {
    uint32_t sends_out;
    bool waiting;
    bool split;
    size_t bytes;
    double since;
} * rndv_exchanges;

void rndv_init(int world_size, bool single_copy, bool coll_single_copy, bool pulls_pay, bool cma_allowed)
{
    rndv_single_copy = single_copy;
    /* The collectives' pulls: where every process has a core, the
     * receivers read at once on their own; with ranks outnumbering cores,
     * only where pulls pay.  There the same cores make every copy, and
     * where the kernel's is the slower (Zen 5: 256 KiB swapped in 25-29
     * us pulled, 19 through the rings) a root's copies into the rings and
     * the receivers' out of them cost less than the pulls.  2 cores,
     * roots rotating, us, pulled / rings (docs/perf.md): MPI_Scatter at
     * 4 processes 64 KiB 13.0-16.7 / 5.9-8.0, 4 MiB 1051-1248 / 720-780;
     * at 8, 64 KiB 25.1-26.6 / 15.5-17.2; MPI_Alltoall at 3, 512 KiB
     * 167-173 / 107-112; at 8, 4 MiB 19.5-20.4 / 15.0-18.2 ms.  Set
     * explicitly, TESSERA_COLL_SINGLE_COPY=1 pulls regardless. */
    rndv_coll_single_copy =
        coll_single_copy && (pulls_pay || !progress_oversubscribed() || tunables_is_set("TESSERA_COLL_SINGLE_COPY"));
    rndv_coll_pulls_declined = coll_single_copy && !rndv_coll_single_copy;
    /* mpirun's answer alone, the same at every process: the collectives
     * choose their algorithms by it.  A process that may not read its
     * peers' memory after all (cma_allowed) pipelines what it would pull. */
    rndv_pulls_pay = pulls_pay;
    /* Two processes copying at once need a core each; an explicit
     * TESSERA_SINGLE_COPY (0: the pipeline, 1: the receiver reads) wins.
     * A receive at a process that takes many at once while its senders
     * wait (a gather's root) splits oversubscribed too: there the root
     * copies half as much, and a sender has nothing else to run for.  2
     * cores, MPI_Gather, roots rotating, us, pipeline / split: 3 processes
     * 512 KiB 109-112 / 66-69, 4 MiB 1072-1302 / 683-753; 4 processes 512
     * KiB 132-144 / 93-98, 4 MiB 1533-1897 / 1025-1401; 8 processes 512
     * KiB 391-587 / 191-196, 4 MiB 3386-3522 / 3154-3497 (docs/perf.md). */
    rndv_split_gathering = pulls_pay && cma_allowed && !tunables_is_set("TESSERA_SINGLE_COPY");
    rndv_split = rndv_split_gathering && !progress_oversubscribed();
    rndv_cma_allowed = cma_allowed;
    rndv_single_copy_failed = calloc((size_t)world_size, sizeof *rndv_single_copy_failed);
    if (!rndv_single_copy_failed)
        log_fatal("out of memory for rendezvous state");
    /* Where mpirun chose the rings and every process has a core, a plain
     * receive of a large message learns per sender whether splitting it
     * is faster now; an explicit TESSERA_SINGLE_COPY or TESSERA_PULLS decides
     * instead. */
    if (cma_allowed && !single_copy && !pulls_pay && !progress_oversubscribed() &&
        !tunables_is_set("TESSERA_SINGLE_COPY") && !tunables_is_set("TESSERA_PULLS")) {
        rndv_choices = calloc((size_t)world_size, sizeof *rndv_choices);
        rndv_exchanges = calloc((size_t)world_size, sizeof *rndv_exchanges);
        if (!rndv_choices || !rndv_exchanges)
            log_fatal("out of memory for rendezvous state");
    }
}

void rndv_finalize(void)
{
    free(rndv_single_copy_failed);
    rndv_single_copy_failed = NULL;
    free(rndv_choices);
    rndv_choices = NULL;
    free(rndv_exchanges);
    rndv_exchanges = NULL;
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

#define RNDV_PAGE ((size_t)4096)

/* Where a split message's halves meet: the sender writes from here on.
 * Both sides compute it from the CTS's room; on a page boundary. */
static size_t rndv_split_at(size_t room)
{
    return room / 2 & ~(RNDV_PAGE - 1);
}

/* The receiver's reads of a split after its first page: the sender has
 * let us read, so a failure now is no fallback's business. */
static void split_read(request_t *req, int world_src, size_t pos, size_t end, uint64_t address)
{
    if (cma_transfer(world_src, &req->data, pos, end, address, false) != 0)
        log_fatal("process_vm_readv from rank %d failed in the middle of a message it allowed", world_src);
}

/* Whether a message can be copied by both sides, each with one
 * process_vm call: both buffers contiguous, the whole message taken, and
 * the system letting these two processes read and write each other. */
static bool both_sides_copy(const request_t *req, int world_src, const wire_rts_t *rts, size_t take)
{
    transport_ops_t *tp = p2p_transport(world_src);
    return (rts->flags & WIRE_RTS_CONTIGUOUS) && !req->data.dt && take == req->msg_bytes &&
           !rndv_single_copy_failed[world_src] && tp->read_remote && tp->write_remote;
}

/* Ask the sender to write the message from byte rndv_split_at(take) on
 * (WIRE_CTS_SPLIT) or all of it (with WIRE_CTS_PUSH too), and wait for its
 * PUSHED with `done` bytes here by then (rndv_on_pushed). */
static void ask_sender_to_write(request_t *req, int world_src, const wire_rts_t *rts, size_t take, uint32_t flags,
                                size_t done)
{
    wire_cts_t cts = {.recv_handle = req->handle,
                      .flags = WIRE_CTS_WRITABLE | WIRE_CTS_SPLIT | flags,
                      .address = (uint64_t)(uintptr_t)req->data.base,
                      .room = take};
    p2p_send_control(world_src, WIRE_CTS, (int32_t)rts->send_handle, &cts, sizeof cts);
    req->split = true;
    req->done = done;
    req->remote_handle = rts->send_handle;
    req->remote_address = rts->address;
}

/* The receiver's side of a split (see the top): read a page first, so
 * that a refused read costs nothing but the fallback, then ask the sender
 * for the second half and read the rest of the first.  False when not
 * taken. */
static bool split_start(request_t *req, int world_src, const wire_rts_t *rts, size_t take, bool chosen)
{
    size_t half = rndv_split_at(take), first = RNDV_PAGE;
    bool allowed = chosen || (req->recv_hint == RECV_GATHERING ? rndv_split_gathering : rndv_split);
    if (!allowed || req->recv_hint == RECV_PULL || half < first || !both_sides_copy(req, world_src, rts, take))
        return false;
    if (cma_transfer(world_src, &req->data, 0, first, rts->address, false) != 0)
        return false;
    ask_sender_to_write(req, world_src, rts, take, 0, half);
    split_read(req, world_src, first, half, rts->address + first);
    p2p_send_control(world_src, WIRE_FIN, (int32_t)rts->send_handle, NULL, 0);
    proto_info(world_src, PROTO_RNDV_SPLIT,
               "large message copied half by each side at once (process_vm_readv here, process_vm_writev there)");
    return true;
}

/* The receiver's side of a pushed message (see the top), where the
 * collectives' single copy is on (TESSERA_COLL_SINGLE_COPY): the sender
 * writes it all, so FIN goes at once.  A sender that cannot write answers
 * PUSHED_NOTHING and the receiver reads it all then, as a split's second
 * half.  False when not taken. */
static bool push_start(request_t *req, int world_src, const wire_rts_t *rts, size_t take)
{
    if (req->recv_hint != RECV_PUSHED || !rndv_coll_single_copy || !rndv_cma_allowed ||
        !both_sides_copy(req, world_src, rts, take))
        return false;
    ask_sender_to_write(req, world_src, rts, take, WIRE_CTS_PUSH, 0);
    p2p_send_control(world_src, WIRE_FIN, (int32_t)rts->send_handle, NULL, 0);
    proto_info(world_src, PROTO_RNDV_PUSH, "large message written whole by its sender with process_vm_writev");
    return true;
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
    if (p2p_transport(world_src) == &transport_self) {
        /* A rendezvous with oneself (a synchronous send): the send's
         * request is in this process, its data copied straight over. */
        request_t *send = request_from_value(rts->send_handle);
        if (!send || send->kind != REQUEST_SEND)
            log_fatal("internal error: RTS from oneself for unknown send request %#x", rts->send_handle);
        dt_buffer_copy(&req->data, &send->data, take);
        proto_info(world_src, PROTO_SELF, "a rendezvous with oneself: copied from the send buffer");
        p2p_send_control(world_src, WIRE_FIN, (int32_t)rts->send_handle, NULL, 0);
        request_complete(req);
        return;
    }
    bool sender_contiguous = rts->flags & WIRE_RTS_CONTIGUOUS;
    /* A plain receive timed for its sender's choice (rndv_choice.h): the
     * rings, or the two sides copying half each. */
    bool timed = rndv_choices && req->recv_hint == RECV_PLAIN && take >= CHOICE_MIN_BYTES &&
                 both_sides_copy(req, world_src, rts, take);
    bool split = timed && rndv_choice_split(&rndv_choices[world_src]);
    req->timed_since = timed ? runtime_wtime() : 0;
    if (push_start(req, world_src, rts, take) || split_start(req, world_src, rts, take, split))
        return;
    bool pull = req->recv_hint == RECV_PULL || (rts->flags & WIRE_RTS_OFFERED);
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
    else if (pull && rndv_coll_pulls_declined)
        proto_info(world_src, PROTO_RNDV_PIPELINE,
                   "a collective's block through the data ring: ranks outnumber cores and mpirun measured the "
                   "rings faster than process_vm_readv (TESSERA_PULLS=pull reads it)");
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
    if (cts->flags & WIRE_CTS_SPLIT) {
        /* Our half (all of it, pushed), then PUSHED; the receiver reads
         * the other from our buffer until its FIN completes the send. */
        size_t from = cts->flags & WIRE_CTS_PUSH ? 0 : rndv_split_at((size_t)cts->room);
        size_t end = cts->room < req->data.bytes ? (size_t)cts->room : req->data.bytes;
        uint64_t pushed = from;
        if (cma_transfer(req->world_peer, &req->data, from, end, cts->address + from, true) != 0) {
            rndv_single_copy_failed[req->world_peer] = true;
            pushed = WIRE_PUSHED_NOTHING;
            req->fins = 1; /* the receiver reads our half too, then says so */
        }
        p2p_send_control(req->world_peer, WIRE_PUSHED, (int32_t)cts->recv_handle, &pushed, sizeof pushed);
        return;
    }
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

/* A rendezvous receive has its last byte; one timed for its sender's
 * choice says how long it took, split or through the rings, once no large
 * send to that sender is still going. */
static void rndv_done(request_t *req, bool split)
{
    if (req->timed_since) {
        struct rndv_exchange *x = &rndv_exchanges[req->world_peer];
        if (!x->sends_out)
            rndv_choice_note(&rndv_choices[req->world_peer], split, req->msg_bytes, runtime_wtime() - req->timed_since);
        else if (!x->waiting)
            *x = (struct rndv_exchange){x->sends_out, true, split, req->msg_bytes, req->timed_since};
        req->timed_since = 0;
    }
    request_complete(req);
}

void rndv_send_begins(request_t *req)
{
    if (rndv_choices && req->data.bytes >= CHOICE_MIN_BYTES) {
        rndv_exchanges[req->world_peer].sends_out++;
        req->large_out = true;
    }
}

void rndv_send_ends(request_t *req)
{
    if (!req->large_out)
        return;
    req->large_out = false;
    struct rndv_exchange *x = &rndv_exchanges[req->world_peer];
    if (--x->sends_out == 0 && x->waiting) {
        x->waiting = false;
        rndv_choice_note(&rndv_choices[req->world_peer], x->split, x->bytes, runtime_wtime() - x->since);
    }
}

void rndv_on_pushed(uint32_t recv_handle, uint64_t from)
{
    request_t *req = request_from_value(recv_handle);
    if (!req || req->kind != REQUEST_RECV)
        log_fatal("internal error: PUSHED for unknown receive request %#x", recv_handle);
    if (req->split) {
        /* The sender's half is in, written there or, if it could not,
         * read here now (then the sender waits for a second FIN). */
        req->split = false;
        if (from == WIRE_PUSHED_NOTHING) {
            split_read(req, req->world_peer, req->done, req->msg_bytes, req->remote_address + req->done);
            p2p_send_control(req->world_peer, WIRE_FIN, (int32_t)req->remote_handle, NULL, 0);
        }
        req->done = req->msg_bytes;
        rndv_done(req, true);
        return;
    }
    if (from != req->done)
        log_fatal("internal error: PUSHED from byte %llu of a message %zu bytes in", (unsigned long long)from,
                  req->done);
    req->done = req->msg_bytes;
    rndv_done(req, false);
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
        rndv_done(req, false);
}

void rndv_on_fin(uint32_t send_handle)
{
    request_t *req = request_from_value(send_handle);
    if (!req)
        log_fatal("internal error: FIN for unknown send request %#x", send_handle);
    if (req->fins) { /* a split whose second half the receiver still reads */
        req->fins--;
        return;
    }
    p2p_send_finish(req);
}
