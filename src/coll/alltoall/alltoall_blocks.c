/*
 * alltoall_blocks.c -- MPI_Alltoall, MPI_Alltoallv and MPI_Alltoallw as
 * lists of blocks for the pairwise, linear and offered exchanges of
 * alltoall_common.c (which describes each and when it wins).
 */
#include "coll/coll.h"

void coll_alltoall_blocks(const coll_args_t *a, int form, int n, coll_block_t *send, coll_block_t *recv)
{
    for (int j = 0; j < n; j++) {
        if (form == COLL_ALLTOALL) {
            send[j] = (coll_block_t){coll_at(a->sendbuf, j * a->sendcount, a->sendtype), a->sendcount, a->sendtype};
            recv[j] = (coll_block_t){coll_at(a->recvbuf, j * a->recvcount, a->recvtype), a->recvcount, a->recvtype};
        } else if (form == COLL_ALLTOALLV) {
            if (!a->in_place)
                send[j] =
                    (coll_block_t){coll_at(a->sendbuf, a->sdispls[j], a->sendtype), a->sendcounts[j], a->sendtype};
            recv[j] = (coll_block_t){coll_at(a->recvbuf, a->rdispls[j], a->recvtype), a->recvcounts[j], a->recvtype};
        } else {
            if (!a->in_place)
                send[j] = (coll_block_t){coll_at_bytes(a->sendbuf, a->sdispls[j]), a->sendcounts[j], a->sendtypes[j]};
            recv[j] = (coll_block_t){coll_at_bytes(a->recvbuf, a->rdispls[j]), a->recvcounts[j], a->recvtypes[j]};
        }
    }
}

/* The blocks in memory that lives as long as the schedule. */
static int blocks(sched_t *s, comm_t *comm, const coll_args_t *a, int form, coll_block_t **send, coll_block_t **recv)
{
    int n = comm_peer_count(comm);
    coll_block_t *b = sched_alloc(s, 2 * (size_t)n * sizeof *b);
    if (!b)
        return MPI_ERR_NO_MEM;
    *send = b;
    *recv = b + n;
    coll_alltoall_blocks(a, form, n, b, b + n);
    return MPI_SUCCESS;
}

static int build(sched_t *s, comm_t *comm, const coll_args_t *a, int form, coll_exchange_t how)
{
    coll_block_t *send, *recv;
    int rc = blocks(s, comm, a, form, &send, &recv);
    if (rc != MPI_SUCCESS)
        return rc;
    if (a->in_place)
        return coll_exchange_in_place(s, comm, recv, how);
    return coll_exchange(s, comm, send, recv, how);
}

int coll_alltoall_pairwise(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALL, EXCHANGE_PAIRWISE);
}

int coll_alltoall_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALL, EXCHANGE_LINEAR);
}

int coll_alltoall_offered(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALL, EXCHANGE_OFFERED);
}

int coll_alltoallv_pairwise(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALLV, EXCHANGE_PAIRWISE);
}

int coll_alltoallv_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALLV, EXCHANGE_LINEAR);
}

int coll_alltoallv_offered(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALLV, EXCHANGE_OFFERED);
}

int coll_alltoallw_pairwise(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALLW, EXCHANGE_PAIRWISE);
}

int coll_alltoallw_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALLW, EXCHANGE_LINEAR);
}

int coll_alltoallw_offered(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, COLL_ALLTOALLW, EXCHANGE_OFFERED);
}
