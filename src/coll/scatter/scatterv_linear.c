/*
 * scatterv_linear.c -- MPI_Scatterv straight from the root's buffer.
 *
 * As scatter_linear.c, with each block's count and place given by the
 * root's sendcounts and displs.  Cost: latency + sum of the blocks /
 * bandwidth at the root.
 */
#include "coll/coll.h"

int coll_scatterv_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    if (comm->rank != a->root) {
        sched_recv_pull(s, &mine, a->root);
        return MPI_SUCCESS;
    }
    dt_buffer_t own = {0};
    for (int p = 0; p < comm->size; p++) {
        dt_buffer_t slot = coll_buf(coll_at(a->sendbuf, a->sdispls[p], a->sendtype), a->sendcounts[p], a->sendtype);
        if (p != a->root)
            sched_send_offer(s, &slot, p);
        else
            own = slot;
    }
    if (!a->in_place)
        sched_copy(s, &own, &mine);
    return MPI_SUCCESS;
}
