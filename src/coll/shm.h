/*
 * shm.h -- the pieces the shared-memory collectives are built from.
 *
 * On one node a collective need not send messages at all: each member of
 * the communicator owns a slot in the job's segment (segment.h), writes its
 * data there and publishes it by bumping the counter in the first cache
 * line of the operation's cell; the others wait for that counter and read
 * the data in place.  Up to 48 bytes of data sit in the cell right after
 * the counter, so that a reader's first miss brings flag and payload
 * together; up to 960 in the cell's next lines.
 *
 * An operation proceeds in phases.  In every phase every member publishes
 * exactly once (with data or without), so each knows what every other's
 * counter will read at the end of any phase: the member's base, agreed
 * when the communicator first uses these algorithms, plus the phases run
 * since.  Counters only grow and are never reset, so a slow reader still
 * waiting for an old value is never stranded by a newer one.
 *
 * Successive operations on a communicator take the cells of each slot in
 * turn (data too large for a cell goes into one of two halves, by the
 * operation's parity, and within the half into its areas in turn when it
 * fits one).  A member rewrites a cell or area only once every
 * member has finished the operation that last used it, which it knows
 * from their publications in the operation after that one: usually known
 * already, since most operations wait for everyone.  With ranks
 * outnumbering cores the cells let a root run up to SHM_COLL_CELLS
 * operations ahead, so that a reader given the CPU goes through several
 * at once.  Freeing the communicator runs one last barrier so that nobody
 * still reads a slot the next communicator on the same context pair
 * reuses.
 *
 * These algorithms run only blocking calls on intracommunicators whose
 * context pair has a slot (shm.c: slot_index); they wait with the
 * progress engine's policy, so point-to-point and nonblocking collectives
 * keep moving meanwhile, and with ranks outnumbering cores the waiter
 * yields and then sleeps on its doorbell, which each publisher rings.
 */
#ifndef TESSERA_COLL_SHM_H
#define TESSERA_COLL_SHM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coll/coll.h"
#include "transport/shm/segment.h"
#include "util/atomics.h"

/* The most members a communicator may have for these algorithms: each
 * waiter looks at every member's line, which stops paying beyond this. */
#define COLL_SHM_MAX_SIZE 64

/* The state of one communicator (comm->coll_shm), made at its first
 * shared-memory collective. */
typedef struct coll_shm {
    uint64_t phases;                       /* phases every member has run on the communicator */
    uint64_t ops;                          /* operations run; operation k uses cell k % SHM_COLL_CELLS */
    uint64_t done_before;                  /* every member has finished the operations before this one */
    uint64_t first[SHM_COLL_CELLS];        /* operation k's first phase, at k % SHM_COLL_CELLS */
    uint64_t area_user[2][SHM_COLL_AREAS]; /* 1 + the last operation that wrote in area a of half h */
    bool doorbells;                        /* members may sleep on their doorbells: publications ring them */
    struct coll_shm_member {
        shm_coll_slot_t *slot;
        uint64_t base; /* its counter when the communicator attached */
        int world;     /* its world rank, for doorbells */
    } member[];
} coll_shm_t;

/* One operation in progress. */
typedef struct coll_shm_op {
    comm_t *comm;
    coll_shm_t *sh;
    uint64_t index;      /* which operation on the communicator */
    unsigned cell;       /* index % SHM_COLL_CELLS */
    uint64_t first;      /* its first phase */
    bool saw_all;        /* it waited for every member's part of some phase */
    bool claimed;        /* it writes data in this operation (coll_shm_claim) */
    size_t bytes;        /* how much, */
    unsigned char *mine; /* and where */
    bool overran;        /* it had more data than the others expect (coll_shm_fit) */
    int rc;              /* MPI_ERR_TRUNCATE once sizes disagreed */
} coll_shm_op_t;

/* Between two processes one message beats the slots for large data
 * (measured at 64 KiB): the algorithms stop at this size there, or send
 * larger blocks as messages. */
#define SHM_SMALL_BYTES (16 * 1024)

/* An entry of the table a sender writes before its blocks when each
 * block goes its own way (alltoallv_shm.c, scatterv_shm.c): where the
 * block sits in the sender's data area, or that it comes by message. */
#define COLL_SHM_BY_MESSAGE UINT32_MAX
typedef struct coll_shm_entry {
    uint32_t at;    /* offset of the block in the data area, or COLL_SHM_BY_MESSAGE */
    uint32_t bytes; /* its size (in the slot only) */
} coll_shm_entry_t;

