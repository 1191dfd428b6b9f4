/*
 * reduce_shm.c -- MPI_Reduce through shared-memory slots.
 *
 * Every process packs its vector into its slot and publishes it.  Small
 * vectors: the root folds them all, in rank order, while the others are
 * already gone.  From COLL_SHM_SLICE_BYTES up: process i folds slice i of
 * every vector and publishes the result in place of its own slice i, and
 * the root copies the n reduced slices out, so the arithmetic is shared n
 * ways instead of falling on the root.  Serves contiguous types (and pair
 * types under the predefined ops) up to the slot's size.
 */
#include <stdlib.h>

#include "coll/shm.h"
#include "util/log.h"

static int reduce_part(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int n = comm->size, me = comm->rank, root = a->root;
    datatype_t *dt = a->recvtype;
    MPI_Count count = a->recvcount, lo, hi;
    if (!coll_shm_publish_vector(&op, a)) {
        if (me == root)
            coll_shm_fold(&op, a->op, dt, count, 0, count, n - 1, a->recvbuf);
        return coll_shm_end(&op);
    }
    coll_shm_slice(count, n, me, &lo, &hi);
    size_t slice = (size_t)((hi - lo) * dt->size);
    /* The root folds into its result; the others into a scratch vector,
     * since their own slice is one of the fold's operands (as the elements
     * lie in a buffer: a pair type's have gaps). */
    size_t span = dt->contiguous ? slice : (size_t)((hi - lo) * dt->extent);
    void *tmp = me == root ? NULL : malloc(span ? span : 1);
    if (me != root && !tmp)
        log_fatal("out of memory reducing %zu bytes in MPI_Reduce", span);
    void *acc = me == root ? coll_at(a->recvbuf, lo, dt) : (char *)tmp - dt->true_lb;
    coll_shm_fold(&op, a->op, dt, count, lo, hi - lo, n - 1, acc);
    coll_shm_pack(coll_shm_data(&op, me) + lo * dt->size, acc, hi - lo, dt, slice);
    free(tmp);
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    if (me == root) {
        for (int p = 0; p < n; p++) {
            if (p == me)
                continue;
            coll_shm_slice(count, n, p, &lo, &hi);
            coll_shm_wait(&op, p);
            coll_shm_unpack(coll_at(a->recvbuf, lo, dt), hi - lo, dt, coll_shm_data(&op, p) + lo * dt->size,
                            (size_t)((hi - lo) * dt->size));
        }
        op.saw_all = true; /* it waited for every member */
    }
    return coll_shm_end(&op);
}

int coll_reduce_shm(comm_t *comm, const coll_args_t *a)
{
    return coll_shm_in_parts(comm, a, reduce_part);
}
