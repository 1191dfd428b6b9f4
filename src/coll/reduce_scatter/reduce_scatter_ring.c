/*
 * reduce_scatter_ring.c -- MPI_Reduce_scatter and MPI_Reduce_scatter_block
 * by a ring reduce-scatter (ring_common.c).
 *
 * Each process combines 1/n of the data and sends (n - 1) / n of it: the
 * choice for commutative operations on medium and large data.  The input
 * is first copied to a scratch buffer (the ring combines in place), and
 * the own block copied out at the end.
 */
#include "coll/coll.h"

static int build(sched_t *s, comm_t *comm, const coll_args_t *a, bool block)
{
    int n = comm->size, r = comm->rank;
    datatype_t *dt = a->recvtype;
    MPI_Count *off = sched_alloc(s, (size_t)(2 * n + 1) * sizeof *off);
    if (!off)
        return MPI_ERR_NO_MEM;
    MPI_Count *cnt = off + n + 1;
    off[0] = 0;
    for (int j = 0; j < n; j++) {
        cnt[j] = block ? a->recvcount : a->recvcounts[j];
        off[j + 1] = off[j] + cnt[j];
    }
    void *acc = sched_tmp(s, off[n], dt);
    if (!acc)
        return MPI_ERR_NO_MEM;
    dt_buffer_t src = coll_buf(a->in_place ? a->recvbuf : a->sendbuf, off[n], dt), accb = coll_buf(acc, off[n], dt);
    sched_copy(s, &src, &accb);
    sched_round(s);
    coll_ring_reduce_scatter(s, comm, a->op, acc, dt, cnt, off);
    dt_buffer_t mine = coll_buf(coll_at(acc, off[r], dt), cnt[r], dt), out = coll_buf(a->recvbuf, cnt[r], dt);
    sched_copy(s, &mine, &out);
    return MPI_SUCCESS;
}

int coll_reduce_scatter_ring(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, false);
}

int coll_reduce_scatter_block_ring(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, true);
}
