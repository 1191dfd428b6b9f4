/*
 * inter_coll.c -- collectives on an intercommunicator between two groups
 * of unequal size (the lower half of the world and the rest): each
 * operation with each root, data from one group ending up in the other,
 * a non-commutative reduction in rank order, nonblocking forms
 * outstanding together, and the calls that have no meaning there.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "mpitest.h"

static int group, rank, size, remote; /* group 0 or 1, this process's rank in it, its size, the other's */

/* The value element i of process p of group g contributes. */
static int val(int g, int p, long i)
{
    return g * 1000000 + p * 10000 + (int)(i % 10000);
}

static const int counts[] = {0, 1, 7, 20000};
#define NCOUNTS (int)(sizeof counts / sizeof counts[0])

/* (lo, hi) ranges of ranks joined left to right; out of order gives -1. */
static void join_ranges(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)dt;
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        if (a[2 * i] >= 0 && b[2 * i] >= 0 && a[2 * i + 1] + 1 == b[2 * i])
            b[2 * i] = a[2 * i];
        else
            b[2 * i] = b[2 * i + 1] = -1;
    }
}

/* The root argument of a rooted call whose root is process `root` of
 * group `g`. */
static int root_arg(int g, int root)
{
    if (g != group)
        return root;
    return root == rank ? MPI_ROOT : MPI_PROC_NULL;
}

static void test_rooted(MPI_Comm inter, MPI_Op join)
{
    for (int ci = 0; ci < NCOUNTS; ci++) {
        int n = counts[ci];
        int *buf = malloc(((size_t)n * (size > remote ? size : remote) + 1) * sizeof *buf);
        int *mine = malloc(((size_t)n + 1) * sizeof *mine);
        for (int g = 0; g < 2; g++) {
            int gsize = g == group ? size : remote;
            for (int root = 0; root < gsize; root++) {
                int arg = root_arg(g, root);
                bool at_root = arg == MPI_ROOT, receiving = g != group;
                /* Broadcast. */
                for (int i = 0; i < n; i++)
                    buf[i] = at_root ? val(g, root, i) : -1;
                MPI_Bcast(buf, n, MPI_INT, arg, inter);
                int bad = 0;
                for (int i = 0; receiving && i < n; i++)
                    bad += buf[i] != val(g, root, i);
                MT_CHECK(bad == 0, "bcast count %d from %d/%d: %d wrong", n, g, root, bad);
                /* Gather to the root, then scatter back what each owns. */
                for (int i = 0; i < n; i++)
                    mine[i] = val(group, rank, i);
                MPI_Gather(mine, n, MPI_INT, buf, n, MPI_INT, arg, inter);
                bad = 0;
                for (int p = 0; at_root && p < remote; p++)
                    for (int i = 0; i < n; i++)
                        bad += buf[(size_t)p * n + i] != val(1 - group, p, i);
                MT_CHECK(bad == 0, "gather count %d to %d/%d: %d wrong", n, g, root, bad);
                for (int p = 0; at_root && p < remote; p++)
                    for (int i = 0; i < n; i++)
                        buf[(size_t)p * n + i] = val(group, p + 7, i);
                for (int i = 0; i < n; i++)
                    mine[i] = -1;
                MPI_Scatter(buf, n, MPI_INT, mine, n, MPI_INT, arg, inter);
                bad = 0;
                for (int i = 0; receiving && i < n; i++)
                    bad += mine[i] != val(g, rank + 7, i);
                MT_CHECK(bad == 0, "scatter count %d from %d/%d: %d wrong", n, g, root, bad);
                /* Reduce with a non-commutative operation: the root gets
                 * the whole remote group's range, in rank order. */
                int pair[2] = {rank, rank}, out[2] = {-2, -2};
                MPI_Reduce(pair, out, 1, MPI_2INT, join, arg, inter);
                if (at_root)
                    MT_CHECK(out[0] == 0 && out[1] == remote - 1, "reduce to %d/%d gave (%d, %d), not (0, %d)", g, root,
                             out[0], out[1], remote - 1);
            }
        }
        free(buf);
        free(mine);
    }
}

/* Gatherv and scatterv: process p of the sending group has p % 3 + 1
 * elements, laid out at the root in reverse order. */
