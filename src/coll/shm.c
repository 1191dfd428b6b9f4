/*
 * shm.c -- attaching a communicator to the shared-memory collective slots,
 * and the publish and wait steps the algorithms are made of (coll/shm.h).
 */
#include "coll/shm.h"

#include <stdlib.h>

#include "err/err.h"
#include "progress/progress.h"
#include "runtime/threads.h"
#include "transport/transport.h"
#include "util/atomics.h"
#include "util/copy.h"
#include "util/log.h"

_Static_assert(SHM_COLL_SLOTS <= CONTEXT_PAIRS, "a slot per context pair at most");

/* The first pairs of the blocking creations and the first of
 * MPI_Comm_idup's range (obj/comm.h) share the slots; SHM_COLL_SLOTS for
 * a communicator that has none. */
#define IDUP_SLOTS 32
static unsigned slot_index(const comm_t *comm)
{
    unsigned pair = comm->context_id / 2u;
    if (pair < SHM_COLL_SLOTS - IDUP_SLOTS)
        return pair;
    if (pair >= CONTEXT_IDUP_FIRST && pair - CONTEXT_IDUP_FIRST < IDUP_SLOTS)
        return SHM_COLL_SLOTS - IDUP_SLOTS + (pair - CONTEXT_IDUP_FIRST);
    return SHM_COLL_SLOTS;
}

bool coll_shm_could_attach(const comm_t *comm)
{
    return !comm->inter && comm->size >= 2 && comm->size <= COLL_SHM_MAX_SIZE && slot_index(comm) < SHM_COLL_SLOTS &&
           shm_coll_slot_of(0, 0) != NULL;
}

static uint64_t counter_now(const shm_coll_slot_t *slot)
{
    uint64_t now = 0;
    for (int c = 0; c < SHM_COLL_CELLS; c++) {
        uint64_t seq = atomic_load_explicit(&slot->cell[c].seq, memory_order_relaxed);
        now = seq > now ? seq : now;
    }
    return now;
}

/* Every member tells every other where its counter stands: the slot may
 * have served an earlier communicator on the same context pair, and the
 * counters go on from there.  Once per communicator, by messages. */
static int exchange_bases(comm_t *comm, coll_shm_t *sh)
{
    int n = comm->size, me = comm->rank;
    uint64_t *bases = malloc((size_t)n * sizeof *bases);
    sched_t *s = bases ? sched_new(comm) : NULL;
    if (!s) {
        free(bases);
        return MPI_ERR_NO_MEM;
    }
    bases[me] = counter_now(sh->member[me].slot);
    dt_buffer_t mine = dt_buffer_bytes(&bases[me], sizeof *bases);
    for (int i = 0; i < n; i++) {
        if (i == me)
            continue;
        dt_buffer_t theirs = dt_buffer_bytes(&bases[i], sizeof *bases);
        sched_send(s, &mine, i);
        sched_recv(s, &theirs, i);
    }
    int rc = sched_run(s);
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        sh->member[i].base = bases[i];
    free(bases);
    return rc;
}

static int attach(comm_t *comm)
{
    int n = comm->size;
    coll_shm_t *sh = calloc(1, sizeof *sh + (size_t)n * sizeof sh->member[0]);
    if (!sh)
        return MPI_ERR_NO_MEM;
    sh->doorbells = shm_doorbells_enabled();
    for (int i = 0; i < n; i++) {
        sh->member[i].world = comm_world_rank(comm, i);
        sh->member[i].slot = shm_coll_slot_of(sh->member[i].world, slot_index(comm));
    }
    int rc = exchange_bases(comm, sh);
    if (rc != MPI_SUCCESS) {
        free(sh);
        return rc;
    }
    comm->coll_shm = sh;
    return MPI_SUCCESS;
}

int coll_shm_attach(comm_t *comm)
{
    int rc = attach(comm);
    if (rc != MPI_SUCCESS)
        return err_set(rc, "cannot attach the communicator to shared memory for collectives");
    return MPI_SUCCESS;
}

typedef struct awaited {
    const _Atomic uint64_t *seq;
    uint64_t target;
} awaited_t;

static bool reached(void *arg)
{
    const awaited_t *w = arg;
    return atomic_load_explicit(w->seq, memory_order_acquire) >= w->target;
}

