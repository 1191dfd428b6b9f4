/*
 * alltoall_shm.c -- MPI_Alltoall through shared-memory slots.
 *
 * Every process packs all its outgoing blocks into its own slot, block j
 * at j block sizes in, and publishes them; then it copies block `rank` out
 * of every other process's slot.  One copy in and one out per block, no
 * message and no pairing of rounds.  Blocks too large for all of them to
 * fit the slot go a part of each at a time, one operation per part.
 * MPI_IN_PLACE needs nothing special: the outgoing part of every block is
 * in the slot before the incoming one lands.
 */
#include "coll/shm.h"

/* One operation: bytes [off, off + len) of every block. */
static int alltoall_part(comm_t *comm, const coll_args_t *a, size_t off, size_t len)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int n = comm->size, me = comm->rank;
    size_t sent = (size_t)(a->sendcount * a->sendtype->size);
    size_t block = (size_t)(a->recvcount * a->recvtype->size);
    /* What this process brings of each block: its blocks may be longer or
     * shorter than expected (an erroneous call), never beyond its area;
     * what is left over after the last part is truncation. */
    size_t slen = sent > off ? sent - off : 0;
    slen = off + len >= block ? coll_shm_fit(&op, slen, len) : (slen < len ? slen : len);
    unsigned char *out = coll_shm_claim(&op, slen * (size_t)n);
    for (int p = 0; p < n; p++) {
        dt_buffer_t from = coll_buf(coll_at(a->sendbuf, p * a->sendcount, a->sendtype), a->sendcount, a->sendtype);
        dt_buffer_pack(&from, off, slen, out + (size_t)p * slen);
    }
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    for (int k = 0; k < n; k++) {
        /* Start with the process after this one, so that not everyone
         * reads the same slot at once. */
        int p = (me + k) % n;
        size_t bytes = slen;
        if (p != me) {
            coll_shm_wait(&op, p);
            bytes = coll_shm_take(&op, p, len * (size_t)n) / (size_t)n;
        }
        dt_buffer_t to = coll_buf(coll_at(a->recvbuf, p * a->recvcount, a->recvtype), a->recvcount, a->recvtype);
        dt_buffer_unpack(&to, off, bytes, coll_shm_data(&op, p) + (size_t)me * bytes);
    }
    op.saw_all = true; /* it waited for every member */
    return coll_shm_end(&op);
}

int coll_alltoall_shm(comm_t *comm, const coll_args_t *a)
{
    size_t block = (size_t)(a->recvcount * a->recvtype->size);
    size_t per = SHM_COLL_DATA_BYTES / (size_t)comm->size;
    if (block <= per)
        return alltoall_part(comm, a, 0, block);
    int rc = MPI_SUCCESS;
    for (size_t off = 0; off < block; off += per) {
        int prc = alltoall_part(comm, a, off, block - off < per ? block - off : per);
        if (rc == MPI_SUCCESS)
            rc = prc;
    }
    return rc;
}
