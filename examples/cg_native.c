/*
 * cg_native.c -- the same conjugate gradient as cg.c, hand-written for
 * shared memory with threads and atomics and no MPI: the denominator of
 * what MPI costs on one node.
 *
 * The same matrix, rows in the same blocks (thread t takes rank t's), the
 * same arithmetic in the same order.  Where cg.c gathers the search
 * direction, the threads simply read it from the shared vector after a
 * barrier; where it calls MPI_Allreduce, each thread leaves its partial
 * sum in its own cache line and, after a barrier, adds all of them in
 * thread order.  The barrier spins on an atomic counter (and yields when
 * threads outnumber cores), like Tessera's waits.
 *
 *     cg_native [-T threads] [-N grid_side] [-t tolerance] [-m max_iterations] [-r repeats] [-q]
 *
 * -r solves the system that many times (the time printed is the best).
 */
#include "native_sync.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_THREADS = 256 };

typedef struct {
    _Alignas(64) double value;
} partial_t;

static struct {
    int N, n, threads, max_iterations, repeats;
    double tol;
    int *row_start, *col;
    double *val;
    double *b, *x, *r, *p, *q;
    partial_t partial[MAX_THREADS];
    native_barrier_t barrier;
    int iterations;
    double residual, seconds;
} cg;

/* The sum of every thread's value, added in thread order by each. */
static double allreduce(int t, double mine)
{
    cg.partial[t].value = mine;
    native_barrier_wait(&cg.barrier);
    double sum = 0;
    for (int i = 0; i < cg.threads; i++)
        sum += cg.partial[i].value;
    native_barrier_wait(&cg.barrier); /* nobody overwrites a partial before all have read it */
    return sum;
}

/* Arrays on cache-line boundaries, as cg.c's. */
static void *array(size_t count, size_t size)
{
    return aligned_alloc(64, (count * size + 64) / 64 * 64);
}

static void poisson(void)
{
    int N = cg.N, k = 0;
    cg.row_start = array((size_t)cg.n + 1, sizeof *cg.row_start);
    cg.col = array((size_t)cg.n * 5, sizeof *cg.col);
    cg.val = array((size_t)cg.n * 5, sizeof *cg.val);
    for (int row = 0; row < cg.n; row++) {
        int i = row / N, j = row % N;
        cg.row_start[row] = k;
        const int neighbours[4][2] = {{i - 1, j}, {i, j - 1}, {i, j + 1}, {i + 1, j}};
        for (int e = 0; e < 4; e++) {
            int ni = neighbours[e][0], nj = neighbours[e][1];
            if (e == 2) {
                cg.col[k] = row;
                cg.val[k++] = 4.0;
            }
            if (ni >= 0 && ni < N && nj >= 0 && nj < N) {
                cg.col[k] = ni * N + nj;
                cg.val[k++] = -1.0;
            }
        }
    }
    cg.row_start[cg.n] = k;
}

static void matvec(int lo, int hi, const double *x, double *y)
{
    for (int row = lo; row < hi; row++) {
        double sum = 0;
        for (int k = cg.row_start[row]; k < cg.row_start[row + 1]; k++)
            sum += cg.val[k] * x[cg.col[k]];
        y[row] = sum;
    }
}

static double dot(int lo, int hi, const double *a, const double *b)
{
    double sum = 0;
    for (int i = lo; i < hi; i++)
        sum += a[i] * b[i];
    return sum;
}

static double exact_x(int i)
{
    return 1.0 + 0.1 * (i % 7) - 0.05 * (i % 3);
}

