/*
 * allreduce_ring.c -- MPI_Allreduce of large data: a ring reduce-scatter
 * then a ring allgather.
 *
 * The elements are split into n blocks.  Around the ring, each process
 * combines one block per step into what it received, so after n - 1 steps
 * process r holds block r fully reduced, and every process did 1/n of the
 * arithmetic; n - 1 more steps pass the reduced blocks around.  Each
 * process sends 2 * (n - 1) / n of the data: the choice for large data.
 * Commutative operations only (the ring combines out of rank order).
 * Cost: 2 * (n - 1) * latency + 2 * (n - 1) / n * bytes / bandwidth +
 * (n - 1) / n * arithmetic.
 */
#include "coll/coll.h"

int coll_allreduce_ring(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank;
    MPI_Count count = a->recvcount;
    datatype_t *dt = a->recvtype;
    MPI_Count *off = sched_alloc(s, (size_t)(2 * n + 1) * sizeof *off);
    if (!off)
        return MPI_ERR_NO_MEM;
    MPI_Count *cnt = off + n + 1;
    for (int j = 0; j <= n; j++)
        off[j] = count * j / n;
    for (int j = 0; j < n; j++)
        cnt[j] = off[j + 1] - off[j];
    if (!a->in_place) {
        dt_buffer_t src = coll_buf(a->sendbuf, count, dt), dst = coll_buf(a->recvbuf, count, dt);
        sched_copy(s, &src, &dst);
        sched_round(s);
    }
    coll_ring_reduce_scatter(s, comm, a->op, a->recvbuf, dt, cnt, off);
    for (int k = 0; k < n - 1; k++) {
        int out = (r - k + n) % n, in = (r - k - 1 + n) % n;
        dt_buffer_t send = coll_buf(coll_at(a->recvbuf, off[out], dt), cnt[out], dt);
        dt_buffer_t recv = coll_buf(coll_at(a->recvbuf, off[in], dt), cnt[in], dt);
        sched_send(s, &send, (r + 1) % n);
        sched_recv(s, &recv, (r - 1 + n) % n);
        sched_round(s);
    }
    return MPI_SUCCESS;
}
