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
    size_t slen = coll_shm_part_share(&op, sent, block, off, len);
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
            bytes = coll_shm_take_blocks(&op, p, len, n);
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
    return coll_shm_in_block_parts(comm, a, block, SHM_COLL_DATA_BYTES / (size_t)comm->size, alltoall_part);
}
