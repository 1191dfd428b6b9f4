/*
 * cvl_check.c -- the vector library's operations against a serial
 * reference: every rank builds the whole input, computes each answer the
 * plain way and compares its own block.  Lengths 0, 1, fewer than the
 * ranks, and a few thousand; flags with empty-looking runs of segments of
 * one; both element types; every operation.  Exits 1 on any difference.
 *
 *     mpirun -n 4 cvl_check
 */
#include "cvl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

static uint64_t mix(uint64_t h)
{
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 29;
    h *= 0x94d049bb133111ebULL;
    return h ^ h >> 32;
}

/* Input element g of vector `which`: small integers, so that the double
 * sums are exact and comparable. */
static double value(int which, long g)
{
    return (double)((int64_t)(mix((uint64_t)which << 40 ^ (uint64_t)g) % 2001) - 1000);
}

static void set(cvl_vec_t *v, int which)
{
    for (long k = 0; k < v->hi - v->lo; k++) {
        if (v->type == CVL_INT)
            v->i[k] = (int64_t)value(which, v->lo + k);
        else
            v->d[k] = value(which, v->lo + k);
    }
}

static double get(const cvl_vec_t *v, long k)
{
    return v->type == CVL_INT ? (double)v->i[k] : v->d[k];
}

/* Compares the block of v with the whole reference. */
static void expect(const cvl_t *c, const char *what, long n, const cvl_vec_t *v, const double *want)
{
    for (long k = 0; k < v->hi - v->lo; k++)
        if (get(v, k) != want[v->lo + k]) {
            printf("rank %d: %s, n %ld: element %ld is %g, not %g\n", c->rank, what, n, v->lo + k, get(v, k),
                   want[v->lo + k]);
            failures++;
            return;
        }
}

/* cvl_owner against the blocks' definition (cvl_block_lo), around every
 * block's start and at scattered elements, for lengths up to 2^40. */
static void check_owners(const cvl_t *c)
{
    const long lengths[] = {1, 2, 3, 7, 4099, 1000003, 1L << 33, (1L << 40) + 7};
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
        long n = lengths[i], edges = 4 * (c->size + 1); /* four elements around each block's start */
        for (long k = 0; k < edges + 10000; k++) {
            long g = k < edges ? cvl_block_lo(c, n, (int)(k / 4)) + k % 4 - 2 : (long)(mix((uint64_t)k) % (uint64_t)n);
            if (g < 0 || g >= n)
                continue;
            int r = cvl_owner(c, n, g);
            if (r < 0 || r >= c->size || cvl_block_lo(c, n, r) > g || g >= cvl_block_lo(c, n, r + 1)) {
                printf("rank %d: n %ld: element %ld said to be on rank %d\n", c->rank, n, g, r);
                failures++;
                return;
            }
        }
    }
}

static double apply(cvl_op_t op, double a, double b)
{
    return op == CVL_SUM ? a + b : op == CVL_MAX ? fmax(a, b) : op == CVL_MIN ? fmin(a, b) : a;
}

static double identity(cvl_type_t type, cvl_op_t op)
{
    if (op == CVL_MAX)
        return type == CVL_INT ? (double)INT64_MIN : -INFINITY;
    if (op == CVL_MIN)
        return type == CVL_INT ? (double)INT64_MAX : INFINITY;
    return 0;
}

static const char *op_name[] = {"sum", "max", "min", "copy"};

