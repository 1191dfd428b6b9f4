/*
 * bcast_linear.c -- MPI_Bcast with the root sending to every process.
 *
 * One step: the root starts n - 1 sends at once and each process
 * receives once.  On one node the root's sends go out in parallel
 * through separate rings, so for few processes and small messages this
 * has the shortest critical path (one latency); the root's copying grows
 * with n.  Cost: latency + (n - 1) * bytes / bandwidth at the root.
 */
#include "coll/coll.h"

int coll_bcast_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t data = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    if (comm->rank != a->root) {
        sched_recv_pull(s, &data, a->root);
        return MPI_SUCCESS;
    }
    for (int p = 0; p < comm->size; p++)
        if (p != a->root)
            sched_send_offer(s, &data, p);
    return MPI_SUCCESS;
}
