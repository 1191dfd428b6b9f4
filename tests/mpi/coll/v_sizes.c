/*
 * v_sizes.c -- MPI_Alltoallv, MPI_Alltoallw, MPI_Allgatherv, MPI_Gatherv
 * and MPI_Scatterv with blocks of every size at once: empty, a few
 * elements, some beyond a shared-memory slot's share and some of a
 * megabyte, so that one alltoallv, gatherv or scatterv moves some blocks
 * through the slots and others as messages (alltoallv_shm.c,
 * gatherv_shm.c, scatterv_shm.c) and an allgatherv goes in parts that
 * some blocks have left (allgather_shm.c); in place, with non-contiguous
 * types on one side, and with counts that disagree between sender and
 * receiver in either direction, which must be reported as truncation and
 * never leave a process waiting; and with MPI_BOTTOM as the buffers.
 */
#include <stdlib.h>

#include "mpitest.h"

/* 236 ints (944 bytes) and a header fill a slot's cell (shm.h:
 * coll_shm_v_cell_bytes); 12000 (48000 bytes) lies between the 32 KiB
 * from which an alltoallv among five or more processes sharing cores
 * sends by rendezvous (alltoallv_shm.c: held_block_min) and the eager
 * limit. */
static const int sizes[] = {0, 1, 7, 236, 1000, 5000, 12000, 20000, 300000};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

static int rank, size;

/* Elements process p sends to q: symmetric, so that the in-place form
 * (where each block goes out and comes back in the same place) can use
 * it too; varied by `shift` from one round to the next. */
static int count_of(int p, int q, int shift)
{
    return sizes[(p + q + shift) % NSIZES];
}

static int value(int p, int q, int i)
{
    return p * 1000003 + q * 1009 + i;
}

/* Counts and displacements (elements) of a block per process q:
 * count_of(q, with, shift) elements, or count_of(q, q, shift) with
 * EACH_OWN; returns the elements of the whole buffer. */
#define EACH_OWN (-1)
static int layout(int shift, int with, int *counts, int *displs)
{
    int at = 0;
    for (int q = 0; q < size; q++) {
        counts[q] = count_of(q, with == EACH_OWN ? q : with, shift);
        displs[q] = at;
        at += counts[q] + 3; /* a gap between blocks, left alone */
    }
    return at;
}

/* Every other int of a buffer twice as long. */
static MPI_Datatype strided_int(void)
{
    MPI_Datatype strided;
    MPI_Type_create_resized(MPI_INT, 0, 2 * sizeof(int), &strided);
    MPI_Type_commit(&strided);
    return strided;
}

static int check_received(const int *r, const int *counts, const int *displs, const char *what, int shift)
{
    int bad = 0;
    for (int p = 0; p < size; p++)
        for (int i = 0; i < counts[p]; i++)
            if (r[displs[p] + i] != value(p, rank, i) && bad++ == 0)
                MT_CHECK(0, "%s (round %d): from %d element %d is %d, expected %d", what, shift, p, i, r[displs[p] + i],
                         value(p, rank, i));
    for (int p = 0; p < size; p++)
        for (int g = 0; g < 3; g++)
            if (r[displs[p] + counts[p] + g] != -1 && bad++ == 0)
                MT_CHECK(0, "%s (round %d): the gap after block %d was written", what, shift, p);
    return bad;
}

static void alltoallv_rounds(void)
{
    int *counts = malloc((size_t)size * sizeof *counts), *displs = malloc((size_t)size * sizeof *displs);
    for (int shift = 0; shift < NSIZES; shift++) {
        int total = layout(shift, rank, counts, displs);
        int *s = malloc((size_t)total * sizeof *s + 1), *r = malloc((size_t)total * sizeof *r + 1);
        for (int in_place = 0; in_place < 2; in_place++) {
            for (int i = 0; i < total; i++)
                r[i] = -1;
            for (int q = 0; q < size; q++)
                for (int i = 0; i < counts[q]; i++)
                    (in_place ? r : s)[displs[q] + i] = value(rank, q, i);
            int rc = in_place ? MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, r, counts, displs, MPI_INT,
                                              MPI_COMM_WORLD)
                              : MPI_Alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT, MPI_COMM_WORLD);
            MT_CHECK(rc == MPI_SUCCESS, "MPI_Alltoallv (in place %d, round %d) failed", in_place, shift);
            check_received(r, counts, displs, in_place ? "alltoallv in place" : "alltoallv", shift);
        }
        free(s);
        free(r);
    }
    free(counts);
    free(displs);
}

