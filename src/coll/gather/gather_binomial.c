/*
 * gather_binomial.c -- MPI_Gather up a binomial tree.
 *
 * Ranks are numbered relative to the root.  Each process collects the
 * blocks of its subtree (itself and the next 2^k - 1 relative ranks) end
 * to end in a packed buffer and sends them to its parent in one message;
 * the root unpacks them into place.  log2(n) messages instead of n - 1
 * at the root: the choice for small blocks, where latency dominates.
 * Cost: log2(n) latencies + (n - 1) * bytes / bandwidth, plus a copy.
 */
#include "coll/coll.h"

int coll_gather_binomial(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank, vr = (r - a->root + n) % n;
    /* The bytes of one block: equal everywhere, whatever the types. */
    size_t b = r == a->root ? (size_t)(a->recvcount * a->recvtype->size) : (size_t)(a->sendcount * a->sendtype->size);
    int subtree = 1; /* blocks this process collects */
    while (subtree < n && !(vr & subtree))
        subtree <<= 1;
    if (vr + subtree > n)
        subtree = n - vr;
    dt_buffer_t mine = r == a->root && a->in_place
                           ? coll_buf(coll_at(a->recvbuf, r * a->recvcount, a->recvtype), a->recvcount, a->recvtype)
                           : coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    if (subtree == 1 && r != a->root) {
        sched_send(s, &mine, ((vr & (vr - 1)) + a->root) % n); /* parent: clear the lowest set bit */
        return MPI_SUCCESS;
    }
    char *tmp = sched_alloc(s, (size_t)subtree * b);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    dt_buffer_t own = dt_buffer_bytes(tmp, b);
    sched_copy(s, &mine, &own);
    for (int mask = 1; mask < subtree; mask <<= 1) {
        int child = vr + mask;
        int blocks = child + mask > vr + subtree ? vr + subtree - child : mask;
        dt_buffer_t part = dt_buffer_bytes(tmp + (size_t)mask * b, (size_t)blocks * b);
        sched_recv(s, &part, (child + a->root) % n);
    }
    sched_round(s);
    if (r != a->root) {
        int parent = vr & (vr - 1); /* clear the lowest set bit */
        dt_buffer_t all = dt_buffer_bytes(tmp, (size_t)subtree * b);
        sched_send(s, &all, (parent + a->root) % n);
        return MPI_SUCCESS;
    }
    for (int j = 0; j < n; j++) {
        int p = (j + a->root) % n;
        if (p == r && a->in_place)
            continue;
        dt_buffer_t from = dt_buffer_bytes(tmp + (size_t)j * b, b);
        dt_buffer_t to = coll_buf(coll_at(a->recvbuf, p * a->recvcount, a->recvtype), a->recvcount, a->recvtype);
        sched_copy(s, &from, &to);
    }
    return MPI_SUCCESS;
}
