/*
 * request.h -- the request object and its life cycle.
 *
 * Life cycle (the rule everyone relies on):
 *   request_alloc()   -> active: owned by the layer that started it
 *   request_complete()-> complete: status is final, buffers are the user's
 *   request_free()    <- by MPI_Wait/MPI_Test after reporting the status,
 *                        or by p2p itself for internal (control) requests.
 * A request sits in at most one queue at a time (posted receives, or a
 * peer's pending sends), linked through next.  The exception to the cycle
 * is request_done: the one request every send complete as it started
 * shares, and the one of every nonblocking collective complete as it
 * started; never allocated, queued or changed, and freeing them does
 * nothing.
 */
#ifndef TESSERA_REQUEST_REQUEST_H
#define TESSERA_REQUEST_REQUEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dt/buffer.h"
#include "mpi.h"
#include "obj/handle.h"
#include "p2p/wire.h"

struct comm;
struct sched;

enum request_kind {
    REQUEST_SEND = 1,
    REQUEST_RECV = 2,
    REQUEST_CONTROL = 3,     /* an internal protocol message waiting for ring space */
    REQUEST_COLL = 4,        /* a nonblocking or persistent collective: its schedule runs it */
    REQUEST_PAIR = 5,        /* MPI_Isendrecv: completes when its send and receive both have */
    REQUEST_GENERALIZED = 6, /* MPI_Grequest_start: the user's code does the work and says when it is done */
    REQUEST_FLUSH = 7,       /* MPI_Buffer_iflush and friends (p2p/bsend.c) */
};

/* What a generalized request runs (in the request's owned memory). */
typedef struct grequest {
    MPI_Grequest_query_function *query;
    MPI_Grequest_free_function *free;
    MPI_Grequest_cancel_function *cancel;
    void *extra_state;
    bool freed; /* free_fn has run: it runs once, however the request ends */
} grequest_t;

#define REQUEST_CONTROL_PAYLOAD 24

enum send_mode {
    SEND_MODE_STANDARD = 0,
    SEND_MODE_SYNC = 1, /* completes only once a receive has matched */
    SEND_MODE_READY = 2,
    SEND_MODE_BUFFERED = 3,
    SEND_MODE_OFFER = 4, /* internal: p2p_isend_offer */
};

typedef struct request {
    uint32_t handle;
    uint8_t kind;
    uint8_t state; /* protocol step, owned by p2p */
    uint8_t mode;  /* enum send_mode, for sends */
    bool complete;
    bool persistent;   /* made by MPI_*_init: survives completion, restarted by MPI_Start */
    bool active;       /* persistent only: started, not yet reported complete */
    bool released;     /* MPI_Request_free came first: free on completion */
    uint8_t recv_hint; /* receive: enum recv_hint (p2p/p2p.h), who had better copy a large message */
    bool split;        /* receive: half read, waiting for the sender's half (p2p/rndv.c) */
    uint8_t fins;      /* send: FINs still to come beyond the next (a split the sender could not write) */
    bool large_out;    /* send: counted among the large sends out to its receiver (p2p/rndv.c) */
    struct request *next;
    struct comm *comm;
    dt_buffer_t data; /* send: the message; receive: the buffer (data.bytes is its capacity) */
    size_t done;      /* bytes moved so far by a pipelined rendezvous */
    size_t msg_bytes; /* receive: length of the matched message */
    int peer;         /* rank in comm; MPI_ANY_SOURCE for a wildcard receive */
    int world_peer;   /* rank in MPI_COMM_WORLD once known */
    int tag;
    uint32_t remote_handle; /* the peer's request in a rendezvous */
    /* A streaming send: the receiver's buffer when it may be written
     * directly (0 otherwise) and how much of the message fits there; its
     * chunk size; the receiver's consumption count when the ring was last
     * found full, and since when it has not moved (p2p/rndv.c). */
    uint64_t remote_address;
    size_t remote_room;
    size_t chunk; /* bytes per DATA chunk, chosen when the stream starts */
    uint64_t stall_mark;
    double stall_since; /* runtime_wtime(), 0 when not yet stalled */
    double timed_since; /* receive: when one timed for its sender's choice began (p2p/rndv_choice.h) */
    wire_hdr_t control_hdr;
    uint32_t control_len;
    uint8_t control_payload[REQUEST_CONTROL_PAYLOAD];
    struct sched *coll; /* REQUEST_COLL: the schedule (coll/sched.h) */
    /* REQUEST_PAIR: the send and the receive still running (NULL once
     * done), and memory that lives as long as the pair (the copy that
     * MPI_Isendrecv_replace sends from).  A part points to its pair. */
    struct request *parts[2];
    void *owned;
    struct request *pair;
    /* Partitioned (MPI_Psend_init/MPI_Precv_init): how many partitions,
     * and for a send how many are ready in this round (owned holds a flag
     * per partition). */
    int partitions;
    int partitions_ready;
    /* Partitioned requests match in the order they were initialized: the
     * how-many-th this one is of its process's inits with the same peer,
     * tag and communicator.  The sender's goes with its RTS (a first one,
     * 0, may go eager); every other message and receive has 0. */
    uint32_t part_seq;
    uint32_t match_seq; /* a posted receive's place in posting order (p2p/match.c) */
    MPI_Status status;
} request_t;