static void check_length(const cvl_t *c, long n, int density)
{
    double *x = malloc((size_t)n * sizeof *x + 8), *y = malloc((size_t)n * sizeof *y + 8),
           *want = malloc((size_t)n * sizeof *want + 8);
    int *head = malloc((size_t)n * sizeof *head + 8);
    for (long g = 0; g < n; g++) {
        x[g] = value(1, g);
        y[g] = value(2, g);
        head[g] = g == 0 || mix((uint64_t)g * 7 + (uint64_t)density) % (uint64_t)density == 0;
    }
    cvl_vec_t flags = cvl_new(c, CVL_INT, n);
    for (long k = 0; k < flags.hi - flags.lo; k++) /* element 0's flag left 0: it starts a segment anyway */
        flags.i[k] = flags.lo + k > 0 && head[flags.lo + k] ? 1 + k % 3 : 0;
    cvl_vec_t ids = cvl_new(c, CVL_INT, n);
    cvl_segment_ids(c, &ids, &flags);
    for (long g = 0, s = -1; g < n; g++) {
        s += g == 0 || head[g];
        want[g] = (double)s;
    }
    expect(c, "segment ids", n, &ids, want);
    cvl_free(&ids);

    for (cvl_type_t type = CVL_INT; type <= CVL_DOUBLE; type++) {
        const char *tn = type == CVL_INT ? "int" : "double";
        char what[96];
        cvl_vec_t a = cvl_new(c, type, n), b = cvl_new(c, type, n), z = cvl_new(c, type, n);
        set(&a, 1);
        set(&b, 2);

        cvl_add(&z, &a, &b);
        for (long g = 0; g < n; g++)
            want[g] = x[g] + y[g];
        snprintf(what, sizeof what, "add %s", tn);
        expect(c, what, n, &z, want);
        cvl_sub(&z, &a, &b);
        for (long g = 0; g < n; g++)
            want[g] = x[g] - y[g];
        snprintf(what, sizeof what, "sub %s", tn);
        expect(c, what, n, &z, want);
        cvl_mul(&z, &a, &b);
        for (long g = 0; g < n; g++)
            want[g] = x[g] * y[g];
        snprintf(what, sizeof what, "mul %s", tn);
        expect(c, what, n, &z, want);
        cvl_iota(&z);
        for (long g = 0; g < n; g++)
            want[g] = (double)g;
        snprintf(what, sizeof what, "iota %s", tn);
        expect(c, what, n, &z, want);
        cvl_fill(&z, 42);
        for (long g = 0; g < n; g++)
            want[g] = 42;
        snprintf(what, sizeof what, "fill %s", tn);
        expect(c, what, n, &z, want);

        for (cvl_op_t op = CVL_SUM; op <= CVL_COPY; op++) {
            double r = op == CVL_COPY ? (n ? x[0] : 0) : identity(type, op);
            for (long g = 0; g < n && op != CVL_COPY; g++)
                r = apply(op, r, x[g]);
            double got = type == CVL_INT ? (double)cvl_reduce_int(c, &a, op) : cvl_reduce_double(c, &a, op);
            if (got != r) {
                printf("rank %d: reduce %s %s, n %ld: %g, not %g\n", c->rank, op_name[op], tn, n, got, r);
                failures++;
            }
            for (int segmented = 0; segmented < 2; segmented++)
                for (int exclusive = 0; exclusive < 2; exclusive++) {
                    double acc = 0;
                    for (long g = 0; g < n; g++) {
                        int start = g == 0 || (segmented && head[g]);
                        int excl = exclusive && op != CVL_COPY;
                        double next = start ? x[g] : apply(op, acc, x[g]);
                        want[g] = excl ? (start ? identity(type, op) : acc) : next;
                        acc = next;
                    }
                    cvl_vec_t out = cvl_new(c, type, n);
                    cvl_scan(c, &out, &a, segmented ? &flags : NULL, op, exclusive);
                    snprintf(what, sizeof what, "%s%s scan %s %s", segmented ? "segmented " : "",
                             exclusive ? "exclusive" : "inclusive", op_name[op], tn);
                    expect(c, what, n, &out, want);
                    /* in place */
                    cvl_vec_t same = cvl_new(c, type, n);
                    set(&same, 1);
                    cvl_scan(c, &same, &same, segmented ? &flags : NULL, op, exclusive);
                    snprintf(what, sizeof what, "in-place %s%s scan %s %s", segmented ? "segmented " : "",
                             exclusive ? "exclusive" : "inclusive", op_name[op], tn);
                    expect(c, what, n, &same, want);
                    cvl_free(&out);
                    cvl_free(&same);
                }

            long segments = cvl_segments(c, &flags), s = -1;
            for (long g = 0; g < n; g++) {
                if (g == 0 || head[g])
                    want[++s] = x[g];
                else
                    want[s] = apply(op, want[s], x[g]);
            }
            if (segments != s + 1) {
                printf("rank %d: segments, n %ld: %ld, not %ld\n", c->rank, n, segments, s + 1);
                failures++;
            }
            cvl_vec_t per = cvl_new(c, type, segments);
            cvl_seg_reduce(c, &per, &a, &flags, op);
            snprintf(what, sizeof what, "segmented reduce %s %s", op_name[op], tn);
            expect(c, what, segments, &per, want);
            cvl_free(&per);
        }

        /* A permutation (the same on every rank), then a gather with
         * repeats, and a scatter where some elements stay home. */
        long *perm = malloc((size_t)n * sizeof *perm + 8);
        for (long g = 0; g < n; g++)
            perm[g] = g;
        for (long g = n - 1; g > 0; g--) {
            long j = (long)(mix((uint64_t)g + 99) % (uint64_t)(g + 1)), t = perm[g];
            perm[g] = perm[j];
            perm[j] = t;
        }
        cvl_vec_t index = cvl_new(c, CVL_INT, n);
        for (long k = 0; k < index.hi - index.lo; k++)
            index.i[k] = perm[index.lo + k];
        cvl_scatter(c, &z, &a, &index);
        for (long g = 0; g < n; g++)
            want[perm[g]] = x[g];
        snprintf(what, sizeof what, "scatter %s", tn);
        expect(c, what, n, &z, want);

        for (long k = 0; k < index.hi - index.lo; k++)
            index.i[k] = (long)(mix((uint64_t)(index.lo + k) + 5) % (uint64_t)n);
        cvl_gather(c, &z, &a, &index);
        for (long g = 0; g < n; g++)
            want[g] = x[mix((uint64_t)g + 5) % (uint64_t)n];
        snprintf(what, sizeof what, "gather %s", tn);
        expect(c, what, n, &z, want);

        cvl_fill(&z, -7);
        for (long g = 0; g < n; g++)
            want[g] = -7;
        for (long k = 0; k < index.hi - index.lo; k++) {
            long g = index.lo + k;
            index.i[k] = g % 3 == 0 ? -1 : perm[g];
        }
        for (long g = 0; g < n; g++)
            if (g % 3 != 0)
                want[perm[g]] = x[g];
        cvl_scatter(c, &z, &a, &index);
        snprintf(what, sizeof what, "partial scatter %s", tn);
        expect(c, what, n, &z, want);

        free(perm);
        cvl_free(&index);
        cvl_free(&a);
        cvl_free(&b);
        cvl_free(&z);
    }
    cvl_free(&flags);
    free(x);
    free(y);
    free(want);
    free(head);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    cvl_t c;
    cvl_init(&c, MPI_COMM_WORLD);
    check_owners(&c);
    const long lengths[] = {0, 1, 2, 3, 5, 11, 1000, 4099};
    for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
        check_length(&c, lengths[i], 1); /* every element its own segment */
        check_length(&c, lengths[i], 5);
        check_length(&c, lengths[i], 200); /* long segments across ranks */
    }
    int all = failures;
    MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_SUM, c.comm);
    if (c.rank == 0)
        printf("cvl_check on %d ranks: %s\n", c.size, all ? "FAILED" : "all operations agree with the reference");
    cvl_finalize(&c);
    MPI_Finalize();
    return all ? 1 : 0;
}
