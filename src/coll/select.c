/*
 * select.c -- which algorithm runs a collective call.
 *
 * Each operation has a table of algorithms and a rule that picks one by
 * communicator size and message size; TESSERA_COLL_<OPERATION>=<name>
 * (mpirun --info lists the names) forces one instead.  A forced algorithm
 * that cannot serve a call (recursive doubling on a number of processes
 * that is not a power of two, a ring on a non-commutative operation)
 * gives way to the rule, with a warning the first time.
 *
 * The break-even points are first estimates from the cost models in the
 * algorithm files; docs/perf.md records the measurements behind them.
 */
#include <stdbool.h>

#include "coll/coll.h"
#include "coll/names.h"
#include "coll/sched.h"
#include "coll/shm.h"
#include "err/err.h"
#include "p2p/p2p.h"
#include "runtime/tunables.h"
#include "util/log.h"

_Static_assert(COLL_OPS == TUNABLES_COLL_OPS, "one TESSERA_COLL_* tunable per collective operation");

typedef struct algorithm {
    coll_build_fn build;                                      /* message-based: records a schedule */
    bool (*serves)(const comm_t *comm, const coll_args_t *a); /* NULL: every call */
    coll_run_fn run;                                          /* shared memory: runs a blocking call */
} algorithm_t;

static bool power_of_two(const comm_t *comm, const coll_args_t *a)
{
    (void)a;
    return (comm->size & (comm->size - 1)) == 0;
}

static bool commutative(const comm_t *comm, const coll_args_t *a)
{
    (void)comm;
    return a->op->commute;
}

static bool pair_commutative(const comm_t *comm, const coll_args_t *a)
{
    return comm->size == 2 && a->op->commute;
}

/* Bytes of one process's block or of the whole buffer, as the operation
 * counts them on this process (equal everywhere where it matters). */
static size_t recv_bytes(const coll_args_t *a)
{
    return (size_t)(a->recvcount * a->recvtype->size);
}

/* One process's block in a gather or scatter, equal everywhere: each
 * process knows it from whichever side it has (a count per process). */
static size_t block_bytes(const coll_args_t *a)
{
    return a->sendtype ? (size_t)(a->sendcount * a->sendtype->size) : recv_bytes(a);
}

/* Between two processes where pulls pay (sched_pair_pulls: the Intel
 * host) the slots lose to messages once what a process writes (`bytes`:
 * its vector or block, all n blocks for a scatter's root or an
 * alltoall) leaves the cell for a half, where a process runs only one
 * operation ahead, so they stop at the cell there.  2 ranks,
 * us, slots / messages (bcast linear, gather and scatter linear, reduce
 * binomial, alltoall linear, allreduce recursive doubling): roots
 * rotating, 4 KiB scatter 1.21 / 0.97, reduce 1.41 / 1.04, allreduce
 * 1.46 / 1.15, 8-16 KiB 1.2-2.2x slower, 1-2 KiB level or up to 1.3x
 * faster; root fixed, 1-2 KiB bcast 0.59-0.77 / 0.21-0.27, scatter
 * 0.67-0.98 / 0.20-0.26, gather and reduce 1.1-1.3x slower; in the cell
 * the slots win either way (docs/perf.md).  On the AMD host, where pulls
 * did not pay, the slots won to 16 KiB. */
static bool pair_slots_lose(const comm_t *comm, size_t bytes)
{
    return bytes > SHM_COLL_CELL_BYTES && sched_pair_pulls(comm); /* a pair: comm->size == 2 */
}

/* The shared-memory algorithms (coll/shm.h): blocking calls only, with
 * each process's part of the data within its slot; between two processes
 * they stop at SHM_SMALL_BYTES (pair_slots_lose: less where pulls pay). */
static bool barrier_shm(const comm_t *comm, const coll_args_t *a)
{
    return coll_shm_serves(comm, a, 0);
}

static bool bcast_shm(const comm_t *comm, const coll_args_t *a)
{
    return coll_shm_serves(comm, a, 0); /* in chunks, any size */
}

static bool gather_shm(const comm_t *comm, const coll_args_t *a)
{
    return coll_shm_serves(comm, a, block_bytes(a));
}

/* Whether a block for every process fits a slot (a multiplication: a
 * division costs more than the rest of the test). */
static bool slot_holds_blocks(const comm_t *comm, size_t block)
{
    return block <= SHM_COLL_DATA_BYTES && block * (size_t)comm->size <= SHM_COLL_DATA_BYTES;
}

/* The root's slot holds a block for every process (coll_shm_serves tests
 * their total; the first test keeps it from overflowing). */
static bool scatter_shm(const comm_t *comm, const coll_args_t *a)
{
    size_t block = block_bytes(a);
    return block <= SHM_COLL_DATA_BYTES && coll_shm_serves(comm, a, block * (size_t)comm->size);
}

static bool allgather_shm(const comm_t *comm, const coll_args_t *a)
{
    return coll_shm_serves(comm, a, 0); /* in parts, any size */
}

static bool alltoall_shm(const comm_t *comm, const coll_args_t *a)
{
    return coll_shm_serves(comm, a, 0); /* in parts, any size */
}

/* Reductions work on the packed vectors: contiguous types in place, and
 * the pair types (MPI_DOUBLE_INT: its padding a gap) under the predefined
 * ops, which fold them packed (coll_shm_fold).  Every reduction through
 * the slots serves both (an override reaches them); by default only
 * MPI_Allreduce takes the slots for a pair type, where it measured faster
 * (fold_in_slots). */
