/*
 * p2p.h -- point-to-point messaging inside the library.
 *
 * Ranks here are ranks in comm; data is the user's buffer as described by
 * dt/buffer.h.  The API layer has checked every argument before calling in.
 */
#ifndef TESSERA_P2P_P2P_H
#define TESSERA_P2P_P2P_H

#include <stdbool.h>
#include <stddef.h>

#include "obj/comm.h"
#include "p2p/wire.h"
#include "request/request.h"
#include "transport/transport.h"

void p2p_init(int world_rank, int world_size, bool single_copy, bool coll_single_copy, bool pulls_pay,
              bool cma_allowed);
void p2p_finalize(void);

int p2p_send(const dt_buffer_t *data, int dest, int tag, comm_t *comm);
/* Send data to dest (not MPI_PROC_NULL) eager at once if it can go so:
 * within the eager limit, in one piece, nothing queued to dest ahead of it,
 * room in the transport.  Then it needs no request, and true is returned. */
bool p2p_send_now(const dt_buffer_t *data, int dest, int tag, comm_t *comm);
int p2p_isend(const dt_buffer_t *data, int dest, int tag, comm_t *comm, request_t **out);
int p2p_isend_mode(const dt_buffer_t *data, int dest, int tag, comm_t *comm, int mode, request_t **out);
int p2p_recv(const dt_buffer_t *data, int source, int tag, comm_t *comm, MPI_Status *status);
int p2p_irecv(const dt_buffer_t *data, int source, int tag, comm_t *comm, request_t **out);
/* What a collective knows of a receive that tells the rendezvous of a
 * large message who had better copy it (p2p/rndv.c). */
enum recv_hint {
    RECV_PLAIN,
    /* The sender serves several (a collective's root): the message is
     * read with one process_vm_readv copy where allowed
     * (TESSERA_COLL_SINGLE_COPY), so that the receivers do the copying
     * rather than the sender. */
    RECV_PULL,
    /* This process takes messages from many at once (a gather's root)
     * while their senders only wait: the message is split between sender
     * and receiver also where ranks outnumber cores, so that the senders
     * copy half of it. */
    RECV_GATHERING,
    /* The sender has just written its data and has nothing else to do,
     * while this process is busy: the message is written whole by its
     * sender with process_vm_writev where allowed, from its own cache,
     * instead of read here. */
    RECV_PUSHED,
};
/* p2p_irecv with a hint. */
int p2p_irecv_hinted(const dt_buffer_t *data, int source, int tag, comm_t *comm, enum recv_hint hint, request_t **out);
/* The sender's side of it: a sender that serves several offers each its
 * data to read, by rendezvous from P2P_OFFER_MIN bytes even within the
 * eager limit, where the receiver may read it with one copy.  Otherwise a
 * standard send. */
int p2p_isend_offer(const dt_buffer_t *data, int dest, int tag, comm_t *comm, request_t **out);
/* Blocks from this size are offered to be read.  A root copying every
 * process its block into the rings does all the copying in turn while
 * the receivers wait; read by the receivers, the blocks move at once.
 * Scatter on 2 cores, 8 processes: 12 KiB blocks 69-75 -> 40-44 us, 16
 * KiB 63-73 -> 20-28, 64 KiB 96-106 -> 44-73; 6 processes, 32-64 KiB
 * 1.5-2.3x; at 4 and 5 processes level (docs/perf.md). */
#define P2P_OFFER_MIN (8 * 1024)
/* Whether mpirun measured one process_vm_readv faster than the rings
 * between two cores (tools/mpirun/probe.c; TESSERA_PULLS; it does not
 * measure when TESSERA_COLL_SINGLE_COPY=0): then collectives pull the
 * blocks that could go either way (coll/sched.h), and a rendezvous with a
 * core at each end is split between sender and receiver (rndv.c). */
bool p2p_pulls_pay(void);

/* Persistent requests: prepare once, start as often as needed. */
void p2p_send_prepare(request_t *req, const dt_buffer_t *data, int dest, int tag, comm_t *comm, int mode);
void p2p_send_start(request_t *req);
void p2p_recv_prepare(request_t *req, const dt_buffer_t *data, int source, int tag, comm_t *comm);
void p2p_recv_start(request_t *req);

/* Buffered sends (bsend.c).  p2p_bsend copies the message into the
 * buffer attached to its communicator, else into the process's, and
 * returns; detaching and flushing wait until that buffer's sends have
 * completed. */
