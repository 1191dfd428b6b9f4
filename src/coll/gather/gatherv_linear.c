/*
 * gatherv_linear.c -- MPI_Gatherv straight into the root's buffer.
 *
 * As gather_linear.c, with each block's count and place given by the
 * root's recvcounts and displs.  Blocks of different sizes make trees
 * awkward and gain little on one node.  Cost: latency + sum of the blocks
 * / bandwidth at the root.
 */
#include "coll/coll.h"

int coll_gatherv_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    if (comm->rank != a->root) {
        (sched_gather_splits(comm, mine.bytes) ? sched_send_split : sched_send)(s, &mine, a->root);
        return MPI_SUCCESS;
    }
    dt_buffer_t own = {0};
    for (int p = 0; p < comm->size; p++) {
        dt_buffer_t slot = coll_buf(coll_at(a->recvbuf, a->rdispls[p], a->recvtype), a->recvcounts[p], a->recvtype);
        if (p != a->root)
            sched_recv_gathering(s, &slot, p);
        else
            own = slot;
    }
    if (!a->in_place)
        sched_copy(s, &mine, &own);
    return MPI_SUCCESS;
}
