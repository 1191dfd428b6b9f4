/*
 * alltoall_common.c -- the exchange under every MPI_Alltoall form: each
 * process sends block j of its data to process j.
 *
 * Pairwise: in step k, send to rank + k and receive from rank - k, one
 * partner at a time, so no process is flooded; the choice for large
 * blocks among more than 8 processes.  Linear: every send and receive
 * starts at once, n - 1 messages in flight per process; on one node the
 * fewest steps for small blocks, and with blocks pulled by their
 * receivers no process waits for one partner in particular.  Offered:
 * pairwise, but from four processes on every block of 8 KiB or more is
 * offered (p2p_isend_offer) even within the eager limit, and its
 * receiver reads it with one process_vm_readv copy.  An eager block costs
 * two copies, the sender's into the ring and the receiver's out of it,
 * and in an exchange every process makes both; offered, each makes one.
 * Where every process has a core of its own that cuts the time of 32-64
 * KiB blocks by half or more (16 cores, alternating launches: 64 KiB at 4
 * processes 58-60 -> 20 us, at 16 493-568 -> 223-245, MPICH 258-261);
 * oversubscribed, the rendezvous waits on descheduled partners and the
 * shared-memory exchange wins (docs/perf.md), except where pulls pay:
 * there, up to 8 processes, the offers go all at once, as the linear
 * exchange's, and each process reads whichever block is offered first
 * instead of waiting, round by round, for one partner to be scheduled
 * (Intel host, 8 processes on 2 cores, us, in rounds / at once: 16 KiB
 * blocks 94-123 / 59-76, 32 KiB 139-161 / 109-123, 64 KiB 276-278 /
 * 253-256, Open MPI 64-92, 128-194 and 280-286; 4 processes 64 KiB 31-37
 * / 27-32).  In place, each outgoing
 * block is first copied aside (packed) so the block can be received over
 * it.  On an intercommunicator the blocks are those of the remote group's
 * processes.  Large blocks are pulled with one copy where allowed
 * (sched_recv_exchange): every process reads its blocks itself, instead
 * of each copying through the rings, unless the blocks stream and the
 * rings stay in cache, or ranks outnumber cores where pulls do not pay
 * (p2p/rndv.c: rndv_init; Zen 5, 8 processes on 2 cores, 4 MiB blocks
 * 19.5-20.4 ms pulled, 15.0-18.2 through the rings).
 */
#include "coll/coll.h"

/* Whether an exchange goes in rounds, one partner each (above). */
static bool in_rounds(const comm_t *comm, coll_exchange_t how)
{
    if (how == EXCHANGE_OFFERED)
        return !progress_oversubscribed() || comm->size > 8;
    return how == EXCHANGE_PAIRWISE;
}

static void exchange(sched_t *s, comm_t *comm, const dt_buffer_t *send, const dt_buffer_t *recv, coll_exchange_t how,
                     bool own)
{
    int n = comm->size, r = comm->rank;
    bool rounds = in_rounds(comm, how);
    for (int k = 1; k < n; k++) {
        int dst = (r + k) % n, src = (r - k + n) % n;
        if (how == EXCHANGE_OFFERED)
            sched_send_offer(s, &send[dst], dst);
        else
            sched_send(s, &send[dst], dst);
        sched_recv_exchange(s, &recv[src], src);
        /* Our own block while the first round's messages move (all of
         * them, at once), not before they are posted: a partner would
         * wait for our copy before it could start. */
        if (own && k == (rounds ? 1 : n - 1))
            sched_copy(s, &send[r], &recv[r]);
        if (rounds)
            sched_round(s);
    }
    if (own && n == 1)
        sched_copy(s, &send[r], &recv[r]);
}

/* Between the groups of an intercommunicator, every remote process is a
 * peer and there is no block for oneself.  Always linear: with groups of
 * different sizes the steps of a pairwise exchange would not pair up. */
static void exchange_inter(sched_t *s, comm_t *comm, const dt_buffer_t *send, const dt_buffer_t *recv)
{
    int m = comm->remote_size;
    for (int k = 0; k < m; k++) {
        int peer = (comm->rank + k) % m;
        sched_send(s, &send[peer], peer);
        sched_recv(s, &recv[peer], peer);
    }
}

int coll_exchange(sched_t *s, comm_t *comm, const coll_block_t *send, const coll_block_t *recv, coll_exchange_t how)
{
    int n = comm_peer_count(comm);
    dt_buffer_t *sb = sched_alloc(s, 2 * (size_t)n * sizeof *sb);
    if (!sb)
        return MPI_ERR_NO_MEM;
    dt_buffer_t *rb = sb + n;
    for (int j = 0; j < n; j++) {
        sb[j] = coll_buf(send[j].buf, send[j].count, send[j].dt);
        rb[j] = coll_buf(recv[j].buf, recv[j].count, recv[j].dt);
    }
    if (comm->inter) {
        exchange_inter(s, comm, sb, rb);
        return MPI_SUCCESS;
    }
    exchange(s, comm, sb, rb, how, true);
    return MPI_SUCCESS;
}

int coll_exchange_in_place(sched_t *s, comm_t *comm, const coll_block_t *recv, coll_exchange_t how)
{
    int n = comm->size;
    dt_buffer_t *sb = sched_alloc(s, 2 * (size_t)n * sizeof *sb);
    if (!sb)
        return MPI_ERR_NO_MEM;
    dt_buffer_t *rb = sb + n;
    for (int j = 0; j < n; j++) {
        rb[j] = coll_buf(recv[j].buf, recv[j].count, recv[j].dt);
        if (j == comm->rank)
            continue;
        void *aside = sched_alloc(s, rb[j].bytes);
        if (!aside)
            return MPI_ERR_NO_MEM;
        sb[j] = dt_buffer_bytes(aside, rb[j].bytes);
        sched_copy(s, &rb[j], &sb[j]);
    }
    exchange(s, comm, sb, rb, how, false);
    return MPI_SUCCESS;
}
