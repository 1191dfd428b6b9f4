/*
 * alltoallv_shm.c -- MPI_Alltoallv and MPI_Alltoallw through
 * shared-memory slots.
 *
 * Here the blocks differ in size and only the two ends of a block know
 * its size, so the way is chosen block by block, by a rule both ends
 * apply to the same number: a block up to a slice of the slot (the slot
 * shared out among the processes) goes through its sender's slot, a
 * larger one by message (pulled with one copy where allowed, as the
 * linear exchange does, and offered within the eager limit where every
 * process has a core, sched.h).  Each process writes a table, an entry
 * per destination saying where its block sits or that it comes by
 * message, packs the blocks that fit after it, and publishes once; then
 * it reads its entry in every other process's table.  Small blocks thus
 * cost what MPI_Alltoall's do: one copy in, one out, no message and no
 * pairing, where the message-based exchange paid a rendezvous of every
 * pair.
 *
 * A receiver follows the sender's entry, not its own count: where the
 * counts disagree (an erroneous call) it reports truncation instead of
 * waiting for a message that never comes.  The messages take the next
 * tag of the communicator's collective sequence, which every process
 * takes here whether or not it has any.  In place, an outgoing block
 * that goes by message is copied aside first, before anything lands.
 */
#include <stdint.h>
#include <stdlib.h>

#include "coll/sched.h"
#include "coll/shm.h"
#include "err/err.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "request/request.h"

/* The most bytes of a block that goes through the slot: between two
 * processes what the collectives' rules let them carry (select.c), where
 * pulls pay the table and the block within the cell. */
static size_t slice_bytes(const comm_t *comm, size_t table)
{
    int n = comm->size;
    size_t slice = (SHM_COLL_DATA_BYTES - table) / (size_t)n;
    size_t pair = sched_pair_pulls(comm) ? SHM_COLL_CELL_BYTES - table : SHM_SMALL_BYTES;
    return n == 2 && slice > pair ? pair : slice;
}

/* The smallest block sent by rendezvous rather than eager, where blocks
 * are not offered: from 32 KiB among five processes or more where ranks
 * outnumber cores.  There most blocks reach a receiver that has
 * not yet posted its receive for them (it posts one only after reading
 * the sender's table): eager, each is copied out of the ring into the
 * unexpected queue and again into place, while the RTS waits in the
 * sender's buffer for the receive.  Zen 5, 2 cores, 200 calls of one
 * size, us, eager / rendezvous: 8 processes 64 KiB 164-178 / 131-139;
 * in a loop through the sizes (p2p/match.c keeping the larger buffers)
 * 8 processes 32 KiB 98-101 / 90-92, 64 KiB 177-186 / 155; 5 processes
 * 64 KiB 61-62 / 58; 16 KiB 51-52 / 50-57 at 8; at 3-4 processes level
 * or eager faster (MPI_Alltoall linear, 24-64 KiB). */
static size_t held_block_min(const comm_t *comm)
{
    return comm->size > 4 && progress_oversubscribed() ? 32 * 1024 : SIZE_MAX;
}

static size_t block_bytes(const coll_block_t *b)
{
    return (size_t)(b->count * b->dt->size);
}