/* What MPI_Gatherv and MPI_Scatterv write into a slot, a header or table
 * with the blocks, stays within this many bytes: within the cell, where a
 * process may run up to SHM_COLL_CELLS operations ahead, and between two
 * processes where pulls pay within what travels with the cell's flag;
 * blocks that do not fit go as messages (gatherv_shm.c, scatterv_shm.c).
 * A half admits one operation ahead, so with roots changing from call to
 * call every process waited for the last: on the Intel host, roots
 * rotating, us, through the slots / all as messages, MPI_Gatherv of 1
 * KiB blocks 1.22 / 0.51 at 2 processes, 1.68 / 1.53 at 4, 4.56 / 3.97 at
 * 8, of 8 KiB blocks 5.74 / 3.34 at 4, 11.25 / 6.74 at 8 (944-byte
 * blocks, in the cell, 1.27 / 1.52 at 4, 2.37 / 3.63 at 8), MPI_Scatterv
 * alike; at 2 processes 256-944 bytes 1.1-1.9x slower through the cell
 * (docs/perf.md). */
static inline size_t coll_shm_v_cell_bytes(const comm_t *comm)
{
    return sched_pair_pulls(comm) ? SHM_COLL_INLINE_BYTES : SHM_COLL_CELL_BYTES;
}

/* Whether the communicator can have a slot at all (its size, its context
 * pair, the job's segment); true for one that has attached. */
bool coll_shm_could_attach(const comm_t *comm);

/* Whether a call may take a shared-memory algorithm at all, with payloads
 * of at most `bytes` per member slot.  Asked on every blocking call, so a
 * communicator that has attached skips the questions it answered then. */
static inline bool coll_shm_serves(const comm_t *comm, const coll_args_t *a, size_t bytes)
{
    return a->blocking && bytes <= SHM_COLL_DATA_BYTES && (comm->coll_shm || coll_shm_could_attach(comm));
}

/*
 * The steps below run a few times in every operation, and a small
 * collective at two processes is about a thousand instructions in all:
 * they are inline, with their waits and rare cases in shm.c.
 */

/* The communicator's first operation: attach it (coll_shm_begin). */
int coll_shm_attach(comm_t *comm);

/* Start an operation (attaching the communicator at its first one).
 * Returns MPI_SUCCESS or an error class. */
