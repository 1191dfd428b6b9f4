/*
 * bcast_scatter_allgather.c -- MPI_Bcast of large messages (van de Geijn).
 *
 * The message's bytes are split into n blocks; block j goes from the root
 * to process j (a scatter), then a ring allgather passes every block
 * around.  Each process moves about 2 * bytes instead of log2(n) * bytes,
 * and the root is not the bottleneck: the choice for large messages on
 * more than two processes.  Blocks are cut in the packed byte stream,
 * since processes may describe the same bytes with different datatypes;
 * a process whose buffer is not contiguous works in a packed copy.
 * Cost: (n - 1) latencies in the ring plus 2 * (n - 1) / n * bytes /
 * bandwidth.
 */
#include "coll/coll.h"

int coll_bcast_scatter_allgather(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank, root = a->root;
    dt_buffer_t user = coll_buf(a->recvbuf, a->recvcount, a->recvtype);
    size_t bytes = user.bytes;
    char *base = user.base;
    if (user.dt) {
        base = sched_alloc(s, bytes);
        if (!base)
            return MPI_ERR_NO_MEM;
        if (r == root) {
            dt_buffer_t packed = dt_buffer_bytes(base, bytes);
            sched_copy(s, &user, &packed);
        }
    }
    size_t *off = sched_alloc(s, (size_t)(n + 1) * sizeof *off);
    if (!off)
        return MPI_ERR_NO_MEM;
    for (int j = 0; j <= n; j++)
        off[j] = (size_t)((unsigned __int128)bytes * (unsigned)j / (unsigned)n);
#define BLOCK(j) dt_buffer_bytes(base + off[(j)], off[(j) + 1] - off[(j)])
    /* Scatter: the root sends block j to process j. */
    if (r == root) {
        for (int j = 0; j < n; j++)
            if (j != r && off[j + 1] > off[j]) {
                dt_buffer_t b = BLOCK(j);
                sched_send(s, &b, j);
            }
    } else if (off[r + 1] > off[r]) {
        dt_buffer_t b = BLOCK(r);
        sched_recv(s, &b, root);
    }
    sched_round(s);
    /* Ring allgather: in step k, pass on the block received in step k - 1.
     * The root has every block: nobody sends to it, and it keeps the ring
     * going. */
    int right = (r + 1) % n, left = (r - 1 + n) % n;
    for (int k = 0; k < n - 1; k++) {
        int out = (r - k + n) % n, in = (r - k - 1 + n) % n;
        if (off[out + 1] > off[out] && right != root) {
            dt_buffer_t b = BLOCK(out);
            sched_send(s, &b, right);
        }
        if (off[in + 1] > off[in] && r != root) {
            dt_buffer_t b = BLOCK(in);
            sched_recv(s, &b, left);
        }
        sched_round(s);
    }
#undef BLOCK
    if (user.dt && r != root) {
        dt_buffer_t packed = dt_buffer_bytes(base, bytes);
        sched_copy(s, &packed, &user);
    }
    return MPI_SUCCESS;
}
