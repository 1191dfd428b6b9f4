/*
 * allgather_shm.c -- MPI_Allgather and MPI_Allgatherv through
 * shared-memory slots.
 *
 * Every process packs its block into its own slot and publishes it, then
 * copies every other block out.  Each block is written once and read by
 * all at the same time, where a ring or recursive doubling would forward
 * it from process to process.  Larger blocks go a slot-sized part of each
 * at a time, one operation per part.  In the v form every process knows
 * every block's size (recvcounts), so all agree on the parts: as many as
 * the largest block needs, a shorter block bringing nothing to the later
 * ones.
 */
#include "coll/shm.h"

/* Process p's block in recvbuf: its count, and where it starts. */
static MPI_Count count_of(const coll_args_t *a, int p)
{
    return a->recvcounts ? a->recvcounts[p] : a->recvcount;
}

static void *block_of(const coll_args_t *a, int p)
{
    return coll_at(a->recvbuf, a->recvcounts ? a->rdispls[p] : p * a->recvcount, a->recvtype);
}

/* The bytes of a block of `block` bytes within [off, off + len). */
static size_t window(size_t block, size_t off, size_t len)
{
    return block <= off ? 0 : block - off < len ? block - off : len;
}

/* One operation: bytes [off, off + len) of every block. */
static int allgather_part(comm_t *comm, const coll_args_t *a, size_t off, size_t len)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int me = comm->rank;
    datatype_t *rt = a->recvtype;
    size_t block = (size_t)(count_of(a, me) * rt->size);
    dt_buffer_t own = coll_buf(block_of(a, me), count_of(a, me), rt);
    own.stream = a->stream;
    /* What this process brings (in place, from its own slot of recvbuf). */
    dt_buffer_t from = a->in_place ? own : coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    size_t sent = coll_shm_part_share(&op, from.bytes, block, off, window(block, off, len));
    unsigned char *mine = coll_shm_claim(&op, sent);
    dt_buffer_pack(&from, off, sent, mine);
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    if (!a->in_place)
        dt_buffer_unpack(&own, off, sent, mine);
    for (int k = 1; k < comm->size; k++) {
        /* Start with the process after this one, so that not everyone
         * reads the same slot at once. */
        int p = (me + k) % comm->size;
        coll_shm_wait(&op, p);
        dt_buffer_t to = coll_buf(block_of(a, p), count_of(a, p), rt);
        to.stream = a->stream;
        dt_buffer_unpack(&to, off, coll_shm_take(&op, p, window(to.bytes, off, len)), coll_shm_data(&op, p));
    }
    op.saw_all = true; /* it waited for every member */
    return coll_shm_end(&op);
}

int coll_allgather_shm(comm_t *comm, const coll_args_t *a)
{
    size_t block = (size_t)(a->recvcount * a->recvtype->size);
    return coll_shm_in_block_parts(comm, a, block, SHM_COLL_DATA_BYTES, allgather_part);
}

int coll_allgatherv_shm(comm_t *comm, const coll_args_t *a)
{
    size_t largest = 0;
    for (int p = 0; p < comm->size; p++) {
        size_t block = (size_t)(a->recvcounts[p] * a->recvtype->size);
        largest = block > largest ? block : largest;
    }
    return coll_shm_in_block_parts(comm, a, largest, SHM_COLL_DATA_BYTES, allgather_part);
}
