/*
 * collectives.c -- every collective operation checked against values each
 * process can compute alone: each root, counts 0, 1, odd and large (a
 * few MiB), predefined and derived types (non-contiguous on some
 * processes, contiguous on others), MPI_IN_PLACE, a non-commutative user
 * operation whose result shows the order it was applied in, and the
 * nonblocking and persistent forms, many outstanding at once with
 * point-to-point traffic between them.  CTest runs it again with each
 * algorithm forced by TESSERA_COLL_* (testlist.cmake).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

static int rank, size;

/* The value process p contributes at element i. */
static int val(int p, long i)
{
    return (int)((p * 7919 + i * 31) % 100003);
}

static const long counts[] = {0, 1, 7, 1000, 300000};
#define NCOUNTS (int)(sizeof counts / sizeof counts[0])

/* A vector of single ints two apart: non-contiguous, same signature as
 * n MPI_INTs. */
static MPI_Datatype strided(int n)
{
    MPI_Datatype t;
    MPI_Type_vector(n, 1, 2, MPI_INT, &t);
    MPI_Type_commit(&t);
    return t;
}

static void test_bcast(void)
{
    for (int ci = 0; ci < NCOUNTS; ci++) {
        long n = counts[ci];
        for (int root = 0; root < size; root++) {
            int *buf = malloc((size_t)(n + 1) * sizeof *buf);
            for (long i = 0; i < n; i++)
                buf[i] = rank == root ? val(root, i) : -1;
            MPI_Bcast(buf, (int)n, MPI_INT, root, MPI_COMM_WORLD);
            long bad = 0;
            for (long i = 0; i < n; i++)
                bad += buf[i] != val(root, i);
            MT_CHECK(bad == 0, "bcast count %ld root %d: %ld wrong", n, root, bad);
            free(buf);
        }
    }
    /* The root describes its data as a strided vector, the others as
     * plain ints. */
    int n = 5000;
    int *buf = calloc(2 * (size_t)n, sizeof *buf);
    MPI_Datatype t = strided(n);
    for (int i = 0; i < n; i++)
        buf[2 * i] = rank == 0 ? val(0, i) : -1;
    if (rank == 0)
        MPI_Bcast(buf, 1, t, 0, MPI_COMM_WORLD);
    else
        MPI_Bcast(buf, n, MPI_INT, 0, MPI_COMM_WORLD);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += (rank == 0 ? buf[2 * i] : buf[i]) != val(0, i);
    MT_CHECK(bad == 0, "bcast strided at root: %d wrong", bad);
    MPI_Type_free(&t);
    free(buf);
}

static void test_gather_scatter(void)
{
    for (int ci = 0; ci < 4; ci++) {
        int n = (int)counts[ci];
        for (int root = 0; root < size; root++) {
            int *mine = malloc((size_t)(n + 1) * sizeof *mine);
            int *all = malloc((size_t)(n * size + 1) * sizeof *all);
            for (int i = 0; i < n; i++)
                mine[i] = val(rank, i);
            for (int i = 0; i < n * size; i++)
                all[i] = -1;
            MPI_Gather(mine, n, MPI_INT, all, n, MPI_INT, root, MPI_COMM_WORLD);
            int bad = 0;
            if (rank == root)
                for (int p = 0; p < size; p++)
                    for (int i = 0; i < n; i++)
                        bad += all[p * n + i] != val(p, i);
            MT_CHECK(bad == 0, "gather count %d root %d: %d wrong", n, root, bad);
            /* In place at the root: its block is already there. */
            if (rank == root) {
                for (int i = 0; i < n * size; i++)
                    all[i] = i >= root * n && i < (root + 1) * n ? val(root, i - root * n) : -1;
                MPI_Gather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, n, MPI_INT, root, MPI_COMM_WORLD);
                bad = 0;
                for (int p = 0; p < size; p++)
                    for (int i = 0; i < n; i++)
                        bad += all[p * n + i] != val(p, i);
                MT_CHECK(bad == 0, "gather in place count %d root %d: %d wrong", n, root, bad);
            } else {
                MPI_Gather(mine, n, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, root, MPI_COMM_WORLD);
            }
            /* Scatter back what each process owns, from root's blocks. */
            if (rank == root)
                for (int p = 0; p < size; p++)
                    for (int i = 0; i < n; i++)
                        all[p * n + i] = val(p + 1, i);
            for (int i = 0; i < n; i++)
                mine[i] = -1;
            MPI_Scatter(all, n, MPI_INT, mine, n, MPI_INT, root, MPI_COMM_WORLD);
            bad = 0;
            for (int i = 0; i < n; i++)
                bad += mine[i] != val(rank + 1, i);
            MT_CHECK(bad == 0, "scatter count %d root %d: %d wrong", n, root, bad);
            if (rank == root) {
                MPI_Scatter(all, n, MPI_INT, MPI_IN_PLACE, n, MPI_INT, root, MPI_COMM_WORLD);
                bad = 0;
                for (int p = 0; p < size; p++)
                    for (int i = 0; i < n; i++)
                        bad += all[p * n + i] != val(p + 1, i);
                MT_CHECK(bad == 0, "scatter in place changed the root's buffer (%d)", bad);
            } else {
                MPI_Scatter(NULL, 0, MPI_INT, mine, n, MPI_INT, root, MPI_COMM_WORLD);
            }
            free(mine);
            free(all);
        }
    }
}

