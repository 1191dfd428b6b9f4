/*
 * reduce_scatter_reduce_scatterv.c -- MPI_Reduce_scatter(_block) as a
 * binomial reduce of all the data to rank 0, then a scatter.
 *
 * Works for any operation, keeping rank order for non-commutative ones,
 * and has few steps: the choice for small data and the only choice for
 * non-commutative operations.  Cost: log2(n) * (latency + total bytes /
 * bandwidth + arithmetic) + the scatter.
 */
#include "coll/coll.h"

static int build(sched_t *s, comm_t *comm, const coll_args_t *a, bool block)
{
    int n = comm->size;
    datatype_t *dt = a->recvtype;
    MPI_Count *counts = sched_alloc(s, (size_t)n * sizeof *counts);
    MPI_Aint *displs = sched_alloc(s, (size_t)n * sizeof *displs);
    if (!counts || !displs)
        return MPI_ERR_NO_MEM;
    MPI_Count total = 0;
    for (int j = 0; j < n; j++) {
        counts[j] = block ? a->recvcount : a->recvcounts[j];
        displs[j] = (MPI_Aint)total;
        total += counts[j];
    }
    void *all = comm->rank == 0 ? sched_tmp(s, total, dt) : NULL;
    if (comm->rank == 0 && !all)
        return MPI_ERR_NO_MEM;
    coll_args_t r = {
        .sendbuf = a->in_place ? a->recvbuf : a->sendbuf,
        .sendcount = total,
        .sendtype = dt,
        .recvbuf = all,
        .recvcount = total,
        .recvtype = dt,
        .op = a->op,
        .root = 0,
    };
    int rc = coll_reduce_binomial(s, comm, &r);
    if (rc != MPI_SUCCESS)
        return rc;
    sched_round(s);
    coll_args_t sc = {
        .sendbuf = all,
        .sendcounts = counts,
        .sdispls = displs,
        .sendtype = dt,
        .recvbuf = a->recvbuf,
        .recvcount = counts[comm->rank],
        .recvtype = dt,
        .root = 0,
    };
    return coll_scatterv_linear(s, comm, &sc);
}

int coll_reduce_scatter_reduce_scatterv(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, false);
}

int coll_reduce_scatter_block_reduce_scatter(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, true);
}