void request_init(void);

/* Every message allocates a request and frees it, so both are inline:
 * the live requests' handle table, and freed requests kept for reuse
 * (linked through next). */
extern obj_table_t request_table;
extern request_t *request_pool;
__attribute__((cold)) request_t *request_alloc_fresh(void);
__attribute__((cold, __noreturn__)) void request_table_full(void);
/* What request_free does for the requests that hold more than themselves:
 * a generalized request's state, a datatype, owned memory. */
void request_free_parts(request_t *req);

/* A send that was complete as it started (an eager message out at once)
 * needs nothing of a request but to be reported complete: every such send
 * gets request_done[REQUEST_DONE_SEND], permanent and never changed, as
 * MPICH's lightweight requests do.  A real request per send was 40% of an
 * MPI_Isend's instructions and a quarter of its share of MPI_Waitall.  Its
 * status is what a completed send's is (request_status_empty); freeing it
 * does nothing.  The same for a nonblocking collective done as it started
 * (on a communicator of one process: api/coll.c), REQUEST_DONE_COLL.  One
 * array, so that request_free tells them by one comparison. */
enum { REQUEST_DONE_SEND, REQUEST_DONE_COLL, REQUEST_DONE_KINDS };
extern request_t request_done[REQUEST_DONE_KINDS];

/* The status MPI reports for a request that had nothing to do. */
static inline void request_status_empty(MPI_Status *status)
{
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = MPI_SUCCESS;
    status->tessera_cancelled = 0;
    status->tessera_count = 0;
}

static inline request_t *request_alloc(int kind)
{
    request_t *req = request_pool;
    if (__builtin_expect(req != NULL, 1))
        request_pool = req->next;
    else
        req = request_alloc_fresh();
    memset(req, 0, sizeof *req);
    req->kind = (uint8_t)kind;
    request_status_empty(&req->status);
    req->handle = obj_table_insert(&request_table, req);
    if (__builtin_expect(req->handle == 0, 0))
        request_table_full();
    return req;
}

static inline void request_free(request_t *req)
{
    if (__builtin_expect((uintptr_t)req - (uintptr_t)request_done < sizeof request_done, 0))
        return;
    if (__builtin_expect(req->kind == REQUEST_GENERALIZED || req->data.dt || req->owned, 0))
        request_free_parts(req);
    req->pair = NULL;
    obj_table_remove(&request_table, req->handle);
    /* A copy of the handle left in an array of requests no longer names it
     * (api/request.c). */
    req->handle = 0;
    req->next = request_pool;
    request_pool = req;
}
/* Point req at the user's data; a derived datatype stays alive (even if the
 * user frees it) until req is freed. */
