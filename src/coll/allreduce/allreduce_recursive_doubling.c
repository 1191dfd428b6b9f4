/*
 * allreduce_recursive_doubling.c -- MPI_Allreduce by recursive doubling.
 *
 * For a power of two: in step k each process swaps its whole partial
 * result with the partner whose rank differs in bit k and combines, lower
 * ranks on the left, so non-commutative operations keep their order.
 * With n not a power of two, the first 2 * (n - pof2) processes first
 * pair up (even into odd), the odd ones take part, and they return the
 * result to their partners at the end.  The choice for small messages:
 * log2(n) steps and every process computes.  Cost: (log2(n) + 2) *
 * (latency + bytes / bandwidth + arithmetic).
 */
#include "coll/coll.h"

int coll_allreduce_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a)
{
    int n = comm->size, r = comm->rank;
    MPI_Count count = a->recvcount;
    datatype_t *dt = a->recvtype;
    op_t *op = a->op;
    void *acc = a->recvbuf;
    void *t = sched_tmp(s, count, dt);
    if (!t)
        return MPI_ERR_NO_MEM;
    dt_buffer_t accb = coll_buf(acc, count, dt), tb = coll_buf(t, count, dt);
    /* Our own vector, and whether acc holds it yet.  Not in place, the
     * first exchange that may receive into acc does: the partner's vector
     * arrives there and ours joins it from the left -- when we are the
     * lower rank or the operation commutes -- without copying ours in
     * first. */
    const void *mine = a->in_place ? acc : a->sendbuf;
    dt_buffer_t mineb = coll_buf(mine, count, dt);
    bool held = a->in_place;
    int pof2 = coll_pof2(n), rem = n - pof2, newrank;
    if (r < 2 * rem) {
        if (r % 2 == 0) {
            sched_send(s, &mineb, r + 1);
            newrank = -1;
        } else {
            if (!held && op->commute) {
                sched_recv(s, &accb, r - 1);
                sched_round(s);
                sched_reduce(s, op, mine, acc, count, dt);
            } else {
                if (!held)
                    sched_copy(s, &mineb, &accb);
                sched_recv(s, &tb, r - 1);
                sched_round(s);
                sched_reduce(s, op, t, acc, count, dt); /* the lower rank's on the left */
            }
            held = true;
            newrank = r / 2;
        }
    } else {
        newrank = r - rem;
    }
    sched_round(s);
    if (newrank >= 0) {
        for (int mask = 1; mask < pof2; mask <<= 1) {
            int newdst = newrank ^ mask;
            int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
            if (!held && (r < dst || op->commute)) {
                /* Commuting, the partner sends its own vector too. */
                bool both_own = op->commute && !a->in_place && rem == 0 && mask == 1;
                (both_own ? sched_send_sendbuf : sched_send)(s, &mineb, dst);
                (both_own ? sched_recv_sendbuf : sched_recv)(s, &accb, dst);
                sched_round(s);
                sched_reduce(s, op, mine, acc, count, dt);
                held = true;
                continue;
            }
            if (!held)
                sched_copy(s, &mineb, &accb);
            held = true;
            sched_send(s, &accb, dst);
            sched_recv(s, &tb, dst);
            sched_round(s);
            if (dst < r || op->commute) {
                sched_reduce(s, op, t, acc, count, dt);
            } else {
                sched_reduce(s, op, acc, t, count, dt);
                sched_copy(s, &tb, &accb);
            }
        }
        if (!held) /* a communicator of one */
            sched_copy(s, &mineb, &accb);
    }
    if (r < 2 * rem) {
        sched_round(s);
        if (r % 2)
            sched_send(s, &accb, r - 1);
        else
            sched_recv(s, &accb, r + 1);
    }
    return MPI_SUCCESS;
}
