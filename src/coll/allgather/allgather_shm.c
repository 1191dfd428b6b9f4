/*
 * allgather_shm.c -- MPI_Allgather through shared-memory slots.
 *
 * Every process packs its block into its own slot and publishes it, then
 * copies every other block out.  Each block is written once and read by
 * all at the same time, where a ring or recursive doubling would forward
 * it from process to process.  Serves blocks up to the slot's size.
 */
#include "coll/shm.h"

int coll_allgather_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int me = comm->rank;
    MPI_Count count = a->recvcount;
    datatype_t *rt = a->recvtype;
    void *own = coll_at(a->recvbuf, me * count, rt);
    size_t block = (size_t)(count * rt->size);
    if (a->in_place) {
        coll_shm_pack(coll_shm_claim(&op, block), own, count, rt, block);
    } else {
        size_t sent = coll_shm_fit(&op, (size_t)(a->sendcount * a->sendtype->size), SHM_COLL_DATA_BYTES);
        coll_shm_pack(coll_shm_claim(&op, sent), a->sendbuf, a->sendcount, a->sendtype, sent);
    }
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    if (!a->in_place)
        coll_shm_unpack(own, count, rt, coll_shm_data(&op, me), block);
    for (int p = 0; p < comm->size; p++) {
        if (p == me)
            continue;
        coll_shm_wait(&op, p);
        coll_shm_unpack(coll_at(a->recvbuf, p * count, rt), count, rt, coll_shm_data(&op, p),
                        coll_shm_take(&op, p, block));
    }
    op.saw_all = true; /* it waited for every member */
    return coll_shm_end(&op);
}
