/*
 * scatter_shm.c -- MPI_Scatter through the root's shared-memory slot.
 *
 * The root packs every other process's block into its slot, one after the
 * other, and publishes them together; each process copies its own block
 * out.  One copy in and one out per block, and the copies out run in
 * parallel.  Serves calls whose blocks together fit the slot.
 */
#include "coll/shm.h"

int coll_scatter_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int me = comm->rank, root = a->root;
    if (me == root) {
        MPI_Count count = a->sendcount;
        size_t block = (size_t)(count * a->sendtype->size);
        unsigned char *out = coll_shm_claim(&op, block * (size_t)comm->size);
        for (int p = 0; p < comm->size; p++) {
            const void *from = coll_at(a->sendbuf, p * count, a->sendtype);
            if (p != me) {
                coll_shm_pack(out + (size_t)p * block, from, count, a->sendtype, block);
            } else if (!a->in_place) {
                dt_buffer_t slot = coll_buf(from, count, a->sendtype);
                dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
                coll_copy(&slot, &mine);
            }
        }
        coll_shm_next_phase(&op);
        coll_shm_publish(&op);
    } else {
        size_t block = (size_t)(a->recvcount * a->recvtype->size);
        coll_shm_next_phase(&op);
        coll_shm_wait(&op, root);
        size_t bytes = coll_shm_take_blocks(&op, root, block, comm->size);
        coll_shm_unpack(a->recvbuf, a->recvcount, a->recvtype, coll_shm_data(&op, root) + (size_t)me * bytes, bytes);
        coll_shm_publish(&op);
    }
    return coll_shm_end(&op);
}
