/*
 * bcast_shm.c -- MPI_Bcast through the root's shared-memory slot.
 *
 * The root packs the data once into its slot and publishes it; every
 * other process copies it out at the same time and publishes that it is
 * done.  Nobody forwards anything, so the cost hardly grows with the
 * number of processes while they have cores: one copy in, one copy out,
 * one cache-line handoff.  Serves data up to the slot's size
 * (SHM_COLL_DATA_BYTES); larger broadcasts go by messages.
 */
#include "coll/shm.h"

int coll_bcast_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int root = a->root;
    size_t bytes = (size_t)(a->recvcount * a->recvtype->size);
    if (comm->rank == root) {
        coll_shm_claim(&op);
        coll_shm_pack(coll_shm_data(&op, root), a->recvbuf, a->recvcount, a->recvtype, bytes);
        coll_shm_next_phase(&op);
        coll_shm_publish(&op, bytes);
    } else {
        coll_shm_next_phase(&op);
        coll_shm_wait(&op, root);
        bytes = coll_shm_take(&op, root, bytes);
        coll_shm_unpack(a->recvbuf, a->recvcount, a->recvtype, coll_shm_data(&op, root), bytes);
        coll_shm_publish(&op, 0);
    }
    return coll_shm_end(&op);
}
