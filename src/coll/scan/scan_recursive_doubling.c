/*
 * scan_recursive_doubling.c -- MPI_Scan and MPI_Exscan by recursive
 * doubling.
 *
 * Each process keeps `partial`, the reduction over the block of ranks it
 * has heard from (itself included).  In step k it swaps partial with the
 * process whose rank differs in bit k; a partner below contributes to the
 * result and to partial on the left, a partner above to partial on the
 * right, so non-commutative operations keep rank order.  log2(n) steps:
 * the choice for all but the largest data.  Cost: log2(n) * (latency +
 * bytes / bandwidth + 2 * arithmetic).
 */
#include "coll/coll.h"

static int build(sched_t *s, comm_t *comm, const coll_args_t *a, bool exclusive)
{
    int n = comm->size, r = comm->rank;
    MPI_Count count = a->recvcount;
    datatype_t *dt = a->recvtype;
    op_t *op = a->op;
    void *partial = sched_tmp(s, count, dt), *t = sched_tmp(s, count, dt);
    if (!partial || !t)
        return MPI_ERR_NO_MEM;
    dt_buffer_t src = coll_buf(a->in_place ? a->recvbuf : a->sendbuf, count, dt);
    dt_buffer_t pb = coll_buf(partial, count, dt), tb = coll_buf(t, count, dt), out = coll_buf(a->recvbuf, count, dt);
    sched_copy(s, &src, &pb);
    if (!exclusive && !a->in_place)
        sched_copy(s, &src, &out);
    bool have_result = !exclusive; /* whether recvbuf holds a value yet */
    for (int mask = 1; mask < n; mask <<= 1) {
        int dst = r ^ mask;
        if (dst >= n)
            continue;
        sched_send(s, &pb, dst);
        sched_recv(s, &tb, dst);
        sched_round(s);
        if (dst < r) {
            if (have_result) {
                sched_reduce(s, op, t, a->recvbuf, count, dt);
            } else {
                sched_copy(s, &tb, &out);
                have_result = true;
            }
            sched_reduce(s, op, t, partial, count, dt);
        } else if (op->commute) {
            sched_reduce(s, op, t, partial, count, dt);
        } else {
            sched_reduce(s, op, partial, t, count, dt);
            sched_copy(s, &tb, &pb);
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