/* The w form: blocks to odd ranks go out as every other int of a buffer
 * twice as long (a vector type), all arrive as plain ints; byte
 * displacements. */
static void alltoallw_rounds(void)
{
    int *counts = malloc((size_t)size * sizeof *counts), *displs = malloc((size_t)size * sizeof *displs);
    int *rcounts = malloc((size_t)size * sizeof *rcounts), *sbytes = malloc((size_t)size * sizeof *sbytes);
    int *rbytes = malloc((size_t)size * sizeof *rbytes);
    MPI_Datatype *stypes = malloc((size_t)size * sizeof *stypes), *rtypes = malloc((size_t)size * sizeof *rtypes);
    MPI_Datatype strided = strided_int();
    for (int shift = 0; shift < NSIZES; shift += 2) {
        int total = layout(shift, rank, counts, displs);
        int *s = malloc(2 * (size_t)total * sizeof *s + 1), *r = malloc((size_t)total * sizeof *r + 1);
        for (int i = 0; i < total; i++)
            r[i] = -1;
        int at = 0;
        for (int q = 0; q < size; q++) {
            rcounts[q] = counts[q];
            rbytes[q] = displs[q] * (int)sizeof(int);
            rtypes[q] = MPI_INT;
            stypes[q] = q % 2 ? strided : MPI_INT;
            sbytes[q] = at * (int)sizeof(int);
            for (int i = 0; i < counts[q]; i++)
                s[at + (q % 2 ? 2 * i : i)] = value(rank, q, i);
            at += (q % 2 ? 2 : 1) * counts[q];
        }
        MT_CHECK(MPI_Alltoallw(s, counts, sbytes, stypes, r, rcounts, rbytes, rtypes, MPI_COMM_WORLD) == MPI_SUCCESS,
                 "MPI_Alltoallw (round %d) failed", shift);
        check_received(r, counts, displs, "alltoallw", shift);
        free(s);
        free(r);
    }
    MPI_Type_free(&strided);
    free(counts);
    free(displs);
    free(rcounts);
    free(sbytes);
    free(rbytes);
    free(stypes);
    free(rtypes);
}

/* Rooted v forms: process p's block has count_of(p, root, shift)
 * elements, at the root in its place with a gap after it.  Forms:
 * contiguous, every other int of a buffer twice as long on the processes'
 * side (a resized type), and in place at the root. */
static void rooted_rounds(int scatter)
{
    const char *name = scatter ? "scatterv" : "gatherv";
    int *counts = malloc((size_t)size * sizeof *counts), *displs = malloc((size_t)size * sizeof *displs);
    MPI_Datatype strided = strided_int();
    for (int root = 0; root < size; root++) {
        for (int shift = 0; shift < NSIZES; shift++) {
            int at = layout(shift, root, counts, displs);
            int mine = counts[rank];
            int *own = malloc(2 * (size_t)mine * sizeof *own + 1), *all = malloc((size_t)at * sizeof *all + 1);
            for (int form = 0; form < 3; form++) {
                /* In form 2 the others pass their block as in form 0. */
                MPI_Datatype type = form == 1 ? strided : MPI_INT;
                for (int i = 0; i < at; i++)
                    all[i] = -1;
                for (int i = 0; i < 2 * mine; i++)
                    own[i] = -1;
                if (scatter && rank == root)
                    for (int p = 0; p < size; p++)
                        for (int i = 0; i < counts[p]; i++)
                            all[displs[p] + i] = value(p, root, i);
                if (!scatter)
                    for (int i = 0; i < mine; i++) {
                        own[form == 1 ? 2 * i : i] = value(rank, root, i);
                        if (form == 2 && rank == root)
                            all[displs[rank] + i] = value(rank, root, i);
                    }
                int in_place = form == 2 && rank == root, rc;
                if (scatter)
                    rc = MPI_Scatterv(all, counts, displs, MPI_INT, in_place ? MPI_IN_PLACE : (void *)own, mine, type,
                                      root, MPI_COMM_WORLD);
                else
                    rc = MPI_Gatherv(in_place ? MPI_IN_PLACE : (void *)own, mine, type, all, counts, displs, MPI_INT,
                                     root, MPI_COMM_WORLD);
                MT_CHECK(rc == MPI_SUCCESS, "MPI_%s (root %d, form %d, round %d) failed", name, root, form, shift);
                int bad = 0;
                if (scatter && !in_place)
                    for (int i = 0; i < mine; i++)
                        if (own[form == 1 ? 2 * i : i] != value(rank, root, i) && bad++ == 0)
                            MT_CHECK(0, "scatterv (root %d, form %d, round %d): element %d is %d, expected %d", root,
                                     form, shift, i, own[form == 1 ? 2 * i : i], value(rank, root, i));
                for (int i = 0; scatter && form == 1 && i < mine; i++)
                    if (own[2 * i + 1] != -1 && bad++ == 0)
                        MT_CHECK(0, "scatterv (root %d, round %d): the hole after element %d was written", root, shift,
                                 i);
                for (int p = 0; rank == root && p < size; p++) {
                    for (int i = 0; i < counts[p]; i++)
                        if (all[displs[p] + i] != value(p, root, i) && bad++ == 0)
                            MT_CHECK(0, "%s (root %d, form %d, round %d): block %d element %d is %d, expected %d", name,
                                     root, form, shift, p, i, all[displs[p] + i], value(p, root, i));
                    for (int g = 0; g < 3; g++)
                        if (all[displs[p] + counts[p] + g] != -1 && bad++ == 0)
                            MT_CHECK(0, "%s (root %d, form %d, round %d): the gap after block %d was written", name,
                                     root, form, shift, p);
                }
            }
            free(own);
            free(all);
        }
    }
    MPI_Type_free(&strided);
    free(counts);
    free(displs);
}