void request_set_data(request_t *req, const dt_buffer_t *data);
static inline request_t *request_from_value(uint32_t value)
{
    return obj_table_lookup(&request_table, value);
}

static inline request_t *request_from_handle(MPI_Request handle)
{
    return request_from_value(handle_value(handle));
}

/* A part of a REQUEST_PAIR is done: the pair takes its outcome, frees it,
 * and completes once both parts are done. */
void request_part_done(request_t *part);

/* The operation is done.  A request the user already released with
 * MPI_Request_free goes away here; callers touch req no more after this. */
static inline void request_complete(request_t *req)
{
    req->complete = true;
    if (req->pair)
        request_part_done(req);
    else if (req->released)
        request_free(req);
}

/* Make a pair of send and recv, both started; either may already be
 * complete.  From here on the pair owns them. */
void request_pair_join(request_t *pair, request_t *send, request_t *recv);

/* Whether MPI treats the request as null or inactive: nothing to wait for,
 * an empty status to report. */
static inline bool request_is_inactive(const request_t *req)
{
    return req->persistent && !req->active;
}

/* The handle the user holds for req. */
static inline MPI_Request request_to_handle(const request_t *req)
{
    return (MPI_Request)(uintptr_t)req->handle;
}

/* The error a completed request carries in its status, with the detail
 * line set for the user (truncation says how many bytes did not fit). */
int request_status_error(const request_t *req);
/* The error of a message of msg_bytes from source with tag that a receive
 * of capacity bytes could not hold, its detail line set. */
__attribute__((cold)) int request_truncation_error(size_t msg_bytes, int source, int tag, size_t capacity);

/* Write a status to the user's (MPI_STATUS_IGNORE: nothing).  All but
 * MPI_ERROR: only the calls that return several statuses may set that
 * field (MPI-4.1 3.2.5), so a call returning one leaves what the program
 * put there.  The same for the status of a message from MPI_PROC_NULL. */
static inline void request_status_out(MPI_Status *to, const MPI_Status *from)
{
    if (to == MPI_STATUS_IGNORE)
        return;
    to->MPI_SOURCE = from->MPI_SOURCE;
    to->MPI_TAG = from->MPI_TAG;
    to->tessera_cancelled = from->tessera_cancelled;
    to->tessera_count = from->tessera_count;
}

/* Report a completed request's status (status may be MPI_STATUS_IGNORE)
 * and free it; returns the error it carried, with its detail line set. */
static inline int request_release(request_t *req, MPI_Status *status)
{
    int rc = req->status.MPI_ERROR == MPI_SUCCESS ? MPI_SUCCESS : request_status_error(req);
    request_status_out(status, &req->status);
    request_free(req);
    return rc;
}

/* Whether a request on this communicator (or its internal twin) is
 * still running: what MPI_Comm_disconnect waits for.  A scan of every
 * live request, fine for a call that ends a communicator's life. */
bool request_pending_on(const struct comm *comm);
/* Whether any request not yet freed (running, complete or inactive)
 * refers to this communicator or its internal twin. */
bool request_uses(const struct comm *comm);
/* How many sends are still running, those the user freed with
 * MPI_Request_free included: what MPI_Finalize waits for. */
unsigned request_sends_running(void);

/* A completed generalized request: query_fn fills in its status (an
 * error it returns becomes the status's error, with its detail line). */
void grequest_query(request_t *req);
/* Run free_fn, once; returns its error. */
int grequest_free_state(request_t *req);

/* Partitioned requests (api/partitioned.c): MPI_Start of a send clears
 * its ready partitions; the user's tag behind the one on the wire. */
void partitioned_start(request_t *req);
int partitioned_user_tag(int wire);

/* The status of a message from MPI_PROC_NULL, written as
 * request_status_out writes one. */
void request_status_out_proc_null(MPI_Status *to);
/* The empty status of a null or inactive request, which MPI defines
 * whole, MPI_ERROR = MPI_SUCCESS included. */
void request_status_out_empty(MPI_Status *to);

#endif
