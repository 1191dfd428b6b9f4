/*
 * scatter_binomial.c -- MPI_Scatter down a binomial tree.
 *
 * The mirror of gather_binomial.c: the root packs the blocks in relative
 * rank order, and each process passes its children their subtrees' blocks
 * in one message each.  log2(n) messages at the root: the choice for
 * small blocks.  Cost: log2(n) latencies + (n - 1) * bytes / bandwidth,
 * plus a copy.
 */
#include "coll/coll.h"

int coll_scatter_binomial(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank, vr = (r - a->root + n) % n;
    size_t b = r == a->root ? (size_t)(a->sendcount * a->sendtype->size) : (size_t)(a->recvcount * a->recvtype->size);
    int subtree = 1;
    while (subtree < n && !(vr & subtree))
        subtree <<= 1;
    if (vr + subtree > n)
        subtree = n - vr;
    dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    if (subtree == 1 && r != a->root) {
        sched_recv(s, &mine, ((vr & (vr - 1)) + a->root) % n); /* parent: clear the lowest set bit */
        return MPI_SUCCESS;
    }
    char *tmp = sched_alloc(s, (size_t)subtree * b);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    if (r == a->root) {
        for (int j = 0; j < n; j++) {
            dt_buffer_t from = coll_buf(coll_at(a->sendbuf, ((j + a->root) % n) * a->sendcount, a->sendtype),
                                        a->sendcount, a->sendtype);
            dt_buffer_t to = dt_buffer_bytes(tmp + (size_t)j * b, b);
            sched_copy(s, &from, &to);
        }
    } else {
        int parent = vr & (vr - 1);
        dt_buffer_t all = dt_buffer_bytes(tmp, (size_t)subtree * b);
        sched_recv(s, &all, (parent + a->root) % n);
        sched_round(s);
    }
    for (int mask = 1; mask < subtree; mask <<= 1) {
        int child = vr + mask;
        int blocks = child + mask > vr + subtree ? vr + subtree - child : mask;
        dt_buffer_t part = dt_buffer_bytes(tmp + (size_t)mask * b, (size_t)blocks * b);
        sched_send(s, &part, (child + a->root) % n);
    }
    if (!(r == a->root && a->in_place)) {
        dt_buffer_t own = dt_buffer_bytes(tmp, b);
        sched_copy(s, &own, &mine);
    }
    return MPI_SUCCESS;
}
