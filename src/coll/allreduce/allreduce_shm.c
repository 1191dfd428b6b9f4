/*
 * allreduce_shm.c -- MPI_Allreduce through shared-memory slots.
 *
 * Every process packs its vector into its slot and publishes it.  Small
 * vectors: each process then folds all of them itself, in rank order; n
 * times the arithmetic, but one phase and no waiting on a partial result.
 * From COLL_SHM_SLICE_BYTES up: process i folds only slice i of every
 * vector, publishes the result in place of its own slice i (which only it
 * reads), and everyone copies the n reduced slices out; the arithmetic is
 * shared n ways at the price of a second phase.  Every process computes
 * the same bits, and non-commutative operations see rank order.  Serves
 * contiguous types, and pair types under the predefined ops, up to the
 * slot's size.
 */
#include "coll/shm.h"

/* Elements [lo, hi) of count are process p's slice out of n. */
static int allreduce_part(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int n = comm->size, me = comm->rank;
    datatype_t *dt = a->recvtype;
    MPI_Count count = a->recvcount, lo, hi;
    if (!coll_shm_publish_vector(&op, a)) {
        coll_shm_fold(&op, a->op, dt, count, 0, count, n - 1, a->recvbuf);
        return coll_shm_end(&op);
    }
    coll_shm_slice(count, n, me, &lo, &hi);
    void *mine = coll_at(a->recvbuf, lo, dt);
    size_t slice = (size_t)((hi - lo) * dt->size);
    coll_shm_fold(&op, a->op, dt, count, lo, hi - lo, n - 1, mine);
    coll_shm_pack(coll_shm_data(&op, me) + lo * dt->size, mine, hi - lo, dt, slice);
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    for (int k = 1; k < n; k++) {
        int p = (me + k) % n;
        coll_shm_slice(count, n, p, &lo, &hi);
        coll_shm_wait(&op, p);
        coll_shm_unpack(coll_at(a->recvbuf, lo, dt), hi - lo, dt, coll_shm_data(&op, p) + lo * dt->size,
                        (size_t)((hi - lo) * dt->size));
    }
    return coll_shm_end(&op);
}

int coll_allreduce_shm(comm_t *comm, const coll_args_t *a)
{
    return coll_shm_in_parts(comm, a, allreduce_part);
}