static inline int coll_shm_begin(comm_t *comm, coll_shm_op_t *op)
{
    if (__builtin_expect(!comm->coll_shm, 0)) {
        int rc = coll_shm_attach(comm);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    coll_shm_t *sh = comm->coll_shm;
    uint64_t k = sh->ops;
    /* Field by field: a compound literal is built aside and copied in
     * with `rep movs`, which costs more than the rest of this. */
    op->comm = comm;
    op->sh = sh;
    op->index = k;
    op->cell = (unsigned)(k % SHM_COLL_CELLS);
    op->first = sh->phases + 1;
    op->saw_all = false;
    op->claimed = false;
    op->bytes = 0;
    op->mine = NULL;
    op->overran = false;
    op->rc = MPI_SUCCESS;
    sh->first[op->cell] = op->first;
    return MPI_SUCCESS;
}

/* End it; returns MPI_SUCCESS, or MPI_ERR_TRUNCATE when members' sizes
 * disagreed (the operation still ran to its end everywhere). */
static inline int coll_shm_end(coll_shm_op_t *op)
{
    coll_shm_t *sh = op->sh;
    /* Seeing every member in this operation means each had finished the
     * ones before. */
    if (op->saw_all)
        sh->done_before = op->index;
    sh->ops++;
    return op->rc;
}

/* Wait until every member has finished operation j (of the last
 * SHM_COLL_CELLS before op), when that is not known yet. */
void coll_shm_wait_finished(coll_shm_op_t *op, uint64_t j);
/* coll_shm_claim for data beyond a cell. */
unsigned char *coll_shm_claim_half(coll_shm_op_t *op, size_t bytes);

/* Where data of `bytes` beyond a cell sits in a slot for operation
 * `index`: in the half of its parity, within it in `count` of its areas
 * (the fewest, a power of two, that hold it: the whole half beyond 32
 * KiB) from area `first`, the operations of that parity taking such runs
 * in turn.  In a whole half a process runs only one operation ahead,
 * and with ranks outnumbering cores each call waited for the slowest:
 * 4 processes on 2 cores, MPI_Bcast from one root, us, areas / halves,
 * 1 KiB 0.51 / 2.22-2.30, 4 KiB 0.93-1.15 / 3.25-3.47, 8 KiB 1.8 / 4.3,
 * 16 KiB 3.2-3.6 / 6.3; roots rotating as bench/coll.c turns them, 4
 * KiB bcast 2.2 -> 1.7, allgather 4.1 -> 3.5, alltoall 6.0 -> 4.4,
 * scatter 2.9 -> 2.4 (docs/perf.md). */
static inline void coll_shm_areas(uint64_t index, size_t bytes, unsigned *first, unsigned *count)
{
    unsigned n = 1;
    while (n < SHM_COLL_AREAS && n * SHM_COLL_AREA_BYTES < bytes)
        n *= 2;
    *count = n;
    *first = (unsigned)((index >> 1) % (SHM_COLL_AREAS / n)) * n;
}
static inline unsigned char *coll_shm_beyond_cell(shm_coll_slot_t *slot, uint64_t index, size_t bytes)
{
    unsigned first, count;
    coll_shm_areas(index, bytes, &first, &count);
    return slot->half[index & 1].data + (size_t)first * SHM_COLL_AREA_BYTES;
}

/* Before writing into one's own data area: wait until no member can still
 * be reading what an earlier operation left there.  `bytes` is all this
 * process will write in the operation (and announce in its first
 * publication).  Returns the area. */
static inline unsigned char *coll_shm_claim(coll_shm_op_t *op, size_t bytes)
{
    coll_shm_t *sh = op->sh;
    op->claimed = true;
    op->bytes = bytes;
    /* The cell's size word is rewritten whatever the size. */
    if (op->index >= SHM_COLL_CELLS && op->index - SHM_COLL_CELLS >= sh->done_before)
        coll_shm_wait_finished(op, op->index - SHM_COLL_CELLS);
    if (bytes > SHM_COLL_CELL_BYTES)
        return coll_shm_claim_half(op, bytes);
    return op->mine = shm_coll_cell_data(&sh->member[op->comm->rank].slot->cell[op->cell], bytes);
}

/* Start the next phase of the operation; every member runs the same. */
static inline void coll_shm_next_phase(coll_shm_op_t *op)
{
    op->sh->phases++;
}

/* Wake the members asleep on their doorbells (coll_shm_publish). */
void coll_shm_ring(coll_shm_op_t *op);

/* Publish this process's part of the current phase, and wake members
 * asleep waiting for it.  The first publication of an operation where it
 * claimed its area announces the size claimed, for coll_shm_take. */
static inline void coll_shm_publish(coll_shm_op_t *op)
{
    coll_shm_t *sh = op->sh;
    struct coll_shm_member *m = &sh->member[op->comm->rank];
    shm_coll_cell_t *cell = &m->slot->cell[op->cell];
    /* The size is the operation's, announced in its first phase: later
     * phases reuse the cell while others may still be checking it.  Like
     * the data, it is written only into a claimed cell.  A process that
     * had more than fits writes what fits and announces a byte more, so
     * that its readers fail too rather than take a prefix silently. */
    if (op->claimed && sh->phases == op->first)
        cell->bytes = op->bytes + op->overran;
    atomic_store_explicit(&cell->seq, m->base + sh->phases, memory_order_release);
    if (sh->doorbells)
        coll_shm_ring(op);
}

/* Wait until member i's counter in the given cell reaches target, when it
 * has not yet. */
void coll_shm_wait_for(const coll_shm_t *sh, int i, unsigned cell, uint64_t target);

/* Wait until member i has published in the current phase. */
static inline void coll_shm_wait(coll_shm_op_t *op, int i)
{
    const coll_shm_t *sh = op->sh;
    uint64_t target = sh->member[i].base + sh->phases;
    if (atomic_load_explicit(&sh->member[i].slot->cell[op->cell].seq, memory_order_acquire) < target)
        coll_shm_wait_for(sh, i, op->cell, target);
}

/* After the wait: the bytes member i announced, and how many of them to
 * read when `expected` are expected (a mismatch is recorded as truncation). */
static inline size_t coll_shm_announced(const coll_shm_op_t *op, int i)
{
    return (size_t)op->sh->member[i].slot->cell[op->cell].bytes;
}
size_t coll_shm_mismatch(coll_shm_op_t *op, int i, size_t bytes, size_t expected);
static inline size_t coll_shm_take(coll_shm_op_t *op, int i, size_t expected)
{
    size_t bytes = coll_shm_announced(op, i);
    if (__builtin_expect(bytes == expected, 1))
        return bytes;
    return coll_shm_mismatch(op, i, bytes, expected);
}
/* The same for n blocks of `block` bytes: how many bytes of each to read
 * (without a division when the size is the expected one, as it is unless
 * the call is erroneous). */
static inline size_t coll_shm_take_blocks(coll_shm_op_t *op, int i, size_t block, int n)
{
    size_t all = coll_shm_take(op, i, block * (size_t)n);
    return __builtin_expect(all == block * (size_t)n, 1) ? block : all / (size_t)n;
}
/* The same for every member. */
void coll_shm_wait_all(coll_shm_op_t *op);
/* Wait until every member has published in phase `phase` of the
 * operation (an earlier one than the current). */
void coll_shm_wait_all_at(coll_shm_op_t *op, uint64_t phase);

/* Member i's data area, once it has published its first phase (or, for
 * this process, claimed): in its cell when the data fits there. */
static inline unsigned char *coll_shm_data(const coll_shm_op_t *op, int i)
{
    if (i == op->comm->rank)
        return op->mine;
    shm_coll_slot_t *slot = op->sh->member[i].slot;
    size_t bytes = coll_shm_announced(op, i);
    if (bytes <= SHM_COLL_CELL_BYTES)
        return shm_coll_cell_data(&slot->cell[op->cell], bytes);
    return coll_shm_beyond_cell(slot, op->index, bytes);
}

/* The reductions: acc = c_0 op c_1 op ... op c_last in rank order, over
 * elements [lo, lo + count) of the vectors of `total` elements of dt
 * (contiguous, or a pair type under a predefined op) that the members
 * published in the current phase; acc is addressed as the user addresses
 * a buffer.  Waits for each member in
 * turn.  last is n - 1 but in the scans. */
void coll_shm_fold(coll_shm_op_t *sop, op_t *op, datatype_t *dt, MPI_Count total, MPI_Count lo, MPI_Count count,
                   int last, void *acc);
/* The reductions' first phase: publish this process's vector (sendbuf,
 * recvcount elements of recvtype).  Returns whether to go on in slices:
 * the vector is large enough to share the arithmetic out. */
bool coll_shm_publish_vector(coll_shm_op_t *op, const coll_args_t *a);
/* Data from this size up is reduced in slices, one per process at once:
 * process p's slice of count elements is [lo, hi). */
#define COLL_SHM_SLICE_BYTES 4096
static inline void coll_shm_slice(MPI_Count count, int n, int p, MPI_Count *lo, MPI_Count *hi)
{
    *lo = count * p / n;
    *hi = count * (p + 1) / n;
}

/* A reduction of any length: `part` (an algorithm serving vectors up to a
 * slot's size) runs on one slot-sized part of the vectors after another,
 * each part an operation of its own. */
int coll_shm_in_slot_parts(comm_t *comm, const coll_args_t *a, coll_run_fn part);
static inline int coll_shm_in_parts(comm_t *comm, const coll_args_t *a, coll_run_fn part)
{
    if ((size_t)(a->recvcount * a->recvtype->size) <= SHM_COLL_DATA_BYTES)
        return part(comm, a);
    return coll_shm_in_slot_parts(comm, a, part);
}

/* The same for blocks of `block` bytes, `per` of each block at a time:
 * part(comm, a, off, len) moves bytes [off, off + len) of every block.
 * Returns the first error. */
typedef int (*coll_shm_part_fn)(comm_t *comm, const coll_args_t *a, size_t off, size_t len);
int coll_shm_in_block_parts(comm_t *comm, const coll_args_t *a, size_t block, size_t per, coll_shm_part_fn part);
/* In such a part, how much of its own block of `sent` bytes this process
 * brings: its block may be longer or shorter than the `block` it receives
 * from each (an erroneous call: it sends itself one too), never more than
 * len.  Either is recorded as truncation in the last part; what is left
 * over is not sent. */
size_t coll_shm_part_share(coll_shm_op_t *op, size_t sent, size_t block, size_t off, size_t len);

/* MPI_Comm_free: the last barrier, then the state goes. */
void coll_shm_detach(comm_t *comm);

/* Copy between a user buffer (count elements of dt) and packed bytes (at
 * most `bytes` of them on the way out). */
static inline void coll_shm_pack(void *dst, const void *buf, MPI_Count count, datatype_t *dt, size_t bytes)
{
    dt_buffer_t b = coll_buf(buf, count, dt);
    dt_buffer_pack(&b, 0, bytes < b.bytes ? bytes : b.bytes, dst);
}

/* A process whose own send side is larger than the receive sides the
 * algorithm was chosen for (an erroneous call) sends only what fits:
 * returns min(want, room), recording truncation when that is less. */
size_t coll_shm_fit(coll_shm_op_t *op, size_t want, size_t room);

static inline void coll_shm_unpack(void *buf, MPI_Count count, datatype_t *dt, const void *src, size_t bytes)
{
    dt_buffer_t b = coll_buf(buf, count, dt);
    dt_buffer_unpack(&b, 0, bytes < b.bytes ? bytes : b.bytes, src);
}

#endif
