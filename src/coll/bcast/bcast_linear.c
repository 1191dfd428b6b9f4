/*
 * bcast_linear.c -- MPI_Bcast with the root sending to every process.
 *
 * One step: the root starts n - 1 sends at once and each process
 * receives once.  On one node the root's sends go out in parallel
 * through separate rings, so for few processes and small messages this
 * has the shortest critical path (one latency); the root's copying grows
 * with n.  Cost: latency + (n - 1) * bytes / bandwidth at the root.
 *
 * The root offers its data for the receivers to read with one copy each
 * only when it serves several.  Between two processes even a machine where
 * pulls beat the rings (sched_pair_pulls) is better off with the pipeline
 * here: the root's data is often what it has just written (received in
 * the previous call, computed), and reading lines another core holds
 * modified costs more than the two copies (512 KiB at two processes 35
 * us through the rings, 48 pulled, docs/perf.md).
 */
#include "coll/coll.h"

int coll_bcast_linear(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    dt_buffer_t data = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    bool several = comm->size > 2;
    if (comm->rank != a->root) {
        (several ? sched_recv_pull : sched_recv)(s, &data, a->root);
        return MPI_SUCCESS;
    }
    for (int p = 0; p < comm->size; p++)
        if (p != a->root)
            (several ? sched_send_offer : sched_send)(s, &data, p);
    return MPI_SUCCESS;
}