static bool reduce_shm(const comm_t *comm, const coll_args_t *a)
{
    datatype_t *dt = a->recvtype;
    return (dt->contiguous || (dt->predefined && a->op->predefined)) && dt->size <= SHM_COLL_DATA_BYTES &&
           coll_shm_serves(comm, a, 0);
}

/* Whether a reduction other than MPI_Allreduce takes the slots by
 * default: contiguous types only.  MPI_Reduce of MPI_DOUBLE_INT under
 * MPI_MINLOC, us, messages / slots: 4 ranks, 1 element 0.33 / 0.40, 100
 * 0.96-1.04 / 1.42-1.44, 1000 4.8-9.4 / 11.9-12.3; 2 ranks 1000 2.1 /
 * 5.0 (the packed fold's element-by-element kernel against the tree's
 * partial results). */
static bool reduce_shm_contiguous(const comm_t *comm, const coll_args_t *a)
{
    return a->recvtype->contiguous && reduce_shm(comm, a);
}

/* Each operation: its table, in the order of its names in names.h from
 * index 1 (0 is "auto"), and its rule, which returns an index. */

static const algorithm_t barrier_algorithms[] = {
    {NULL, NULL, NULL}, {coll_barrier_dissemination, NULL, NULL}, {NULL, barrier_shm, coll_barrier_shm}};
static int barrier_rule(const comm_t *comm, const coll_args_t *a)
{
    return barrier_shm(comm, a) ? 2 : 1;
}

/* Three or four processes, ranks outnumbering cores, where pulls pay
 * (measured on the Intel host's 2 cores): from 192 KiB to 512 KiB the
 * readers pulling from the root's buffer at once (bcast linear: one copy
 * each, none at the root) beat the slot, whose 64 KiB ring holds the root
 * to the slowest reader, and there the reader that waits for a CPU.  4
 * processes, root fixed, us, pulled / slot: 384 KiB 65-83 / 84-99, 512 KiB
 * 98-113 / 129-132 (Open MPI 95-110), 768 KiB and up level or the slot
 * faster (1 MiB 237-273 / 231-241); 3 processes 512 KiB 38-93 / 81-133;
 * from 5 the slot, whose root copies once however many read, wins or
 * levels (5: 512 KiB 140-148 / 129-135).  Not measured with a core per
 * process, so the slot stays there. */
static bool pulled_bcast_wins(const comm_t *comm, size_t bytes)
{
    return comm->size > 2 && comm->size <= 4 && bytes >= 192 * 1024 && bytes <= 512 * 1024 &&
           progress_oversubscribed() && p2p_pulls_pay();
}

static const algorithm_t bcast_algorithms[] = {{NULL, NULL, NULL},
                                               {coll_bcast_binomial, NULL, NULL},
                                               {coll_bcast_linear, NULL, NULL},
                                               {coll_bcast_scatter_allgather, NULL, NULL},
                                               {NULL, bcast_shm, coll_bcast_shm}};
static int bcast_rule(const comm_t *comm, const coll_args_t *a)
{
    /* Measured (docs/perf.md, 2 cores): up to 8 processes the binomial
     * tree beats scatter-allgather at every size, 3.3x at 512 KiB on 8;
     * the latter's bandwidth pays only with a core per process, so it is
     * kept for large groups and messages (not yet measured). */
    size_t bytes = recv_bytes(a);
    /* Measured (docs/perf.md): through shared memory 1.5x faster than the
     * best peer at 8 B on 2 ranks, but there at 64 KiB one message is
     * faster.  Oversubscribed at 4 and 8 processes, shared memory beats
     * the tree at every size (1.5x to 5x up to 64 KiB, in chunks beyond),
     * the slot's cells letting the root run ahead of readers that wait for
     * a core. */
    if (pulled_bcast_wins(comm, bytes))
        return 2;
    /* Contiguous data within a cell takes this choice without asking
     * (coll_run_bcast_cell, below): keep the two in step. */
    if (bcast_shm(comm, a) && (comm->size > 2 || bytes <= SHM_SMALL_BYTES) && !pair_slots_lose(comm, bytes))
        return 4;
    if (comm->size <= 2)
        return 2;
    if (comm->size > 8 && bytes >= 512 * 1024)
        return 3;
    return 1;
}

/* Most broadcasts carry a few bytes: for contiguous data that fits a
 * cell the rule above picks the slot wherever shared memory serves, so
 * such a call goes there without the table, the checks for streaming or
 * the general algorithm's chunk loop.  Eight processes on two cores pay
 * for every instruction four times over on each core (each process takes
 * every broadcast), and the chain of roots waits for it: 8 bytes, roots
 * rotating, 435 -> 244 instructions a call outside the waits, 1.90 ->
 * 1.78 us a call in medians (docs/perf.md). */
int coll_run_bcast_cell(comm_t *comm, void *buf, MPI_Count count, const datatype_t *dt, int root)
{
    if (comm->inter || comm->size == 1 || !dt->contiguous || tunables.coll_algorithm[COLL_BCAST] > 0)
        return COLL_DECLINED;
    size_t bytes = (size_t)(count * dt->size);
    if (bytes > SHM_COLL_CELL_BYTES || !(comm->coll_shm || coll_shm_could_attach(comm)))
        return COLL_DECLINED;
    return coll_bcast_cell(comm, (char *)buf + dt->true_lb, bytes, root);
}

