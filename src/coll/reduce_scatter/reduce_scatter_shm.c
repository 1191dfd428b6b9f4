/*
 * reduce_scatter_shm.c -- MPI_Reduce_scatter and MPI_Reduce_scatter_block
 * through shared-memory slots.
 *
 * Every process publishes its whole vector and folds its own block of
 * every vector into its result, in rank order: one phase, the arithmetic
 * shared n ways, no scratch.  Vectors longer than a slot go in slot-sized
 * parts, each process folding the share of its block in each.  Serves
 * contiguous types, and pair types under the predefined ops.  Cost:
 * latency + n * (block bytes / bandwidth + arithmetic) at each process.
 */
#include "coll/shm.h"

/* Elements [plo, plo + plen) of every vector; this process's block starts
 * at mylo. */
static int reduce_scatter_part(comm_t *comm, const coll_args_t *a, MPI_Count plo, MPI_Count plen, MPI_Count mylo)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    datatype_t *dt = a->recvtype;
    size_t bytes = (size_t)(plen * dt->size);
    coll_shm_pack(coll_shm_claim(&op, bytes), coll_at(a->sendbuf, plo, dt), plen, dt, bytes);
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    /* In place, what this writes ends before the input of the parts to
     * come: the block goes to the start of recvbuf. */
    MPI_Count lo = mylo > plo ? mylo : plo, hi = mylo + a->recvcount < plo + plen ? mylo + a->recvcount : plo + plen;
    if (lo < hi)
        coll_shm_fold(&op, a->op, dt, plen, lo - plo, hi - lo, comm->size - 1, coll_at(a->recvbuf, lo - mylo, dt));
    return coll_shm_end(&op);
}

static int reduce_scatter(comm_t *comm, const coll_args_t *a, bool block)
{
    datatype_t *dt = a->recvtype;
    MPI_Count total = a->sendcount, mylo = 0;
    for (int j = 0; j < comm->rank; j++)
        mylo += block ? a->recvcount : a->recvcounts[j];
    if (total == 0 || dt->size == 0)
        return MPI_SUCCESS;
    MPI_Count per = (MPI_Count)(SHM_COLL_DATA_BYTES / dt->size);
    int rc = MPI_SUCCESS;
    for (MPI_Count plo = 0; plo < total; plo += per) {
        int prc = reduce_scatter_part(comm, a, plo, total - plo < per ? total - plo : per, mylo);
        if (rc == MPI_SUCCESS)
            rc = prc;
    }
    return rc;
}

int coll_reduce_scatter_shm(comm_t *comm, const coll_args_t *a)
{
    return reduce_scatter(comm, a, false);
}

int coll_reduce_scatter_block_shm(comm_t *comm, const coll_args_t *a)
{
    return reduce_scatter(comm, a, true);
}
