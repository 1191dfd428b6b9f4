/*
 * scatter_linear.c -- MPI_Scatter straight from the root's buffer.
 *
 * The root sends each process its block directly from its place; no
 * copies.  The choice for medium and large blocks.  From four processes
 * the root offers the blocks (sched_send_offer): each receiver reads its
 * own with one copy, all at once, instead of the root copying them into
 * the rings one after another; with ranks outnumbering cores, only where
 * pulls pay (p2p/rndv.c: rndv_init), since there the same cores make
 * every copy and the kernel's may be the slower (Zen 5, 4 processes on 2
 * cores, 64 KiB blocks 13.0-16.7 us pulled, 5.9-8.0 through the rings;
 * 4 MiB 1051-1248 / 720-780).  Cost: latency + (n - 1) * bytes /
 * bandwidth at the root, or about bytes / bandwidth per receiver when
 * offered, with a rendezvous's extra latency.  The root copies its own
 * block after posting the others', while they move: before them, a
 * receiver waited for that copy (2 processes, roots rotating, 512 KiB
 * 23-24 -> 18.5-19.3 us, 4 MiB 543-570 -> 419-431).
 */
#include "coll/coll.h"

int coll_scatter_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    if (comm->rank != a->root) {
        sched_recv_pull(s, &mine, a->root);
        return MPI_SUCCESS;
    }
    dt_buffer_t own = {0};
    for (int p = 0; p < comm->size; p++) {
        dt_buffer_t slot = coll_buf(coll_at(a->sendbuf, p * a->sendcount, a->sendtype), a->sendcount, a->sendtype);
        if (p != a->root)
            sched_send_offer(s, &slot, p);
        else
            own = slot;
    }
    if (!a->in_place)
        sched_copy(s, &own, &mine);
    return MPI_SUCCESS;
}