void coll_shm_wait_for(const coll_shm_t *sh, int i, unsigned cell, uint64_t target)
{
    awaited_t w = {&sh->member[i].slot->cell[cell].seq, target};
    if (reached(&w))
        return;
    /* Say what we wait for (progress.c says when), unless other threads
     * of this process may have work meanwhile. */
    bool stall = progress_stall_hints() && !threads_lock_on;
    if (stall)
        shm_stall_begin(w.seq, target);
    progress_wait_until(reached, &w, PROGRESS_ANY_PEER);
    if (stall)
        shm_stall_end();
}

/* Wait until every member but this process has published `phase` in the
 * given cell. */
static void wait_others(const coll_shm_op_t *op, unsigned cell, uint64_t phase)
{
    for (int i = 0; i < op->comm->size; i++)
        if (i != op->comm->rank)
            coll_shm_wait_for(op->sh, i, cell, op->sh->member[i].base + phase);
}

/* Every member publishes in operation j + 1 only after it has finished
 * operation j. */
void coll_shm_wait_finished(coll_shm_op_t *op, uint64_t j)
{
    coll_shm_t *sh = op->sh;
    if (j < sh->done_before)
        return;
    unsigned cell = (unsigned)((j + 1) % SHM_COLL_CELLS);
    wait_others(op, cell, sh->first[cell]);
    sh->done_before = j + 1;
}

unsigned char *coll_shm_claim_half(coll_shm_op_t *op, size_t bytes)
{
    coll_shm_t *sh = op->sh;
    uint64_t *user = sh->area_user[op->index & 1];
    /* The run of areas the data takes (coll_shm_areas).  Operations of
     * the other parity never share them, so their last writer is at
     * least two operations back, and its successor's first phase is
     * known. */
    unsigned first, count;
    coll_shm_areas(op->index, bytes, &first, &count);
    uint64_t last = 0;
    for (unsigned i = first; i < first + count; i++) {
        if (user[i] > last)
            last = user[i];
        user[i] = op->index + 1;
    }
    if (last)
        coll_shm_wait_finished(op, last - 1);
    return op->mine = coll_shm_beyond_cell(sh->member[op->comm->rank].slot, op->index, bytes);
}

/* Every member publishes in every phase, and looking at each other
 * member's doorbell line for a sleeper cost each publication n - 1 of
 * them; one shared count of sleepers, rarely written, is one line.  8
 * ranks on 2 cores, 8 launches alternating, medians: bcast 8 B-4 KiB
 * 1.09-1.18x faster, barrier 1.15x, allreduce 0.89-1.07x, every least
 * time lower (docs/perf.md). */
void coll_shm_ring(coll_shm_op_t *op)
{
    if (!shm_anyone_asleep())
        return;
    for (int i = 0; i < op->comm->size; i++)
        if (i != op->comm->rank)
            shm_doorbell_ring(op->sh->member[i].world);
}

size_t coll_shm_mismatch(coll_shm_op_t *op, int i, size_t bytes, size_t expected)
{
    if (op->rc == MPI_SUCCESS)
        op->rc = err_set(MPI_ERR_TRUNCATE, "rank %d has %zu bytes of data where rank %d expects %zu", i, bytes,
                         op->comm->rank, expected);
    return bytes < expected ? bytes : expected;
}

size_t coll_shm_fit(coll_shm_op_t *op, size_t want, size_t room)
{
    if (want <= room)
        return want;
    op->overran = true;
    if (op->rc == MPI_SUCCESS)
        op->rc =
            err_set(MPI_ERR_TRUNCATE, "rank %d sends %zu bytes where %zu are expected", op->comm->rank, want, room);
    return room;
}

void coll_shm_wait_all(coll_shm_op_t *op)
{
    wait_others(op, op->cell, op->sh->phases);
    op->saw_all = true;
}

void coll_shm_wait_all_at(coll_shm_op_t *op, uint64_t phase)
{
    wait_others(op, op->cell, phase);
}

/* Member j's published vector of `vector` bytes, once it is there. */
static inline const unsigned char *fold_operand(coll_shm_op_t *sop, int j, size_t vector)
{
    if (j != sop->comm->rank) {
        coll_shm_wait(sop, j);
        coll_shm_take(sop, j, vector);
    }
    return coll_shm_data(sop, j);
}

/* A pair type's elements fold packed, in a scratch vector of this many
 * bytes on the stack (malloc beyond), and are unpacked into acc once. */
#define FOLD_STACK_BYTES 512

