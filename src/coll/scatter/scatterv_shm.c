/*
 * scatterv_shm.c -- MPI_Scatterv through the root's shared-memory slot.
 *
 * As scatter_shm.c, but the blocks differ in size and a receiver knows
 * only its own, the root every one.  So each block goes the way a rule
 * both ends apply to the same number picks: up to a slice of the cell
 * (coll_shm_v_cell_bytes shared among the processes) in the root's
 * slot, larger as a message (which the receivers read with one copy
 * where the message-based algorithms would, sched.h: sched_pulls).  The root
 * writes a table, an entry per process saying where its block sits or
 * that it comes by message, packs the blocks that fit after it and
 * publishes once.  A receiver whose own count calls for a message posts
 * its receive at once, before the table is there, then follows its entry:
 * counts that disagree (an erroneous call) are reported as truncation,
 * and a receive no message will match is withdrawn.
 */
#include <stdint.h>

#include "coll/sched.h"
#include "coll/shm.h"
#include "p2p/p2p.h"
#include "request/request.h"

/* The most bytes of a block that goes through the slot: the table of n
 * entries and a block for each of the others within the cell. */
static size_t slice_bytes(const comm_t *comm)
{
    size_t table = (size_t)comm->size * sizeof(coll_shm_entry_t), room = coll_shm_v_cell_bytes(comm);
    return room > table ? (room - table) / (size_t)(comm->size - 1) : 0;
}

/* The receive of a block that comes by message. */
static void post_receive(comm_t *comm, dt_buffer_t *data, int root, int tag, request_t **req)
{
    p2p_irecv_hinted(data, root, tag, comm->internal, sched_pulls(comm) ? RECV_PULL : RECV_PLAIN, req);
}

static int scatter_blocks(comm_t *comm, const coll_args_t *a, coll_shm_op_t *op, int tag)
{
    int n = comm->size, me = comm->rank, nreq = 0;
    size_t slice = slice_bytes(comm), table = (size_t)n * sizeof(coll_shm_entry_t), total = table;
    dt_buffer_t from[COLL_SHM_MAX_SIZE];
    request_t *req[COLL_SHM_MAX_SIZE];
    for (int p = 0; p < n; p++) {
        from[p] = coll_buf(coll_at(a->sendbuf, a->sdispls[p], a->sendtype), a->sendcounts[p], a->sendtype);
        if (p != me && from[p].bytes <= slice)
            total += from[p].bytes;
    }
    unsigned char *area = coll_shm_claim(op, total);
    coll_shm_entry_t *entries = (coll_shm_entry_t *)area;
    size_t at = table;
    for (int p = 0; p < n; p++) {
        if (p == me || from[p].bytes > slice) {
            entries[p] = (coll_shm_entry_t){COLL_SHM_BY_MESSAGE, 0};
            continue;
        }
        entries[p] = (coll_shm_entry_t){(uint32_t)at, (uint32_t)from[p].bytes};
        dt_buffer_pack(&from[p], 0, from[p].bytes, area + at);
        at += from[p].bytes;
    }
    coll_shm_next_phase(op);
    coll_shm_publish(op);
    for (int k = 1; k < n; k++) {
        int p = (me + k) % n;
        if (from[p].bytes <= slice)
            continue;
        if (sched_offers(comm))
            p2p_isend_offer(&from[p], p, tag, comm->internal, &req[nreq++]);
        else
            p2p_isend(&from[p], p, tag, comm->internal, &req[nreq++]);
    }
    if (!a->in_place) {
        dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
        mine.stream = a->stream;
        if (from[me].bytes != mine.bytes)
            coll_shm_mismatch(op, me, from[me].bytes, mine.bytes);
        coll_copy(&from[me], &mine);
    }
    return sched_wait_messages(req, nreq);
}

static int receive_block(comm_t *comm, const coll_args_t *a, coll_shm_op_t *op, int tag)
{
    int root = a->root;
    dt_buffer_t mine = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    mine.stream = a->stream;
    request_t *req = NULL;
    if (mine.bytes > slice_bytes(comm))
        post_receive(comm, &mine, root, tag, &req);
    coll_shm_next_phase(op);
    coll_shm_wait(op, root);
    const unsigned char *data = coll_shm_data(op, root);
    coll_shm_entry_t e = ((const coll_shm_entry_t *)data)[comm->rank];
    if (e.at != COLL_SHM_BY_MESSAGE) {
        if (req) { /* the root used the slot */
            sched_withdraw(req);
            req = NULL;
        }
        size_t take = e.bytes == mine.bytes ? mine.bytes : coll_shm_mismatch(op, root, e.bytes, mine.bytes);
        dt_buffer_unpack(&mine, 0, take, data + e.at);
    } else if (!req) {
        post_receive(comm, &mine, root, tag, &req);
    }
    coll_shm_publish(op); /* done with the root's slot */
    return req ? sched_wait_messages(&req, 1) : MPI_SUCCESS;
}

int coll_scatterv_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int tag = sched_next_tag(comm);
    rc = comm->rank == a->root ? scatter_blocks(comm, a, &op, tag) : receive_block(comm, a, &op, tag);
    int end_rc = coll_shm_end(&op);
    return rc != MPI_SUCCESS ? rc : end_rc;
}
