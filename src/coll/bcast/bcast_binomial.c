/*
 * bcast_binomial.c -- MPI_Bcast down a binomial tree.
 *
 * Ranks are numbered relative to the root; a process receives from the
 * one that differs in its lowest set bit, then sends to those that add
 * each lower bit.  Best for small and medium messages: ceil(log2 n)
 * steps, each moving the whole message.  Cost: log2(n) * (latency +
 * bytes / bandwidth) on the critical path.
 */
#include "coll/coll.h"

int coll_bcast_binomial(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size;
    int vr = (comm->rank - a->root + n) % n;
    dt_buffer_t data = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    int mask = 1;
    while (mask < n) {
        if (vr & mask) {
            sched_recv(s, &data, (vr - mask + a->root) % n);
            sched_round(s);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0; mask >>= 1)
        if (vr + mask < n)
            sched_send(s, &data, (vr + mask + a->root) % n);
    return MPI_SUCCESS;
}