typedef struct bsend_pool bsend_pool_t;
int p2p_bsend(const dt_buffer_t *data, int dest, int tag, comm_t *comm);
bsend_pool_t *p2p_bsend_process_pool(void);
/* A communicator's or session's buffer holder; freeing flushes it first. */
bsend_pool_t *p2p_bsend_pool_new(void);
void p2p_bsend_pool_free(bsend_pool_t *pool);
int p2p_buffer_attach(bsend_pool_t *pool, void *buffer, size_t size);
void p2p_buffer_detach(bsend_pool_t *pool, void **buffer, size_t *size);
void p2p_bsend_flush(bsend_pool_t *pool);
/* A request (REQUEST_FLUSH) completing once the sends buffered so far in
 * pool have; the progress engine checks them. */
int p2p_bsend_iflush(bsend_pool_t *pool, request_t **out);
int p2p_bsend_flushes_progress(void);

/* A new communicator is ready for traffic (call once it is registered). */
void p2p_context_ready(const comm_t *comm);

/* MPI_Cancel: withdraw req if it can still be withdrawn; the request then
 * completes with its status marked cancelled. */
void p2p_cancel(request_t *req);

/* Probing (probe.c).  The improbe/mprobe forms take the message out of
 * matching; p2p_imrecv receives it. */
struct unexpected;
bool p2p_iprobe(int source, int tag, comm_t *comm, MPI_Status *status);
void p2p_probe(int source, int tag, comm_t *comm, MPI_Status *status);
struct unexpected *p2p_improbe(int source, int tag, comm_t *comm, MPI_Status *status);
struct unexpected *p2p_mprobe(int source, int tag, comm_t *comm, MPI_Status *status);
int p2p_imrecv(const dt_buffer_t *data, comm_t *comm, struct unexpected *msg, request_t **out);
/* Receive a message taken out of matching and return its error: one here
 * whole at once and without a request (MPI_Recv, MPI_Mrecv). */
int p2p_recv_matched(const dt_buffer_t *data, comm_t *comm, struct unexpected *msg, MPI_Status *status);

/* Called by a transport for each message that arrives from world rank src. */
void p2p_incoming(int src, const wire_hdr_t *hdr, const wire_payload_t *payload);

/* The same for an eager message (WIRE_EAGER) a process sends itself,
 * whole, its data still in the sender's buffer: copied from there straight
 * into a matching receive, or packed into the unexpected queue, by
 * dt_buffer_copy (copies within the process). */
void p2p_incoming_local(int world_src, const wire_hdr_t *hdr, const dt_buffer_t *data);

/* Push queued sends that found no room earlier; returns messages pushed. */
int p2p_push_pending(void);
bool p2p_has_pending(void);

/* The transport that reaches world rank peer. */
transport_ops_t *p2p_transport(int world_peer);

/* Internal to p2p (send.c, recv.c, rndv.c). */
/* (Re)start req: fresh status; false when the peer is MPI_PROC_NULL and
 * req is therefore already complete. */
bool p2p_begin(request_t *req);
void p2p_send_init(int world_rank, int world_size);
void p2p_recv_init(int world_size);
void p2p_recv_finalize(void);
void p2p_send_finalize(void);
void p2p_send_stream(request_t *req, uint32_t recv_handle);
void p2p_send_finish(request_t *req);
bool p2p_send_cancel(request_t *req);
/* The receiver's answer to a send's cancellation: withdrawn or taken. */
void p2p_send_cancelled(uint32_t send_handle, bool withdrawn);
/* Complete req as cancelled (an empty status marked so). */
void p2p_complete_cancelled(request_t *req);
void p2p_send_control(int world_dest, uint8_t type, int32_t tag, const void *payload, size_t len);
void p2p_enqueue_pending(request_t *req);
void rndv_recv_start(request_t *req, int world_src, const wire_rts_t *rts);
/* Whether data goes by rendezvous when offered (p2p_isend_offer). */
bool rndv_can_offer(const dt_buffer_t *data);
void rndv_on_cts(uint32_t send_handle, const wire_cts_t *cts);
bool rndv_push_if_stalled(request_t *req);
/* A rendezvous send goes out (its RTS) and completes: large ones are
 * counted per receiver, for the timing of exchanges (rndv_choice.h). */
void rndv_send_begins(request_t *req);
void rndv_send_ends(request_t *req);
void rndv_on_pushed(uint32_t recv_handle, uint64_t from);
void rndv_on_data(uint32_t recv_handle, const wire_payload_t *payload);
void rndv_on_fin(uint32_t send_handle);
/* Receive into req a message taken from the unexpected queue; frees it. */
void p2p_recv_unexpected(request_t *req, struct unexpected *msg);

#endif