static void solve(int t, int first)
{
    int lo = (int)((long)cg.n * t / cg.threads), hi = (int)((long)cg.n * (t + 1) / cg.threads);
    for (int i = lo; i < hi; i++) {
        cg.x[i] = 0;
        cg.r[i] = cg.p[i] = cg.b[i];
    }
    double rr = allreduce(t, dot(lo, hi, cg.r, cg.r));
    double bnorm = sqrt(allreduce(t, dot(lo, hi, cg.b, cg.b)));
    int iterations = 0;
    double start = native_now();
    while (iterations < cg.max_iterations && sqrt(rr) > cg.tol * bnorm) {
        matvec(lo, hi, cg.p, cg.q); /* p is whole after the last barrier */
        double alpha = rr / allreduce(t, dot(lo, hi, cg.p, cg.q));
        for (int i = lo; i < hi; i++) {
            cg.x[i] += alpha * cg.p[i];
            cg.r[i] -= alpha * cg.q[i];
        }
        double rr_new = allreduce(t, dot(lo, hi, cg.r, cg.r));
        double beta = rr_new / rr;
        rr = rr_new;
        for (int i = lo; i < hi; i++)
            cg.p[i] = cg.r[i] + beta * cg.p[i];
        native_barrier_wait(&cg.barrier); /* the whole direction is written before anyone reads it */
        iterations++;
    }
    double seconds = native_now() - start;
    matvec(lo, hi, cg.x, cg.q);
    native_barrier_wait(&cg.barrier);
    double mine = 0;
    for (int i = lo; i < hi; i++)
        mine += (cg.b[i] - cg.q[i]) * (cg.b[i] - cg.q[i]);
    double rnorm = sqrt(allreduce(t, mine));
    if (t == 0) {
        cg.iterations = iterations;
        cg.seconds = first || seconds < cg.seconds ? seconds : cg.seconds;
        cg.residual = rnorm / bnorm;
    }
}

static void *worker(void *arg)
{
    for (int r = 0; r < cg.repeats; r++)
        solve((int)(long)arg, r == 0);
    return NULL;
}

int main(int argc, char **argv)
{
    int quiet = 0;
    cg.N = 200;
    cg.threads = 4;
    cg.max_iterations = 10000;
    cg.repeats = 1;
    cg.tol = 1e-8;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-T") == 0 && i + 1 < argc)
            cg.threads = atoi(argv[++i]);
        else if (strcmp(argv[i], "-N") == 0 && i + 1 < argc)
            cg.N = atoi(argv[++i]);
        else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc)
            cg.tol = atof(argv[++i]);
        else if (strcmp(argv[i], "-m") == 0 && i + 1 < argc)
            cg.max_iterations = atoi(argv[++i]);
        else if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
            cg.repeats = atoi(argv[++i]);
        else if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
    }
    cg.n = cg.N * cg.N;
    if (cg.N < 2 || cg.repeats < 1 || cg.threads < 1 || cg.threads > MAX_THREADS || cg.threads > cg.n) {
        fprintf(stderr, "cg_native: need a grid side of at least 2 and 1 to %d threads\n", MAX_THREADS);
        return 2;
    }
    native_barrier_init(&cg.barrier, cg.threads);
    poisson();
    cg.b = array((size_t)cg.n, sizeof(double));
    cg.x = array((size_t)cg.n, sizeof(double));
    cg.r = array((size_t)cg.n, sizeof(double));
    cg.p = array((size_t)cg.n, sizeof(double));
    cg.q = array((size_t)cg.n, sizeof(double));
    double *xs = array((size_t)cg.n, sizeof(double));
    for (int i = 0; i < cg.n; i++)
        xs[i] = exact_x(i);
    matvec(0, cg.n, xs, cg.b);

    pthread_t tid[MAX_THREADS];
    for (int t = 1; t < cg.threads; t++)
        pthread_create(&tid[t], NULL, worker, (void *)(long)t);
    worker((void *)0L);
    for (int t = 1; t < cg.threads; t++)
        pthread_join(tid[t], NULL);

    double diff = 0, norm = 0;
    for (int i = 0; i < cg.n; i++) {
        diff += (cg.x[i] - xs[i]) * (cg.x[i] - xs[i]);
        norm += xs[i] * xs[i];
    }
    double error = sqrt(diff / norm);
    int bad = cg.residual > 10 * cg.tol || error > 1e4 * cg.tol || cg.iterations >= cg.max_iterations;
    if (!quiet || bad)
        printf("cg_native: %d x %d grid (%d unknowns) on %d threads: %d iterations, residual %.2e, error %.2e; "
               "%.3f s, %.1f us per iteration%s\n",
               cg.N, cg.N, cg.n, cg.threads, cg.iterations, cg.residual, error, cg.seconds,
               1e6 * cg.seconds / (cg.iterations ? cg.iterations : 1), bad ? "  WRONG" : "");
    free(xs);
    free(cg.b);
    free(cg.x);
    free(cg.r);
    free(cg.p);
    free(cg.q);
    free(cg.row_start);
    free(cg.col);
    free(cg.val);
    return bad ? 1 : 0;
}