/* Rank 1 brings rank 0, the root, another count than rank 0 expects, or
 * the other way round for scatterv, as counts_disagree below; rank 0
 * (gatherv) or rank 1 (scatterv) reports truncation. */
static void rooted_counts_disagree(int scatter)
{
    static const int sent_recv[][2] = {{8, 7}, {1, 20000}, {20000, 1}};
    for (int k = 0; k < 3; k++) {
        int *counts = calloc((size_t)size, sizeof *counts), *displs = calloc((size_t)size, sizeof *displs);
        int *all = calloc(20000, sizeof *all), *own = calloc(20000, sizeof *own), mine = 2;
        for (int p = 0; p < size; p++)
            counts[p] = 2;
        if (rank == 0)
            counts[1] = sent_recv[k][scatter ? 0 : 1];
        if (rank == 1)
            mine = sent_recv[k][scatter ? 1 : 0];
        int err = scatter ? MPI_Scatterv(all, counts, displs, MPI_INT, own, mine, MPI_INT, 0, MPI_COMM_WORLD)
                          : MPI_Gatherv(own, mine, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
        int cls = MPI_SUCCESS, told = scatter ? 1 : 0;
        MPI_Error_class(err, &cls);
        MT_CHECK(rank == told ? cls == MPI_ERR_TRUNCATE : cls == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE,
                 "%s mismatch %d (%d sent, %d expected): class %d", scatter ? "scatterv" : "gatherv", k,
                 sent_recv[k][0], sent_recv[k][1], cls);
        free(counts);
        free(displs);
        free(all);
        free(own);
    }
}

/* Rank 0 sends rank 1 another count than rank 1 expects: one more (a
 * small block), 1 where 20000 are expected (a slot block against a
 * message) and 20000 where 1 is (the other way).  Rank 1 reports
 * truncation and nobody waits forever. */
static void counts_disagree(void)
{
    static const int sent_recv[][2] = {{8, 7}, {1, 20000}, {20000, 1}};
    for (int k = 0; k < 3; k++) {
        int *sc = calloc((size_t)size, sizeof *sc), *rc = calloc((size_t)size, sizeof *rc);
        int *sd = calloc((size_t)size, sizeof *sd), *rd = calloc((size_t)size, sizeof *rd);
        int *s = calloc(20000, sizeof *s), *r = calloc(20000, sizeof *r);
        for (int q = 0; q < size; q++) {
            sc[q] = rc[q] = 2;
            if (rank == 0 && q == 1)
                sc[q] = sent_recv[k][0];
            if (rank == 1 && q == 0)
                rc[q] = sent_recv[k][1];
        }
        int err = MPI_Alltoallv(s, sc, sd, MPI_INT, r, rc, rd, MPI_INT, MPI_COMM_WORLD), cls = MPI_SUCCESS;
        MPI_Error_class(err, &cls);
        /* Others may hear of it too (the pairwise exchange passes a
         * failure on), but nothing else. */
        MT_CHECK(rank == 1 ? cls == MPI_ERR_TRUNCATE : cls == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE,
                 "mismatch %d (%d sent, %d expected): class %d", k, sent_recv[k][0], sent_recv[k][1], cls);
        free(sc);
        free(rc);
        free(sd);
        free(rd);
        free(s);
        free(r);
    }
}

/* Process p brings count_of(p, p, shift) elements; every process gets
 * all, each block in its own place with a gap after it. */
static void allgatherv_rounds(void)
{
    int *counts = malloc((size_t)size * sizeof *counts), *displs = malloc((size_t)size * sizeof *displs);
    MPI_Datatype strided = strided_int();
    for (int shift = 0; shift < NSIZES; shift++) {
        int at = layout(shift, EACH_OWN, counts, displs);
        int mine = counts[rank];
        int *s = malloc((size_t)mine * sizeof *s + 1), *t = malloc(2 * (size_t)mine * sizeof *t + 1);
        int *r = malloc((size_t)at * sizeof *r + 1);
        for (int form = 0; form < 3; form++) { /* contiguous, strided send, in place */
            for (int i = 0; i < at; i++)
                r[i] = -1;
            for (int i = 0; i < mine; i++) {
                s[i] = t[2 * i] = value(rank, rank, i);
                if (form == 2)
                    r[displs[rank] + i] = value(rank, rank, i);
            }
            int rc = form == 2   ? MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r, counts, displs, MPI_INT,
                                                  MPI_COMM_WORLD)
                     : form == 1 ? MPI_Allgatherv(t, mine, strided, r, counts, displs, MPI_INT, MPI_COMM_WORLD)
                                 : MPI_Allgatherv(s, mine, MPI_INT, r, counts, displs, MPI_INT, MPI_COMM_WORLD);
            MT_CHECK(rc == MPI_SUCCESS, "MPI_Allgatherv (form %d, round %d) failed", form, shift);
            int bad = 0;
            for (int p = 0; p < size; p++) {
                for (int i = 0; i < counts[p]; i++)
                    if (r[displs[p] + i] != value(p, p, i) && bad++ == 0)
                        MT_CHECK(0, "allgatherv (form %d, round %d): block %d element %d is %d, expected %d", form,
                                 shift, p, i, r[displs[p] + i], value(p, p, i));
                for (int g = 0; g < 3; g++)
                    if (r[displs[p] + counts[p] + g] != -1 && bad++ == 0)
                        MT_CHECK(0, "allgatherv (form %d, round %d): the gap after block %d was written", form, shift,
                                 p);
            }
        }
        free(s);
        free(t);
        free(r);
    }
    MPI_Type_free(&strided);
    free(counts);
    free(displs);
}

