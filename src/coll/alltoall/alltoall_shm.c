/*
 * alltoall_shm.c -- MPI_Alltoall through shared-memory slots.
 *
 * Every process packs all its outgoing blocks into its own slot, block j
 * at j block sizes in, and publishes them; then it copies block `rank` out
 * of every other process's slot.  One copy in and one out per block, no
 * message and no pairing of rounds.  Serves calls whose blocks together
 * fit the slot.  MPI_IN_PLACE needs nothing special: the outgoing blocks
 * are all in the slot before any incoming one lands.
 */
#include "coll/shm.h"

int coll_alltoall_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int n = comm->size, me = comm->rank;
    size_t block = (size_t)(a->recvcount * a->recvtype->size);
    size_t sblock = coll_shm_fit(&op, (size_t)(a->sendcount * a->sendtype->size), SHM_COLL_DATA_BYTES / (size_t)n);
    unsigned char *out = coll_shm_claim(&op, sblock * (size_t)n);
    for (int p = 0; p < n; p++)
        coll_shm_pack(out + (size_t)p * sblock, coll_at(a->sendbuf, p * a->sendcount, a->sendtype), a->sendcount,
                      a->sendtype, sblock);
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    for (int k = 0; k < n; k++) {
        /* Start with the process after this one, so that not everyone
         * reads the same slot at once. */
        int p = (me + k) % n;
        size_t bytes = sblock;
        if (p != me) {
            coll_shm_wait(&op, p);
            bytes = coll_shm_take(&op, p, block * (size_t)n) / (size_t)n;
        }
        coll_shm_unpack(coll_at(a->recvbuf, p * a->recvcount, a->recvtype), a->recvcount, a->recvtype,
                        coll_shm_data(&op, p) + (size_t)me * bytes, bytes);
    }
    op.saw_all = true; /* it waited for every member */
    return coll_shm_end(&op);
}
