/*
 * segment.h -- layout of the job's shared-memory segment.
 *
 * mpirun creates the segment (a memfd, inherited by the ranks) and fills in
 * the header; the ranks map it.  The layout:
 *
 *   header                   one page
 *   rank slots [nranks]      two cache lines each: state, then doorbell
 *   pair areas [nranks^2]    pair (s, r) at index s * nranks + r carries
 *                            messages from rank s to rank r
 *   collective areas [nranks] one per rank: a slot for each of the first
 *                            SHM_COLL_SLOTS communicators (coll/shm.h)
 *   MPI_Comm_idup's pairs    a count of users per context pair
 *   context claims [nranks]  one bit per context pair of the blocking
 *                            creations, set while the rank uses the pair
 *
 * A pair area is a control line written only by the receiver, a ring of
 * header slots and a data ring, both written only by the sender.  The
 * segment is sparse: a pair area costs memory only once its ranks talk.
 */
#ifndef TESSERA_TRANSPORT_SHM_SEGMENT_H
#define TESSERA_TRANSPORT_SHM_SEGMENT_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/topology.h"
#include "util/atomics.h"

#define SHM_MAGIC 0x5445535345524131ull /* "TESSERA1" */
#define SHM_PAGE 4096

enum shm_rank_state {
    SHM_RANK_STARTED = 0,     /* launched, MPI_Init not yet called */
    SHM_RANK_INITIALIZED = 1, /* inside MPI */
    SHM_RANK_FINALIZED = 2,   /* MPI_Finalize returned: exiting now is normal */
    SHM_RANK_ABORTED = 3,     /* MPI_Abort or a fatal MPI error: see end_code */
};

typedef struct shm_header {
    uint64_t magic;
    uint32_t nranks;
    uint32_t ring_slots;      /* header slots per pair, a power of two */
    uint64_t ring_data_bytes; /* data ring bytes per pair, a power of two */
    uint64_t pair_bytes;      /* size of one pair area, page aligned */
    uint64_t ranks_offset;
    uint64_t pairs_offset;
    uint64_t coll_offset;
    uint64_t idup_offset;
    uint64_t claims_offset;
    uint64_t total_bytes;
    /* How many ranks sleep on their doorbells, on a line of its own: a
     * publisher with no one asleep rings no one (ring.c). */
    _Alignas(CACHE_LINE) _Atomic uint32_t asleep;
} shm_header_t;

typedef struct shm_rank_slot {
    /* Line 0: written by the rank itself at init/finalize/abort; read by
     * mpirun (to explain an exit) and by peers (pid for single copy). */
    _Alignas(CACHE_LINE) _Atomic int32_t pid;
    _Atomic uint32_t state;    /* enum shm_rank_state */
    _Atomic int32_t end_code;  /* MPI_Abort code or MPI error class */
    _Atomic uint32_t end_kind; /* RUNTIME_END_* when state is ABORTED */
    /* The signal on which the rank prints its call stack (0: none), set
     * before `state` says INITIALIZED, and how many times it has: mpirun
     * asks for them when a job times out (runtime/crash.h). */
    _Atomic int32_t stack_signal;
    _Atomic uint32_t stacks_printed;
    /* Set while the rank is in a wait that has spun out (progress.c) and
     * not under MPI_THREAD_MULTIPLE, and bumped whenever such a wait
     * begins or moves a message: every rank waiting, and no count moving,
     * for long is a job that may be deadlocked (mpirun says so). */
    _Atomic uint32_t long_wait;
    _Atomic uint32_t long_wait_moves;
    /* Line 1: the doorbell.  The rank sets `sleeping` before it blocks in
     * futex_wait on `bell`; a sender that sees `sleeping` clears it, bumps
     * `bell` and wakes it.  `cpu` is where the rank last waited: a waiter
     * that finds an awake rank on its own CPU knows that rank cannot run
     * while it spins.  `stalled_on`, when not 0, is the offset in the
     * segment of a counter the rank waits to reach `stalled_until` (a
     * shared-memory collective waiting for a member's publication): until
     * it does, the rank has nothing to do, and a waiter on its CPU gains
     * nothing by stepping aside for it.  `yielded` is set while the rank
     * is in sched_yield (ranks outnumbering cores): it waits for a CPU,
     * and a waiter elsewhere spinning for its answer spins for nothing.
     * `awaits_several` says whether its latest wait was on several ranks
     * or in a collective (ranks outnumbering cores): a rank in such a
     * step, or computing between such steps, sends its next message when
     * others have answered it.  `awaits` is the one rank its latest wait
     * that found nothing at once was on (-1 for several): a rank waiting
     * on one beside us answers when we step aside. */
    _Alignas(CACHE_LINE) _Atomic uint32_t bell;
    _Atomic uint32_t sleeping;
    _Atomic uint32_t yielded;
    _Atomic int32_t cpu;
    _Atomic uint32_t awaits_several;
    _Atomic int32_t awaits;
    _Atomic uint64_t stalled_on;
    _Atomic uint64_t stalled_until;
    /* Line 2: written once at init, before `state` says INITIALIZED: the
     * hardware domains the rank started within (runtime/topology.h), which
     * peers placing a grid read (MPI_Cart_map, MPI_Graph_map).  Its live
     * affinity would not do: a waiter stepping off its CPU narrows it for
     * a moment (progress.c), and two readers could order ranks apart. */
    _Alignas(CACHE_LINE) int64_t domain[TOPO_LEVELS];
} shm_rank_slot_t;

