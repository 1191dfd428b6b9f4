/* large_count_coll.c -- the collectives' MPI-4 _c forms, the v and w
 * forms among them: each in its blocking, nonblocking and persistent form
 * on small data, results checked; then a broadcast of more elements than an int holds, and a
 * local reduction of as many, skipped (saying so) when the machine lacks
 * the memory. */
#include <string.h>

#include "../mpitest.h"
#include "mpi.h"

static int rank, size;

/* Run one call in form f: 0 blocking, 1 nonblocking, 2 persistent (started
 * twice, so that the second start runs it again). */
#define RUN(f, blocking, nonblocking, persistent)   \
    do {                                            \
        MPI_Request req_;                           \
        if ((f) == 0) {                             \
            blocking;                               \
        } else if ((f) == 1) {                      \
            nonblocking;                            \
            MPI_Wait(&req_, MPI_STATUS_IGNORE);     \
        } else {                                    \
            persistent;                             \
            for (int k_ = 0; k_ < 2; k_++) {        \
                MPI_Start(&req_);                   \
                MPI_Wait(&req_, MPI_STATUS_IGNORE); \
            }                                       \
            MPI_Request_free(&req_);                \
        }                                           \
    } while (0)

static void small_forms(void)
{
    enum { N = 5 };
    MPI_Count n = N;
    int v[N], red[N];
    int *all = malloc((size_t)N * (size_t)size * sizeof *all), *out = malloc((size_t)N * (size_t)size * sizeof *out);
    MPI_Info info = MPI_INFO_NULL;
    MPI_Comm w = MPI_COMM_WORLD;
    for (int f = 0; f < 3; f++) {
        int root = (f + 1) % size;
        for (int i = 0; i < N; i++)
            v[i] = rank == root ? 100 * f + i : -1;
        RUN(f, MPI_Bcast_c(v, n, MPI_INT, root, w), MPI_Ibcast_c(v, n, MPI_INT, root, w, &req_),
            MPI_Bcast_init_c(v, n, MPI_INT, root, w, info, &req_));
        for (int i = 0; i < N; i++)
            MT_CHECK(v[i] == 100 * f + i, "bcast_c form %d: element %d is %d", f, i, v[i]);

        for (int i = 0; i < N; i++)
            v[i] = rank * 10 + i;
        memset(all, -1, (size_t)N * (size_t)size * sizeof *all);
        RUN(f, MPI_Gather_c(v, n, MPI_INT, all, n, MPI_INT, root, w),
            MPI_Igather_c(v, n, MPI_INT, all, n, MPI_INT, root, w, &req_),
            MPI_Gather_init_c(v, n, MPI_INT, all, n, MPI_INT, root, w, info, &req_));
        if (rank == root)
            for (int i = 0; i < N * size; i++)
                MT_CHECK(all[i] == (i / N) * 10 + i % N, "gather_c form %d: element %d is %d", f, i, all[i]);

        RUN(f, MPI_Allgather_c(v, n, MPI_INT, all, n, MPI_INT, w),
            MPI_Iallgather_c(v, n, MPI_INT, all, n, MPI_INT, w, &req_),
            MPI_Allgather_init_c(v, n, MPI_INT, all, n, MPI_INT, w, info, &req_));
        for (int i = 0; i < N * size; i++)
            MT_CHECK(all[i] == (i / N) * 10 + i % N, "allgather_c form %d: element %d is %d", f, i, all[i]);

        /* all[] now holds every rank's v; scatter it back from the root. */
        memset(red, -1, sizeof red);
        RUN(f, MPI_Scatter_c(all, n, MPI_INT, red, n, MPI_INT, root, w),
            MPI_Iscatter_c(all, n, MPI_INT, red, n, MPI_INT, root, w, &req_),
            MPI_Scatter_init_c(all, n, MPI_INT, red, n, MPI_INT, root, w, info, &req_));
        for (int i = 0; i < N; i++)
            MT_CHECK(red[i] == v[i], "scatter_c form %d: element %d is %d", f, i, red[i]);

        for (int i = 0; i < N * size; i++)
            all[i] = rank * 1000 + i;
        RUN(f, MPI_Alltoall_c(all, n, MPI_INT, out, n, MPI_INT, w),
            MPI_Ialltoall_c(all, n, MPI_INT, out, n, MPI_INT, w, &req_),
            MPI_Alltoall_init_c(all, n, MPI_INT, out, n, MPI_INT, w, info, &req_));
        for (int i = 0; i < N * size; i++)
            MT_CHECK(out[i] == (i / N) * 1000 + rank * N + i % N, "alltoall_c form %d: element %d is %d", f, i, out[i]);

        memset(red, -1, sizeof red);
        RUN(f, MPI_Reduce_c(v, red, n, MPI_INT, MPI_SUM, root, w),
            MPI_Ireduce_c(v, red, n, MPI_INT, MPI_SUM, root, w, &req_),
            MPI_Reduce_init_c(v, red, n, MPI_INT, MPI_SUM, root, w, info, &req_));
        if (rank == root)
            for (int i = 0; i < N; i++)
                MT_CHECK(red[i] == 10 * size * (size - 1) / 2 + size * i, "reduce_c form %d: element %d is %d", f, i,
                         red[i]);

        RUN(f, MPI_Allreduce_c(v, red, n, MPI_INT, MPI_MAX, w), MPI_Iallreduce_c(v, red, n, MPI_INT, MPI_MAX, w, &req_),
            MPI_Allreduce_init_c(v, red, n, MPI_INT, MPI_MAX, w, info, &req_));
        for (int i = 0; i < N; i++)
            MT_CHECK(red[i] == 10 * (size - 1) + i, "allreduce_c form %d: element %d is %d", f, i, red[i]);

        for (int i = 0; i < N * size; i++)
            all[i] = rank + i;
        RUN(f, MPI_Reduce_scatter_block_c(all, red, n, MPI_INT, MPI_SUM, w),
            MPI_Ireduce_scatter_block_c(all, red, n, MPI_INT, MPI_SUM, w, &req_),
            MPI_Reduce_scatter_block_init_c(all, red, n, MPI_INT, MPI_SUM, w, info, &req_));
        for (int i = 0; i < N; i++)
            MT_CHECK(red[i] == size * (size - 1) / 2 + size * (rank * N + i),
                     "reduce_scatter_block_c form %d: element %d is %d", f, i, red[i]);

        RUN(f, MPI_Scan_c(v, red, n, MPI_INT, MPI_SUM, w), MPI_Iscan_c(v, red, n, MPI_INT, MPI_SUM, w, &req_),
            MPI_Scan_init_c(v, red, n, MPI_INT, MPI_SUM, w, info, &req_));
        for (int i = 0; i < N; i++)
            MT_CHECK(red[i] == 10 * rank * (rank + 1) / 2 + (rank + 1) * i, "scan_c form %d: element %d is %d", f, i,
                     red[i]);

        memset(red, -1, sizeof red);
        RUN(f, MPI_Exscan_c(v, red, n, MPI_INT, MPI_SUM, w), MPI_Iexscan_c(v, red, n, MPI_INT, MPI_SUM, w, &req_),
            MPI_Exscan_init_c(v, red, n, MPI_INT, MPI_SUM, w, info, &req_));
        if (rank > 0)
            for (int i = 0; i < N; i++)
                MT_CHECK(red[i] == 10 * (rank - 1) * rank / 2 + rank * i, "exscan_c form %d: element %d is %d", f, i,
                         red[i]);
    }

    free(all);
    free(out);
    int in[N] = {1, 2, 3, 4, 5}, inout[N] = {10, 20, 30, 40, 50};
    MPI_Reduce_local_c(in, inout, n, MPI_INT, MPI_SUM);
    for (int i = 0; i < N; i++)
        MT_CHECK(inout[i] == 11 * (i + 1), "reduce_local_c: element %d is %d", i, inout[i]);
}

