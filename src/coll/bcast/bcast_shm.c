/*
 * bcast_shm.c -- MPI_Bcast through the root's shared-memory slot.
 *
 * The root packs the data once into its slot and publishes it, a chunk at
 * a time; every other process copies each chunk out as soon as it is
 * there, while the root packs the next, and publishes that it is done
 * with it.  Nobody forwards anything, so with a core each the cost hardly
 * grows with the number of processes: one copy in and one out, overlapped.
 * Data that fits in a cell goes with its flag, and the root can run as
 * many broadcasts ahead as the slot has cells: with ranks outnumbering
 * cores, a reader given the CPU takes several at once.  Data larger than
 * the slot goes round it in chunks, the root waiting for the slowest
 * reader only when it comes round to a chunk not yet read.  Contiguous
 * data that fits a cell, most broadcasts, takes coll_bcast_cell, the same
 * protocol without the chunk loop.
 */
#include "coll/shm.h"

/* Chunks small enough to overlap the copies, large enough that the
 * handoffs cost little next to them.  With ranks outnumbering cores the
 * copies overlap little anyway and every handoff may wait for a reader
 * to get a CPU: there the chunk is the whole half.  Intel host, 2 cores,
 * roots rotating, us, 16 KiB chunks / the half: 3 processes 64 KiB
 * 8.7-8.9 / 8.5, 4 MiB 843-847 / 777-781; 4 processes 64 KiB 8.2-10.2 /
 * 9.2-9.3, 4 MiB 933-1171 / 843-990; 8 processes 64 KiB 14.5-15.9 /
 * 11.8-13.3, 512 KiB 161-189 / 140-153, 4 MiB 1488-1533 / 1355-1445.
 * Every process gets the same answer: mpirun tells all whether the job
 * is oversubscribed.  Data larger than the half goes round it. */
#define CHUNK (16 * 1024)

static size_t chunk_bytes(void)
{
    return progress_oversubscribed() ? SHM_COLL_DATA_BYTES : CHUNK;
}

static unsigned char *chunk_at(unsigned char *data, size_t pos)
{
    return data + pos % SHM_COLL_DATA_BYTES;
}

/* A reader's part once the root has published its first chunk. */
static void read_published(coll_shm_op_t *op, const dt_buffer_t *user, int root)
{
    size_t sent = coll_shm_announced(op, root), pos = 0, step = chunk_bytes();
    size_t take = coll_shm_take(op, root, user->bytes);
    unsigned char *data = coll_shm_data(op, root);
    do {
        size_t len = sent - pos < step ? sent - pos : step;
        if (pos > 0) {
            coll_shm_next_phase(op);
            coll_shm_wait(op, root);
        }
        if (pos < take)
            dt_buffer_unpack(user, pos, (pos + len <= take ? len : take - pos), chunk_at(data, pos));
        coll_shm_publish(op);
        pos += len;
    } while (pos < sent);
}

int coll_bcast_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int root = a->root;
    dt_buffer_t user = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    user.stream = a->stream;
    size_t bytes = user.bytes;
    if (comm->rank == root) {
        unsigned char *data = coll_shm_claim(&op, bytes);
        size_t pos = 0, step = chunk_bytes();
        uint64_t chunk = 0, ring = SHM_COLL_DATA_BYTES / step;
        do {
            size_t len = bytes - pos < step ? bytes - pos : step;
            /* Everyone has read what was here, `ring` chunks ago. */
            if (chunk >= ring)
                coll_shm_wait_all_at(&op, op.first + chunk - ring);
            dt_buffer_pack(&user, pos, len, chunk_at(data, pos));
            coll_shm_next_phase(&op);
            coll_shm_publish(&op);
            pos += len;
            chunk++;
        } while (pos < bytes);
    } else {
        /* The root's size decides how many phases there are, also when
         * it disagrees with ours. */
        coll_shm_next_phase(&op);
        coll_shm_wait(&op, root);
        read_published(&op, &user, root);
    }
    return coll_shm_end(&op);
}

int coll_bcast_cell(comm_t *comm, void *buf, size_t bytes, int root)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    coll_shm_next_phase(&op);
    if (comm->rank == root) {
        copy_bytes(coll_shm_claim(&op, bytes), buf, bytes);
        coll_shm_publish(&op);
    } else {
        coll_shm_wait(&op, root);
        if (__builtin_expect(coll_shm_announced(&op, root) == bytes, 1)) {
            copy_bytes(buf, coll_shm_data(&op, root), bytes);
            coll_shm_publish(&op);
        } else { /* the root's size differs (erroneous): read its chunks, report the truncation */
            dt_buffer_t user = dt_buffer_bytes(buf, bytes);
            read_published(&op, &user, root);
        }
    }
    return coll_shm_end(&op);
}
