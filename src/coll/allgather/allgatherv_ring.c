/*
 * allgatherv_ring.c -- MPI_Allgatherv around a ring.
 *
 * As allgather_ring.c, with block j of recvcounts[j] elements at
 * displs[j].  Blocks of any sizes, each crossing each link once.
 * Cost: (n - 1) latencies + (total - own) / bandwidth.
 */
#include "coll/coll.h"

int coll_allgatherv_ring(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank;
    datatype_t *rt = a->recvtype;
#define BLOCK(j) coll_buf(coll_at(a->recvbuf, a->rdispls[(j)], rt), a->recvcounts[(j)], rt)
    coll_place_own(s, a, BLOCK(r));
    for (int k = 0; k < n - 1; k++) {
        int out = (r - k + n) % n, in = (r - k - 1 + n) % n;
        dt_buffer_t send = BLOCK(out), recv = BLOCK(in);
        sched_send(s, &send, (r + 1) % n);
        sched_recv(s, &recv, (r - 1 + n) % n);
        sched_round(s);
    }
#undef BLOCK
    return MPI_SUCCESS;
}
