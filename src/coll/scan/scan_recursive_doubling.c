/*
 * scan_recursive_doubling.c -- MPI_Scan and MPI_Exscan by recursive
 * doubling.
 *
 * Each process keeps `partial`, the reduction over the block of ranks it
 * has heard from (itself included).  In step k it swaps partial with the
 * process whose rank differs in bit k; a partner below contributes to the
 * result and to partial on the left, a partner above to partial on the
 * right, so non-commutative operations keep rank order.  A process needs
 * its partner's partial only for its result (a partner below) or to pass
 * on later, so a pair's last exchange goes one way, up: between two
 * processes one message and one reduction, as along the linear chain.
 * log2(n) steps: the choice for all but the largest data.  Cost: log2(n)
 * * (latency + bytes / bandwidth + 2 * arithmetic).
 */
#include "coll/coll.h"

/* Whether process r has a partner in a step after the one of mask: only
 * then does it pass partial on, and so need it kept up to date. */
static bool steps_after(int r, int mask, int n)
{
    for (int m = mask << 1; m < n; m <<= 1)
        if ((r ^ m) < n)
            return true;
    return false;
}

static int build(sched_t *s, comm_t *comm, const coll_args_t *a, bool exclusive)
{
    int n = comm->size, r = comm->rank;
    MPI_Count count = a->recvcount;
    datatype_t *dt = a->recvtype;
    op_t *op = a->op;
    void *partial = sched_tmp(s, count, dt), *t = sched_tmp(s, count, dt);
    if (!partial || !t)
        return MPI_ERR_NO_MEM;
    const void *mine = a->in_place ? a->recvbuf : a->sendbuf;
    dt_buffer_t src = coll_buf(mine, count, dt);
    dt_buffer_t pb = coll_buf(partial, count, dt), tb = coll_buf(t, count, dt), out = coll_buf(a->recvbuf, count, dt);
    /* Until partial first changes it is our own vector, sent from where it
     * is -- but in place, recvbuf changes under it. */
    bool partial_is_mine = !a->in_place;
    if (a->in_place)
        sched_copy(s, &src, &pb);
    else if (!exclusive)
        sched_copy(s, &src, &out);
    bool have_result = !exclusive; /* whether recvbuf holds a value yet */
    for (int mask = 1; mask < n; mask <<= 1) {
        int dst = r ^ mask;
        if (dst >= n)
            continue;
        /* A partner below is part of our result; one above only of
         * partial, which matters while there are steps to pass it on. */
        bool relay = steps_after(r, mask, n);
        bool take = dst < r || relay, give = r < dst || steps_after(dst, mask, n);
        if (give)
            sched_send(s, partial_is_mine ? &src : &pb, dst);
        if (take)
            sched_recv(s, &tb, dst);
        sched_round(s);
        if (!take)
            continue;
        if (dst < r) {
            if (have_result) {
                sched_reduce(s, op, t, a->recvbuf, count, dt);
            } else {
                sched_copy(s, &tb, &out);
                have_result = true;
            }
        }
        if (!relay)
            continue;
        if (dst > r || op->commute) {
            /* partial on the left, into t, which becomes partial. */
            sched_reduce(s, op, partial_is_mine ? mine : partial, t, count, dt);
            void *swap = partial;
            partial = t;
            t = swap;
            dt_buffer_t swapb = pb;
            pb = tb;
            tb = swapb;
            partial_is_mine = false;
        } else {
            if (partial_is_mine)
                sched_copy(s, &src, &pb);
            partial_is_mine = false;
            sched_reduce(s, op, t, partial, count, dt);
        }
    }
    return MPI_SUCCESS;
}

int coll_scan_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, false);
}

int coll_exscan_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, true);
}
