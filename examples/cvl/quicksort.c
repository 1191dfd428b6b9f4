/*
 * quicksort.c -- NESL's quicksort on the segmented vector library: every
 * segment (a subproblem still to sort) is partitioned at once, so the
 * recursion's nested parallelism runs as one flat data-parallel step per
 * level, whatever the segments' sizes.
 *
 * One level: each segment's first key is its pivot (a segmented copy
 * scan); every key learns whether it is less than, equal to or greater
 * than its pivot, its place among those of its kind in its segment
 * (segmented exclusive scans), how many of each kind its segment has
 * (segmented reductions, brought back to each key by a gather) and where
 * its segment starts; the keys then move to their places (a scatter), and
 * each group becomes a segment.  Done when every segment's keys equal its
 * pivot.
 *
 * The keys are pseudo-random (-k: drawn from that many values, to have
 * repeats); rank 0 gathers the result and compares it with qsort's.
 *
 *     mpirun -n 4 quicksort [-n keys] [-k distinct_values] [-q]
 */
#include "cvl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t key(long g, long distinct)
{
    uint64_t h = (uint64_t)g * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 29;
    return (int64_t)(h % (uint64_t)distinct);
}

static int compare(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

enum { LESS, EQUAL, GREATER, KINDS };

/* One level of the sort; returns 0 when every segment was already done. */
static int partition(const cvl_t *c, cvl_vec_t *keys, cvl_vec_t *flags)
{
    long n = keys->n, m = keys->hi - keys->lo;
    cvl_vec_t pivot = cvl_new(c, CVL_INT, n), kind[KINDS], place[KINDS];
    cvl_scan(c, &pivot, keys, flags, CVL_COPY, 0);
    long unequal = 0;
    for (int t = 0; t < KINDS; t++) {
        kind[t] = cvl_new(c, CVL_INT, n);
        place[t] = cvl_new(c, CVL_INT, n);
    }
    for (long k = 0; k < m; k++) {
        int t = keys->i[k] < pivot.i[k] ? LESS : keys->i[k] == pivot.i[k] ? EQUAL : GREATER;
        for (int u = 0; u < KINDS; u++)
            kind[u].i[k] = u == t;
        unequal += t != EQUAL;
    }
    MPI_Allreduce(MPI_IN_PLACE, &unequal, 1, MPI_LONG, MPI_SUM, c->comm);
    if (unequal == 0) {
        for (int t = 0; t < KINDS; t++) {
            cvl_free(&kind[t]);
            cvl_free(&place[t]);
        }
        cvl_free(&pivot);
        return 0;
    }

    /* Where each key goes: its segment's start, then the groups before its
     * own, then its place within its group. */
    long segments = cvl_segments(c, flags);
    cvl_vec_t start = cvl_new(c, CVL_INT, n), segment = cvl_new(c, CVL_INT, n);
    cvl_iota(&start);
    cvl_scan(c, &start, &start, flags, CVL_COPY, 0);
    cvl_segment_ids(c, &segment, flags);
    cvl_vec_t before[2]; /* how many LESS, and LESS or EQUAL, the key's segment has */
    for (int t = LESS; t <= EQUAL; t++) {
        cvl_vec_t per_segment = cvl_new(c, CVL_INT, segments);
        cvl_seg_reduce(c, &per_segment, &kind[t], flags, CVL_SUM);
        before[t] = cvl_new(c, CVL_INT, n);
        cvl_gather(c, &before[t], &per_segment, &segment);
        cvl_free(&per_segment);
    }
    for (int t = 0; t < KINDS; t++)
        cvl_scan(c, &place[t], &kind[t], flags, CVL_SUM, 1);

    cvl_vec_t to = cvl_new(c, CVL_INT, n), head = cvl_new(c, CVL_INT, n);
    for (long k = 0; k < m; k++) {
        int t = kind[LESS].i[k] ? LESS : kind[EQUAL].i[k] ? EQUAL : GREATER;
        int64_t offset = t == LESS ? 0 : t == EQUAL ? before[LESS].i[k] : before[LESS].i[k] + before[EQUAL].i[k];
        to.i[k] = start.i[k] + offset + place[t].i[k];
        head.i[k] = place[t].i[k] == 0; /* the first of its group starts a segment */
    }
    cvl_vec_t moved = cvl_new(c, CVL_INT, n);
    cvl_scatter(c, &moved, keys, &to);
    memcpy(keys->i, moved.i, (size_t)m * sizeof *moved.i);
    cvl_scatter(c, flags, &head, &to);

    for (int t = 0; t < KINDS; t++) {
        cvl_free(&kind[t]);
        cvl_free(&place[t]);
    }
    cvl_free(&before[LESS]);
    cvl_free(&before[EQUAL]);
    cvl_free(&pivot);
    cvl_free(&start);
    cvl_free(&segment);
    cvl_free(&to);
    cvl_free(&head);
    cvl_free(&moved);
    return 1;
}

int main(int argc, char **argv)
{
    long n = 100000, distinct = 1L << 40;
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            n = atol(argv[++i]);
        else if (strcmp(argv[i], "-k") == 0 && i + 1 < argc)
            distinct = atol(argv[++i]);
        else if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
    }
    MPI_Init(&argc, &argv);
    cvl_t c;
    cvl_init(&c, MPI_COMM_WORLD);
    if (n < 0 || distinct < 1) {
        if (c.rank == 0)
            fprintf(stderr, "quicksort: need a number of keys >= 0 and of values >= 1\n");
        cvl_finalize(&c);
        MPI_Finalize();
        return 2;
    }

    cvl_vec_t keys = cvl_new(&c, CVL_INT, n), flags = cvl_new(&c, CVL_INT, n);
    long m = keys.hi - keys.lo;
    for (long k = 0; k < m; k++) {
        keys.i[k] = key(keys.lo + k, distinct);
        flags.i[k] = 0; /* one segment: the whole vector */
    }
    MPI_Barrier(c.comm);
    double start = MPI_Wtime();
    int levels = 0;
    while (partition(&c, &keys, &flags))
        levels++;
    double seconds = MPI_Wtime() - start;
    MPI_Allreduce(MPI_IN_PLACE, &seconds, 1, MPI_DOUBLE, MPI_MAX, c.comm);

    /* Rank 0 compares with qsort. */
    int *counts = malloc((size_t)c.size * sizeof *counts), *displs = malloc((size_t)c.size * sizeof *displs);
    for (int r = 0; r < c.size; r++) {
        displs[r] = (int)cvl_block_lo(&c, n, r);
        counts[r] = (int)cvl_block_lo(&c, n, r + 1) - displs[r];
    }
    int64_t *all = c.rank == 0 ? malloc((size_t)n * sizeof *all + 8) : NULL;
    MPI_Gatherv(keys.i, (int)m, MPI_INT64_T, all, counts, displs, MPI_INT64_T, 0, c.comm);
    int bad = 0;
    if (c.rank == 0) {
        int64_t *want = malloc((size_t)n * sizeof *want + 8);
        for (long g = 0; g < n; g++)
            want[g] = key(g, distinct);
        qsort(want, (size_t)n, sizeof *want, compare);
        bad = memcmp(all, want, (size_t)n * sizeof *want) != 0;
        if (!quiet || bad)
            printf("quicksort: %ld keys (%ld values) on %d ranks: %d levels, %.4f s, %.1f ns per key%s\n", n, distinct,
                   c.size, levels, seconds, n ? 1e9 * seconds / (double)n : 0.0,
                   bad ? "  WRONG: differs from qsort" : "");
        free(want);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, c.comm);
    free(all);
    free(counts);
    free(displs);
    cvl_free(&keys);
    cvl_free(&flags);
    cvl_finalize(&c);
    MPI_Finalize();
    return bad ? 1 : 0;
}
