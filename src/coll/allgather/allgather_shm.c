/*
 * allgather_shm.c -- MPI_Allgather through shared-memory slots.
 *
 * Every process packs its block into its own slot and publishes it, then
 * copies every other block out.  Each block is written once and read by
 * all at the same time, where a ring or recursive doubling would forward
 * it from process to process.  Larger blocks go a slot-sized part of each
 * at a time, one operation per part.
 */
#include "coll/shm.h"

/* One operation: bytes [off, off + len) of every block. */
static int allgather_part(comm_t *comm, const coll_args_t *a, size_t off, size_t len)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int me = comm->rank;
    MPI_Count count = a->recvcount;
    datatype_t *rt = a->recvtype;
    size_t block = (size_t)(count * rt->size);
    dt_buffer_t own = coll_buf(coll_at(a->recvbuf, me * count, rt), count, rt);
    /* What this process brings of its block (in place, from its own slot
     * of recvbuf): may be longer or shorter than expected (an erroneous
     * call), never beyond its area; what is left after the last part is
     * truncation. */
    dt_buffer_t from = a->in_place ? own : coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    size_t sent = from.bytes > off ? from.bytes - off : 0;
    sent = off + len >= block ? coll_shm_fit(&op, sent, len) : (sent < len ? sent : len);
    unsigned char *mine = coll_shm_claim(&op, sent);
    dt_buffer_pack(&from, off, sent, mine);
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    if (!a->in_place)
        dt_buffer_unpack(&own, off, sent < len ? sent : len, mine);
    for (int k = 1; k < comm->size; k++) {
        /* Start with the process after this one, so that not everyone
         * reads the same slot at once. */
        int p = (me + k) % comm->size;
        coll_shm_wait(&op, p);
        dt_buffer_t to = coll_buf(coll_at(a->recvbuf, p * count, rt), count, rt);
        dt_buffer_unpack(&to, off, coll_shm_take(&op, p, len), coll_shm_data(&op, p));
    }
    op.saw_all = true; /* it waited for every member */
    return coll_shm_end(&op);
}

int coll_allgather_shm(comm_t *comm, const coll_args_t *a)
{
    size_t block = (size_t)(a->recvcount * a->recvtype->size);
    if (block <= SHM_COLL_DATA_BYTES)
        return allgather_part(comm, a, 0, block);
    int rc = MPI_SUCCESS;
    for (size_t off = 0; off < block; off += SHM_COLL_DATA_BYTES) {
        size_t len = block - off < SHM_COLL_DATA_BYTES ? block - off : SHM_COLL_DATA_BYTES;
        int prc = allgather_part(comm, a, off, len);
        if (rc == MPI_SUCCESS)
            rc = prc;
    }
    return rc;
}