/* Process p has p % 3 + 1 elements; the root lays the blocks out in
 * reverse order, with a gap of one element after each. */
static void v_layout(int *cnt, int *displs, int *total)
{
    int at = 0;
    for (int p = size - 1; p >= 0; p--) {
        cnt[p] = p % 3 + 1;
        displs[p] = at;
        at += cnt[p] + 1;
    }
    *total = at;
}

static void test_gatherv_scatterv(void)
{
    int *cnt = malloc((size_t)size * sizeof *cnt), *displs = malloc((size_t)size * sizeof *displs), total;
    v_layout(cnt, displs, &total);
    int *all = malloc((size_t)total * sizeof *all);
    int mine[3], n = cnt[rank];
    for (int root = 0; root < size; root++) {
        for (int i = 0; i < n; i++)
            mine[i] = val(rank, i);
        for (int i = 0; i < total; i++)
            all[i] = -1;
        MPI_Gatherv(mine, n, MPI_INT, all, cnt, displs, MPI_INT, root, MPI_COMM_WORLD);
        int bad = 0;
        if (rank == root)
            for (int p = 0; p < size; p++) {
                for (int i = 0; i < cnt[p]; i++)
                    bad += all[displs[p] + i] != val(p, i);
                bad += all[displs[p] + cnt[p]] != -1; /* the gap is untouched */
            }
        MT_CHECK(bad == 0, "gatherv root %d: %d wrong", root, bad);
        for (int i = 0; i < 3; i++)
            mine[i] = -1;
        if (rank == root)
            for (int p = 0; p < size; p++)
                for (int i = 0; i < cnt[p]; i++)
                    all[displs[p] + i] = val(p + 5, i);
        MPI_Scatterv(all, cnt, displs, MPI_INT, mine, n, MPI_INT, root, MPI_COMM_WORLD);
        bad = 0;
        for (int i = 0; i < n; i++)
            bad += mine[i] != val(rank + 5, i);
        MT_CHECK(bad == 0, "scatterv root %d: %d wrong", root, bad);
    }
    /* allgatherv, plain and in place */
    for (int i = 0; i < n; i++)
        mine[i] = val(rank, i);
    for (int in_place = 0; in_place < 2; in_place++) {
        for (int i = 0; i < total; i++)
            all[i] = -1;
        if (in_place) {
            memcpy(all + displs[rank], mine, (size_t)n * sizeof *mine);
            MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, cnt, displs, MPI_INT, MPI_COMM_WORLD);
        } else {
            MPI_Allgatherv(mine, n, MPI_INT, all, cnt, displs, MPI_INT, MPI_COMM_WORLD);
        }
        int bad = 0;
        for (int p = 0; p < size; p++)
            for (int i = 0; i < cnt[p]; i++)
                bad += all[displs[p] + i] != val(p, i);
        MT_CHECK(bad == 0, "allgatherv (in place %d): %d wrong", in_place, bad);
    }
    free(all);
    free(cnt);
    free(displs);
}

static void allgather_strided(int n);