static const algorithm_t gather_algorithms[] = {{NULL, NULL, NULL},
                                                {coll_gather_linear, NULL, NULL},
                                                {coll_gather_binomial, NULL, NULL},
                                                {NULL, gather_shm, coll_gather_shm}};
static int gather_rule(const comm_t *comm, const coll_args_t *a)
{
    /* Every process must choose the same; the block size is equal
     * everywhere.  Measured up to 8 processes on 2 cores, linear wins at
     * every size (3x at 8 B, 6x at 4 MiB on 8): the tree's extra copies
     * and rounds cost more than the root's n - 1 receives.  The tree is
     * kept for small blocks on large groups (not yet measured). */
    if (gather_shm(comm, a) && (comm->size > 2 || block_bytes(a) <= SHM_SMALL_BYTES) &&
        !pair_slots_lose(comm, block_bytes(a)))
        return 3;
    return comm->size > 8 && block_bytes(a) <= 4096 ? 2 : 1;
}

/* The rooted v forms: blocks beyond coll_shm_v_cell_bytes go as messages
 * within the shared-memory algorithms (a sender or receiver knows only
 * its own block's size, so the choice is made block by block there):
 * through the slots 2x faster than linear at 8 B on 2 processes, level
 * or faster at the sizes that go as messages (docs/perf.md). */
static bool rooted_v_shm(const comm_t *comm, const coll_args_t *a)
{
    return coll_shm_serves(comm, a, 0);
}
static int rooted_v_rule(const comm_t *comm, const coll_args_t *a)
{
    return rooted_v_shm(comm, a) ? 2 : 1;
}

static const algorithm_t gatherv_algorithms[] = {
    {NULL, NULL, NULL}, {coll_gatherv_linear, NULL, NULL}, {NULL, rooted_v_shm, coll_gatherv_shm}};

static const algorithm_t scatter_algorithms[] = {{NULL, NULL, NULL},
                                                 {coll_scatter_linear, NULL, NULL},
                                                 {coll_scatter_binomial, NULL, NULL},
                                                 {NULL, scatter_shm, coll_scatter_shm}};
static int scatter_rule(const comm_t *comm, const coll_args_t *a)
{
    /* As gather_rule, from the same measurements (linear 1.9x faster at
     * 8 B and 5.7x at 4 MiB on 8 processes).  Shared memory beats linear
     * wherever it serves (1.3x to 4x on 8 processes, 2 cores). */
    if (scatter_shm(comm, a) && !pair_slots_lose(comm, block_bytes(a) * (size_t)comm->size))
        return 3;
    return comm->size > 8 && block_bytes(a) <= 4096 ? 2 : 1;
}

static const algorithm_t scatterv_algorithms[] = {
    {NULL, NULL, NULL}, {coll_scatterv_linear, NULL, NULL}, {NULL, rooted_v_shm, coll_scatterv_shm}};

static const algorithm_t allgather_algorithms[] = {{NULL, NULL, NULL},
                                                   {coll_allgather_ring, NULL, NULL},
                                                   {coll_allgather_recursive_doubling, power_of_two, NULL},
                                                   {NULL, allgather_shm, coll_allgather_shm}};
static int allgather_rule(const comm_t *comm, const coll_args_t *a)
{
    /* Blocks beyond a slot go in parts: with more than two processes
     * 1.5x to 1.8x faster than the ring at 512 KiB and 4 MiB on 8
     * (docs/perf.md); between two, one message each way is as fast. */
    /* Between two processes where pulls pay (sched_pair_pulls), blocks
     * beyond what a cell carries with its flag go as one message each
     * way, the ring's pulled from P2P_OFFER_MIN (us, slots / recursive
     * doubling / ring: 64 B 0.38 / 0.30 / 0.30, 2 KiB 0.84 / 0.65 / 0.74,
     * 16 KiB 3.32 / 3.2-3.4 / 2.5-2.7; 64 KiB 9.5 -> 5.x pulled,
     * docs/perf.md). */
    if (recv_bytes(a) > SHM_COLL_INLINE_BYTES && sched_pair_pulls(comm))
        return recv_bytes(a) < P2P_OFFER_MIN ? 2 : 1;
    if (allgather_shm(comm, a) && (comm->size > 2 || recv_bytes(a) <= SHM_COLL_DATA_BYTES))
        return 3;
    if (power_of_two(comm, a) && recv_bytes(a) * (size_t)comm->size < 64 * 1024)
        return 2;
    return 1;
}

static const algorithm_t allgatherv_algorithms[] = {
    {NULL, NULL, NULL}, {coll_allgatherv_ring, NULL, NULL}, {NULL, allgather_shm, coll_allgatherv_shm}};
static int allgatherv_rule(const comm_t *comm, const coll_args_t *a)
{
    /* As MPI_Allgather, by the largest block (every process knows them
     * all). */
    if (!allgather_shm(comm, a))
        return 1;
    for (int p = 0; comm->size == 2 && p < 2; p++)
        if ((size_t)(a->recvcounts[p] * a->recvtype->size) > SHM_COLL_DATA_BYTES)
            return 1;
    return 2;
}

static const algorithm_t alltoall_algorithms[] = {{NULL, NULL, NULL},
                                                  {coll_alltoall_pairwise, NULL, NULL},
                                                  {coll_alltoall_linear, NULL, NULL},
                                                  {NULL, alltoall_shm, coll_alltoall_shm},
                                                  {coll_alltoall_offered, NULL, NULL}};