/* The v and w forms: process p brings p + 1 elements, placed from the
 * end of the buffer backwards. */
static void v_forms(void)
{
    enum { MAX = 8 };
    MPI_Count counts[MAX], scounts[MAX], rcounts[MAX];
    MPI_Aint displs[MAX], sdispls[MAX], rdispls[MAX], sbytes[MAX], rbytes[MAX];
    MPI_Datatype types[MAX];
    MPI_Count total = 0;
    for (int p = size - 1; p >= 0; p--) {
        counts[p] = p + 1;
        displs[p] = (MPI_Aint)total;
        total += p + 1;
    }
    int mine[MAX], all[MAX * MAX], sum[MAX];
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Info info = MPI_INFO_NULL;
    for (int f = 0; f < 3; f++) {
        int root = f % size;
        for (int i = 0; i <= rank; i++)
            mine[i] = rank * 100 + i;
        memset(all, -1, sizeof all);
        RUN(f, MPI_Gatherv_c(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, root, w),
            MPI_Igatherv_c(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, root, w, &req_),
            MPI_Gatherv_init_c(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, root, w, info, &req_));
        if (rank == root)
            for (int p = 0; p < size; p++)
                for (int i = 0; i <= p; i++)
                    MT_CHECK(all[displs[p] + i] == p * 100 + i, "gatherv_c form %d: %d of %d", f, i, p);

        memset(all, -1, sizeof all);
        RUN(f, MPI_Allgatherv_c(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, w),
            MPI_Iallgatherv_c(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, w, &req_),
            MPI_Allgatherv_init_c(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, w, info, &req_));
        for (int p = 0; p < size; p++)
            for (int i = 0; i <= p; i++)
                MT_CHECK(all[displs[p] + i] == p * 100 + i, "allgatherv_c form %d: %d of %d", f, i, p);

        int back[MAX];
        memset(back, -1, sizeof back);
        RUN(f, MPI_Scatterv_c(all, counts, displs, MPI_INT, back, rank + 1, MPI_INT, root, w),
            MPI_Iscatterv_c(all, counts, displs, MPI_INT, back, rank + 1, MPI_INT, root, w, &req_),
            MPI_Scatterv_init_c(all, counts, displs, MPI_INT, back, rank + 1, MPI_INT, root, w, info, &req_));
        for (int i = 0; i <= rank; i++)
            MT_CHECK(back[i] == rank * 100 + i, "scatterv_c form %d: element %d is %d", f, i, back[i]);

        /* To q: (rank + q) % 3 + 1 elements. */
        int out[MAX * 3], in[MAX * 3];
        MPI_Count st = 0, rt = 0;
        for (int q = 0; q < size; q++) {
            scounts[q] = (rank + q) % 3 + 1;
            rcounts[q] = (q + rank) % 3 + 1;
            sdispls[q] = (MPI_Aint)st;
            rdispls[q] = (MPI_Aint)rt;
            sbytes[q] = sdispls[q] * (MPI_Aint)sizeof(int);
            rbytes[q] = rdispls[q] * (MPI_Aint)sizeof(int);
            types[q] = MPI_INT;
            for (int i = 0; i < scounts[q]; i++)
                out[st + i] = rank * 1000 + q * 10 + i;
            st += scounts[q];
            rt += rcounts[q];
        }
        for (int wform = 0; wform < 2; wform++) {
            memset(in, -1, sizeof in);
            if (wform)
                RUN(f, MPI_Alltoallw_c(out, scounts, sbytes, types, in, rcounts, rbytes, types, w),
                    MPI_Ialltoallw_c(out, scounts, sbytes, types, in, rcounts, rbytes, types, w, &req_),
                    MPI_Alltoallw_init_c(out, scounts, sbytes, types, in, rcounts, rbytes, types, w, info, &req_));
            else
                RUN(f, MPI_Alltoallv_c(out, scounts, sdispls, MPI_INT, in, rcounts, rdispls, MPI_INT, w),
                    MPI_Ialltoallv_c(out, scounts, sdispls, MPI_INT, in, rcounts, rdispls, MPI_INT, w, &req_),
                    MPI_Alltoallv_init_c(out, scounts, sdispls, MPI_INT, in, rcounts, rdispls, MPI_INT, w, info,
                                         &req_));
            for (int q = 0; q < size; q++)
                for (int i = 0; i < rcounts[q]; i++)
                    MT_CHECK(in[rdispls[q] + i] == q * 1000 + rank * 10 + i, "alltoall%c_c form %d: %d from %d",
                             wform ? 'w' : 'v', f, i, q);
        }

        /* Process p gets p + 1 sums of the ranks plus the index. */
        int vec[MAX * MAX];
        for (int i = 0; i < total; i++)
            vec[i] = rank + i;
        MPI_Count ordered[MAX];
        for (int p = 0; p < size; p++)
            ordered[p] = p + 1;
        memset(sum, -1, sizeof sum);
        RUN(f, MPI_Reduce_scatter_c(vec, sum, ordered, MPI_INT, MPI_SUM, w),
            MPI_Ireduce_scatter_c(vec, sum, ordered, MPI_INT, MPI_SUM, w, &req_),
            MPI_Reduce_scatter_init_c(vec, sum, ordered, MPI_INT, MPI_SUM, w, info, &req_));
        int first = rank * (rank + 1) / 2;
        for (int i = 0; i <= rank; i++)
            MT_CHECK(sum[i] == size * (size - 1) / 2 + size * (first + i), "reduce_scatter_c form %d: element %d is %d",
                     f, i, sum[i]);
    }
}

