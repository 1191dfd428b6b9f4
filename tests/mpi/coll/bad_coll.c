/*
 * bad_coll.c -- the collective calls refuse bad input with the right error
 * class under MPI_ERRORS_RETURN, and a count mismatch between processes
 * is reported as truncation without leaving any process stuck (by every
 * process below the root of a nonblocking broadcast).
 */
#include <stdlib.h>

#include "mpitest.h"

static int sum_int(int v)
{
    int total = 0;
    MPI_Allreduce(&v, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return total;
}

/* Blocking MPI_Allgather and MPI_Alltoall where rank 0 sends blocks of
 * another size than every process receives: more (2n elements against n),
 * then fewer (n against 2n), with a block that fits in a shared-memory cell
 * and one beyond a slot.  Every process reports truncation, the one whose
 * own amounts differ too.  Where rank 0 sent more, the small blocks (the
 * shared-memory exchange) still give the others the part that fits; MPI
 * leaves a receive buffer undefined on overflow, so the large ones (messages
 * at 2 processes) are not checked for it.  (The readers of a process with
 * too much once took that part silently, and a process whose own block was
 * short did not notice.) */
static void blocking_amounts_differ(int rank, int size)
{
    static const int ns[] = {1, 100000};
    for (int k = 0; k < 2; k++) {
        for (int more = 1; more >= 0; more--) {
            int n = ns[k], got = more ? n : 2 * n, sent = rank == 0 ? (more ? 2 * n : n) : got;
            int *s = malloc((size_t)size * (size_t)sent * sizeof *s),
                *r = malloc((size_t)size * (size_t)got * sizeof *r);
            for (int i = 0; i < size * sent; i++)
                s[i] = rank * 1000 + i % sent; /* block j holds rank * 1000 + 0, 1, ... */
            for (int alltoall = 0; alltoall < 2; alltoall++) {
                int rc = alltoall ? MPI_Alltoall(s, sent, MPI_INT, r, got, MPI_INT, MPI_COMM_WORLD)
                                  : MPI_Allgather(s, sent, MPI_INT, r, got, MPI_INT, MPI_COMM_WORLD);
                int cls = MPI_SUCCESS;
                MPI_Error_class(rc, &cls);
                const char *call = alltoall ? "MPI_Alltoall" : "MPI_Allgather";
                MT_CHECK(cls == MPI_ERR_TRUNCATE, "%s, rank 0 sending %d ints a block and all receiving %d: class %d",
                         call, sent, got, cls);
                int bad = 0;
                for (int i = 0; more && k == 0 && rank != 0 && i < n; i++)
                    bad += r[i] != i;
                MT_CHECK(bad == 0, "%s delivered %d wrong elements of rank 0's block that fit", call, bad);
                MT_CHECK(sum_int(1) == size, "the world is not usable after a mismatched %s", call);
            }
            free(s);
            free(r);
        }
    }
}

/* A process's own block, sent to itself, of another size on its receive
 * side than on its send side: rank 0 (the root) only, its blocks with
 * the others consistent.  It reports truncation; the others finish (those
 * a failed schedule sends to may hear of it), and the world stays usable.
 * On MPI_COMM_SELF every process is alone: blocking and nonblocking.  (On
 * one process such a block was copied as far as it fitted and the call
 * succeeded; a gather's or scatter's root did not notice at any size.) */
static void own_block_differs(int rank, int size)
{
    int *s = calloc((size_t)size * 2, sizeof *s), *r = calloc((size_t)size * 2, sizeof *r);
    int *scounts = malloc((size_t)size * sizeof *scounts), *rcounts = malloc((size_t)size * sizeof *rcounts);
    int *displs = malloc((size_t)size * sizeof *displs);
    MPI_Datatype *types = malloc((size_t)size * sizeof *types);
    for (int i = 0; i < size; i++) {
        scounts[i] = rcounts[i] = 1;
        displs[i] = 2 * i;
        types[i] = MPI_INT;
    }
    int mine = rank == 0 ? 2 : 1; /* rank 0 sends itself 2 ints, receives 1 */
    if (rank == 0)
        scounts[0] = 2;
    int wdispls[64];
    for (int i = 0; i < size && i < 64; i++)
        wdispls[i] = 2 * i * (int)sizeof(int);
    static const char *const names[] = {"MPI_Gather",   "MPI_Scatter",   "MPI_Gatherv",
                                        "MPI_Scatterv", "MPI_Alltoallv", "MPI_Alltoallw"};
    for (int k = 0; k < 6; k++) {
        int rc;
        switch (k) {
        case 0:
            rc = MPI_Gather(s, mine, MPI_INT, r, 1, MPI_INT, 0, MPI_COMM_WORLD);
            break;
        case 1: /* the root receives 2 of the 1 it sends itself */
            rc = MPI_Scatter(s, 1, MPI_INT, r, rank == 0 ? 2 : 1, MPI_INT, 0, MPI_COMM_WORLD);
            break;
        case 2:
            rc = MPI_Gatherv(s, mine, MPI_INT, r, rcounts, displs, MPI_INT, 0, MPI_COMM_WORLD);
            break;
        case 3:
            rc = MPI_Scatterv(s, scounts, displs, MPI_INT, r, 1, MPI_INT, 0, MPI_COMM_WORLD);
            break;
        case 4:
            rc = MPI_Alltoallv(s, scounts, displs, MPI_INT, r, rcounts, displs, MPI_INT, MPI_COMM_WORLD);
            break;
        default:
            rc = size <= 64 ? MPI_Alltoallw(s, scounts, wdispls, types, r, rcounts, wdispls, types, MPI_COMM_WORLD)
                            : MPI_SUCCESS;
        }
        int cls = MPI_SUCCESS;
        MPI_Error_class(rc, &cls);
        if (rank == 0)
            MT_CHECK(cls == MPI_ERR_TRUNCATE, "%s, the root's own block 2 ints sent and 1 received: class %d", names[k],
                     cls);
        else
            MT_CHECK(cls == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE, "%s, rank 0's own block mismatched: class %d here",
                     names[k], cls);
        MT_CHECK(sum_int(1) == size, "the world is not usable after %s with a mismatched own block", names[k]);
    }
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    static const char *const self_names[] = {"MPI_Allgather", "MPI_Alltoall", "MPI_Allgatherv", "MPI_Gather"};
    for (int k = 0; k < 4; k++)
        for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
            MPI_Request req = MPI_REQUEST_NULL;
            int one = 1, zero = 0, rc;
            switch (k) {
            case 0:
                rc = nonblocking ? MPI_Iallgather(s, 2, MPI_INT, r, 1, MPI_INT, MPI_COMM_SELF, &req)
                                 : MPI_Allgather(s, 2, MPI_INT, r, 1, MPI_INT, MPI_COMM_SELF);
                break;
            case 1:
                rc = nonblocking ? MPI_Ialltoall(s, 1, MPI_INT, r, 2, MPI_INT, MPI_COMM_SELF, &req)
                                 : MPI_Alltoall(s, 1, MPI_INT, r, 2, MPI_INT, MPI_COMM_SELF);
                break;
            case 2:
                rc = nonblocking ? MPI_Iallgatherv(s, 2, MPI_INT, r, &one, &zero, MPI_INT, MPI_COMM_SELF, &req)
                                 : MPI_Allgatherv(s, 2, MPI_INT, r, &one, &zero, MPI_INT, MPI_COMM_SELF);
                break;
            default:
                rc = nonblocking ? MPI_Igather(s, 2, MPI_INT, r, 1, MPI_INT, 0, MPI_COMM_SELF, &req)
                                 : MPI_Gather(s, 2, MPI_INT, r, 1, MPI_INT, 0, MPI_COMM_SELF);
            }
            if (rc == MPI_SUCCESS && nonblocking)
                rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
            int cls = MPI_SUCCESS;
            MPI_Error_class(rc, &cls);
            MT_CHECK(cls == MPI_ERR_TRUNCATE, "%s%s on MPI_COMM_SELF, 2 ints sent and 1 received: class %d",
                     nonblocking ? "nonblocking " : "", self_names[k], cls);
        }
    free(s);
    free(r);
    free(scounts);
    free(rcounts);
    free(displs);
    free(types);
}

