/*
 * shm.c -- attaching a communicator to the shared-memory collective slots,
 * and the publish and wait steps the algorithms are made of (coll/shm.h).
 */
#include "coll/shm.h"

#include <stdlib.h>

#include "err/err.h"
#include "progress/progress.h"
#include "transport/transport.h"
#include "util/atomics.h"
#include "util/copy.h"

_Static_assert(SHM_COLL_SLOTS <= CONTEXT_PAIRS, "a slot per context pair at most");

static unsigned slot_index(const comm_t *comm)
{
    return comm->context_id / 2u;
}

bool coll_shm_serves(const comm_t *comm, const coll_args_t *a, size_t bytes)
{
    return a->blocking && !comm->inter && comm->size >= 2 && comm->size <= COLL_SHM_MAX_SIZE &&
           slot_index(comm) < SHM_COLL_SLOTS && bytes <= SHM_COLL_DATA_BYTES && shm_coll_slot_of(0, 0) != NULL;
}

static uint64_t counter_now(const shm_coll_slot_t *slot)
{
    uint64_t a = atomic_load_explicit(&slot->half[0].seq, memory_order_relaxed);
    uint64_t b = atomic_load_explicit(&slot->half[1].seq, memory_order_relaxed);
    return a > b ? a : b;
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
    for (int i = 0; i < n; i++) {
        sh->member[i].world = comm_world_rank(comm, i);
        sh->member[i].slot = shm_coll_slot_of(sh->member[i].world, slot_index(comm));
    }
    /* No operation before the first: nothing of this communicator's to
     * protect (the last user of the slots drained them when it was freed). */
    sh->op_saw_all = true;
    int rc = exchange_bases(comm, sh);
    if (rc != MPI_SUCCESS) {
        free(sh);
        return rc;
    }
    comm->coll_shm = sh;
    return MPI_SUCCESS;
}

int coll_shm_begin(comm_t *comm, coll_shm_op_t *op)
{
    if (!comm->coll_shm) {
        int rc = attach(comm);
        if (rc != MPI_SUCCESS)
            return err_set(rc, "cannot attach the communicator to shared memory for collectives");
    }
    coll_shm_t *sh = comm->coll_shm;
    *op = (coll_shm_op_t){comm, sh, (int)(sh->ops & 1), sh->phases + 1, false, false, MPI_SUCCESS};
    return MPI_SUCCESS;
}

int coll_shm_end(coll_shm_op_t *op)
{
    coll_shm_t *sh = op->sh;
    sh->op_first = op->first;
    sh->op_saw_all = op->saw_all;
    sh->ops++;
    return op->rc;
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

/* Wait until member i's counter in the given half reaches target. */
static void wait_for(const coll_shm_t *sh, int i, int half, uint64_t target)
{
    awaited_t w = {&sh->member[i].slot->half[half].seq, target};
    if (!reached(&w))
        progress_wait_until(reached, &w, PROGRESS_ANY_PEER);
}

void coll_shm_claim(coll_shm_op_t *op)
{
    coll_shm_t *sh = op->sh;
    op->claimed = true;
    if (sh->op_saw_all)
        return;
    /* Each member published in the previous operation only after it had
     * finished the one before, whose data this half holds. */
    for (int i = 0; i < op->comm->size; i++)
        if (i != op->comm->rank)
            wait_for(sh, i, op->half ^ 1, sh->member[i].base + sh->op_first);
    sh->op_saw_all = true;
}

void coll_shm_publish(coll_shm_op_t *op, size_t bytes)
{
    coll_shm_t *sh = op->sh;
    int me = op->comm->rank;
    struct coll_shm_member *m = &sh->member[me];
    /* The size is the operation's, announced in its first phase: later
     * phases reuse the half while others may still be checking it.  Like
     * the data, it is written only into a claimed half. */
    if (op->claimed && sh->phases == op->first)
        m->slot->half[op->half].bytes = bytes;
    atomic_store_explicit(&m->slot->half[op->half].seq, m->base + sh->phases, memory_order_release);
    for (int i = 0; i < op->comm->size; i++)
        if (i != me)
            shm_doorbell_ring(sh->member[i].world);
}

void coll_shm_wait(coll_shm_op_t *op, int i)
{
    wait_for(op->sh, i, op->half, op->sh->member[i].base + op->sh->phases);
}

size_t coll_shm_announced(const coll_shm_op_t *op, int i)
{
    return (size_t)op->sh->member[i].slot->half[op->half].bytes;
}

size_t coll_shm_take(coll_shm_op_t *op, int i, size_t expected)
{
    size_t bytes = coll_shm_announced(op, i);
    if (bytes == expected)
        return bytes;
    if (op->rc == MPI_SUCCESS)
        op->rc = err_set(MPI_ERR_TRUNCATE, "rank %d has %zu bytes of data where rank %d expects %zu", i, bytes,
                         op->comm->rank, expected);
    return bytes < expected ? bytes : expected;
}

size_t coll_shm_fit(coll_shm_op_t *op, size_t want, size_t room)
{
    if (want <= room)
        return want;
    if (op->rc == MPI_SUCCESS)
        op->rc =
            err_set(MPI_ERR_TRUNCATE, "rank %d sends %zu bytes where %zu are expected", op->comm->rank, want, room);
    return room;
}

void coll_shm_wait_all(coll_shm_op_t *op)
{
    for (int i = 0; i < op->comm->size; i++)
        if (i != op->comm->rank)
            coll_shm_wait(op, i);
    op->saw_all = true;
}

void coll_shm_fold(coll_shm_op_t *sop, op_t *op, datatype_t *dt, MPI_Count total, MPI_Count lo, MPI_Count count,
                   void *acc)
{
    /* op_apply computes inout = in op inout: fold from the right so that
     * a non-commutative operation sees its operands in rank order, and
     * every process computes the same bits. */
    int n = sop->comm->size, me = sop->comm->rank;
    size_t off = (size_t)(lo * dt->size), bytes = (size_t)(count * dt->size);
    size_t vector = (size_t)(total * dt->size);
    /* A member whose vector is shorter (an erroneous call) leaves the
     * result undefined but is reported, and nothing is read beyond its
     * slot. */
    if (n - 1 != me) {
        coll_shm_wait(sop, n - 1);
        coll_shm_take(sop, n - 1, vector);
    }
    copy_bytes((char *)acc + dt->true_lb, coll_shm_data(sop, n - 1) + off, bytes);
    for (int j = n - 2; j >= 0; j--) {
        if (j != me) {
            coll_shm_wait(sop, j);
            coll_shm_take(sop, j, vector);
        }
        op_apply(op, coll_shm_data(sop, j) + off - dt->true_lb, acc, count, dt);
    }
    sop->saw_all = true;
}

bool coll_shm_publish_vector(coll_shm_op_t *op, const coll_args_t *a)
{
    MPI_Count count = a->recvcount;
    size_t bytes = (size_t)(count * a->recvtype->size);
    coll_shm_claim(op);
    coll_shm_pack(coll_shm_data(op, op->comm->rank), a->sendbuf, count, a->recvtype, bytes);
    coll_shm_next_phase(op);
    coll_shm_publish(op, bytes);
    return bytes >= COLL_SHM_SLICE_BYTES && count >= op->comm->size;
}

void coll_shm_detach(comm_t *comm)
{
    if (!comm->coll_shm)
        return;
    coll_barrier_shm(comm, NULL);
    free(comm->coll_shm);
    comm->coll_shm = NULL;
}