static int exchange(comm_t *comm, const coll_args_t *a, int form)
{
    int n = comm->size, me = comm->rank;
    coll_block_t send[COLL_SHM_MAX_SIZE], recv[COLL_SHM_MAX_SIZE];
    request_t *req[2 * COLL_SHM_MAX_SIZE];
    void *aside[COLL_SHM_MAX_SIZE] = {NULL};
    int nreq = 0;
    coll_alltoall_blocks(a, form, n, send, recv);
    const coll_block_t *out_blocks = a->in_place ? recv : send;

    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int tag = sched_next_tag(comm);
    size_t table = (size_t)n * sizeof(coll_shm_entry_t);
    size_t slice = slice_bytes(comm, table), total = table;
    for (int q = 0; q < n; q++) {
        size_t bytes = block_bytes(&out_blocks[q]);
        if (q != me && bytes <= slice)
            total += bytes;
    }

    /* The table and the blocks that fit; those that do not are copied
     * aside in place, before any incoming block can overwrite them. */
    unsigned char *area = coll_shm_claim(&op, total);
    coll_shm_entry_t *entries = (coll_shm_entry_t *)area;
    size_t at = table;
    for (int q = 0; q < n; q++) {
        size_t bytes = block_bytes(&out_blocks[q]);
        dt_buffer_t from = coll_buf(out_blocks[q].buf, out_blocks[q].count, out_blocks[q].dt);
        if (q == me) {
            entries[q] = (coll_shm_entry_t){COLL_SHM_BY_MESSAGE, 0};
        } else if (bytes <= slice) {
            entries[q] = (coll_shm_entry_t){(uint32_t)at, (uint32_t)bytes};
            dt_buffer_pack(&from, 0, bytes, area + at);
            at += bytes;
        } else {
            entries[q] = (coll_shm_entry_t){COLL_SHM_BY_MESSAGE, 0};
            if (a->in_place && rc == MPI_SUCCESS) {
                if (!(aside[q] = malloc(bytes)))
                    rc = err_set(MPI_ERR_NO_MEM, "out of memory setting a block of %zu bytes aside", bytes);
                else
                    dt_buffer_pack(&from, 0, bytes, aside[q]);
            }
        }
    }
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);

    comm_t *group = comm->internal;
    bool offer = sched_exchange_offers(comm);
    size_t sync_min = held_block_min(comm);
    for (int k = 1; k < n; k++) {
        int q = (me + k) % n;
        size_t bytes = block_bytes(&out_blocks[q]);
        if (bytes <= slice)
            continue;
        /* Out of memory for the copy aside: an empty message, which the
         * receiver reports as truncation instead of waiting. */
        dt_buffer_t data = a->in_place ? dt_buffer_bytes(aside[q], aside[q] ? bytes : 0)
                                       : coll_buf(out_blocks[q].buf, out_blocks[q].count, out_blocks[q].dt);
        if (offer)
            p2p_isend_offer(&data, q, tag, group, &req[nreq++]);
        else if (bytes >= sync_min)
            p2p_isend_mode(&data, q, tag, group, SEND_MODE_SYNC, &req[nreq++]);
        else
            p2p_isend(&data, q, tag, group, &req[nreq++]);
    }

    /* Each reads the process after it first, so that not everyone reads
     * the same slot at once. */
    for (int k = 1; k < n; k++) {
        int p = (me + k) % n;
        coll_shm_wait(&op, p);
        coll_shm_entry_t e = ((const coll_shm_entry_t *)coll_shm_data(&op, p))[me];
        dt_buffer_t to = coll_buf(recv[p].buf, recv[p].count, recv[p].dt);
        to.stream = a->stream;
        if (e.at == COLL_SHM_BY_MESSAGE) {
            p2p_irecv_hinted(&to, p, tag, group, RECV_PULL, &req[nreq++]);
            continue;
        }
        size_t take = e.bytes == to.bytes ? to.bytes : coll_shm_mismatch(&op, p, e.bytes, to.bytes);
        dt_buffer_unpack(&to, 0, take, coll_shm_data(&op, p) + e.at);
    }
    if (!a->in_place) {
        dt_buffer_t from = coll_buf(send[me].buf, send[me].count, send[me].dt);
        dt_buffer_t to = coll_buf(recv[me].buf, recv[me].count, recv[me].dt);
        to.stream = a->stream;
        if (from.bytes != to.bytes)
            coll_shm_mismatch(&op, me, from.bytes, to.bytes);
        coll_copy(&from, &to);
    }
    int wait_rc = sched_wait_messages(req, nreq);
    if (rc == MPI_SUCCESS)
        rc = wait_rc;
    for (int q = 0; q < n; q++)
        free(aside[q]);
    op.saw_all = true; /* it waited for every member */
    int end_rc = coll_shm_end(&op);
    return rc != MPI_SUCCESS ? rc : end_rc;
}

int coll_alltoallv_shm(comm_t *comm, const coll_args_t *a)
{
    return exchange(comm, a, COLL_ALLTOALLV);
}

int coll_alltoallw_shm(comm_t *comm, const coll_args_t *a)
{
    return exchange(comm, a, COLL_ALLTOALLW);
}
