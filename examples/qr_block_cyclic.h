/*
 * qr_block_cyclic.h -- what qr.c (MPI) and qr_native.c (threads) share:
 * the 2D block-cyclic layout of a dense matrix over a P x Q grid, the
 * local arithmetic of Householder QR on one grid cell's part, and the
 * serial check of the result.  The two programs differ only in how the
 * cells exchange what the arithmetic needs, which is what they compare.
 *
 * Layout (as ScaLAPACK's): the n x n matrix in nb x nb blocks, block
 * (I, J) on cell (I mod P, J mod Q); each cell keeps its part column by
 * column, rows and columns in global order.
 *
 * Step k of the factorization (column k, on grid column owner(k, Q)):
 *   1. the cells of that grid column add up the squares of column k below
 *      the diagonal and learn the diagonal entry (a column reduction);
 *   2. they form the reflector H = I - tau v v^T (v(k) = 1, below it the
 *      column scaled; the diagonal becomes R's entry beta);
 *   3. v and tau go along each grid row to the other columns (a broadcast);
 *   4. w = v^T A(k:n, j) for every column j > k, summed down each grid
 *      column (a column reduction), then A(k:n, j) -= tau v w(j).
 */
#ifndef QR_BLOCK_CYCLIC_H
#define QR_BLOCK_CYCLIC_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int n, nb;      /* matrix side, block side */
    int P, Q;       /* grid rows and columns */
    int prow, pcol; /* this cell */
    int mloc, nloc; /* rows and columns held here */
    double *a;      /* mloc x nloc, column by column */
} qr_local_t;

/* How many of the indices 0..n-1 (in blocks of nb dealt round P cells)
 * cell p holds.  With n = k: how many of those come before index k. */
static inline int qr_count(int n, int nb, int p, int P)
{
    int blocks = n / nb, count = blocks / P * nb, extra = blocks % P;
    if (p < extra)
        count += nb;
    else if (p == extra)
        count += n % nb;
    return count;
}

/* Arrays of doubles on cache-line boundaries: where malloc puts a buffer
 * depends on what the MPI library allocated before, and how a vector and
 * a matrix column straddle cache lines changed the time of the same
 * arithmetic by 20% from one MPI to another. */
static inline double *qr_alloc(size_t count)
{
    return aligned_alloc(64, (count * sizeof(double) + 64) / 64 * 64);
}

static inline int qr_owner(int i, int nb, int P)
{
    return i / nb % P;
}

static inline int qr_global(int l, int nb, int p, int P)
{
    return (l / nb * P + p) * nb + l % nb;
}

/* The matrix: entries of a hash of (i, j), uniform in [-1, 1). */
static inline double qr_entry(int i, int j)
{
    unsigned long long h =
        (unsigned long long)i * 0x9e3779b97f4a7c15ULL ^ (unsigned long long)j * 0xc2b2ae3d27d4eb4fULL;
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 29;
    return (double)(h >> 11) / (double)(1ULL << 52) - 1.0;
}

static inline void qr_local_init(qr_local_t *L, int n, int nb, int P, int Q, int prow, int pcol)
{
    L->n = n;
    L->nb = nb;
    L->P = P;
    L->Q = Q;
    L->prow = prow;
    L->pcol = pcol;
    L->mloc = qr_count(n, nb, prow, P);
    L->nloc = qr_count(n, nb, pcol, Q);
    L->a = qr_alloc((size_t)L->mloc * (size_t)L->nloc);
    for (int lj = 0; lj < L->nloc; lj++)
        for (int li = 0; li < L->mloc; li++)
            L->a[(size_t)lj * L->mloc + li] = qr_entry(qr_global(li, nb, prow, P), qr_global(lj, nb, pcol, Q));
}

/* Column k's entries from the diagonal down, on a cell of its grid column. */
static inline double *qr_column(const qr_local_t *L, int k)
{
    int lj = qr_count(k, L->nb, L->pcol, L->Q);
    return L->a + (size_t)lj * L->mloc + qr_count(k, L->nb, L->prow, L->P);
}

/* How many of the local rows lie at or below row k; they are the last
 * ones held here, and column k's entries there are v's. */
static inline int qr_rows_from(const qr_local_t *L, int k)
{
    return L->mloc - qr_count(k, L->nb, L->prow, L->P);
}

/* Whether this grid row holds row k: then the first of those rows is the
 * diagonal's. */
static inline int qr_holds_row(const qr_local_t *L, int k)
{
    return qr_owner(k, L->nb, L->P) == L->prow;
}

/* The first column right of k held here. */
static inline int qr_first_right(const qr_local_t *L, int k)
{
    return qr_count(k + 1, L->nb, L->pcol, L->Q);
}

/* Step 1 here: sums[0] the squares below the diagonal, sums[1] the
 * diagonal entry where this cell holds it (else 0). */
