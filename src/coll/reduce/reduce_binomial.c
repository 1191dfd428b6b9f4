/*
 * reduce_binomial.c -- MPI_Reduce up a binomial tree.
 *
 * A process receives its children's partial results one by one (the
 * child that differs in bit 0, then bit 1, ...) and combines each into
 * its own, then sends the result to its parent.  Every partial result
 * covers a contiguous range of ranks, lower ranks on the left, so the
 * order of a non-commutative operation is kept; such an operation is
 * reduced at rank 0 and the result sent on to the root, while a
 * commutative one builds the tree around the root itself.  The choice for
 * small and medium messages.  Cost: log2(n) * (latency + bytes /
 * bandwidth + the arithmetic).
 */
#include "coll/coll.h"

/* A leaf sends its send buffer, which its parent reads itself where that
 * pays (sched_send_sendbuf).  From this size on it goes as a plain
 * message instead, whose rendezvous is then split between the two sides
 * (p2p/rndv.c): the leaf, idle otherwise, copies half.  Below it, the
 * parent reading every line into its own cache makes the reduction that
 * follows faster.  2-process MPI_Reduce on the Intel host, us pulled /
 * split: 256 KiB 16 / 24, 512 KiB 32-35 / 43-52, 1 MiB 109-117 / 94, 2
 * MiB 312-316 / 222-224, 4 MiB 680-691 / 526-535 (docs/perf.md). */
#define LEAF_SPLIT_BYTES (1024 * 1024)

int coll_reduce_binomial(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank, root = a->root;
    MPI_Count count = a->sendcount;
    datatype_t *dt = a->sendtype;
    op_t *op = a->op;
    int tree_root = op->commute ? root : 0;
    int vr = (r - tree_root + n) % n;
    const void *src = a->in_place ? a->recvbuf : a->sendbuf;
    void *acc = (void *)(uintptr_t)src; /* this process's result so far */
    bool leaf_pulled = (size_t)(count * dt->size) < LEAF_SPLIT_BYTES;

    if (vr % 2 == 0 && vr + 1 < n) {
        /* The first child's result arrives straight in acc, which then
         * takes ours from the left: no copy of our own vector first.  In
         * place at the root, acc is our vector, so it arrives aside. */
        void *t = NULL;
        acc = r == root ? a->recvbuf : sched_tmp(s, count, dt);
        if (!acc)
            return MPI_ERR_NO_MEM;
        for (int mask = 1; mask < n && !(vr & mask); mask <<= 1) {
            int child = vr + mask;
            if (child >= n)
                break;
            bool straight = mask == 1 && acc != src;
            if (!straight && !t && !(t = sched_tmp(s, count, dt)))
                return MPI_ERR_NO_MEM;
            dt_buffer_t tb = coll_buf(straight ? acc : t, count, dt);
            /* The first child is a leaf: it sends its send buffer. */
            (mask == 1 && leaf_pulled ? sched_recv_sendbuf : sched_recv)(s, &tb, (child + tree_root) % n);
            sched_round(s);
            if (straight) {
                sched_reduce(s, op, src, acc, count, dt);
            } else if (op->commute) {
                sched_reduce(s, op, t, acc, count, dt);
            } else {
                /* acc covers lower ranks than t: t = acc op t, then swap. */
                sched_reduce(s, op, acc, t, count, dt);
                void *x = acc;
                acc = t;
                t = x;
            }
        }
    }
    if (vr != 0) {
        dt_buffer_t accb = coll_buf(acc, count, dt);
        (vr % 2 && leaf_pulled ? sched_send_sendbuf : sched_send)(s, &accb, (vr - (vr & -vr) + tree_root) % n);
        sched_round(s);
    }
    if (tree_root == root) {
        if (r == root && acc != a->recvbuf) {
            dt_buffer_t from = coll_buf(acc, count, dt), to = coll_buf(a->recvbuf, count, dt);
            sched_copy(s, &from, &to);
        }
    } else if (r == tree_root) {
        dt_buffer_t accb = coll_buf(acc, count, dt);
        sched_send(s, &accb, root);
    } else if (r == root) {
        dt_buffer_t to = coll_buf(a->recvbuf, count, dt);
        sched_recv(s, &to, tree_root);
    }
    return MPI_SUCCESS;
}
