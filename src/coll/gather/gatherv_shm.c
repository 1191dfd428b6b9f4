/*
 * gatherv_shm.c -- MPI_Gatherv through shared-memory slots.
 *
 * As gather_shm.c, but the blocks differ in size and a sender knows only
 * its own, the root every one.  So each block goes the way a rule both
 * ends apply to the same number picks: up to coll_shm_v_cell_bytes
 * through its sender's slot, larger as a message, where sender and root
 * copy at once, piece by piece, instead of in turn.  Every sender
 * publishes a word saying which way its block went, and the root follows
 * that word, not its own count: counts that disagree (an erroneous call)
 * are reported as truncation instead of leaving the root waiting for a
 * message that never comes.  The root posts the receives its own counts
 * call for before it looks, and withdraws one whose sender used the
 * slot; it copies its own block while the others' come.
 */
#include <stdint.h>

#include "coll/sched.h"
#include "coll/shm.h"
#include "p2p/p2p.h"
#include "request/request.h"

/* The word before a sender's block in its slot. */
enum way { IN_SLOT, BY_MESSAGE };
#define HEADER sizeof(uint64_t)

static int send_block(comm_t *comm, const coll_args_t *a, coll_shm_op_t *op, int tag)
{
    dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    request_t *req = NULL;
    int rc = MPI_SUCCESS;
    if (HEADER + mine.bytes <= coll_shm_v_cell_bytes(comm)) {
        unsigned char *area = coll_shm_claim(op, HEADER + mine.bytes);
        *(uint64_t *)area = IN_SLOT;
        dt_buffer_pack(&mine, 0, mine.bytes, area + HEADER);
    } else {
        *(uint64_t *)coll_shm_claim(op, HEADER) = BY_MESSAGE;
        p2p_isend_mode(&mine, a->root, tag, comm->internal,
                       sched_gather_splits(comm, mine.bytes) ? SEND_MODE_SYNC : SEND_MODE_STANDARD, &req);
    }
    coll_shm_next_phase(op);
    coll_shm_publish(op);
    if (req)
        rc = sched_wait_messages(&req, 1);
    int end_rc = coll_shm_end(op);
    return rc != MPI_SUCCESS ? rc : end_rc;
}

int coll_gatherv_shm(comm_t *comm, const coll_args_t *a)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int tag = sched_next_tag(comm), n = comm->size, root = a->root;
    if (comm->rank != root)
        return send_block(comm, a, &op, tag);

    request_t *req[COLL_SHM_MAX_SIZE] = {NULL};
    dt_buffer_t to[COLL_SHM_MAX_SIZE];
    size_t most = coll_shm_v_cell_bytes(comm) - HEADER;
    for (int p = 0; p < n; p++) {
        to[p] = coll_buf(coll_at(a->recvbuf, a->rdispls[p], a->recvtype), a->recvcounts[p], a->recvtype);
        to[p].stream = a->stream;
        if (p != root && to[p].bytes > most)
            p2p_irecv_hinted(&to[p], p, tag, comm->internal, RECV_GATHERING, &req[p]);
    }
    coll_shm_next_phase(&op);
    coll_shm_publish(&op);
    /* Its own block first, while the others' come. */
    if (!a->in_place) {
        dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
        if (mine.bytes != to[root].bytes)
            coll_shm_mismatch(&op, root, mine.bytes, to[root].bytes);
        coll_copy(&mine, &to[root]);
    }
    /* From the process after the root on, as the senders' turns go. */
    for (int k = 1; k < n; k++) {
        int p = (root + k) % n;
        coll_shm_wait(&op, p);
        const unsigned char *data = coll_shm_data(&op, p);
        if (*(const uint64_t *)data == BY_MESSAGE) {
            if (!req[p])
                p2p_irecv_hinted(&to[p], p, tag, comm->internal, RECV_GATHERING, &req[p]);
            continue;
        }
        if (req[p]) { /* the sender used the slot */
            sched_withdraw(req[p]);
            req[p] = NULL;
        }
        size_t bytes = coll_shm_announced(&op, p) - HEADER;
        size_t take = bytes == to[p].bytes ? bytes : coll_shm_mismatch(&op, p, bytes, to[p].bytes);
        dt_buffer_unpack(&to[p], 0, take, data + HEADER);
    }
    int nreq = 0;
    for (int p = 0; p < n; p++)
        if (req[p])
            req[nreq++] = req[p];
    rc = sched_wait_messages(req, nreq);
    op.saw_all = true; /* it waited for every member */
    int end_rc = coll_shm_end(&op);
    return rc != MPI_SUCCESS ? rc : end_rc;
}