static inline void qr_column_partials(const qr_local_t *L, int k, double sums[2])
{
    const double *x = qr_column(L, k);
    int rows = qr_rows_from(L, k), first = qr_holds_row(L, k);
    sums[0] = 0;
    sums[1] = first ? x[0] : 0;
    for (int i = first; i < rows; i++)
        sums[0] += x[i] * x[i];
}

/* Step 2, from the column's sums: returns tau, scales the column below the
 * diagonal into v and puts beta on the diagonal (where held here). */
static inline double qr_reflector(const qr_local_t *L, int k, const double sums[2])
{
    double alpha = sums[1], xnorm2 = sums[0];
    if (xnorm2 == 0)
        return 0; /* already upper triangular here: H = I */
    double beta = -copysign(sqrt(alpha * alpha + xnorm2), alpha), scale = 1 / (alpha - beta);
    double *x = qr_column(L, k);
    int rows = qr_rows_from(L, k), first = qr_holds_row(L, k);
    if (first)
        x[0] = beta;
    for (int i = first; i < rows; i++)
        x[i] *= scale;
    return (beta - alpha) / beta;
}

/* v's first local entry: the implicit 1 where this grid row holds row k
 * (the stored value there is beta). */
static inline double qr_v0(const qr_local_t *L, int k, const double *v)
{
    return qr_holds_row(L, k) ? 1.0 : v[0];
}

/* Step 4 here: w(j) = v^T A(k:n, j) over the local rows, for the columns
 * right of k held here. */
static inline void qr_partial_w(const qr_local_t *L, int k, const double *v, double *w)
{
    int rows = qr_rows_from(L, k), r0 = L->mloc - rows, first = qr_first_right(L, k);
    double v0 = rows > 0 ? qr_v0(L, k, v) : 0;
    for (int lj = first; lj < L->nloc; lj++) {
        const double *col = L->a + (size_t)lj * L->mloc + r0;
        double sum = rows > 0 ? v0 * col[0] : 0;
        for (int i = 1; i < rows; i++)
            sum += v[i] * col[i];
        w[lj - first] = sum;
    }
}

/* Step 4's update, with w summed down the grid column. */
static inline void qr_update(const qr_local_t *L, int k, const double *v, double tau, const double *w)
{
    int rows = qr_rows_from(L, k), r0 = L->mloc - rows, first = qr_first_right(L, k);
    if (rows == 0 || tau == 0)
        return;
    double v0 = qr_v0(L, k, v);
    for (int lj = first; lj < L->nloc; lj++) {
        double *col = L->a + (size_t)lj * L->mloc + r0, t = tau * w[lj - first];
        col[0] -= t * v0;
        for (int i = 1; i < rows; i++)
            col[i] -= t * v[i];
    }
}

/* Puts a cell's part into the whole matrix (column by column, n x n). */
static inline void qr_place(double *whole, int n, int nb, int P, int Q, int prow, int pcol, const double *part)
{
    int mloc = qr_count(n, nb, prow, P), nloc = qr_count(n, nb, pcol, Q);
    for (int lj = 0; lj < nloc; lj++)
        for (int li = 0; li < mloc; li++)
            whole[(size_t)qr_global(lj, nb, pcol, Q) * n + qr_global(li, nb, prow, P)] = part[(size_t)lj * mloc + li];
}

/* The check, serially: from the factored matrix (R on and above the
 * diagonal, the reflectors' v below) and the taus, forms Q, then
 * ||A - QR||_F / ||A||_F and ||Q^T Q - I||_F. */
static inline void qr_check(int n, const double *f, const double *tau, double *residual, double *orthogonality)
{
    double *q = calloc((size_t)n * n, sizeof *q), *w = malloc((size_t)n * sizeof *w);
    for (int i = 0; i < n; i++)
        q[(size_t)i * n + i] = 1;
    /* Q = H_0 H_1 ... H_{n-1} I, applied from the last reflector on. */
    for (int k = n - 1; k >= 0; k--) {
        const double *v = f + (size_t)k * n; /* v(i) for i > k; v(k) = 1 */
        for (int j = 0; j < n; j++) {
            const double *c = q + (size_t)j * n;
            double s = c[k];
            for (int i = k + 1; i < n; i++)
                s += v[i] * c[i];
            w[j] = tau[k] * s;
        }
        for (int j = 0; j < n; j++) {
            double *c = q + (size_t)j * n;
            c[k] -= w[j];
            for (int i = k + 1; i < n; i++)
                c[i] -= w[j] * v[i];
        }
    }
    double diff = 0, norm = 0, orth = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            double qr = 0, a = qr_entry(i, j);
            for (int l = 0; l <= j; l++)
                qr += q[(size_t)l * n + i] * f[(size_t)j * n + l];
            diff += (a - qr) * (a - qr);
            norm += a * a;
        }
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int l = 0; l < n; l++)
                s += q[(size_t)i * n + l] * q[(size_t)j * n + l];
            s -= i == j;
            orth += s * s;
        }
    *residual = sqrt(diff / norm);
    *orthogonality = sqrt(orth);
    free(q);
    free(w);
}

#endif