static int alltoall_rule(const comm_t *comm, const coll_args_t *a)
{
    /* Blocks that fit the slot at once go through shared memory.  Larger
     * ones up to 64 KiB, among four processes or more that each have a
     * core, or where pulls pay (sched_exchange_offers): offered, each read
     * by its receiver with one copy (32-64 KiB blocks on 16 cores 2-3x
     * faster than through the slot in parts, alltoall_common.c).
     * Otherwise, oversubscribed, through the slot in parts from five
     * processes (on the AMD host 2.6x faster than pairwise at 64 KiB on 8
     * processes on 2 cores, docs/perf.md; Zen 5, at once 2.2-3.9x slower
     * at 48-64 KiB on 5-8); at three and four all at once, every block a
     * message of its own through its pair's ring, the slot's parts
     * waiting on the slowest process in each (Zen 5, 4 processes, us,
     * parts / at once: 32 KiB 10.9-13.8 / 10.7-11.3, 48 KiB 17.5-20.5 /
     * 16.2-16.7, 64 KiB 24.9-25.3 / 21.1-22.1; 3 processes 64 KiB
     * 17.1-18.2 / 14.8-15.4).  Larger ones are pulled with one copy, all
     * at once up to 8 processes: each reads whichever block is offered first
     * instead of waiting, round by round, for one partner to be scheduled
     * (512 KiB and 4 MiB blocks on 2 cores, 4 and 8 processes: 4-8%
     * faster than pairwise; level at 2).  Where ranks outnumber cores
     * and pulls do not pay, they go through the rings (p2p/rndv.c), and
     * all at once still wins (Zen 5, 8 processes, us, at once / pairwise:
     * 512 KiB 1375-1471 / 1564-1639, 4 MiB level).  Every process gets
     * the same answer: mpirun tells all whether the job is oversubscribed. */
    size_t block = recv_bytes(a);
    bool shm = alltoall_shm(comm, a) && !pair_slots_lose(comm, block * (size_t)comm->size);
    if (shm && slot_holds_blocks(comm, block))
        return 3;
    if (block >= P2P_OFFER_MIN && block <= SHM_COLL_DATA_BYTES && sched_exchange_offers(comm))
        return 4;
    if (shm && comm->size > 4 && block <= SHM_COLL_DATA_BYTES)
        return 3;
    return comm->size <= 8 || block < 8192 ? 2 : 1;
}

static const algorithm_t alltoallv_algorithms[] = {{NULL, NULL, NULL},
                                                   {coll_alltoallv_pairwise, NULL, NULL},
                                                   {coll_alltoallv_linear, NULL, NULL},
                                                   {NULL, alltoall_shm, coll_alltoallv_shm},
                                                   {coll_alltoallv_offered, NULL, NULL}};
static const algorithm_t alltoallw_algorithms[] = {{NULL, NULL, NULL},
                                                   {coll_alltoallw_pairwise, NULL, NULL},
                                                   {coll_alltoallw_linear, NULL, NULL},
                                                   {NULL, alltoall_shm, coll_alltoallw_shm},
                                                   {coll_alltoallw_offered, NULL, NULL}};
static int alltoallvw_rule(const comm_t *comm, const coll_args_t *a)
{
    /* Up to 8 processes the slots take the small blocks and the large
     * ones go all at once as in the linear exchange (alltoallv_shm.c);
     * more take turns, pairwise, as MPI_Alltoall's large blocks do, their
     * blocks offered where every process has a core (sched.h).  Up to 16
     * processes sharing cores without offers the slots still win (Zen 5,
     * 2 cores, 200 calls per size, us, pairwise / slots: 16 processes 8
     * KiB blocks 248-265 / 136-137, 64 KiB 1275 / 1113-1120, 96-128 KiB
     * level; 12 processes 8-64 KiB 1.07-1.6x, 96-128 KiB 3-7% slower);
     * the choice cannot follow the block sizes, which each process knows
     * only for itself. */
    if (comm->size <= 8)
        return alltoall_shm(comm, a) ? 3 : 2;
    bool offers = sched_exchange_offers(comm);
    if (comm->size <= 16 && !offers && alltoall_shm(comm, a))
        return 3;
    return offers ? 4 : 1;
}

static const algorithm_t reduce_algorithms[] = {{NULL, NULL, NULL},
                                                {coll_reduce_binomial, NULL, NULL},
                                                {coll_reduce_linear, NULL, NULL},
                                                {NULL, reduce_shm, coll_reduce_shm},
                                                {coll_reduce_halves, pair_commutative, NULL}};

/* Two processes with a core each where pulls pay, a commutative
 * operation, and a vector from 256 KiB to below 1 MiB (where the binomial
 * tree's leaf starts splitting its message): each process reduces half.
 * Intel host, MPI_Reduce of ints, us, binomial / halves, root fixed: 256
 * KiB 14.6-15.1 / 13.9-14.4, 512 KiB 32.5-33.1 / 25.2-25.8, 768 KiB
 * 63-71 / 41, 1 MiB 93-96 / 67-82; roots alternating: 15.8-16.1 /
 * 14.5-14.6, 34.1-34.3 / 31.4-35.7, 72.7-72.9 / 68.2-72.3, 99-109 / 110;
 * 2 MiB slower either way (docs/perf.md). */
static bool reduce_halves_wins(const comm_t *comm, const coll_args_t *a)
{
    size_t bytes = recv_bytes(a);
    return pair_commutative(comm, a) && bytes >= 256 * 1024 && bytes < 1024 * 1024 && sched_pair_pulls(comm);
}

