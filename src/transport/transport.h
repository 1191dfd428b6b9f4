/*
 * transport.h -- the one seam with a table of functions: how point-to-point
 * reaches another process.  Two transports today: shm (other ranks on this
 * node) and self (messages to oneself).  The p2p layer picks the transport
 * by destination and calls through this table; nothing else is indirect.
 */
#ifndef TESSERA_TRANSPORT_TRANSPORT_H
#define TESSERA_TRANSPORT_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "dt/buffer.h"
#include "p2p/wire.h"
#include "runtime/topology.h"
#include "util/atomics.h"

typedef struct transport_ops {
    const char *name;
    /* Largest payload sent eagerly; longer messages use a rendezvous. */
    size_t eager_limit;
    /* Largest DATA chunk of a pipelined rendezvous. */
    size_t chunk_limit;
    /* Bytes of the data ring from one process to another (0: none). */
    size_t ring_bytes;
    /* Whether eager messages may be split into pieces (WIRE_PIECES): worth
     * it where sender and receiver run at the same time. */
    bool pieces;
    /* Send one message to world rank dest.  Returns 1 when the message has
     * left (payload copied out), 0 when there is no room now: the caller
     * queues it and tries again from progress. */
    int (*send)(int dest, const wire_hdr_t *hdr, const void *payload, size_t len);
    /* The same, with bytes [pos, pos + len) of data's packed stream as the
     * payload, packed straight into the transport's memory. */
    int (*send_packed)(int dest, const wire_hdr_t *hdr, const dt_buffer_t *data, size_t pos, size_t len);
    /* Whether dest has taken every message sent to it so far: a new one
     * finds it waiting rather than busy with earlier ones. */
    bool (*caught_up)(int dest);
    /* Single copy: read len bytes at address in rank src's memory into the
     * nlocal ranges of local (len bytes in all), in order.  Returns 0, or
     * an errno value when the transport cannot (then the caller falls back
     * to a pipelined rendezvous).  NULL for self: a rendezvous with oneself
     * is copied at the match (p2p/rndv.c). */
    int (*read_remote)(int src, const struct iovec *local, size_t nlocal, uint64_t address, size_t len);
    /* The other direction: write the local ranges to address in rank
     * dest's memory; NULL where the transport has no such thing. */
    int (*write_remote)(int dest, uint64_t address, const struct iovec *local, size_t nlocal, size_t len);
    /* A count that grows whenever dest takes messages from this rank: a
     * sender short of room sees whether the receiver is still draining. */
    uint64_t (*consumed)(int dest);
    /* Deliver what has arrived to p2p_incoming(); returns messages seen. */
    int (*poll)(void);
} transport_ops_t;

extern transport_ops_t transport_shm; /* limits are set from tunables at init */
extern transport_ops_t transport_self;

/* Set up / tear down the shm transport on the mapped segment. */
int shm_transport_init(void *segment, int rank, int nranks, int sleep_enabled);
/* The hardware domains world rank `rank` started within (its slot's copy,
 * runtime/topology.h), once it has them there. */
void shm_rank_domains(int rank, long ids[TOPO_LEVELS]);
void shm_transport_finalize(void);
/* Block until a peer rings this rank's doorbell or a short timeout passes,
 * unless done(arg) turns out true once this rank shows itself asleep. */
void shm_doorbell_wait(bool (*done)(void *arg), void *arg);
/* Wake world rank dest if it sleeps on its doorbell, after this rank has
 * published something dest may wait for.  Nothing when nobody sleeps. */
void shm_doorbell_ring(int dest);
/* Wake this process's own threads asleep on its doorbell
 * (MPI_THREAD_MULTIPLE: another thread did what they wait for). */
void shm_doorbell_wake_own(void);
/* Whether ranks of this job ever sleep on their doorbells (else ringing
 * does nothing). */
bool shm_doorbells_enabled(void);
/* Whether any rank of the job sleeps on its doorbell: a publisher that
 * finds none need ring no one (ring.c pairs it with shm_doorbell_wait). */
bool shm_anyone_asleep(void);
/* World rank rank's collective slot for a communicator (segment.h), NULL
 * in a job without shared memory. */
struct shm_coll_slot *shm_coll_slot_of(int rank, unsigned slot);
/* The counts of users of MPI_Comm_idup's context pairs (segment.h). */
_Atomic uint32_t *shm_idup_users_of_job(void);
/* The claims of the blocking creations' context pairs (segment.h). */
_Atomic uint64_t *shm_claim_table_of_job(void);
/* Whether world rank peer (any other rank for a negative peer) is awake
 * and last waited on the CPU this rank runs on now, and with skip_stalled
 * not stalled (below): spinning here would only keep it from running. */
bool shm_cpu_shared(int peer, bool skip_stalled);
/* Whether world rank peer is unlikely to answer soon: it has given up
 * its CPU (asleep on its doorbell, or in shm_yield), or its latest wait
 * was on several ranks or in a collective (what it sends next waits on
 * others too).  Ranks outnumbering cores only. */
bool shm_rank_answers_late(int peer);
/* Whether world rank peer's latest wait was on several ranks or in a
 * collective (shm_await_several). */
bool shm_rank_awaits_several(int peer);
/* The one rank world rank peer's latest wait that had to wait was on; -1
 * when several. */
int shm_rank_awaited(int peer);
/* Whether world rank peer (none when negative) is awake on this rank's CPU
 * and its latest wait that found nothing was on this rank. */
bool shm_rank_awaits_us_beside(int peer);
/* Records whether this rank's wait, starting now, is on several ranks or
 * in a collective, for shm_rank_answers_late (a store only when that
 * changes). */
void shm_await_several(bool on);
/* Records the one rank (world rank; PROGRESS_ANY_PEER for several) this
 * rank waits on, once a wait finds nothing, for shm_rank_awaited: waits
 * answered at once would only move the rank slot's line (a store only
 * when it changes). */
void shm_await_rank(int peer);
/* sched_yield, with this rank shown as off its CPU meanwhile. */
void shm_yield(void);
/* A wait that has spun out begins (on) or ends, for mpirun's watch for
 * deadlocks (segment.h: long_wait). */
void shm_long_wait(bool on);
/* Such a wait moved a message. */
void shm_long_wait_moved(void);
/* Around a wait for a counter in the segment to reach target: peers on
 * this CPU learn that stepping aside for this rank gains nothing until
 * the counter gets there (they spin instead of handing the CPU to a rank
 * that would hand it back).  One at a time; a hint, never a promise: the
 * CPU a rank shows is where it last waited, and it may have moved since. */
void shm_stall_begin(const _Atomic uint64_t *counter, uint64_t target);
void shm_stall_end(void);

#endif