typedef struct shm_pair_ctl {
    /* Written by the receiver after it has copied a message out (release);
     * read by the sender when its cached view says the ring is full
     * (acquire), so the copy-out happens before the slot is overwritten. */
    _Alignas(CACHE_LINE) _Atomic uint64_t slots_consumed;
    _Atomic uint64_t data_consumed;
} shm_pair_ctl_t;

/*
 * The shared-memory collectives (coll/shm.h) give each rank a slot per
 * communicator, indexed by the communicator's context pair, for
 * SHM_COLL_SLOTS pairs (the first of the blocking creations' and of
 * MPI_Comm_idup's; communicators on other pairs use message-based
 * algorithms).  Successive collectives on the communicator take the
 * slot's cells in turn, so that a rank can run that many operations ahead
 * of slow readers.  A cell is a line whose first word counts the rank's
 * publications, then how many bytes the operation's data has, then up
 * to 48 bytes of data, so that a small payload travels with its flag.
 * Data up to SHM_COLL_CELL_BYTES starts on the cell's next line instead:
 * the writer fills lines the readers are not polling, and whole lines.
 * On the Intel host a 2-process MPI_Allreduce of 512 B took 0.41 us
 * from there against 0.59 from 16 bytes into the flag's line, reduce
 * 0.33 against 0.59, allgather 0.45 against 0.75 (docs/perf.md).
 * Larger data goes into one of two halves, alternating between
 * operations, and up to 32 KiB into a run of the half's
 * SHM_COLL_AREA_BYTES areas, runs taken in turn, so that a rank can run
 * several operations of such data ahead (coll/shm.h: coll_shm_areas).
 * Written only by the rank that owns it.
 */
#define SHM_COLL_SLOTS 128
#define SHM_COLL_CELLS 64
#define SHM_COLL_INLINE_BYTES (CACHE_LINE - 16)
#define SHM_COLL_CELL_BYTES (1024 - CACHE_LINE)
#define SHM_COLL_DATA_BYTES (64 * 1024)
#define SHM_COLL_AREA_BYTES (8 * 1024)
#define SHM_COLL_AREAS (SHM_COLL_DATA_BYTES / SHM_COLL_AREA_BYTES)

typedef struct shm_coll_cell {
    _Alignas(CACHE_LINE) _Atomic uint64_t seq;
    uint64_t bytes; /* of the data the operation publishes */
    unsigned char inline_data[SHM_COLL_INLINE_BYTES];
    _Alignas(CACHE_LINE) unsigned char data[SHM_COLL_CELL_BYTES];
} shm_coll_cell_t;