static void test_rooted_v(MPI_Comm inter)
{
    int *cnt = malloc((size_t)remote * sizeof *cnt), *displs = malloc((size_t)remote * sizeof *displs);
    int total = 0;
    for (int p = remote - 1; p >= 0; p--) {
        cnt[p] = p % 3 + 1;
        displs[p] = total;
        total += cnt[p];
    }
    int *buf = malloc((size_t)total * sizeof *buf), mine[3];
    for (int g = 0; g < 2; g++) {
        int arg = root_arg(g, 0);
        bool at_root = arg == MPI_ROOT;
        for (int i = 0; i < 3; i++)
            mine[i] = val(group, rank, i);
        MPI_Gatherv(mine, rank % 3 + 1, MPI_INT, buf, cnt, displs, MPI_INT, arg, inter);
        int bad = 0;
        for (int p = 0; at_root && p < remote; p++)
            for (int i = 0; i < cnt[p]; i++)
                bad += buf[displs[p] + i] != val(1 - group, p, i);
        MT_CHECK(bad == 0, "gatherv to group %d: %d wrong", g, bad);
        for (int i = 0; i < 3; i++)
            mine[i] = -1;
        MPI_Scatterv(buf, cnt, displs, MPI_INT, mine, rank % 3 + 1, MPI_INT, arg, inter);
        bad = 0;
        for (int i = 0; g != group && i < rank % 3 + 1; i++)
            bad += mine[i] != val(group, rank, i);
        MT_CHECK(bad == 0, "scatterv from group %d: %d wrong", g, bad);
    }
    free(buf);
    free(cnt);
    free(displs);
}

static void test_all(MPI_Comm inter)
{
    for (int ci = 0; ci < NCOUNTS; ci++) {
        int n = counts[ci];
        /* Room for every remote block, or for the largest share of a
         * reduce-scatter (a whole vector of size * remote * n elements). */
        size_t big = (size_t)n * size * remote + 1;
        int *send = malloc(big * sizeof *send), *recv = malloc(big * sizeof *recv);
        /* Allgather: the remote group's blocks. */
        for (int i = 0; i < n; i++)
            send[i] = val(group, rank, i);
        MPI_Allgather(send, n, MPI_INT, recv, n, MPI_INT, inter);
        int bad = 0;
        for (int p = 0; p < remote; p++)
            for (int i = 0; i < n; i++)
                bad += recv[(size_t)p * n + i] != val(1 - group, p, i);
        MT_CHECK(bad == 0, "allgather count %d: %d wrong", n, bad);
        /* Alltoall: block j goes to remote process j. */
        for (int j = 0; j < remote; j++)
            for (int i = 0; i < n; i++)
                send[(size_t)j * n + i] = val(group, rank * 10 + j, i);
        MPI_Alltoall(send, n, MPI_INT, recv, n, MPI_INT, inter);
        bad = 0;
        for (int p = 0; p < remote; p++)
            for (int i = 0; i < n; i++)
                bad += recv[(size_t)p * n + i] != val(1 - group, p * 10 + rank, i);
        MT_CHECK(bad == 0, "alltoall count %d: %d wrong", n, bad);
        /* Allreduce: the sum over the remote group. */
        for (int i = 0; i < n; i++)
            send[i] = val(group, rank, i);
        MPI_Allreduce(send, recv, n, MPI_INT, MPI_SUM, inter);
        bad = 0;
        for (int i = 0; i < n; i++) {
            int want = 0;
            for (int p = 0; p < remote; p++)
                want += val(1 - group, p, i);
            bad += recv[i] != want;
        }
        MT_CHECK(bad == 0, "allreduce count %d: %d wrong", n, bad);
        /* Reduce_scatter_block: each group's vector is size * remote * n
         * long, so both groups agree on the total; this group's reduced
         * vector is scattered over the other group. */
        int block = remote * n;
        size_t total = (size_t)size * block;
        int *vec = malloc((total + 1) * sizeof *vec);
        for (size_t e = 0; e < total; e++)
            vec[e] = val(group, rank, (long)e);
        MPI_Reduce_scatter_block(vec, recv, block, MPI_INT, MPI_SUM, inter);
        bad = 0;
        for (int i = 0; i < block; i++) {
            int want = 0;
            for (int p = 0; p < remote; p++)
                want += val(1 - group, p, (long)rank * block + i);
            bad += recv[i] != want;
        }
        MT_CHECK(bad == 0, "reduce_scatter_block count %d: %d wrong", n, bad);
        /* Reduce_scatter with uneven counts: rank 0 takes the remainder. */
        int *rc = malloc((size_t)size * sizeof *rc);
        for (int p = 0; p < size; p++)
            rc[p] = p == 0 ? (int)total - (size - 1) * (block / 2) : block / 2;
        MPI_Reduce_scatter(vec, recv, rc, MPI_INT, MPI_SUM, inter);
        int first = rank == 0 ? 0 : rc[0] + (rank - 1) * rc[1];
        bad = 0;
        for (int i = 0; i < rc[rank]; i++) {
            int want = 0;
            for (int p = 0; p < remote; p++)
                want += val(1 - group, p, first + i);
            bad += recv[i] != want;
        }
        MT_CHECK(bad == 0, "reduce_scatter count %d: %d wrong", n, bad);
        free(rc);
        free(vec);
        free(send);
        free(recv);
    }
}

