/*
 * gather_linear.c -- MPI_Gather straight into the root's buffer.
 *
 * Every process sends its block to the root, which receives each one
 * directly into its place: no intermediate copies at all.  On one node the
 * root's receives proceed in parallel through separate rings, so this
 * wins for medium and large blocks.  Cost: latency + (n - 1) * bytes /
 * bandwidth at the root.
 *
 * Between two processes with a core each where pulls pay, a block from
 * SPLIT_BYTES goes by the split rendezvous even within the eager limit:
 * the root, which copies its own block too, copies only half of the
 * other's.  Intel host, rotating roots, us, split / eager: 64 KiB
 * 4.2-4.3 / 4.8-5.5 (MPICH 4.75-4.85); below the eager copies win, 32
 * KiB read by the root alone 3.25-3.40 / 3.14-3.17, 48 KiB 4.19-4.40 /
 * 4.04-4.08 (docs/perf.md).
 */
#include "coll/coll.h"

#define SPLIT_BYTES (64 * 1024)

int coll_gather_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    if (comm->rank != a->root) {
        (mine.bytes >= SPLIT_BYTES && sched_pair_pulls(comm) ? sched_send_split : sched_send)(s, &mine, a->root);
        return MPI_SUCCESS;
    }
    for (int p = 0; p < comm->size; p++) {
        dt_buffer_t slot = coll_buf(coll_at(a->recvbuf, p * a->recvcount, a->recvtype), a->recvcount, a->recvtype);
        if (p != a->root)
            sched_recv_gathering(s, &slot, p);
        else if (!a->in_place)
            sched_copy(s, &mine, &slot);
    }
    return MPI_SUCCESS;
}
