/*
 * reduce_halves.c -- MPI_Reduce between two processes, each reducing half.
 *
 * The root reads the first half of the other's vector while the other
 * reads the second half of the root's; each reduces its half, and the
 * other writes its half of the result into the root's buffer (a pushed
 * receive, RECV_PUSHED: lines just written are cheaper written out
 * from the writer's cache than read in from it; split between the two,
 * the 512 KiB reduce took 31-34 us against 21-25 in a test program).  In
 * the binomial tree the leaf only waits while the root reads its whole
 * vector and reduces it.  The choice between two processes with a core
 * each where pulls pay, for vectors from 256 KiB to below 1 MiB
 * (select.c).  Commutative operations only: each half's operands meet in
 * whichever order suits.  Cost: (bytes / 2) * (read + arithmetic) +
 * bytes / 2 written, against bytes * (read + arithmetic) at the root
 * alone; the other's half of the result makes the working set larger,
 * which is why it loses from 1 MiB with roots alternating.
 */
#include "coll/coll.h"

int coll_reduce_halves(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int peer = 1 - comm->rank;
    MPI_Count count = a->sendcount, half = count / 2;
    datatype_t *dt = a->sendtype;
    op_t *op = a->op;

    if (comm->rank == a->root) {
        const void *src = a->in_place ? a->recvbuf : a->sendbuf;
        /* In place the first half of the result is our own operand, so
         * the other's arrives aside. */
        void *theirs = a->in_place ? sched_tmp(s, half, dt) : a->recvbuf;
        if (!theirs)
            return MPI_ERR_NO_MEM;
        dt_buffer_t ours = coll_buf(coll_at(src, half, dt), count - half, dt);
        dt_buffer_t first = coll_buf(theirs, half, dt);
        sched_send_sendbuf(s, &ours, peer);
        sched_recv_sendbuf(s, &first, peer);
        sched_round(s);
        /* Posted before our reduction so that the other's rendezvous
         * finds it matched when we get to it. */
        dt_buffer_t second = coll_buf(coll_at(a->recvbuf, half, dt), count - half, dt);
        sched_recv_pushed(s, &second, peer);
        /* Whichever operand is not in the result's first half already. */
        sched_reduce(s, op, a->in_place ? theirs : src, a->recvbuf, half, dt);
        return MPI_SUCCESS;
    }

    void *acc = sched_tmp(s, count - half, dt);
    if (!acc)
        return MPI_ERR_NO_MEM;
    dt_buffer_t ours = coll_buf(a->sendbuf, half, dt);
    dt_buffer_t second = coll_buf(acc, count - half, dt);
    sched_send_sendbuf(s, &ours, peer);
    sched_recv_sendbuf(s, &second, peer);
    sched_round(s);
    sched_reduce(s, op, coll_at(a->sendbuf, half, dt), acc, count - half, dt);
    sched_round(s);
    sched_send_split(s, &second, peer);
    return MPI_SUCCESS;
}