static void test_allgather(void)
{
    /* The last: blocks larger than a shared-memory slot (in parts). */
    static const int block_counts[] = {0, 1, 7, 1000, 20001};
    for (int ci = 0; ci < 5; ci++) {
        int n = block_counts[ci];
        int *mine = malloc((size_t)(n + 1) * sizeof *mine), *all = malloc((size_t)(n * size + 1) * sizeof *all);
        for (int i = 0; i < n; i++)
            mine[i] = val(rank, i);
        for (int in_place = 0; in_place < 2; in_place++) {
            for (int i = 0; i < n * size; i++)
                all[i] = i / (n ? n : 1) == rank ? mine[i % n] : -1;
            MPI_Allgather(in_place ? MPI_IN_PLACE : mine, n, MPI_INT, all, n, MPI_INT, MPI_COMM_WORLD);
            int bad = 0;
            for (int p = 0; p < size; p++)
                for (int i = 0; i < n; i++)
                    bad += all[p * n + i] != val(p, i);
            MT_CHECK(bad == 0, "allgather count %d (in place %d): %d wrong", n, in_place, bad);
        }
        free(mine);
        free(all);
    }
    /* Odd ranks send a strided vector, even ranks plain ints; small, and
     * larger than a shared-memory slot. */
    for (int n = 100; n <= 20000; n += 19900)
        allgather_strided(n);
}

static void allgather_strided(int n)
{
    int *src = malloc(2 * (size_t)n * sizeof *src), *all = malloc((size_t)(n * size) * sizeof *all);
    MPI_Datatype t = strided(n);
    for (int i = 0; i < n; i++) {
        if (rank % 2)
            src[2 * i] = val(rank, i);
        else
            src[i] = val(rank, i);
    }
    MPI_Allgather(src, rank % 2 ? 1 : n, rank % 2 ? t : MPI_INT, all, n, MPI_INT, MPI_COMM_WORLD);
    int bad = 0;
    for (int p = 0; p < size; p++)
        for (int i = 0; i < n; i++)
            bad += all[p * n + i] != val(p, i);
    MT_CHECK(bad == 0, "allgather of %d strided and plain elements: %d wrong", n, bad);
    MPI_Type_free(&t);
    free(src);
    free(all);
}

/* Elements of test_alltoall's alltoallw result that are wrong: block q,
 * at byte rb[q], holds two of rank q's values as rtypes[q]. */
static int alltoallw_wrong(const char *rw, const int *rb, const MPI_Datatype *rtypes)
{
    int bad = 0;
    for (int q = 0; q < size; q++)
        for (int i = 0; i < 2; i++) {
            if (rtypes[q] == MPI_DOUBLE)
                bad += ((const double *)(rw + rb[q]))[i] != val(q * size + rank, i) + 0.5;
            else
                bad += ((const int *)(rw + rb[q]))[i] != val(q * size + rank, i);
        }
    return bad;
}

