/*
 * barrier_shm.c -- MPI_Barrier on shared-memory flags.
 *
 * Every process publishes one phase and waits until every other has: one
 * store to its own cache line, then a read of each member's.  The lines
 * only ever count up, so there is nothing to reset between barriers.  It
 * wins on one node at every size: no message, no round after round of
 * them, and each waiter's reads run in parallel.  Cost: one cache-line
 * transfer per member into each process, overlapped.
 */
#include "coll/shm.h"

int coll_barrier_shm(comm_t *comm, const coll_args_t *a)
{
    (void)a;
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    coll_shm_wait_all(&op);
    return coll_shm_end(&op);
}