/* On a periodic ring: the left neighbour's block, then the right's. */
static void neighbor_forms(void)
{
    MPI_Comm ring;
    int dims[1] = {size}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    for (int f = 0; f < 3; f++) {
        int mine[2] = {rank, -rank}, got[4] = {-9, -9, -9, -9};
        RUN(f, MPI_Neighbor_allgather_c(mine, 2, MPI_INT, got, 2, MPI_INT, ring),
            MPI_Ineighbor_allgather_c(mine, 2, MPI_INT, got, 2, MPI_INT, ring, &req_),
            MPI_Neighbor_allgather_init_c(mine, 2, MPI_INT, got, 2, MPI_INT, ring, MPI_INFO_NULL, &req_));
        MT_CHECK(got[0] == left && got[1] == -left && got[2] == right && got[3] == -right,
                 "neighbor_allgather_c form %d: %d %d %d %d", f, got[0], got[1], got[2], got[3]);
        int two[2] = {rank * 10, rank * 10 + 1}; /* to the left, to the right */
        int back[2] = {-9, -9};
        RUN(f, MPI_Neighbor_alltoall_c(two, 1, MPI_INT, back, 1, MPI_INT, ring),
            MPI_Ineighbor_alltoall_c(two, 1, MPI_INT, back, 1, MPI_INT, ring, &req_),
            MPI_Neighbor_alltoall_init_c(two, 1, MPI_INT, back, 1, MPI_INT, ring, MPI_INFO_NULL, &req_));
        MT_CHECK(back[0] == left * 10 + 1 && back[1] == right * 10, "neighbor_alltoall_c form %d: %d %d", f, back[0],
                 back[1]);
        /* The v and w forms: one element from each side, then one from
         * the left and two from the right. */
        MPI_Count one_two[2] = {1, 2}, two_one[2] = {2, 1}, ones[2] = {1, 1};
        MPI_Aint at[2] = {0, 1}, at_bytes[2] = {0, sizeof(int)}, at2[2] = {0, 2}, at2_bytes[2] = {0, 2 * sizeof(int)};
        MPI_Datatype ints[2] = {MPI_INT, MPI_INT};
        int three[3] = {-9, -9, -9}, send3[3] = {rank * 10, rank * 10 + 1, rank * 10 + 2};
        RUN(f, MPI_Neighbor_allgatherv_c(mine, 1, MPI_INT, three, ones, at, MPI_INT, ring),
            MPI_Ineighbor_allgatherv_c(mine, 1, MPI_INT, three, ones, at, MPI_INT, ring, &req_),
            MPI_Neighbor_allgatherv_init_c(mine, 1, MPI_INT, three, ones, at, MPI_INT, ring, MPI_INFO_NULL, &req_));
        MT_CHECK(three[0] == left && three[1] == right, "neighbor_allgatherv_c form %d: %d %d", f, three[0], three[1]);
        /* To the left send3[0..1], to the right send3[2]; the left sends me its right part. */
        for (int wform = 0; wform < 2; wform++) {
            three[0] = three[1] = three[2] = -9;
            if (wform)
                RUN(f, MPI_Neighbor_alltoallw_c(send3, two_one, at2_bytes, ints, three, one_two, at_bytes, ints, ring),
                    MPI_Ineighbor_alltoallw_c(send3, two_one, at2_bytes, ints, three, one_two, at_bytes, ints, ring,
                                              &req_),
                    MPI_Neighbor_alltoallw_init_c(send3, two_one, at2_bytes, ints, three, one_two, at_bytes, ints, ring,
                                                  MPI_INFO_NULL, &req_));
            else
                RUN(f, MPI_Neighbor_alltoallv_c(send3, two_one, at2, MPI_INT, three, one_two, at, MPI_INT, ring),
                    MPI_Ineighbor_alltoallv_c(send3, two_one, at2, MPI_INT, three, one_two, at, MPI_INT, ring, &req_),
                    MPI_Neighbor_alltoallv_init_c(send3, two_one, at2, MPI_INT, three, one_two, at, MPI_INT, ring,
                                                  MPI_INFO_NULL, &req_));
            MT_CHECK(three[0] == left * 10 + 2 && three[1] == right * 10 && three[2] == right * 10 + 1,
                     "neighbor_alltoall%c_c form %d: %d %d %d", wform ? 'w' : 'v', f, three[0], three[1], three[2]);
        }
    }
    MPI_Comm_free(&ring);
}

