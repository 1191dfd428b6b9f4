/*
 * inter_all.c -- the collectives of everyone with everyone on an
 * intercommunicator: MPI_Barrier, MPI_Allgather(v), MPI_Allreduce and
 * MPI_Reduce_scatter(_block).  (MPI_Alltoall and its v and w forms are
 * the linear exchange of alltoall_common.c, with the remote group's
 * processes as peers.)
 *
 * Each group's data goes to the other: a group first combines its part
 * at its rank 0 with an intracommunicator algorithm on its hidden local
 * communicator, the two ranks 0 swap the results in one message each
 * way, and each rank 0 hands what it received on to its own group.  Cost:
 * two intracommunicator phases and one latency between the groups.
 * MPI_Allgatherv is linear instead: a rank 0 does not know the sizes of
 * the other processes' blocks in its group, so each process sends its
 * block to every remote process.
 */

#include "coll/coll.h"

/* Run an intracommunicator algorithm on the local group as one phase. */
static int in_local_group(sched_t *s, comm_t *comm, coll_build_fn build, const coll_args_t *a)
{
    sched_round(s);
    sched_local_group(s, true);
    int rc = build(s, comm->local, a);
    sched_local_group(s, false);
    sched_round(s);
    return rc;
}

/* The two ranks 0 swap mine for theirs. */
static void swap_at_leaders(sched_t *s, comm_t *comm, const dt_buffer_t *mine, const dt_buffer_t *theirs)
{
    if (comm->rank != 0)
        return;
    sched_send(s, mine, 0);
    sched_recv(s, theirs, 0);
}

int coll_inter_barrier(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    static char none;
    dt_buffer_t empty = dt_buffer_bytes(&none, 0);
    int rc = in_local_group(s, comm, coll_barrier_dissemination, a);
    swap_at_leaders(s, comm, &empty, &empty);
    /* Rank 0 has heard from the remote group: release the local one. */
    coll_args_t release = {.recvbuf = &none, .recvcount = 0, .recvtype = dt_from_handle(MPI_BYTE), .root = 0};
    if (rc == MPI_SUCCESS)
        rc = in_local_group(s, comm, coll_bcast_binomial, &release);
    return rc;
}

int coll_inter_allgather(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size;
    coll_args_t gather = *a;
    gather.root = 0;
    gather.recvcount = a->sendcount;
    gather.recvtype = a->sendtype;
    gather.recvbuf = comm->rank == 0 ? sched_tmp(s, (MPI_Count)n * a->sendcount, a->sendtype) : NULL;
    if (comm->rank == 0 && !gather.recvbuf)
        return MPI_ERR_NO_MEM;
    int rc = in_local_group(s, comm, coll_gather_linear, &gather);
    dt_buffer_t mine = coll_buf(gather.recvbuf, (MPI_Count)n * a->sendcount, a->sendtype);
    dt_buffer_t theirs = coll_buf(a->recvbuf, (MPI_Count)comm->remote_size * a->recvcount, a->recvtype);
    swap_at_leaders(s, comm, &mine, &theirs);
    coll_args_t bcast = {.recvbuf = a->recvbuf,
                         .recvcount = (MPI_Count)comm->remote_size * a->recvcount,
                         .recvtype = a->recvtype,
                         .root = 0};
    if (rc == MPI_SUCCESS)
        rc = in_local_group(s, comm, coll_bcast_binomial, &bcast);
    return rc;
}

int coll_inter_allgatherv(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    for (int k = 0; k < comm->remote_size; k++) {
        int peer = (comm->rank + k) % comm->remote_size;
        dt_buffer_t to = coll_buf(coll_at(a->recvbuf, a->rdispls[peer], a->recvtype), a->recvcounts[peer], a->recvtype);
        sched_send(s, &mine, peer);
        sched_recv(s, &to, peer);
    }
    return MPI_SUCCESS;
}

/* Reduce the group's count elements to its rank 0 (into a temporary),
 * swap with the other group's result, which lands in `into` at rank 0. */
static int reduce_and_swap(sched_t *s, comm_t *comm, const coll_args_t *a, MPI_Count count, void *into)
{
    coll_args_t reduce = *a;
    reduce.root = 0;
    reduce.sendcount = count;
    reduce.recvcount = count;
    reduce.recvbuf = comm->rank == 0 ? sched_tmp(s, count, a->sendtype) : NULL;
    if (comm->rank == 0 && !reduce.recvbuf)
        return MPI_ERR_NO_MEM;
    int rc = in_local_group(s, comm, coll_reduce_binomial, &reduce);
    dt_buffer_t mine = coll_buf(reduce.recvbuf, count, a->sendtype);
    dt_buffer_t theirs = coll_buf(into, count, a->recvtype);
    swap_at_leaders(s, comm, &mine, &theirs);
    return rc;
}

int coll_inter_allreduce(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int rc = reduce_and_swap(s, comm, a, a->sendcount, a->recvbuf);
    coll_args_t bcast = {.recvbuf = a->recvbuf, .recvcount = a->recvcount, .recvtype = a->recvtype, .root = 0};
    if (rc == MPI_SUCCESS)
        rc = in_local_group(s, comm, coll_bcast_binomial, &bcast);
    return rc;
}

/* The other group's reduced vector arrives at rank 0, which scatters it
 * over this group by this group's counts. */
int coll_inter_reduce_scatter(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size;
    MPI_Count total = a->sendcount;
    void *theirs = comm->rank == 0 ? sched_tmp(s, total, a->recvtype) : NULL;
    MPI_Aint *displs = sched_alloc(s, (size_t)n * sizeof *displs);
    if ((comm->rank == 0 && !theirs) || !displs)
        return MPI_ERR_NO_MEM;
    int rc = reduce_and_swap(s, comm, a, total, theirs);
    MPI_Aint at = 0;
    for (int i = 0; i < n; at += (MPI_Aint)a->recvcounts[i], i++)
        displs[i] = at;
    coll_args_t scatter = {.sendbuf = theirs,
                           .sendcounts = a->recvcounts,
                           .sdispls = displs,
                           .sendtype = a->recvtype,
                           .recvbuf = a->recvbuf,
                           .recvcount = a->recvcount,
                           .recvtype = a->recvtype,
                           .root = 0};
    if (rc == MPI_SUCCESS)
        rc = in_local_group(s, comm, coll_scatterv_linear, &scatter);
    return rc;
}

/* The same with every process's share recvcount elements. */
int coll_inter_reduce_scatter_block(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    MPI_Count *counts = sched_alloc(s, (size_t)comm->size * sizeof *counts);
    if (!counts)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < comm->size; i++)
        counts[i] = a->recvcount;
    coll_args_t v = *a;
    v.recvcounts = counts;
    return coll_inter_reduce_scatter(s, comm, &v);
}