static int reduce_rule(const comm_t *comm, const coll_args_t *a)
{
    if (reduce_halves_wins(comm, a))
        return 4;
    /* Two processes and large vectors: one message and one reduction
     * beat publishing both vectors (docs/perf.md). */
    return reduce_shm_contiguous(comm, a) && (comm->size > 2 || recv_bytes(a) <= SHM_SMALL_BYTES) &&
                   !pair_slots_lose(comm, recv_bytes(a))
               ? 3
               : 1;
}

static const algorithm_t allreduce_algorithms[] = {{NULL, NULL, NULL},
                                                   {coll_allreduce_recursive_doubling, NULL, NULL},
                                                   {coll_allreduce_ring, commutative, NULL},
                                                   {coll_allreduce_reduce_bcast, NULL, NULL},
                                                   {NULL, reduce_shm, coll_allreduce_shm}};
/* A pair type's vectors fold packed in the slots from three processes
 * on, and between two when a vector is a few elements.  MPI_Allreduce of
 * MPI_DOUBLE_INT under MPI_MAXLOC, us, messages / slots: 2 ranks, 1
 * element 0.37-0.39 / 0.30-0.31, 100 0.91-0.92 / 1.15; 4 ranks 1 element
 * 3.9-4.1 / 1.6-2.1, 100 6.9 / 3.8-3.9, 1000 16.5-21.5 / 14.3-14.4; 8
 * ranks 1 element 15.0 / 6.1-6.3, 100 19.7-21.0 / 11.0-11.4, 1000 56-57 /
 * 32-33 (Open MPI 0.47, 3.2-5.3 and 12.6-14.2 for one element). */
#define PAIR_SLOTS_TWO_BYTES 64

static bool fold_in_slots(const comm_t *comm, const coll_args_t *a)
{
    if (!a->recvtype->contiguous && comm->size == 2 && recv_bytes(a) > PAIR_SLOTS_TWO_BYTES)
        return false;
    return reduce_shm(comm, a);
}

static int allreduce_rule(const comm_t *comm, const coll_args_t *a)
{
    /* Two processes, 256 KiB to 2 MiB: one exchange and one reduction
     * each, the partner's vector arriving in recvbuf, beat publishing
     * both vectors and folding half of each: 1.2-1.27x (docs/perf.md);
     * level at 64-128 KiB, and at 4 MiB the slots were 1.05x faster. */
    size_t bytes = recv_bytes(a);
    if (comm->size == 2 && bytes >= 256 * 1024 && bytes <= 2 * 1024 * 1024)
        return 1;
    if (fold_in_slots(comm, a) && !pair_slots_lose(comm, bytes))
        return 4;
    if (a->op->commute && comm->size > 2 && bytes >= 64 * 1024 && a->recvcount >= comm->size)
        return 2;
    return 1;
}

static const algorithm_t reduce_scatter_algorithms[] = {{NULL, NULL, NULL},
                                                        {coll_reduce_scatter_ring, commutative, NULL},
                                                        {coll_reduce_scatter_reduce_scatterv, NULL, NULL},
                                                        {NULL, reduce_shm, coll_reduce_scatter_shm}};
static const algorithm_t reduce_scatter_block_algorithms[] = {{NULL, NULL, NULL},
                                                              {coll_reduce_scatter_block_ring, commutative, NULL},
                                                              {coll_reduce_scatter_block_reduce_scatter, NULL, NULL},
                                                              {NULL, reduce_shm, coll_reduce_scatter_block_shm}};
static int reduce_scatter_rule(const comm_t *comm, const coll_args_t *a)
{
    /* The slots at every size measured (2, 4 and 8 processes on 2 cores,
     * blocks of 8 B to 1 MiB): 1.2-4.4x faster than the better of the
     * ring and reduce-then-scatter (docs/perf.md). */
    if (reduce_shm_contiguous(comm, a))
        return 3;
    return commutative(comm, a) ? 1 : 2;
}

static const algorithm_t scan_algorithms[] = {{NULL, NULL, NULL},
                                              {coll_scan_recursive_doubling, NULL, NULL},
                                              {coll_scan_linear, NULL, NULL},
                                              {NULL, reduce_shm, coll_scan_shm}};
static const algorithm_t exscan_algorithms[] = {{NULL, NULL, NULL},
                                                {coll_exscan_recursive_doubling, NULL, NULL},
                                                {coll_exscan_linear, NULL, NULL},
                                                {NULL, reduce_shm, coll_exscan_shm}};

static int scan_rule(const comm_t *comm, const coll_args_t *a)
{
    /* Measured at 2, 4 and 8 processes on 2 cores, calls back to back
     * (docs/perf.md): the slots win what fits a cell, 2-6x at 8-512 B,
     * between two processes up to 64 KiB, and from 512 KiB at more (8
     * processes, 1 MiB: 1.1-2x); the linear chain, which never waits on a
     * process above either, is 2-7x faster than recursive doubling at 4
     * and 8 processes and level at 2.  Recursive doubling's log2(n) steps
     * are kept for more processes (not measured here). */
    if (comm->size > 8)
        return 1;
    size_t bytes = recv_bytes(a);
    if (reduce_shm_contiguous(comm, a) &&
        (bytes <= SHM_COLL_CELL_BYTES || (comm->size == 2 ? bytes <= 64 * 1024 : bytes >= 512 * 1024)))
        return 3;
    return 2;
}

