/*
 * qr_native.c -- the same Householder QR as qr.c, hand-written for shared
 * memory with threads and atomics and no MPI: the denominator of what MPI
 * costs on one node.
 *
 * Thread t is grid cell (t / Q, t mod Q) of the same P x Q grid as qr.c's
 * ranks, holds the same part of the matrix and does the same arithmetic
 * (qr_block_cyclic.h).  Where qr.c reduces down a grid column, each
 * thread leaves its partial sums in its own slot and, after a barrier,
 * adds its grid column's slots in order; where qr.c broadcasts the
 * reflector along a grid row, the threads read it in place from the
 * owner's part of the matrix.  Three barriers per column.
 *
 *     qr_native [-T threads] [-n side] [-b block] [-r repeats] [-q]
 */
#include "native_sync.h"
#include "qr_block_cyclic.h"

#include <pthread.h>
#include <stdio.h>

enum { MAX_THREADS = 256 };

typedef struct {
    _Alignas(64) double sums[2];
    double *w; /* partial v^T A(k:n, j), the cell's columns right of k */
} slot_t;

static struct {
    int n, nb, P, Q, threads, repeats;
    qr_local_t cell[MAX_THREADS];
    slot_t slot[MAX_THREADS];
    double *tau;
    double best;
    native_barrier_t barrier;
} qr;

static void factor(int t)
{
    qr_local_t *L = &qr.cell[t];
    double *w = qr_alloc((size_t)L->nloc);
    for (int k = 0; k < qr.n; k++) {
        int owner = qr_owner(k, qr.nb, qr.Q);
        const qr_local_t *holder = &qr.cell[L->prow * qr.Q + owner]; /* of v, in this grid row */
        if (owner == L->pcol)
            qr_column_partials(L, k, qr.slot[t].sums);
        native_barrier_wait(&qr.barrier);
        if (owner == L->pcol) {
            double sums[2] = {0, 0};
            for (int r = 0; r < qr.P; r++) {
                sums[0] += qr.slot[r * qr.Q + owner].sums[0];
                sums[1] += qr.slot[r * qr.Q + owner].sums[1];
            }
            double tau = qr_reflector(L, k, sums);
            if (L->prow == 0)
                qr.tau[k] = tau;
        }
        native_barrier_wait(&qr.barrier);
        const double *v = qr_column(holder, k);
        qr_partial_w(L, k, v, qr.slot[t].w);
        native_barrier_wait(&qr.barrier);
        int right = L->nloc - qr_first_right(L, k);
        for (int j = 0; j < right; j++) {
            double sum = 0;
            for (int r = 0; r < qr.P; r++)
                sum += qr.slot[r * qr.Q + L->pcol].w[j];
            w[j] = sum;
        }
        qr_update(L, k, v, qr.tau[k], w);
    }
    free(w);
}

static void *worker(void *arg)
{
    int t = (int)(long)arg;
    for (int r = 0; r < qr.repeats; r++) {
        if (r > 0) { /* the matrix again */
            free(qr.cell[t].a);
            qr_local_init(&qr.cell[t], qr.n, qr.nb, qr.P, qr.Q, t / qr.Q, t % qr.Q);
        }
        native_barrier_wait(&qr.barrier);
        double start = native_now();
        factor(t);
        native_barrier_wait(&qr.barrier);
        double seconds = native_now() - start;
        if (t == 0 && (r == 0 || seconds < qr.best))
            qr.best = seconds;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int quiet = 0;
    qr.n = 256;
    qr.nb = 8;
    qr.threads = 4;
    qr.repeats = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-T") == 0 && i + 1 < argc)
            qr.threads = atoi(argv[++i]);
        else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            qr.n = atoi(argv[++i]);
        else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc)
            qr.nb = atoi(argv[++i]);
        else if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
            qr.repeats = atoi(argv[++i]);
        else if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
    }
    if (qr.n < 1 || qr.nb < 1 || qr.repeats < 1 || qr.threads < 1 || qr.threads > MAX_THREADS) {
        fprintf(stderr, "qr_native: need a side, a block and repeats of at least 1, and 1 to %d threads\n",
                MAX_THREADS);
        return 2;
    }
    /* The grid MPI_Dims_create makes: as square as it goes, P >= Q. */
    qr.Q = 1;
    for (int d = 1; d * d <= qr.threads; d++)
        if (qr.threads % d == 0)
            qr.Q = d;
    qr.P = qr.threads / qr.Q;
    native_barrier_init(&qr.barrier, qr.threads);
    qr.tau = malloc((size_t)qr.n * sizeof *qr.tau);
    for (int t = 0; t < qr.threads; t++) {
        qr_local_init(&qr.cell[t], qr.n, qr.nb, qr.P, qr.Q, t / qr.Q, t % qr.Q);
        qr.slot[t].w = qr_alloc((size_t)qr.cell[t].nloc);
    }

    pthread_t tid[MAX_THREADS];
    for (int t = 1; t < qr.threads; t++)
        pthread_create(&tid[t], NULL, worker, (void *)(long)t);
    worker((void *)0L);
    for (int t = 1; t < qr.threads; t++)
        pthread_join(tid[t], NULL);

    int n = qr.n;
    double *f = malloc((size_t)n * n * sizeof *f), residual, orthogonality;
    for (int t = 0; t < qr.threads; t++)
        qr_place(f, n, qr.nb, qr.P, qr.Q, t / qr.Q, t % qr.Q, qr.cell[t].a);
    qr_check(n, f, qr.tau, &residual, &orthogonality);
    int bad = residual > 1e-13 * n || orthogonality > 1e-13 * n;
    if (!quiet || bad)
        printf("qr_native: %d x %d in blocks of %d on a %d x %d grid of threads: %.6f s (%.2f Gflop/s), "
               "||A-QR||/||A|| %.2e, ||QtQ-I|| %.2e%s\n",
               n, n, qr.nb, qr.P, qr.Q, qr.best, 4.0 / 3 * n * n * (double)n / qr.best * 1e-9, residual, orthogonality,
               bad ? "  WRONG" : "");
    free(f);
    free(qr.tau);
    for (int t = 0; t < qr.threads; t++) {
        free(qr.cell[t].a);
        free(qr.slot[t].w);
    }
    return bad ? 1 : 0;
}
