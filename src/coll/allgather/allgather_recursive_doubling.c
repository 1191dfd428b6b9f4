/*
 * allgather_recursive_doubling.c -- MPI_Allgather by recursive doubling.
 *
 * For a power-of-two number of processes: in step k each process swaps
 * everything it has (2^k blocks, contiguous in the receive buffer) with
 * the partner whose rank differs in bit k.  log2(n) steps instead of
 * n - 1: the choice for small blocks.  Cost: log2(n) latencies + (n - 1)
 * * bytes / bandwidth.
 */
#include "coll/coll.h"

int coll_allgather_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank;
    MPI_Count rc = a->recvcount;
    datatype_t *rt = a->recvtype;
    coll_place_own(s, a, coll_buf(coll_at(a->recvbuf, r * rc, rt), rc, rt));
    for (int mask = 1; mask < n; mask <<= 1) {
        int partner = r ^ mask;
        int have = r & ~(mask - 1), get = partner & ~(mask - 1);
        dt_buffer_t send = coll_buf(coll_at(a->recvbuf, have * rc, rt), mask * rc, rt);
        dt_buffer_t recv = coll_buf(coll_at(a->recvbuf, get * rc, rt), mask * rc, rt);
        sched_send(s, &send, partner);
        sched_recv(s, &recv, partner);
        sched_round(s);
    }
    return MPI_SUCCESS;
}
