/*
 * gather_linear.c -- MPI_Gather straight into the root's buffer.
 *
 * Every process sends its block to the root, which receives each one
 * directly into its place: no intermediate copies at all.  On one node the
 * root's receives proceed in parallel through separate rings, so this
 * wins for medium and large blocks.  Cost: latency + (n - 1) * bytes /
 * bandwidth at the root.  Large blocks are split between sender and
 * root (sched_gather_splits, sched_recv_gathering).  The root copies its
 * own block after posting the receives, as scatter_linear.c does.
 */
#include "coll/coll.h"

int coll_gather_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    if (comm->rank != a->root) {
        (sched_gather_splits(comm, mine.bytes) ? sched_send_split : sched_send)(s, &mine, a->root);
        return MPI_SUCCESS;
    }
    dt_buffer_t own = {0};
    for (int p = 0; p < comm->size; p++) {
        dt_buffer_t slot = coll_buf(coll_at(a->recvbuf, p * a->recvcount, a->recvtype), a->recvcount, a->recvtype);
        if (p != a->root)
            sched_recv_gathering(s, &slot, p);
        else
            own = slot;
    }
    if (!a->in_place)
        sched_copy(s, &mine, &own);
    return MPI_SUCCESS;
}