_Static_assert(sizeof barrier_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_BARRIER}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof bcast_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_BCAST}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof gather_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_GATHER}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof gatherv_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_GATHERV}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof scatter_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_SCATTER}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof scatterv_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_SCATTERV}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof allgather_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_ALLGATHER}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof allgatherv_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_ALLGATHERV}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof alltoall_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_ALLTOALL}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof alltoallv_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_ALLTOALLV}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof alltoallw_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_ALLTOALLW}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof reduce_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_REDUCE}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof allreduce_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_ALLREDUCE}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof reduce_scatter_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_REDUCE_SCATTER}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof reduce_scatter_block_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_REDUCE_SCATTER_BLOCK}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof scan_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_SCAN}) / sizeof(char *),
               "names.h names each algorithm of the table");
_Static_assert(sizeof exscan_algorithms / sizeof(algorithm_t) ==
                   1 + sizeof((const char *[]){COLL_NAMES_EXSCAN}) / sizeof(char *),
               "names.h names each algorithm of the table");

static const struct {
    const char *tunable;
    const algorithm_t *algorithms;
    const char *const *names;
    int (*rule)(const comm_t *comm, const coll_args_t *a);
} operations[COLL_OPS] = {
#define OP(e, op, rule, name) [e] = {name, op##_algorithms, coll_names_##op, rule}
    OP(COLL_BARRIER, barrier, barrier_rule, "TESSERA_COLL_BARRIER"),
    OP(COLL_BCAST, bcast, bcast_rule, "TESSERA_COLL_BCAST"),
    OP(COLL_GATHER, gather, gather_rule, "TESSERA_COLL_GATHER"),
    OP(COLL_GATHERV, gatherv, rooted_v_rule, "TESSERA_COLL_GATHERV"),
    OP(COLL_SCATTER, scatter, scatter_rule, "TESSERA_COLL_SCATTER"),
    OP(COLL_SCATTERV, scatterv, rooted_v_rule, "TESSERA_COLL_SCATTERV"),
    OP(COLL_ALLGATHER, allgather, allgather_rule, "TESSERA_COLL_ALLGATHER"),
    OP(COLL_ALLGATHERV, allgatherv, allgatherv_rule, "TESSERA_COLL_ALLGATHERV"),
    OP(COLL_ALLTOALL, alltoall, alltoall_rule, "TESSERA_COLL_ALLTOALL"),
    OP(COLL_ALLTOALLV, alltoallv, alltoallvw_rule, "TESSERA_COLL_ALLTOALLV"),
    OP(COLL_ALLTOALLW, alltoallw, alltoallvw_rule, "TESSERA_COLL_ALLTOALLW"),
    OP(COLL_REDUCE, reduce, reduce_rule, "TESSERA_COLL_REDUCE"),
    OP(COLL_ALLREDUCE, allreduce, allreduce_rule, "TESSERA_COLL_ALLREDUCE"),
    OP(COLL_REDUCE_SCATTER, reduce_scatter, reduce_scatter_rule, "TESSERA_COLL_REDUCE_SCATTER"),
    OP(COLL_REDUCE_SCATTER_BLOCK, reduce_scatter_block, reduce_scatter_rule, "TESSERA_COLL_REDUCE_SCATTER_BLOCK"),
    OP(COLL_SCAN, scan, scan_rule, "TESSERA_COLL_SCAN"),
    OP(COLL_EXSCAN, exscan, scan_rule, "TESSERA_COLL_EXSCAN"),
#undef OP
};

/* Intercommunicators: one algorithm each, no choice (scan and exscan are
 * not defined there, and the API layer refuses them). */
static const coll_build_fn inter_algorithms[COLL_OPS] = {
    [COLL_BARRIER] = coll_inter_barrier,
    [COLL_BCAST] = coll_inter_bcast,
    [COLL_GATHER] = coll_inter_gather,
    [COLL_GATHERV] = coll_inter_gatherv,
    [COLL_SCATTER] = coll_inter_scatter,
    [COLL_SCATTERV] = coll_inter_scatterv,
    [COLL_ALLGATHER] = coll_inter_allgather,
    [COLL_ALLGATHERV] = coll_inter_allgatherv,
    [COLL_ALLTOALL] = coll_alltoall_linear,
    [COLL_ALLTOALLV] = coll_alltoallv_linear,
    [COLL_ALLTOALLW] = coll_alltoallw_linear,
    [COLL_REDUCE] = coll_inter_reduce,
    [COLL_ALLREDUCE] = coll_inter_allreduce,
    [COLL_REDUCE_SCATTER] = coll_inter_reduce_scatter,
    [COLL_REDUCE_SCATTER_BLOCK] = coll_inter_reduce_scatter_block,
};

/* Once per operation: the forced algorithm does not serve a call. */
static __attribute__((cold, noinline)) void warn_cannot_serve(enum coll_op op, int choice, const comm_t *comm,
                                                              const coll_args_t *a)
{
    static bool warned[COLL_OPS];
    if (warned[op])
        return;
    warned[op] = true;
    log_warn("%s=%s cannot serve this call (%d processes%s%s); using the default choice", operations[op].tunable,
             operations[op].names[choice], comm->size, a->op && !a->op->commute ? ", a non-commutative operation" : "",
             operations[op].algorithms[choice].run && !a->blocking ? ", a nonblocking call" : "");
}

/* The algorithm a TESSERA_COLL_* tunable forces, where it can serve the
 * call; else the rule's. */