static void noop_user(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)in, (void)inout, (void)len, (void)dt;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int a[16] = {0}, b[16] = {0}, *big = calloc((size_t)size * 16, sizeof(int));
    MPI_Request req = MPI_REQUEST_NULL;

    /* Arguments every process checks alike, so no call below starts. */
    MT_EXPECT_CLASS(MPI_Barrier(MPI_COMM_NULL), MPI_ERR_COMM, "MPI_Barrier on MPI_COMM_NULL");
    MT_EXPECT_CLASS(MPI_Bcast(a, 1, MPI_INT, size, MPI_COMM_WORLD), MPI_ERR_ROOT, "a root past the last rank");
    MT_EXPECT_CLASS(MPI_Bcast(a, 1, MPI_INT, -1, MPI_COMM_WORLD), MPI_ERR_ROOT, "a negative root");
    MT_EXPECT_CLASS(MPI_Bcast(a, -1, MPI_INT, 0, MPI_COMM_WORLD), MPI_ERR_COUNT, "a negative count");
    MT_EXPECT_CLASS(MPI_Bcast(a, 1, MPI_DATATYPE_NULL, 0, MPI_COMM_WORLD), MPI_ERR_TYPE, "MPI_DATATYPE_NULL");
    MT_EXPECT_CLASS(MPI_Bcast(MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "MPI_IN_PLACE in MPI_Bcast");
    MPI_Datatype uncommitted;
    MPI_Type_contiguous(2, MPI_INT, &uncommitted);
    MT_EXPECT_CLASS(MPI_Bcast(a, 1, uncommitted, 0, MPI_COMM_WORLD), MPI_ERR_TYPE, "an uncommitted type");
    MPI_Type_free(&uncommitted);
    MT_EXPECT_CLASS(MPI_Ibarrier(MPI_COMM_WORLD, NULL), MPI_ERR_ARG, "MPI_Ibarrier with a NULL request");
    MT_EXPECT_CLASS(MPI_Barrier_init(MPI_COMM_WORLD, (MPI_Info)12345, &req), MPI_ERR_INFO,
                    "MPI_Barrier_init with a dead info");

    /* Operations on types they are not defined for. */
    MT_EXPECT_CLASS(MPI_Allreduce(a, b, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD), MPI_ERR_OP, "MPI_OP_NULL");
    MT_EXPECT_CLASS(MPI_Allreduce(a, b, 1, MPI_FLOAT, MPI_BAND, MPI_COMM_WORLD), MPI_ERR_OP, "MPI_BAND on floats");
    MT_EXPECT_CLASS(MPI_Allreduce(a, b, 1, MPI_INT, MPI_MAXLOC, MPI_COMM_WORLD), MPI_ERR_OP, "MPI_MAXLOC on MPI_INT");
    MT_EXPECT_CLASS(MPI_Allreduce(a, b, 1, MPI_2INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_OP, "MPI_SUM on MPI_2INT");
    MT_EXPECT_CLASS(MPI_Allreduce(a, b, 1, MPI_C_BOOL, MPI_MAX, MPI_COMM_WORLD), MPI_ERR_OP, "MPI_MAX on C_BOOL");
    MT_EXPECT_CLASS(MPI_Reduce(a, b, 1, MPI_INT, MPI_REPLACE, 0, MPI_COMM_WORLD), MPI_ERR_OP,
                    "MPI_REPLACE in a reduction");
    MT_EXPECT_CLASS(MPI_Reduce_local(a, b, 1, MPI_INT, MPI_NO_OP), MPI_ERR_OP, "MPI_NO_OP in MPI_Reduce_local");
    MT_EXPECT_CLASS(MPI_Reduce_local(a, b, 1, MPI_DOUBLE, MPI_LXOR), MPI_ERR_OP, "MPI_LXOR on doubles");
    MPI_Op op;
    MPI_Op_create(noop_user, 1, &op);
    MPI_Op freed = op;
    MPI_Op_free(&op);
    MT_CHECK(op == MPI_OP_NULL, "MPI_Op_free did not reset the handle");
    MT_EXPECT_CLASS(MPI_Allreduce(a, b, 1, MPI_INT, freed, MPI_COMM_WORLD), MPI_ERR_OP, "a freed operation");
    MPI_Op predefined = MPI_SUM;
    MT_EXPECT_CLASS(MPI_Op_free(&predefined), MPI_ERR_OP, "freeing MPI_SUM");

    /* Buffers the standard forbids. */
    MT_EXPECT_CLASS(MPI_Allreduce(a, a, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "the same buffer as input and output");
    MT_EXPECT_CLASS(MPI_Allreduce(a, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "MPI_IN_PLACE as the receive buffer");
    MT_EXPECT_CLASS(MPI_Alltoall(big, 1, MPI_INT, big, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "MPI_Alltoall from a buffer into itself");
    /* Overlapping without the same start: this process's own block of the
     * result as its input, a window one element on. */
    MT_EXPECT_CLASS(MPI_Allgather(&big[rank], 1, MPI_INT, big, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "MPI_Allgather from its own block of the result");
    MT_EXPECT_CLASS(MPI_Allreduce(a, a + 1, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "MPI_Allreduce into a buffer overlapping the input");
    MT_CHECK(MPI_Allreduce(a, a + 2, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD) == MPI_SUCCESS,
             "MPI_Allreduce into the ints right after the input (no overlap) failed");
    {
        /* v-forms: blocks of one buffer on both sides are an error where
         * they share bytes, and legal where they do not. */
        int *ones = malloc((size_t)size * sizeof *ones), *at = malloc((size_t)size * sizeof *at);
        int *after = malloc((size_t)size * sizeof *after), *both = calloc(2 * (size_t)size, sizeof *both);
        for (int i = 0; i < size; i++) {
            ones[i] = 1;
            at[i] = i;
            after[i] = size + i;
            both[i] = 100 * rank + i;
        }
        MT_EXPECT_CLASS(MPI_Allgatherv(&big[rank], 1, MPI_INT, big, ones, at, MPI_INT, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                        "MPI_Allgatherv from its own block of the result");
        MT_EXPECT_CLASS(MPI_Alltoallv(both, ones, at, MPI_INT, both, ones, at, MPI_INT, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                        "MPI_Alltoallv with one buffer, blocks on the same bytes");
        MT_CHECK(MPI_Alltoallv(both, ones, at, MPI_INT, both, ones, after, MPI_INT, MPI_COMM_WORLD) == MPI_SUCCESS,
                 "MPI_Alltoallv with one buffer, send and receive blocks apart, failed");
        for (int i = 0; i < size; i++)
            MT_CHECK(both[size + i] == 100 * i + rank, "MPI_Alltoallv within one buffer: block %d is %d", i,
                     both[size + i]);
        free(ones);
        free(at);
        free(after);
        free(both);
    }
    /* Only a root sees its buffers: on MPI_COMM_SELF no other process is left waiting. */
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    int one = 1, zero = 0;
    MT_EXPECT_CLASS(MPI_Gather(a, 1, MPI_INT, a, 1, MPI_INT, 0, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Gather at the root from a buffer into itself");
    MT_EXPECT_CLASS(MPI_Scatter(a, 1, MPI_INT, a, 1, MPI_INT, 0, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Scatter at the root from a buffer into itself");
    MT_EXPECT_CLASS(MPI_Gatherv(a, 1, MPI_INT, a, &one, &zero, MPI_INT, 0, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Gatherv at the root from a buffer into itself");
    MT_EXPECT_CLASS(MPI_Scatterv(a, &one, &zero, MPI_INT, a, 1, MPI_INT, 0, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Scatterv at the root from a buffer into itself");
    MT_CHECK(MPI_Gather(a, 1, MPI_INT, b, 1, MPI_INT, 0, MPI_COMM_SELF) == MPI_SUCCESS, "a good gather after");
    /* NULL is MPI_BOTTOM: it holds no data of a predefined type. */
    MT_EXPECT_CLASS(MPI_Gatherv(a, 1, MPI_INT, NULL, &one, &zero, MPI_INT, 0, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Gatherv into NULL ints");
    MT_EXPECT_CLASS(MPI_Scatterv(NULL, &one, &zero, MPI_INT, b, 1, MPI_INT, 0, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Scatterv from NULL ints");
    MT_EXPECT_CLASS(MPI_Allgatherv(a, 1, MPI_INT, NULL, &one, &zero, MPI_INT, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Allgatherv into NULL ints");
    MT_EXPECT_CLASS(MPI_Alltoallv(a, &one, &zero, MPI_INT, NULL, &one, &zero, MPI_INT, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Alltoallv into NULL ints");
    MT_EXPECT_CLASS(MPI_Alltoallv(NULL, &one, &zero, MPI_INT, b, &one, &zero, MPI_INT, MPI_COMM_SELF), MPI_ERR_BUFFER,
                    "MPI_Alltoallv from NULL ints");
    MT_EXPECT_CLASS(MPI_Reduce_scatter(a, b, NULL, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_ARG, "NULL recvcounts");
    int *neg = calloc((size_t)size, sizeof(int));
    neg[size - 1] = -2;
    MT_EXPECT_CLASS(MPI_Allgatherv(a, 0, MPI_INT, b, neg, neg, MPI_INT, MPI_COMM_WORLD), MPI_ERR_COUNT,
                    "a negative entry of recvcounts");
    free(neg);
    MT_EXPECT_CLASS(MPI_Exscan(MPI_IN_PLACE, MPI_IN_PLACE, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "MPI_IN_PLACE as both buffers");

    /* A collective request cannot be cancelled, and stays completable. */
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    MT_EXPECT_CLASS(MPI_Cancel(&req), MPI_ERR_REQUEST, "MPI_Cancel of a collective");
    MT_CHECK(MPI_Wait(&req, MPI_STATUS_IGNORE) == MPI_SUCCESS, "the barrier failed after a refused cancel");

    /* Processes that disagree on the size: the root receives more than it
     * expects.  The root learns of it as truncation, everyone finishes,
     * and the world stays usable afterwards. */
    if (size > 1) {
        int count = rank == 1 ? 2 : 1;
        int rc = MPI_Gather(a, count, MPI_INT, big, 1, MPI_INT, 0, MPI_COMM_WORLD);
        int cls = MPI_SUCCESS;
        MPI_Error_class(rc, &cls);
        if (rank == 0)
            MT_CHECK(cls == MPI_ERR_TRUNCATE, "a gather of too much data gave class %d, not MPI_ERR_TRUNCATE", cls);
        else
            MT_CHECK(cls == MPI_SUCCESS, "a sender of a mismatched gather failed with class %d", cls);
        /* Too little: a broadcast whose root sends fewer elements than the
         * others expect.  At least one process reports it; none hangs. */
        rc = MPI_Bcast(a, rank == 0 ? 1 : 2, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Error_class(rc, &cls);
        MT_CHECK(cls == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE, "a mismatched broadcast gave class %d", cls);
        MT_CHECK(sum_int(cls == MPI_ERR_TRUNCATE) >= 1, "no process noticed a mismatched broadcast");
        MT_CHECK(sum_int(1) == size, "the world is not usable after a mismatch");
        /* Too much: the root sends more than the others expect, once a
         * little, once more than a collective cell to receivers whose
         * data would fit one (they take the short way until they see the
         * root's size; with two processes the root's size picks a message
         * algorithm there, so not then) and once over several
         * shared-memory chunks and beyond a slot.  The receivers report
         * truncation and take what fits. */
        int lengths[3][2] = {{2, 1}, {2000, 100}, {40000, 20000}};
        for (int k = 0; k < 3; k++) {
            if (k == 1 && size == 2)
                continue;
            int *v = calloc((size_t)lengths[k][0], sizeof *v);
            for (int i = 0; rank == 0 && i < lengths[k][0]; i++)
                v[i] = i + 1;
            int want = rank == 0 ? lengths[k][0] : lengths[k][1];
            rc = MPI_Bcast(v, want, MPI_INT, 0, MPI_COMM_WORLD);
            MPI_Error_class(rc, &cls);
            if (rank == 0)
                MT_CHECK(cls == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE, "the root of an oversized broadcast: %d", cls);
            else
                MT_CHECK(cls == MPI_ERR_TRUNCATE, "a broadcast of %d ints into %d gave class %d", lengths[k][0],
                         lengths[k][1], cls);
            int bad = 0;
            for (int i = 0; rank != 0 && i < lengths[k][1]; i++)
                bad += v[i] != i + 1;
            MT_CHECK(bad == 0, "an oversized broadcast delivered %d wrong elements of those that fit", bad);
            MT_CHECK(sum_int(1) == size, "the world is not usable after an oversized broadcast");
            free(v);
        }
        /* The same through a nonblocking broadcast, whose tree forwards
         * the data: every process below the root hears of the mismatch,
         * also those whose data came from a process in between. */
        for (int k = 0; k < 2; k++) {
            int v[2] = {rank == 0, rank == 0}, want = rank == 0 ? 1 + k : 2 - k;
            MPI_Request req;
            rc = MPI_Ibcast(v, want, MPI_INT, 0, MPI_COMM_WORLD, &req);
            if (rc == MPI_SUCCESS)
                rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
            MPI_Error_class(rc, &cls);
            if (rank != 0)
                MT_CHECK(cls == MPI_ERR_TRUNCATE, "MPI_Ibcast of %d ints into %d gave class %d", 1 + k, 2 - k, cls);
            MT_CHECK(v[1] == (rank == 0), "MPI_Ibcast wrote past a mismatch: %d", v[1]);
            MT_CHECK(sum_int(1) == size, "the world is not usable after a mismatched MPI_Ibcast");
        }
        /* A process whose own send and receive amounts differ (it sends
         * itself a block too): it and every other process report it. */
        int blocks[16] = {0};
        MPI_Request req;
        rc = MPI_Iallgather(a, rank == 0 ? 1 : 2, MPI_INT, blocks, 2, MPI_INT, MPI_COMM_WORLD, &req);
        if (rc == MPI_SUCCESS)
            rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Error_class(rc, &cls);
        MT_CHECK(cls == MPI_ERR_TRUNCATE, "MPI_Iallgather with 1 int sent by rank 0 and 2 expected: class %d", cls);
        MT_CHECK(sum_int(1) == size, "the world is not usable after a mismatched MPI_Iallgather");
        blocking_amounts_differ(rank, size);
    }
    own_block_differs(rank, size);
    free(big);
    return mt_finish();
}