/* More elements than an int counts: a broadcast to every rank, and a
 * local reduction with a user function that takes int lengths; on one
 * or two processes. */
#define HUGE_COUNT (((MPI_Count)1 << 31) + 5)

static void add_bytes(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)dt;
    for (int i = 0; i < *len; i++)
        ((signed char *)inout)[i] += ((signed char *)in)[i];
}

static void huge_counts(void)
{
    /* Two processes at most, so that a parallel test run keeps its
     * memory; MPITEST_SKIP_HUGE (the sanitizer run) skips it. */
    if (size > 2)
        return;
    int go = getenv("MPITEST_SKIP_HUGE") == NULL &&
             mt_available_memory() > (size_t)(size + 2) * (size_t)HUGE_COUNT + ((size_t)1 << 30);
    MPI_Allreduce(MPI_IN_PLACE, &go, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!go) {
        if (rank == 0)
            printf(" SKIP: the collectives of 2 Gi elements (they need %zu GiB of available memory, "
                   "MPITEST_SKIP_HUGE unset)\n",
                   (size_t)(size + 2) * 2 + 1);
        return;
    }
    signed char *buf = malloc((size_t)HUGE_COUNT);
    for (MPI_Count i = 0; i < HUGE_COUNT; i++)
        buf[i] = rank == 0 ? (signed char)(i * 7) : 0;
    MPI_Bcast_c(buf, HUGE_COUNT, MPI_SIGNED_CHAR, 0, MPI_COMM_WORLD);
    MPI_Count bad = -1;
    for (MPI_Count i = 0; i < HUGE_COUNT && bad < 0; i++)
        if (buf[i] != (signed char)(i * 7))
            bad = i;
    MT_CHECK(bad < 0, "broadcast of 2 Gi + 5 elements: element %lld differs", (long long)bad);

    if (rank == 0) {
        signed char *acc = malloc((size_t)HUGE_COUNT);
        memset(acc, 1, (size_t)HUGE_COUNT);
        MPI_Op add;
        MPI_Op_create(add_bytes, 1, &add);
        MPI_Reduce_local_c(buf, acc, HUGE_COUNT, MPI_SIGNED_CHAR, add);
        MPI_Op_free(&add);
        bad = -1;
        for (MPI_Count i = 0; i < HUGE_COUNT && bad < 0; i++)
            if (acc[i] != (signed char)(i * 7 + 1))
                bad = i;
        MT_CHECK(bad < 0, "local reduction of 2 Gi + 5 elements: element %lld differs", (long long)bad);
        free(acc);
    }
    free(buf);
}

/* The _c forms check their arguments as the others do. */
static void bad_counts(void)
{
    int v[1];
    MPI_Request req;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Bcast_c(v, -1, MPI_INT, 0, MPI_COMM_WORLD), MPI_ERR_COUNT, "a negative count");
    MT_EXPECT_CLASS(MPI_Iallreduce_c(v, v, -5, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req), MPI_ERR_COUNT,
                    "a negative count");
    MT_EXPECT_CLASS(MPI_Reduce_local_c(v, v, 1, MPI_INT, MPI_OP_NULL), MPI_ERR_OP, "MPI_OP_NULL");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bad_counts();
    small_forms();
    if (size <= 8)
        v_forms();
    neighbor_forms();
    huge_counts();
    return mt_finish();
}
