/*
 * gather_shm.c -- MPI_Gather through shared-memory slots.
 *
 * Every process packs its block into its own slot and publishes it; the
 * root copies each block out as soon as it is there.  The senders never
 * wait, and the root makes one copy per block instead of receiving a
 * message.  Serves blocks up to the slot's size.
 */
#include "coll/shm.h"

int coll_gather_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int me = comm->rank;
    if (me != a->root) {
        size_t bytes = (size_t)(a->sendcount * a->sendtype->size);
        coll_shm_pack(coll_shm_claim(&op, bytes), a->sendbuf, a->sendcount, a->sendtype, bytes);
        coll_shm_next_phase(&op);
        coll_shm_publish(&op);
        return coll_shm_end(&op);
    }
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    MPI_Count count = a->recvcount;
    size_t block = (size_t)(count * a->recvtype->size);
    /* Its own block first, while the others' come. */
    if (!a->in_place) {
        dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
        dt_buffer_t slot = coll_buf(coll_at(a->recvbuf, me * count, a->recvtype), count, a->recvtype);
        coll_copy(&mine, &slot);
    }
    for (int p = 0; p < comm->size; p++)
        if (p != me) {
            coll_shm_wait(&op, p);
            coll_shm_unpack(coll_at(a->recvbuf, p * count, a->recvtype), count, a->recvtype, coll_shm_data(&op, p),
                            coll_shm_take(&op, p, block));
        }
    op.saw_all = true; /* it waited for every member */
    return coll_shm_end(&op);
}