static __attribute__((noinline)) const algorithm_t *choose_forced(enum coll_op op, int choice, const comm_t *comm,
                                                                  const coll_args_t *a)
{
    const algorithm_t *table = operations[op].algorithms;
    if (table[choice].serves && !table[choice].serves(comm, a)) {
        warn_cannot_serve(op, choice, comm, a);
        choice = operations[op].rule(comm, a);
    }
    return &table[choice];
}

/* The algorithm for an intracommunicator call.  Every collective asks:
 * the rule's choice is the short way, kept apart from the override's
 * (whose warning needs registers saved). */
static inline const algorithm_t *choose(enum coll_op op, const comm_t *comm, const coll_args_t *a)
{
    int choice = tunables.coll_algorithm[op];
    if (__builtin_expect(choice > 0, 0))
        return choose_forced(op, choice, comm, a);
    return &operations[op].algorithms[operations[op].rule(comm, a)];
}

/* The operations run_alone (below) does; op < COLL_OPS. */
_Static_assert(COLL_OPS <= 32, "alone_serves: one bit per operation");
static bool alone_serves(enum coll_op op)
{
    const unsigned served = 1u << COLL_BARRIER | 1u << COLL_BCAST | 1u << COLL_EXSCAN | 1u << COLL_REDUCE |
                            1u << COLL_ALLREDUCE | 1u << COLL_SCAN | 1u << COLL_GATHER | 1u << COLL_SCATTER |
                            1u << COLL_ALLGATHER | 1u << COLL_ALLTOALL | 1u << COLL_GATHERV | 1u << COLL_ALLGATHERV |
                            1u << COLL_SCATTERV | 1u << COLL_ALLTOALLV | 1u << COLL_REDUCE_SCATTER |
                            1u << COLL_REDUCE_SCATTER_BLOCK;
    return served >> op & 1;
}

__attribute__((noinline, cold)) int coll_own_block_error(MPI_Count sent, MPI_Count received)
{
    return err_set(MPI_ERR_TRUNCATE,
                   "this process's own block is %lld bytes on the send side (sendcount/sendtype) and %lld on the "
                   "receive side (recvcount/recvtype): they must describe the same amount of data",
                   (long long)sent, (long long)received);
}

/* A communicator of one process: a collective that moves data copies the
 * process's own block from its send side to its receive side (nothing when
 * in place), a barrier, broadcast or exclusive scan does nothing; neither
 * a schedule nor shared memory is needed.  (An 8-byte MPI_Allreduce alone
 * went from 2100 to 700 instructions, the rest being argument checks.) */
static __attribute__((noinline)) int run_alone(enum coll_op op, const coll_args_t *a)
{
    MPI_Count scount = a->sendcount, rcount = a->recvcount;
    MPI_Aint sdispl = 0, rdispl = 0;
    datatype_t *stype = a->sendtype;
    switch (op) {
    case COLL_BARRIER:
    case COLL_BCAST:
    case COLL_EXSCAN:
        return MPI_SUCCESS;
    case COLL_REDUCE:
    case COLL_ALLREDUCE:
    case COLL_SCAN:
    case COLL_REDUCE_SCATTER: /* the one block is the whole vector */
    case COLL_REDUCE_SCATTER_BLOCK:
        scount = a->recvcount;
        stype = a->recvtype;
        break;
    case COLL_GATHER:
    case COLL_SCATTER:
        break;
    case COLL_ALLGATHER:
    case COLL_ALLTOALL: /* the others' exchanges would see a mismatch */
        if (scount * stype->size != rcount * a->recvtype->size)
            return coll_own_block_error(scount * stype->size, rcount * a->recvtype->size);
        break;
    case COLL_GATHERV:
    case COLL_ALLGATHERV:
        rdispl = a->rdispls[0];
        rcount = a->recvcounts[0];
        break;
    case COLL_SCATTERV:
        sdispl = a->sdispls[0];
        scount = a->sendcounts[0];
        break;
    case COLL_ALLTOALLV:
        sdispl = a->sdispls[0];
        scount = a->sendcounts[0];
        rdispl = a->rdispls[0];
        rcount = a->recvcounts[0];
        break;
    default: /* alone_serves() says which */
        return COLL_DECLINED;
    }
    if (!a->in_place) { /* in place, the block is where it belongs */
        dt_buffer_t src = coll_buf(coll_at(a->sendbuf, sdispl, stype), scount, stype);
        dt_buffer_t dst = coll_buf(coll_at(a->recvbuf, rdispl, a->recvtype), rcount, a->recvtype);
        coll_copy(&src, &dst);
    }
    return MPI_SUCCESS;
}

int coll_run_alone(enum coll_op op, comm_t *comm, const coll_args_t *a)
{
    if (op >= COLL_OPS || comm->inter || comm->size != 1 || !alone_serves(op))
        return COLL_DECLINED;
    return run_alone(op, a);
}

/* count elements of dt, when the process has that side at all. */
static size_t side_bytes(MPI_Count count, const datatype_t *dt)
{
    return dt ? (size_t)(count * dt->size) : 0;
}

static size_t sum_bytes(const MPI_Count *counts, int n, const datatype_t *dt)
{
    MPI_Count sum = 0;
    for (int i = 0; counts && i < n; i++)
        sum += counts[i];
    return side_bytes(sum, dt);
}

/* The bytes an intracommunicator call that moves data reads and writes at
 * this process, both sides; 0 for the reductions, whose results the
 * operation writes (coll_streams).  Every call asks, so each case reads
 * only what it needs. */