/* Allgatherv and alltoallv with per-process sizes. */
static void test_all_v(MPI_Comm inter)
{
    int *cnt = malloc((size_t)remote * sizeof *cnt), *displs = malloc((size_t)remote * sizeof *displs);
    int *scnt = malloc((size_t)remote * sizeof *scnt), *sdispls = malloc((size_t)remote * sizeof *sdispls);
    int total = 0, stotal = 0;
    for (int p = 0; p < remote; p++) {
        cnt[p] = p % 3 + 1;
        displs[p] = total;
        total += cnt[p] + 1;
        scnt[p] = rank % 2 + 1;
        sdispls[p] = stotal;
        stotal += scnt[p];
    }
    int *recv = malloc((size_t)total * sizeof *recv), mine[3], *send = malloc((size_t)stotal * sizeof *send);
    for (int i = 0; i < 3; i++)
        mine[i] = val(group, rank, i);
    MPI_Allgatherv(mine, rank % 3 + 1, MPI_INT, recv, cnt, displs, MPI_INT, inter);
    int bad = 0;
    for (int p = 0; p < remote; p++)
        for (int i = 0; i < cnt[p]; i++)
            bad += recv[displs[p] + i] != val(1 - group, p, i);
    MT_CHECK(bad == 0, "allgatherv: %d wrong", bad);
    /* Alltoallv: process p sends p % 2 + 1 elements to each remote. */
    for (int p = 0; p < remote; p++) {
        for (int i = 0; i < scnt[p]; i++)
            send[sdispls[p] + i] = val(group, rank * 10 + p, i);
        cnt[p] = p % 2 + 1;
    }
    MPI_Alltoallv(send, scnt, sdispls, MPI_INT, recv, cnt, displs, MPI_INT, inter);
    bad = 0;
    for (int p = 0; p < remote; p++)
        for (int i = 0; i < cnt[p]; i++)
            bad += recv[displs[p] + i] != val(1 - group, p * 10 + rank, i);
    MT_CHECK(bad == 0, "alltoallv: %d wrong", bad);
    free(recv), free(send), free(cnt), free(displs), free(scnt), free(sdispls);
}

static void test_nonblocking(MPI_Comm inter)
{
    enum { N = 8 };
    MPI_Request req[3 * N];
    int in[N], out[N], bc[N];
    for (int k = 0; k < N; k++) {
        in[k] = val(group, rank, k);
        bc[k] = group == 0 && rank == 0 ? k : -1;
        MPI_Iallreduce(&in[k], &out[k], 1, MPI_INT, MPI_MAX, inter, &req[3 * k]);
        MPI_Ibcast(&bc[k], 1, MPI_INT, root_arg(0, 0), inter, &req[3 * k + 1]);
        MPI_Ibarrier(inter, &req[3 * k + 2]);
    }
    MPI_Waitall(3 * N, req, MPI_STATUSES_IGNORE);
    for (int k = 0; k < N; k++) {
        MT_CHECK(out[k] == val(1 - group, remote - 1, k), "iallreduce %d gave %d", k, out[k]);
        if (group == 1)
            MT_CHECK(bc[k] == k, "ibcast %d gave %d", k, bc[k]);
    }
}

static void test_refused(MPI_Comm inter)
{
    int a = 1, b = 0;
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Scan(&a, &b, 1, MPI_INT, MPI_SUM, inter), MPI_ERR_COMM, "MPI_Scan on an intercommunicator");
    MT_EXPECT_CLASS(MPI_Exscan(&a, &b, 1, MPI_INT, MPI_SUM, inter), MPI_ERR_COMM, "MPI_Exscan on an intercommunicator");
    MT_EXPECT_CLASS(MPI_Allreduce(MPI_IN_PLACE, &b, 1, MPI_INT, MPI_SUM, inter), MPI_ERR_BUFFER,
                    "MPI_IN_PLACE on an intercommunicator");
    MT_EXPECT_CLASS(MPI_Bcast(&a, 1, MPI_INT, remote, inter), MPI_ERR_ROOT, "a root past the remote group");
    MT_EXPECT_CLASS(MPI_Bcast(&a, 1, MPI_INT, -5, inter), MPI_ERR_ROOT, "a negative root");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    if (wsize < 2) {
        if (wrank == 0)
            printf(" SKIP: an intercommunicator needs two processes\n");
        return mt_finish();
    }
    int half = wsize / 2;
    group = wrank >= half;
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, group, wrank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, group ? 0 : half, 99, &inter);
    MPI_Comm_rank(inter, &rank);
    MPI_Comm_size(inter, &size);
    MPI_Comm_remote_size(inter, &remote);
    MPI_Op join;
    MPI_Op_create(join_ranges, 0, &join);

    MPI_Barrier(inter);
    test_rooted(inter, join);
    test_rooted_v(inter);
    test_all(inter);
    test_all_v(inter);
    test_nonblocking(inter);
    test_refused(inter);
    MPI_Barrier(inter);

    MPI_Op_free(&join);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    return mt_finish();
}
