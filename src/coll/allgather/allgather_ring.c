/*
 * allgather_ring.c -- MPI_Allgather around a ring.
 *
 * In step k each process passes to its right neighbour the block it got
 * from the left in step k - 1 (its own at first, from its send buffer),
 * straight between the user's buffers.  Every process sends and receives
 * n - 1 blocks, the least possible, with every link busy at once: the
 * choice for large blocks.  Cost: (n - 1) * (latency + bytes / bandwidth).
 */
#include "coll/coll.h"

int coll_allgather_ring(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank;
    MPI_Count rc = a->recvcount;
    datatype_t *rt = a->recvtype;
    coll_place_own(s, a, coll_buf(coll_at(a->recvbuf, r * rc, rt), rc, rt));
    for (int k = 0; k < n - 1; k++) {
        int out = (r - k + n) % n, in = (r - k - 1 + n) % n;
        dt_buffer_t send = coll_buf(coll_at(a->recvbuf, out * rc, rt), rc, rt);
        dt_buffer_t recv = coll_buf(coll_at(a->recvbuf, in * rc, rt), rc, rt);
        if (k == 0) {
            /* Our own block from where the caller put it, not from the
             * copy just made: no wait for that copy, and lines no core
             * has just written (sched_send_sendbuf). */
            if (!a->in_place)
                send = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
            sched_send_sendbuf(s, &send, (r + 1) % n);
            sched_recv_sendbuf(s, &recv, (r - 1 + n) % n);
        } else {
            sched_send(s, &send, (r + 1) % n);
            sched_recv(s, &recv, (r - 1 + n) % n);
        }
        sched_round(s);
    }
    return MPI_SUCCESS;
}
