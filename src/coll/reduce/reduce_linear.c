/*
 * reduce_linear.c -- MPI_Reduce with every process sending to the root.
 *
 * The root receives all contributions at once, then combines them from
 * the highest rank down (x0 op (x1 op (... op xn-1))), so any operation's
 * order holds.  One message latency on the critical path, but the root
 * does all the arithmetic and holds n buffers: for few processes and
 * small data.  Cost: latency + (n - 1) * (bytes / bandwidth + arithmetic).
 */
#include "coll/coll.h"

int coll_reduce_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank, root = a->root;
    MPI_Count count = a->sendcount;
    datatype_t *dt = a->sendtype;
    const void *src = a->in_place ? a->recvbuf : a->sendbuf;
    if (r != root) {
        dt_buffer_t b = coll_buf(src, count, dt);
        sched_send(s, &b, root);
        return MPI_SUCCESS;
    }
    void **part = sched_alloc(s, (size_t)n * sizeof *part);
    void *acc = sched_tmp(s, count, dt);
    if (!part || !acc)
        return MPI_ERR_NO_MEM;
    for (int p = 0; p < n; p++) {
        part[p] = p == r ? (void *)(uintptr_t)src : sched_tmp(s, count, dt);
        if (!part[p])
            return MPI_ERR_NO_MEM;
        if (p != r) {
            dt_buffer_t b = coll_buf(part[p], count, dt);
            sched_recv(s, &b, p);
        }
    }
    sched_round(s);
    dt_buffer_t top = coll_buf(part[n - 1], count, dt), accb = coll_buf(acc, count, dt);
    sched_copy(s, &top, &accb);
    for (int p = n - 2; p >= 0; p--)
        sched_reduce(s, a->op, part[p], acc, count, dt);
    dt_buffer_t out = coll_buf(a->recvbuf, count, dt);
    sched_copy(s, &accb, &out);
    return MPI_SUCCESS;
}
