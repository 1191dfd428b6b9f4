/*
 * inter_rooted.c -- the rooted collectives on an intercommunicator:
 * MPI_Bcast, MPI_Gather(v), MPI_Scatter(v) and MPI_Reduce.
 *
 * The root (root = MPI_ROOT) is in one group and the data moves between
 * it and every process of the other group; the rest of the root's group
 * (MPI_PROC_NULL) takes no part.  In the other group a->root is the
 * root's rank in the remote group.
 *
 * Broadcast and reduction go through the remote group's rank 0 (one
 * message between the groups, then an intracommunicator binomial tree in
 * the remote group); gather and scatter are linear, each remote process
 * exchanging its own block with the root, which is also how the blocks
 * are laid out.  Cost: one latency plus the intracommunicator
 * algorithm's for broadcast and reduction; remote_size messages at the
 * root for gather and scatter.
 */
#include "coll/coll.h"

/* Which part this process plays in a rooted call. */
static bool is_root(const coll_args_t *a)
{
    return a->root == MPI_ROOT;
}

static bool takes_part(const coll_args_t *a)
{
    return a->root != MPI_PROC_NULL;
}

int coll_inter_bcast(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    if (!takes_part(a))
        return MPI_SUCCESS;
    dt_buffer_t data = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    if (is_root(a)) {
        sched_send(s, &data, 0);
        return MPI_SUCCESS;
    }
    if (comm->rank == 0) {
        sched_recv(s, &data, a->root);
        sched_round(s);
    }
    coll_args_t local = *a;
    local.root = 0;
    sched_local_group(s, true);
    int rc = coll_bcast_binomial(s, comm->local, &local);
    sched_local_group(s, false);
    return rc;
}

int coll_inter_gather(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    if (is_root(a)) {
        for (int j = 0; j < comm->remote_size; j++) {
            dt_buffer_t to = coll_buf(coll_at(a->recvbuf, j * a->recvcount, a->recvtype), a->recvcount, a->recvtype);
            sched_recv(s, &to, j);
        }
    } else if (takes_part(a)) {
        dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
        sched_send(s, &mine, a->root);
    }
    return MPI_SUCCESS;
}

int coll_inter_gatherv(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    if (is_root(a)) {
        for (int j = 0; j < comm->remote_size; j++) {
            dt_buffer_t to = coll_buf(coll_at(a->recvbuf, a->rdispls[j], a->recvtype), a->recvcounts[j], a->recvtype);
            sched_recv(s, &to, j);
        }
    } else if (takes_part(a)) {
        dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
        sched_send(s, &mine, a->root);
    }
    return MPI_SUCCESS;
}

int coll_inter_scatter(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    if (is_root(a)) {
        for (int j = 0; j < comm->remote_size; j++) {
            dt_buffer_t from = coll_buf(coll_at(a->sendbuf, j * a->sendcount, a->sendtype), a->sendcount, a->sendtype);
            sched_send(s, &from, j);
        }
    } else if (takes_part(a)) {
        dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
        sched_recv(s, &mine, a->root);
    }
    return MPI_SUCCESS;
}

int coll_inter_scatterv(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    if (is_root(a)) {
        for (int j = 0; j < comm->remote_size; j++) {
            dt_buffer_t from = coll_buf(coll_at(a->sendbuf, a->sdispls[j], a->sendtype), a->sendcounts[j], a->sendtype);
            sched_send(s, &from, j);
        }
    } else if (takes_part(a)) {
        dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
        sched_recv(s, &mine, a->root);
    }
    return MPI_SUCCESS;
}

/* The remote group reduces to its rank 0 (in rank order: the binomial
 * tree keeps a non-commutative operation's order), which sends the
 * result to the root. */
int coll_inter_reduce(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    if (is_root(a)) {
        dt_buffer_t to = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
        sched_recv(s, &to, 0);
        return MPI_SUCCESS;
    }
    if (!takes_part(a))
        return MPI_SUCCESS;
    coll_args_t local = *a;
    local.root = 0;
    local.recvbuf = comm->rank == 0 ? sched_tmp(s, a->sendcount, a->sendtype) : NULL;
    if (comm->rank == 0 && !local.recvbuf)
        return MPI_ERR_NO_MEM;
    sched_local_group(s, true);
    int rc = coll_reduce_binomial(s, comm->local, &local);
    sched_local_group(s, false);
    if (rc == MPI_SUCCESS && comm->rank == 0) {
        sched_round(s);
        dt_buffer_t result = coll_buf(local.recvbuf, a->sendcount, a->sendtype);
        sched_send(s, &result, a->root);
    }
    return rc;
}