static inline __attribute__((always_inline)) size_t moved_bytes(enum coll_op op, const comm_t *comm,
                                                                const coll_args_t *a)
{
    size_t n = (size_t)comm->size;
    switch (op) {
    case COLL_BCAST:
        return side_bytes(a->recvcount, a->recvtype);
    case COLL_GATHER:
        return side_bytes(a->sendcount, a->sendtype) +
               (comm->rank == a->root ? side_bytes(a->recvcount, a->recvtype) * n : 0);
    case COLL_SCATTER:
        return side_bytes(a->recvcount, a->recvtype) +
               (comm->rank == a->root ? side_bytes(a->sendcount, a->sendtype) * n : 0);
    case COLL_ALLGATHER:
        return side_bytes(a->sendcount, a->sendtype) + side_bytes(a->recvcount, a->recvtype) * n;
    case COLL_ALLTOALL:
        return (side_bytes(a->sendcount, a->sendtype) + side_bytes(a->recvcount, a->recvtype)) * n;
    case COLL_GATHERV:
        return side_bytes(a->sendcount, a->sendtype) +
               (comm->rank == a->root ? sum_bytes(a->recvcounts, (int)n, a->recvtype) : 0);
    case COLL_SCATTERV:
        return side_bytes(a->recvcount, a->recvtype) +
               (comm->rank == a->root ? sum_bytes(a->sendcounts, (int)n, a->sendtype) : 0);
    case COLL_ALLGATHERV:
        return side_bytes(a->sendcount, a->sendtype) + sum_bytes(a->recvcounts, (int)n, a->recvtype);
    case COLL_ALLTOALLV:
        return sum_bytes(a->sendcounts, (int)n, a->sendtype) + sum_bytes(a->recvcounts, (int)n, a->recvtype);
    case COLL_ALLTOALLW: {
        size_t sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += (a->sendtypes ? side_bytes(a->sendcounts[i], a->sendtypes[i]) : 0) +
                   side_bytes(a->recvcounts[i], a->recvtypes[i]);
        return sum;
    }
    default:
        return 0;
    }
}

/* Whether a call moving `moved` bytes at this process (moved_bytes)
 * writes its destinations around the caches.  Streamed stores skip
 * reading each destination line first but send every line to memory;
 * plain ones win while the lines come back from the last-level cache the
 * next call, and on the development host (2 cores, 32 MiB shared) that
 * holds well past the half share dt_streams takes for one message.  With
 * buffers reused call after call (docs/perf.md), every process streaming
 * from half its share on lost: allgather of 4 MiB blocks at 2 processes
 * 1.7x, 1 MiB at 4 1.9x, 512 KiB at 8 1.15x; scatter of 4 MiB at 2
 * 1.45x; alltoall of 4 MiB at 2 1.1x; broadcast of 4 MiB at 8 1.1x; up
 * to 1.25 shares plain stores were the faster, from 1.5 streamed ones
 * (alltoall of 6 and 8 MiB blocks at 2: 1.16x and 1.3x).  A gather's
 * root, the one process writing much, gains from half its share as one
 * message does (4 MiB blocks at 2 processes 1.07x, 2 MiB at 4 1.35x;
 * 2 MiB at 2, a third of the share, 1.55x slower streamed). */
static inline bool coll_streams(enum coll_op op, size_t moved)
{
    if (op == COLL_GATHER || op == COLL_GATHERV)
        return dt_streams(moved);
    size_t share = dt_stream_share; /* SIZE_MAX where unknown: never */
    return moved > share && moved - share > share / 4;
}

/* A call that streams its destinations, off the way of those that move
 * little (their copy of the arguments would cost them registers). */
static __attribute__((noinline, cold)) int run_streamed(const algorithm_t *alg, comm_t *comm, const coll_args_t *a)
{
    coll_args_t streamed = *a;
    streamed.stream = true;
    return alg->run(comm, &streamed);
}

/* coll_run past its first tests: choose and run a shared-memory
 * algorithm. */
static __attribute__((noinline)) int run_chosen(enum coll_op op, comm_t *comm, const coll_args_t *a)
{
    const algorithm_t *alg = choose(op, comm, a);
    if (!alg->run)
        return COLL_DECLINED;
    if (__builtin_expect(coll_streams(op, moved_bytes(op, comm, a)), 0))
        return run_streamed(alg, comm, a);
    return alg->run(comm, a);
}

/* Two jumps and no frame: run_chosen's saved registers cost every call
 * on one process 9 instructions. */
int coll_run(enum coll_op op, comm_t *comm, const coll_args_t *a)
{
    if (op >= COLL_OPS || comm->inter)
        return COLL_DECLINED;
    if (comm->size == 1 && alone_serves(op))
        return run_alone(op, a);
    return run_chosen(op, comm, a);
}

int coll_build(enum coll_op op, sched_t *s, comm_t *comm, const coll_args_t *a)
{
    if (op >= COLL_OPS)
        return coll_neighbor_linear(s, comm, a, op);
    if (comm->inter)
        return inter_algorithms[op] ? inter_algorithms[op](s, comm, a) : MPI_ERR_COMM;
    int rc = choose(op, comm, a)->build(s, comm, a);
    size_t moved = moved_bytes(op, comm, a);
    if (rc == MPI_SUCCESS && coll_streams(op, moved))
        sched_stream(s, moved);
    return rc;
}
