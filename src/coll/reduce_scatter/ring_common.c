/*
 * ring_common.c -- the ring reduce-scatter under allreduce_ring.c and the
 * ring forms of MPI_Reduce_scatter(_block).
 *
 * acc holds this process's contribution, split in n blocks (counts[j]
 * elements at element offset offsets[j]).  In step k, process r sends
 * block r - k - 1 to its right and receives block r - k - 2 from its
 * left, which it combines into its own copy before passing it on; after
 * n - 1 steps block r of acc holds the reduction of every process's
 * block r.  Commutative operations only.  Cost: (n - 1) * latency +
 * (n - 1) / n * (bytes / bandwidth + arithmetic).
 */
#include "coll/coll.h"

void coll_ring_reduce_scatter(sched_t *s, comm_t *comm, op_t *op, void *acc, datatype_t *dt, const MPI_Count *counts,
                              const MPI_Count *offsets)
{
    int n = comm->size, r = comm->rank;
    MPI_Count most = 0;
    for (int j = 0; j < n; j++)
        if (counts[j] > most)
            most = counts[j];
    void *t = sched_tmp(s, most, dt);
    if (!t)
        return;       /* the schedule is marked failed */
    int pending = -1; /* the block received last step, to combine now */
    for (int k = 0; k < n - 1; k++) {
        if (pending >= 0)
            sched_reduce(s, op, t, coll_at(acc, offsets[pending], dt), counts[pending], dt);
        int out = ((r - k - 1) % n + n) % n, in = ((r - k - 2) % n + n) % n;
        dt_buffer_t send = coll_buf(coll_at(acc, offsets[out], dt), counts[out], dt);
        dt_buffer_t recv = coll_buf(t, counts[in], dt);
        sched_send(s, &send, (r + 1) % n);
        sched_recv(s, &recv, (r - 1 + n) % n);
        sched_round(s);
        pending = in;
    }
    if (pending >= 0)
        sched_reduce(s, op, t, coll_at(acc, offsets[pending], dt), counts[pending], dt);
    sched_round(s);
}
