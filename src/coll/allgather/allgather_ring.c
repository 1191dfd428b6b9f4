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

/* The first step's block, straight from the send buffer, is pulled by
 * its receiver where that pays (sched_send_sendbuf); from this size on
 * it goes as a plain message instead, whose rendezvous between two
 * processes is then split (p2p/rndv.c): each writes half of its block,
 * which it has just read for its own copy, into the other's buffer.
 * 2-process MPI_Allgather on the Intel host, us pulled / split: 256 KiB
 * 14.2-16.1 / 15.8-16.4, 512 KiB 44-47 / 35-37, 1 MiB 158-170 / 140-146,
 * 2-4 MiB level (docs/perf.md). */
#define FIRST_SPLIT_BYTES (512 * 1024)

int coll_allgather_ring(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank;
    MPI_Count rc = a->recvcount;
    datatype_t *rt = a->recvtype;
    bool first_pulled = (size_t)(rc * rt->size) < FIRST_SPLIT_BYTES;
    coll_place_own(s, a, coll_buf(coll_at(a->recvbuf, r * rc, rt), rc, rt));
    for (int k = 0; k < n - 1; k++) {
        int out = (r - k + n) % n, in = (r - k - 1 + n) % n;
        dt_buffer_t send = coll_buf(coll_at(a->recvbuf, out * rc, rt), rc, rt);
        dt_buffer_t recv = coll_buf(coll_at(a->recvbuf, in * rc, rt), rc, rt);
        if (k == 0) {
            /* Our own block from where the caller put it, not from the
             * copy just made: no wait for that copy, and lines no core
             * has just written (sched_send_sendbuf), pulled below
             * FIRST_SPLIT_BYTES. */
            if (!a->in_place)
                send = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
            (first_pulled ? sched_send_sendbuf : sched_send)(s, &send, (r + 1) % n);
            (first_pulled ? sched_recv_sendbuf : sched_recv)(s, &recv, (r - 1 + n) % n);
        } else {
            sched_send(s, &send, (r + 1) % n);
            sched_recv(s, &recv, (r - 1 + n) % n);
        }
        sched_round(s);
    }
    return MPI_SUCCESS;
}