static __attribute__((noinline)) void fold_packed(coll_shm_op_t *sop, op_t *op, datatype_t *dt, size_t off,
                                                  MPI_Count count, size_t vector, int last, void *acc)
{
    size_t bytes = (size_t)(count * dt->size);
    char stack[FOLD_STACK_BYTES], *into = bytes <= sizeof stack ? stack : malloc(bytes);
    if (!into)
        log_fatal("out of memory folding %zu bytes of a reduction", bytes);
    copy_bytes(into, fold_operand(sop, last, vector) + off, bytes);
    for (int j = last - 1; j >= 0; j--)
        op_apply_packed(op, fold_operand(sop, j, vector) + off, into, count, dt);
    coll_shm_unpack(acc, count, dt, into, bytes);
    if (into != stack)
        free(into);
}

void coll_shm_fold(coll_shm_op_t *sop, op_t *op, datatype_t *dt, MPI_Count total, MPI_Count lo, MPI_Count count,
                   int last, void *acc)
{
    /* op_apply computes inout = in op inout: fold from the right so that
     * a non-commutative operation sees its operands in rank order, and
     * every process computes the same bits.  A member whose vector is
     * shorter (an erroneous call) leaves the result undefined but is
     * reported, and nothing is read beyond its slot. */
    size_t off = (size_t)(lo * dt->size), bytes = (size_t)(count * dt->size);
    size_t vector = (size_t)(total * dt->size);
    if (dt->contiguous) {
        copy_bytes((char *)acc + dt->true_lb, fold_operand(sop, last, vector) + off, bytes);
        for (int j = last - 1; j >= 0; j--)
            op_apply(op, fold_operand(sop, j, vector) + off - dt->true_lb, acc, count, dt);
    } else {
        fold_packed(sop, op, dt, off, count, vector, last, acc);
    }
    if (last == sop->comm->size - 1)
        sop->saw_all = true;
}

bool coll_shm_publish_vector(coll_shm_op_t *op, const coll_args_t *a)
{
    MPI_Count count = a->recvcount;
    size_t bytes = (size_t)(count * a->recvtype->size);
    coll_shm_pack(coll_shm_claim(op, bytes), a->sendbuf, count, a->recvtype, bytes);
    coll_shm_next_phase(op);
    coll_shm_publish(op);
    return bytes >= COLL_SHM_SLICE_BYTES && count >= op->comm->size;
}

int coll_shm_in_slot_parts(comm_t *comm, const coll_args_t *a, coll_run_fn part)
{
    datatype_t *dt = a->recvtype;
    MPI_Count count = a->recvcount;
    MPI_Count per = (MPI_Count)(SHM_COLL_DATA_BYTES / dt->size);
    int rc = MPI_SUCCESS;
    for (MPI_Count lo = 0; lo < count; lo += per) {
        coll_args_t p = *a;
        p.recvcount = p.sendcount = count - lo < per ? count - lo : per;
        p.sendbuf = coll_at(a->sendbuf, lo, dt);
        p.recvbuf = coll_at(a->recvbuf, lo, dt);
        int prc = part(comm, &p);
        if (rc == MPI_SUCCESS)
            rc = prc;
    }
    return rc;
}

int coll_shm_in_block_parts(comm_t *comm, const coll_args_t *a, size_t block, size_t per, coll_shm_part_fn part)
{
    if (block <= per)
        return part(comm, a, 0, block);
    int rc = MPI_SUCCESS;
    for (size_t off = 0; off < block; off += per) {
        int prc = part(comm, a, off, block - off < per ? block - off : per);
        if (rc == MPI_SUCCESS)
            rc = prc;
    }
    return rc;
}

size_t coll_shm_part_share(coll_shm_op_t *op, size_t sent, size_t block, size_t off, size_t len)
{
    size_t share = sent > off ? sent - off : 0;
    if (off + len < block)
        return share < len ? share : len;
    if (sent < block && op->rc == MPI_SUCCESS)
        op->rc = err_set(MPI_ERR_TRUNCATE, "rank %d sends %zu bytes a block and receives %zu: they must be the same",
                         op->comm->rank, sent, block);
    return coll_shm_fit(op, share, len);
}

void coll_shm_detach(comm_t *comm)
{
    if (!comm->coll_shm)
        return;
    coll_barrier_shm(comm, NULL);
    free(comm->coll_shm);
    comm->coll_shm = NULL;
}