/* A type that reads or writes ints from MPI_BOTTOM as if from buf: one
 * int at buf's absolute address, extent one int. */
static MPI_Datatype ints_at(const void *buf)
{
    MPI_Aint at;
    MPI_Get_address(buf, &at);
    MPI_Datatype t;
    MPI_Type_create_hindexed_block(1, 1, &at, MPI_INT, &t);
    MPI_Type_commit(&t);
    return t;
}

/* MPI_BOTTOM is a buffer like any other, the base of a type built from
 * absolute addresses, in the v forms too: process p sends p + 1 ints to
 * each, blocks laid out one after the other. */
static void from_bottom(void)
{
    int *counts = malloc((size_t)size * sizeof *counts), *displs = malloc((size_t)size * sizeof *displs);
    int total = 0;
    for (int p = 0; p < size; p++) {
        counts[p] = p + 1;
        displs[p] = total;
        total += p + 1;
    }
    int *mine = malloc((size_t)(rank + 1) * sizeof *mine), *all = malloc((size_t)total * sizeof *all);
    for (int i = 0; i <= rank; i++)
        mine[i] = 1000 * rank + i;
    MPI_Datatype into_all = ints_at(all), from_mine = ints_at(mine);

    for (int root = 0; root < size; root++) {
        for (int i = 0; i < total; i++)
            all[i] = -1;
        MT_CHECK(MPI_Gatherv(mine, rank + 1, MPI_INT, MPI_BOTTOM, counts, displs, into_all, root, MPI_COMM_WORLD) ==
                     MPI_SUCCESS,
                 "MPI_Gatherv into MPI_BOTTOM at root %d", root);
        for (int p = 0; rank == root && p < size; p++)
            for (int i = 0; i < counts[p]; i++)
                MT_CHECK(all[displs[p] + i] == 1000 * p + i, "MPI_Gatherv into MPI_BOTTOM: block %d[%d] = %d", p, i,
                         all[displs[p] + i]);
        for (int p = 0; p < size; p++)
            for (int i = 0; i < counts[p]; i++)
                all[displs[p] + i] = 1000 * p + i + root;
        for (int i = 0; i <= rank; i++)
            mine[i] = -1;
        MT_CHECK(MPI_Scatterv(MPI_BOTTOM, counts, displs, into_all, MPI_BOTTOM, rank + 1, from_mine, root,
                              MPI_COMM_WORLD) == MPI_SUCCESS,
                 "MPI_Scatterv from MPI_BOTTOM at root %d", root);
        for (int i = 0; i <= rank; i++)
            MT_CHECK(mine[i] == 1000 * rank + i + root, "MPI_Scatterv from MPI_BOTTOM: [%d] = %d", i, mine[i]);
        for (int i = 0; i <= rank; i++)
            mine[i] = 1000 * rank + i;
    }
    for (int i = 0; i < total; i++)
        all[i] = -1;
    MT_CHECK(MPI_Allgatherv(MPI_BOTTOM, rank + 1, from_mine, MPI_BOTTOM, counts, displs, into_all, MPI_COMM_WORLD) ==
                 MPI_SUCCESS,
             "MPI_Allgatherv between MPI_BOTTOMs");
    for (int p = 0; p < size; p++)
        for (int i = 0; i < counts[p]; i++)
            MT_CHECK(all[displs[p] + i] == 1000 * p + i, "MPI_Allgatherv into MPI_BOTTOM: block %d[%d] = %d", p, i,
                     all[displs[p] + i]);

    /* Alltoallv: rank + 1 ints to each process, from `out`, into `in`. */
    int *out = malloc((size_t)size * (size_t)(rank + 1) * sizeof *out), *in = malloc((size_t)total * sizeof *in);
    int *scounts = malloc((size_t)size * sizeof *scounts), *sdispls = malloc((size_t)size * sizeof *sdispls);
    for (int q = 0; q < size; q++) {
        scounts[q] = rank + 1;
        sdispls[q] = q * (rank + 1);
        for (int i = 0; i <= rank; i++)
            out[q * (rank + 1) + i] = 1000 * rank + 10 * q + i;
    }
    MPI_Datatype from_out = ints_at(out), into_in = ints_at(in);
    MT_CHECK(MPI_Alltoallv(MPI_BOTTOM, scounts, sdispls, from_out, MPI_BOTTOM, counts, displs, into_in,
                           MPI_COMM_WORLD) == MPI_SUCCESS,
             "MPI_Alltoallv between MPI_BOTTOMs");
    for (int p = 0; p < size; p++)
        for (int i = 0; i < counts[p]; i++)
            MT_CHECK(in[displs[p] + i] == 1000 * p + 10 * rank + i, "MPI_Alltoallv into MPI_BOTTOM: block %d[%d] = %d",
                     p, i, in[displs[p] + i]);
    MPI_Type_free(&from_out);
    MPI_Type_free(&into_in);
    MPI_Type_free(&into_all);
    MPI_Type_free(&from_mine);
    free(out);
    free(in);
    free(scounts);
    free(sdispls);
    free(mine);
    free(all);
    free(counts);
    free(displs);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    alltoallv_rounds();
    alltoallw_rounds();
    allgatherv_rounds();
    rooted_rounds(0);
    rooted_rounds(1);
    from_bottom();
    if (size > 1) {
        counts_disagree();
        rooted_counts_disagree(0);
        rooted_counts_disagree(1);
    }
    /* Still in step afterwards. */
    int one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MT_CHECK(sum == size, "allreduce after the mismatches gave %d", sum);
    return mt_finish();
}
