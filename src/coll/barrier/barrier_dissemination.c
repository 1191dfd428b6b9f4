/*
 * barrier_dissemination.c -- MPI_Barrier by dissemination.
 *
 * In round k every process sends an empty message to the process 2^k
 * ranks ahead and waits for the one from 2^k ranks behind; after
 * ceil(log2 n) rounds each has heard, directly or not, from all.  It
 * needs no power of two and has no root to queue at, so it wins at every
 * size among message-based barriers.  Cost: ceil(log2 n) message latencies.
 */
#include "coll/coll.h"

int coll_barrier_dissemination(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    (void)a;
    static char none;
    dt_buffer_t empty = dt_buffer_bytes(&none, 0);
    int n = comm->size, r = comm->rank;
    for (int k = 1; k < n; k <<= 1) {
        sched_send(s, &empty, (r + k) % n);
        sched_recv(s, &empty, (r - k + n) % n);
        sched_round(s);
    }
    return MPI_SUCCESS;
}
