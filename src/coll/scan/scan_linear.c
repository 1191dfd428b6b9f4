/*
 * scan_linear.c -- MPI_Scan and MPI_Exscan along a chain.
 *
 * Process r waits for the inclusive prefix of ranks 0..r-1 from r - 1,
 * combines its own data on the right and passes the result to r + 1.
 * Only one combination per process and one message each way, but n steps
 * in a row: for large data on few processes, where the pipeline of
 * arithmetic beats log2(n) full exchanges.  Cost: n * (latency + bytes /
 * bandwidth + arithmetic) on the critical path.
 */
#include "coll/coll.h"

static int build(sched_t *s, comm_t *comm, const coll_args_t *a, bool exclusive)
{
    int n = comm->size, r = comm->rank;
    MPI_Count count = a->recvcount;
    datatype_t *dt = a->recvtype;
    const void *mine = a->in_place ? a->recvbuf : a->sendbuf;
    dt_buffer_t mb = coll_buf(mine, count, dt), out = coll_buf(a->recvbuf, count, dt);
    if (r == 0) {
        if (!exclusive && !a->in_place)
            sched_copy(s, &mb, &out);
        if (n > 1)
            sched_send(s, &mb, 1);
        return MPI_SUCCESS;
    }
    void *prefix = sched_tmp(s, count, dt);
    if (!prefix)
        return MPI_ERR_NO_MEM;
    dt_buffer_t pb = coll_buf(prefix, count, dt);
    sched_recv(s, &pb, r - 1);
    sched_round(s);
    if (exclusive) {
        /* recvbuf gets the prefix; the inclusive one goes on.  In place,
         * our own data is in recvbuf: combine before overwriting it. */
        if (r + 1 < n) {
            void *incl = sched_tmp(s, count, dt);
            if (!incl)
                return MPI_ERR_NO_MEM;
            dt_buffer_t ib = coll_buf(incl, count, dt);
            sched_copy(s, &mb, &ib);
            sched_reduce(s, a->op, prefix, incl, count, dt);
            sched_copy(s, &pb, &out);
            sched_send(s, &ib, r + 1);
        } else {
            sched_copy(s, &pb, &out);
        }
        return MPI_SUCCESS;
    }
    if (!a->in_place)
        sched_copy(s, &mb, &out);
    sched_reduce(s, a->op, prefix, a->recvbuf, count, dt);
    if (r + 1 < n)
        sched_send(s, &out, r + 1);
    return MPI_SUCCESS;
}

int coll_scan_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, false);
}

int coll_exscan_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    return build(s, comm, a, true);
}