/* Where an operation's data of `bytes` (at most SHM_COLL_CELL_BYTES) sits
 * in its cell. */
static inline unsigned char *shm_coll_cell_data(shm_coll_cell_t *cell, size_t bytes)
{
    return bytes <= SHM_COLL_INLINE_BYTES ? cell->inline_data : cell->data;
}

typedef struct shm_coll_half {
    _Alignas(CACHE_LINE) unsigned char data[SHM_COLL_DATA_BYTES];
} shm_coll_half_t;

typedef struct shm_coll_slot {
    shm_coll_cell_t cell[SHM_COLL_CELLS];
    shm_coll_half_t half[2];
} shm_coll_slot_t;

/*
 * MPI_Comm_idup takes its context pairs from a range of its own
 * (obj/comm.h), whose pairs are unique in the whole job: one process
 * takes a free pair by setting its count of users from 0 to the number
 * of members, and each member counts down when it lets the communicator
 * go.  No agreement among the members is needed, so any number of them
 * can be under way at once beside the blocking creations.
 */
#define SHM_IDUP_PAIRS 1024

static inline _Atomic uint32_t *shm_idup_users(void *base)
{
    shm_header_t *hdr = base;
    return (_Atomic uint32_t *)((char *)base + hdr->idup_offset);
}

/*
 * The blocking creations' context pairs (obj/comm.h): a bit per pair and
 * rank, set while the rank has, or is about to have, a communicator on the
 * pair.  One process of a creation claims the lowest pair clear at every
 * member by setting its bit at each of them (obj/claims.h); each member
 * clears its own bit when it lets the communicator go.  A claim never
 * waits for another creation, so creations on different threads cannot
 * hold each other up.
 */
#define SHM_CLAIM_WORDS 112

/* The table (obj/claims.h): SHM_CLAIM_WORDS words per rank, rank-major. */
static inline _Atomic uint64_t *shm_claim_table(void *base)
{
    shm_header_t *hdr = base;
    return (_Atomic uint64_t *)((char *)base + hdr->claims_offset);
}

/* The layout for a job of nranks with the given ring sizes. */
void shm_layout(shm_header_t *hdr, uint32_t nranks, uint32_t ring_slots, uint64_t ring_data_bytes);

static inline shm_rank_slot_t *shm_rank_slot(void *base, uint32_t rank)
{
    shm_header_t *hdr = base;
    return (shm_rank_slot_t *)((char *)base + hdr->ranks_offset) + rank;
}

/* Where a pair area's data ring starts: after its control line and its
 * ring_slots header slots, on a page of its own. */
static inline uint64_t shm_pair_data_offset(uint32_t ring_slots)
{
    return (CACHE_LINE + (uint64_t)ring_slots * CACHE_LINE + SHM_PAGE - 1) & ~(uint64_t)(SHM_PAGE - 1);
}

static inline char *shm_pair_area(void *base, uint32_t sender, uint32_t receiver)
{
    shm_header_t *hdr = base;
    return (char *)base + hdr->pairs_offset + ((uint64_t)sender * hdr->nranks + receiver) * hdr->pair_bytes;
}

static inline shm_coll_slot_t *shm_coll_slot(void *base, uint32_t rank, uint32_t slot)
{
    shm_header_t *hdr = base;
    shm_coll_slot_t *area = (shm_coll_slot_t *)((char *)base + hdr->coll_offset) + (uint64_t)rank * SHM_COLL_SLOTS;
    return area + slot;
}

/* Create an anonymous segment (memfd, else an unlinked POSIX shm object) of
 * hdr->total_bytes, write the header, return its fd (not close-on-exec) or
 * -1 with errno set.  *where names the mechanism for messages. */
int shm_segment_create(const shm_header_t *hdr, const char **where);
void *shm_segment_map(int fd, size_t bytes);

#endif