static void test_alltoall(void)
{
    /* The last: blocks larger than a shared-memory slot (in parts). */
    static const int block_counts[] = {0, 1, 7, 1000, 20001};
    for (int ci = 0; ci < 5; ci++) {
        int n = block_counts[ci];
        size_t len = (size_t)n * size + 1;
        int *s = malloc(len * sizeof *s), *r = malloc(len * sizeof *r);
        for (int p = 0; p < size; p++)
            for (int i = 0; i < n; i++)
                s[p * n + i] = val(rank * size + p, i);
        for (int in_place = 0; in_place < 2; in_place++) {
            if (in_place) {
                memcpy(r, s, len * sizeof *s);
                MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r, n, MPI_INT, MPI_COMM_WORLD);
            } else {
                MPI_Alltoall(s, n, MPI_INT, r, n, MPI_INT, MPI_COMM_WORLD);
            }
            int bad = 0;
            for (int p = 0; p < size; p++)
                for (int i = 0; i < n; i++)
                    bad += r[p * n + i] != val(p * size + rank, i);
            MT_CHECK(bad == 0, "alltoall count %d (in place %d): %d wrong", n, in_place, bad);
        }
        free(s);
        free(r);
    }
    /* alltoallv: process p sends (p + q) % 4 elements to q, blocks in
     * reverse order on both sides. */
    int *sc = malloc((size_t)size * sizeof(int)), *sd = malloc((size_t)size * sizeof(int));
    int *rc = malloc((size_t)size * sizeof(int)), *rd = malloc((size_t)size * sizeof(int));
    int st = 0, rt = 0;
    for (int q = size - 1; q >= 0; q--) {
        sc[q] = (rank + q) % 4;
        sd[q] = st;
        st += sc[q];
        rc[q] = (q + rank) % 4;
        rd[q] = rt;
        rt += rc[q];
    }
    int *s = malloc((size_t)(st + 1) * sizeof *s), *r = malloc((size_t)(rt + 1) * sizeof *r);
    for (int q = 0; q < size; q++)
        for (int i = 0; i < sc[q]; i++)
            s[sd[q] + i] = val(rank * size + q, i);
    for (int in_place = 0; in_place < 2; in_place++) {
        for (int i = 0; i < rt; i++)
            r[i] = -1;
        if (in_place) {
            /* In place the send and receive layouts are the same: here
             * they are, since (rank + q) % 4 is symmetric. */
            for (int q = 0; q < size; q++)
                for (int i = 0; i < rc[q]; i++)
                    r[rd[q] + i] = val(rank * size + q, i);
            MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, r, rc, rd, MPI_INT, MPI_COMM_WORLD);
        } else {
            MPI_Alltoallv(s, sc, sd, MPI_INT, r, rc, rd, MPI_INT, MPI_COMM_WORLD);
        }
        int bad = 0;
        for (int q = 0; q < size; q++)
            for (int i = 0; i < rc[q]; i++)
                bad += r[rd[q] + i] != val(q * size + rank, i);
        MT_CHECK(bad == 0, "alltoallv (in place %d): %d wrong", in_place, bad);
    }
    /* alltoallw: to even ranks as ints, to odd ranks as doubles, byte
     * displacements. */
    MPI_Datatype *stypes = malloc((size_t)size * sizeof *stypes), *rtypes = malloc((size_t)size * sizeof *rtypes);
    int *sb = malloc((size_t)size * sizeof(int)), *rb = malloc((size_t)size * sizeof(int));
    char *sw = malloc((size_t)size * 2 * sizeof(double)), *rw = malloc((size_t)size * 2 * sizeof(double));
    for (int q = 0; q < size; q++) {
        int two = 2;
        stypes[q] = rtypes[q] = (q + rank) % 2 ? MPI_DOUBLE : MPI_INT;
        sb[q] = rb[q] = q * 2 * (int)sizeof(double);
        sc[q] = rc[q] = two;
        for (int i = 0; i < 2; i++) {
            if (stypes[q] == MPI_DOUBLE)
                ((double *)(sw + sb[q]))[i] = val(rank * size + q, i) + 0.5;
            else
                ((int *)(sw + sb[q]))[i] = val(rank * size + q, i);
        }
    }
    MPI_Alltoallw(sw, sc, sb, stypes, rw, rc, rb, rtypes, MPI_COMM_WORLD);
    int bad = alltoallw_wrong(rw, rb, rtypes);
    MT_CHECK(bad == 0, "alltoallw: %d wrong", bad);
    /* In place, nonblocking and persistent, with the send arrays NULL (the
     * standard ignores them; mpi4py passes NULL). */
    for (int form = 0; form < 2; form++) {
        memcpy(rw, sw, (size_t)size * 2 * sizeof(double));
        MPI_Request req;
        if (form == 0)
            MPI_Ialltoallw(MPI_IN_PLACE, NULL, NULL, NULL, rw, rc, rb, rtypes, MPI_COMM_WORLD, &req);
        else
            MPI_Alltoallw_init(MPI_IN_PLACE, NULL, NULL, NULL, rw, rc, rb, rtypes, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        if (form == 1)
            MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (form == 1)
            MPI_Request_free(&req);
        bad = alltoallw_wrong(rw, rb, rtypes);
        MT_CHECK(bad == 0, "alltoallw in place (%s): %d wrong", form ? "persistent" : "nonblocking", bad);
    }
    free(stypes), free(rtypes), free(sb), free(rb), free(sw), free(rw);
    free(s), free(r), free(sc), free(sd), free(rc), free(rd);
}

/* A non-commutative operation on (lo, hi) pairs of MPI_2INT: joining the
 * range of ranks lo..hi with the next one.  Applied out of rank order it
 * yields (-1, -1), so a result of (0, n - 1) proves the order. */
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

