/*
 * allreduce_reduce_bcast.c -- MPI_Allreduce as a binomial reduce to rank
 * 0 followed by a binomial broadcast.
 *
 * Twice the steps of recursive doubling but only one process combines at
 * each tree node, so half the arithmetic overall; a fallback that works
 * for any operation and size.  Cost: 2 * log2(n) * (latency + bytes /
 * bandwidth) + log2(n) * arithmetic.
 */
#include "coll/coll.h"

int coll_allreduce_reduce_bcast(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    coll_args_t r = *a;
    r.root = 0;
    r.sendcount = a->recvcount;
    r.sendtype = a->recvtype;
    /* At rank 0 the result lands in recvbuf; elsewhere in place means the
     * data is in recvbuf, which the reduce reads as its send buffer. */
    if (a->in_place && comm->rank != 0) {
        r.sendbuf = a->recvbuf;
        r.in_place = false;
    }
    int rc = coll_reduce_binomial(s, comm, &r);
    if (rc != MPI_SUCCESS)
        return rc;
    sched_round(s);
    return coll_bcast_binomial(s, comm, &r);
}