static void test_reduce(MPI_Op join)
{
    for (int ci = 0; ci < NCOUNTS; ci++) {
        long n = counts[ci];
        int *in = malloc((size_t)(n + 1) * sizeof *in), *out = malloc((size_t)(n + 1) * sizeof *out);
        double *din = malloc((size_t)(n + 1) * sizeof *din), *dout = malloc((size_t)(n + 1) * sizeof *dout);
        for (long i = 0; i < n; i++) {
            in[i] = val(rank, i);
            din[i] = val(rank, i) * 0.5;
        }
        for (int root = 0; root < size; root += (n > 1000 ? size : 1)) {
            MPI_Reduce(in, out, (int)n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
            MPI_Reduce(din, dout, (int)n, MPI_DOUBLE, MPI_MAX, root, MPI_COMM_WORLD);
            if (rank == root) {
                long bad = 0;
                for (long i = 0; i < n; i++) {
                    int sum = 0;
                    double max = 0;
                    for (int p = 0; p < size; p++) {
                        sum += val(p, i);
                        max = val(p, i) * 0.5 > max ? val(p, i) * 0.5 : max;
                    }
                    bad += out[i] != sum || dout[i] != max;
                }
                MT_CHECK(bad == 0, "reduce count %ld root %d: %ld wrong", n, root, bad);
                /* in place */
                memcpy(out, in, (size_t)n * sizeof *in);
                MPI_Reduce(MPI_IN_PLACE, out, (int)n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
                bad = 0;
                for (long i = 0; i < n; i++) {
                    int sum = 0;
                    for (int p = 0; p < size; p++)
                        sum += val(p, i);
                    bad += out[i] != sum;
                }
                MT_CHECK(bad == 0, "reduce in place count %ld root %d: %ld wrong", n, root, bad);
            } else {
                MPI_Reduce(in, NULL, (int)n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
            }
        }
        free(in), free(out), free(din), free(dout);
    }
    /* Order of a non-commutative operation, every root. */
    for (int root = 0; root < size; root++) {
        int pair[6] = {rank, rank, rank, rank, rank, rank}, res[6] = {0};
        MPI_Reduce(pair, res, 3, MPI_2INT, join, root, MPI_COMM_WORLD);
        if (rank == root)
            for (int i = 0; i < 3; i++)
                MT_CHECK(res[2 * i] == 0 && res[2 * i + 1] == size - 1, "reduce join root %d gives (%d, %d)", root,
                         res[2 * i], res[2 * i + 1]);
    }
    /* MAXLOC on double-int pairs; ties keep the lower index. */
    struct {
        double v;
        int i;
    } dl[2] = {{(double)(rank % 2), rank}, {(double)-rank, rank}}, dr[2];
    MPI_Allreduce(dl, dr, 2, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    MT_CHECK(dr[0].v == (size > 1 ? 1.0 : 0.0) && dr[0].i == (size > 1 ? 1 : 0), "maxloc gives (%g, %d)", dr[0].v,
             dr[0].i);
    MT_CHECK(dr[1].v == 0.0 && dr[1].i == 0, "maxloc of -rank gives (%g, %d)", dr[1].v, dr[1].i);
    MPI_Allreduce(dl, dr, 2, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
    MT_CHECK(dr[0].v == 0.0 && dr[0].i == 0, "minloc gives (%g, %d)", dr[0].v, dr[0].i);
    MT_CHECK(dr[1].v == -(double)(size - 1) && dr[1].i == size - 1, "minloc of -rank gives (%g, %d)", dr[1].v, dr[1].i);
    /* A predefined operation on a non-contiguous derived type: the
     * strided ints are summed, the gaps untouched. */
    int n = 33;
    int *s = malloc(2 * (size_t)n * sizeof *s), *r = malloc(2 * (size_t)n * sizeof *r);
    for (int i = 0; i < 2 * n; i++) {
        s[i] = i % 2 ? -7 : val(rank, i / 2);
        r[i] = -9;
    }
    MPI_Datatype t = strided(n);
    MPI_Allreduce(s, r, 1, t, MPI_SUM, MPI_COMM_WORLD);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int sum = 0;
        for (int p = 0; p < size; p++)
            sum += val(p, i);
        bad += r[2 * i] != sum || r[2 * i + 1] != -9;
    }
    MT_CHECK(bad == 0, "allreduce on a strided type: %d wrong", bad);
    MPI_Type_free(&t);
    free(s), free(r);
}

static void test_allreduce(MPI_Op join)
{
    for (int ci = 0; ci < NCOUNTS; ci++) {
        long n = counts[ci];
        int *in = malloc((size_t)(n + 1) * sizeof *in), *out = malloc((size_t)(n + 1) * sizeof *out);
        for (long i = 0; i < n; i++)
            in[i] = val(rank, i);
        for (int in_place = 0; in_place < 2; in_place++) {
            if (in_place) {
                memcpy(out, in, (size_t)n * sizeof *in);
                MPI_Allreduce(MPI_IN_PLACE, out, (int)n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            } else {
                MPI_Allreduce(in, out, (int)n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            }
            long bad = 0;
            for (long i = 0; i < n; i++) {
                int sum = 0;
                for (int p = 0; p < size; p++)
                    sum += val(p, i);
                bad += out[i] != sum;
            }
            MT_CHECK(bad == 0, "allreduce count %ld (in place %d): %ld wrong", n, in_place, bad);
        }
        free(in), free(out);
    }
    int pair[2000], mine[2000];
    for (int in_place = 0; in_place < 2; in_place++) {
        for (int i = 0; i < 2000; i++)
            pair[i] = mine[i] = rank;
        MPI_Allreduce(in_place ? MPI_IN_PLACE : mine, pair, 1000, MPI_2INT, join, MPI_COMM_WORLD);
        int bad = 0;
        for (int i = 0; i < 1000; i++)
            bad += pair[2 * i] != 0 || pair[2 * i + 1] != size - 1;
        MT_CHECK(bad == 0, "allreduce join (in place %d): %d out of order", in_place, bad);
    }
    /* A communicator of one, nonblocking: built as a schedule like any
     * other (blocking calls on one process skip it). */
    int one[3] = {rank, 7, -1}, got[3] = {0, 0, 0};
    MPI_Request req;
    MPI_Iallreduce(one, got, 3, MPI_INT, MPI_SUM, MPI_COMM_SELF, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MT_CHECK(got[0] == rank && got[1] == 7 && got[2] == -1, "iallreduce on MPI_COMM_SELF: %d %d %d", got[0], got[1],
             got[2]);
    /* Logical and bitwise operations. */
    int b = rank == 0, land, lor, bor;
    MPI_Allreduce(&b, &land, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    MPI_Allreduce(&b, &lor, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    int bit = 1 << (rank % 31);
    MPI_Allreduce(&bit, &bor, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
    MT_CHECK(land == (size == 1) && lor == 1, "land %d lor %d", land, lor);
    int want = 0;
    for (int p = 0; p < size; p++)
        want |= 1 << (p % 31);
    MT_CHECK(bor == want, "bor %#x, expected %#x", bor, want);
}

static void test_reduce_scatter(MPI_Op join)
{
    int *cnt = malloc((size_t)size * sizeof *cnt), total = 0, *in = NULL, *out = NULL;
    /* Small blocks, then blocks of uneven sizes larger than a
     * shared-memory slot, which straddle the parts it goes in. */
    for (int test = 0; test < 4; test++) {
        int in_place = test % 2, big = test / 2;
        if (!in_place) {
            total = 0;
            for (int p = 0; p < size; p++)
                total += cnt[p] = big ? 20000 + 777 * p : (p * 3) % 5 + 1;
            free(in), free(out);
            in = malloc((size_t)total * sizeof *in), out = malloc((size_t)total * sizeof *out);
        }
        for (int i = 0; i < total; i++)
            in[i] = val(rank, i);
        if (in_place) {
            memcpy(out, in, (size_t)total * sizeof *in);
            MPI_Reduce_scatter(MPI_IN_PLACE, out, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        } else {
            MPI_Reduce_scatter(in, out, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        }
        int first = 0, bad = 0;
        for (int p = 0; p < rank; p++)
            first += cnt[p];
        for (int i = 0; i < cnt[rank]; i++) {
            int sum = 0;
            for (int p = 0; p < size; p++)
                sum += val(p, first + i);
            bad += out[i] != sum;
        }
        MT_CHECK(bad == 0, "reduce_scatter (in place %d, %d in all): %d wrong", in_place, total, bad);
    }
    for (int ci = 0; ci < 4; ci++) {
        int n = (int)counts[ci];
        int *bin = malloc((size_t)(n * size + 1) * sizeof *bin), *bout = malloc((size_t)(n + 1) * sizeof *bout);
        for (int i = 0; i < n * size; i++)
            bin[i] = val(rank, i);
        MPI_Reduce_scatter_block(bin, bout, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        int bad = 0;
        for (int i = 0; i < n; i++) {
            int sum = 0;
            for (int p = 0; p < size; p++)
                sum += val(p, rank * n + i);
            bad += bout[i] != sum;
        }
        MT_CHECK(bad == 0, "reduce_scatter_block count %d: %d wrong", n, bad);
        free(bin), free(bout);
    }
    int *pairs = malloc(4 * (size_t)size * sizeof *pairs), res[4];
    for (int i = 0; i < 4 * size; i++)
        pairs[i] = rank;
    MPI_Reduce_scatter_block(pairs, res, 2, MPI_2INT, join, MPI_COMM_WORLD);
    MT_CHECK(res[0] == 0 && res[1] == size - 1 && res[2] == 0 && res[3] == size - 1,
             "reduce_scatter_block join gives (%d, %d)", res[0], res[1]);
    free(pairs), free(cnt), free(in), free(out);
}

static void test_scan(MPI_Op join)
{
    for (int ci = 0; ci < NCOUNTS; ci++) {
        int n = (int)counts[ci];
        int *in = malloc((size_t)(n + 1) * sizeof *in), *out = malloc((size_t)(n + 1) * sizeof *out);
        for (int i = 0; i < n; i++)
            in[i] = val(rank, i);
        for (int in_place = 0; in_place < 2; in_place++)
            for (int exclusive = 0; exclusive < 2; exclusive++) {
                const void *send = in;
                if (in_place) {
                    memcpy(out, in, (size_t)n * sizeof *in);
                    send = MPI_IN_PLACE;
                }
                if (exclusive)
                    MPI_Exscan(send, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                else
                    MPI_Scan(send, out, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                int bad = 0;
                if (rank > 0 || !exclusive)
                    for (int i = 0; i < n; i++) {
                        int sum = 0;
                        for (int p = 0; p < rank + !exclusive; p++)
                            sum += val(p, i);
                        bad += out[i] != sum;
                    }
                MT_CHECK(bad == 0, "%s count %d (in place %d): %d wrong", exclusive ? "exscan" : "scan", n, in_place,
                         bad);
            }
        free(in), free(out);
    }
    /* Rank order: (lo, hi) ranges join only lower on the left. */
    for (int in_place = 0; in_place < 2; in_place++)
        for (int exclusive = 0; exclusive < 2; exclusive++) {
            int pair[2] = {rank, rank}, res[2] = {rank, rank};
            const void *send = in_place ? MPI_IN_PLACE : (const void *)pair;
            if (exclusive)
                MPI_Exscan(send, res, 1, MPI_2INT, join, MPI_COMM_WORLD);
            else
                MPI_Scan(send, res, 1, MPI_2INT, join, MPI_COMM_WORLD);
            if (rank > 0 || !exclusive)
                MT_CHECK(res[0] == 0 && res[1] == rank - exclusive, "%s join (in place %d) gives (%d, %d)",
                         exclusive ? "exscan" : "scan", in_place, res[0], res[1]);
        }
}

/* Many nonblocking collectives at once, in different orders of
 * completion, with point-to-point traffic on the same communicator. */
static void test_nonblocking(void)
{
    enum { K = 8, N = 1000 };
    int in[K][N], out[K][N], bc[N], token = -1, sent = rank;
    MPI_Request req[K + 4];
    for (int k = 0; k < K; k++)
        for (int i = 0; i < N; i++)
            in[k][i] = val(rank + k, i);
    for (int i = 0; i < N; i++)
        bc[i] = rank == size - 1 ? val(99, i) : 0;
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
    MPI_Irecv(&token, 1, MPI_INT, left, 5, MPI_COMM_WORLD, &req[0]);
    MPI_Ibarrier(MPI_COMM_WORLD, &req[1]);
    for (int k = 0; k < K; k++)
        MPI_Iallreduce(in[k], out[k], N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[2 + k]);
    MPI_Ibcast(bc, N, MPI_INT, size - 1, MPI_COMM_WORLD, &req[K + 2]);
    MPI_Isend(&sent, 1, MPI_INT, right, 5, MPI_COMM_WORLD, &req[K + 3]);
    /* Complete them through MPI_Test in reverse order, then the rest. */
    for (int k = K + 3; k >= 0; k--) {
        int flag = 0;
        while (!flag)
            MPI_Test(&req[k], &flag, MPI_STATUS_IGNORE);
    }
    int bad = 0;
    for (int k = 0; k < K; k++)
        for (int i = 0; i < N; i++) {
            int sum = 0;
            for (int p = 0; p < size; p++)
                sum += val(p + k, i);
            bad += out[k][i] != sum;
        }
    for (int i = 0; i < N; i++)
        bad += bc[i] != val(99, i);
    MT_CHECK(bad == 0 && token == left, "nonblocking: %d wrong, token %d", bad, token);
    /* MPI_Request_free on a running collective: it completes by itself. */
    MPI_Request r;
    int one = 1, all = 0;
    MPI_Iallreduce(&one, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MT_CHECK(all == size, "iallreduce gives %d", all);
}

static void test_persistent(void)
{
    int in = 0, out = 0, bc[3] = {0};
    MPI_Request req[3];
    MPI_Allreduce_init(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &req[0]);
    MPI_Bcast_init(bc, 3, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req[1]);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &req[2]);
    int bad = 0;
    for (int round = 0; round < 500; round++) {
        in = rank + round;
        if (rank == 0)
            bc[0] = bc[1] = bc[2] = round;
        MPI_Startall(3, req);
        MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
        bad += out != size * (size - 1) / 2 + size * round;
        bad += bc[0] != round || bc[2] != round;
    }
    MT_CHECK(bad == 0, "persistent collectives: %d rounds wrong", bad);
    for (int i = 0; i < 3; i++)
        MPI_Request_free(&req[i]);
}

static void test_reduce_local(MPI_Op join)
{
    int a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40};
    MPI_Reduce_local(a, b, 4, MPI_INT, MPI_PROD);
    MT_CHECK(b[0] == 10 && b[3] == 160, "reduce_local prod gives %d %d", b[0], b[3]);
    int p[2] = {0, 3}, q[2] = {4, 9};
    MPI_Reduce_local(p, q, 1, MPI_2INT, join);
    MT_CHECK(q[0] == 0 && q[1] == 9, "reduce_local join gives (%d, %d)", q[0], q[1]);
    int commute = -1;
    MPI_Op_commutative(join, &commute);
    MT_CHECK(commute == 0, "join commutative %d", commute);
    MPI_Op_commutative(MPI_SUM, &commute);
    MT_CHECK(commute == 1, "MPI_SUM commutative %d", commute);
    /* Signed sums wrap rather than trap; complex products. */
    long long big[1] = {INT64_MAX}, one[1] = {1};
    MPI_Reduce_local(one, big, 1, MPI_LONG_LONG, MPI_SUM);
    MT_CHECK(big[0] == INT64_MIN, "sum wraps to %lld", big[0]);
    double c1[2] = {1, 2}, c2[2] = {3, 4}; /* (1+2i)(3+4i) = -5+10i */
    MPI_Reduce_local(c1, c2, 1, MPI_C_DOUBLE_COMPLEX, MPI_PROD);
    MT_CHECK(c2[0] == -5 && c2[1] == 10, "complex product %g%+gi", c2[0], c2[1]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op join;
    MPI_Op_create(join_ranges, 0, &join);
    for (int i = 0; i < 3; i++)
        MPI_Barrier(MPI_COMM_WORLD);
    test_bcast();
    test_gather_scatter();
    test_gatherv_scatterv();
    test_allgather();
    test_alltoall();
    test_reduce(join);
    test_allreduce(join);
    test_reduce_scatter(join);
    test_scan(join);
    test_nonblocking();
    test_persistent();
    test_reduce_local(join);
    MPI_Op_free(&join);
    MT_CHECK(join == MPI_OP_NULL, "MPI_Op_free leaves the handle");
    return mt_finish();
}
