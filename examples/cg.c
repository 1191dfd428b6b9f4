/*
 * cg.c -- conjugate gradient for A x = b, A the 5-point Poisson matrix of
 * an N x N grid (symmetric positive definite, n = N*N unknowns), rows in
 * blocks over the ranks.  Each iteration brings in the part of the search
 * direction that the local matrix rows reach (the grid row above and
 * below the block: a halo, by MPI_Isend/MPI_Irecv with the ranks that
 * hold it; -a gathers the whole direction with MPI_Allgatherv instead)
 * and takes two dot products with MPI_Allreduce.
 *
 * b is A times a known x, so the answer is checked twice: against that x,
 * and against the same iteration run serially on rank 0.  The program
 * exits non-zero when either is off.
 *
 *     mpirun -n 4 cg [-N grid_side] [-t tolerance] [-m max_iterations] [-r repeats] [-a] [-q]
 *
 * Rank 0 prints the residual every 50 iterations and the outcome (-q:
 * only a wrong outcome).  -r solves the system that many times (the time
 * printed is the best).
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int n;          /* unknowns */
    int lo, hi;     /* the rows held here */
    int *row_start; /* hi - lo + 1 entries: where each row's nonzeros start */
    int *col;       /* global column of each nonzero */
    double *val;
} matrix_t;

/* Arrays on cache-line boundaries: where malloc puts a buffer depends on
 * what the MPI library allocated before, and that alone changed the time
 * of the same arithmetic by up to 20% from one MPI to another. */
static void *array(size_t count, size_t size)
{
    return aligned_alloc(64, (count * size + 64) / 64 * 64);
}

/* Rows lo..hi-1 of the Poisson matrix of an N x N grid. */
static void poisson_rows(int N, int lo, int hi, matrix_t *A)
{
    A->n = N * N;
    A->lo = lo;
    A->hi = hi;
    A->row_start = array((size_t)(hi - lo + 1), sizeof *A->row_start);
    A->col = array((size_t)(hi - lo) * 5, sizeof *A->col);
    A->val = array((size_t)(hi - lo) * 5, sizeof *A->val);
    int k = 0;
    for (int row = lo; row < hi; row++) {
        int i = row / N, j = row % N;
        A->row_start[row - lo] = k;
        const int neighbours[4][2] = {{i - 1, j}, {i, j - 1}, {i, j + 1}, {i + 1, j}};
        for (int e = 0; e < 4; e++) {
            int ni = neighbours[e][0], nj = neighbours[e][1];
            if (e == 2) { /* the diagonal, in column order */
                A->col[k] = row;
                A->val[k++] = 4.0;
            }
            if (ni >= 0 && ni < N && nj >= 0 && nj < N) {
                A->col[k] = ni * N + nj;
                A->val[k++] = -1.0;
            }
        }
    }
    A->row_start[hi - lo] = k;
}

static void matrix_free(matrix_t *A)
{
    free(A->row_start);
    free(A->col);
    free(A->val);
}

/* y (local rows) = A x, x holding the columns from first on. */
static void matvec(const matrix_t *A, const double *x, int first, double *y)
{
    x -= first;
    /* The arrays in locals, as cg_native.c has them in globals: read
     * through A, GCC made the inner loop 25% more instructions than the
     * native version's, and one rank 3-4% slower than the threads. */
    const int *row_start = A->row_start, *col = A->col;
    const double *val = A->val;
    int m = A->hi - A->lo;
    for (int r = 0; r < m; r++) {
        double sum = 0;
        for (int k = row_start[r]; k < row_start[r + 1]; k++)
            sum += val[k] * x[col[k]];
        y[r] = sum;
    }
}

/* How the search direction comes in each iteration. */
typedef struct {
    MPI_Comm comm;
    int first, last;   /* the columns the local rows reach */
    int allgather;     /* bring in every column, by MPI_Allgatherv */
    const int *counts; /* of MPI_Allgatherv */
    const int *displs;
    int nrecv, nsend; /* halo pieces */
    struct piece {
        int rank, start, count;
    } * recv, *send;
    MPI_Request *requests;
} exchange_t;

static int overlap(int lo1, int hi1, int lo2, int hi2, struct piece *piece)
{
    piece->start = lo1 > lo2 ? lo1 : lo2;
    piece->count = (hi1 < hi2 ? hi1 : hi2) - piece->start;
    return piece->count > 0;
}

/* Works out, once, which ranks send which columns to which: every rank
 * says which columns its rows reach, and each rank sends the part of
 * that it holds. */
static void exchange_plan(exchange_t *ex, const matrix_t *A, MPI_Comm comm, int allgather, const int *counts,
                          const int *displs)
{
    memset(ex, 0, sizeof *ex);
    ex->comm = comm;
    ex->first = A->lo;
    ex->last = A->hi;
    for (int k = 0; k < A->row_start[A->hi - A->lo]; k++) {
        ex->first = A->col[k] < ex->first ? A->col[k] : ex->first;
        ex->last = A->col[k] + 1 > ex->last ? A->col[k] + 1 : ex->last;
    }
    ex->allgather = allgather;
    ex->counts = counts;
    ex->displs = displs;
    if (allgather) {
        ex->first = 0;
        ex->last = A->n;
        return;
    }
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int mine[2] = {ex->first, ex->last}, *reach = malloc(2 * (size_t)size * sizeof *reach);
    MPI_Allgather(mine, 2, MPI_INT, reach, 2, MPI_INT, comm);
    ex->recv = malloc((size_t)size * sizeof *ex->recv);
    ex->send = malloc((size_t)size * sizeof *ex->send);
    ex->requests = malloc(2 * (size_t)size * sizeof *ex->requests);
    for (int q = 0; q < size; q++) {
        if (q == rank)
            continue;
        if (overlap(ex->first, ex->last, displs[q], displs[q] + counts[q], &ex->recv[ex->nrecv]))
            ex->recv[ex->nrecv++].rank = q;
        if (overlap(reach[2 * q], reach[2 * q + 1], A->lo, A->hi, &ex->send[ex->nsend]))
            ex->send[ex->nsend++].rank = q;
    }
    free(reach);
}

static void exchange_free(exchange_t *ex)
{
    free(ex->recv);
    free(ex->send);
    free(ex->requests);
}

/* v holds columns first..last-1, the local rows' part already in place;
 * bring in the rest. */
static void exchange(const exchange_t *ex, double *v)
{
    if (ex->allgather) {
        MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, v, ex->counts, ex->displs, MPI_DOUBLE, ex->comm);
        return;
    }
    int k = 0;
    for (int i = 0; i < ex->nrecv; i++)
        MPI_Irecv(v + ex->recv[i].start - ex->first, ex->recv[i].count, MPI_DOUBLE, ex->recv[i].rank, 0, ex->comm,
                  &ex->requests[k++]);
    for (int i = 0; i < ex->nsend; i++)
        MPI_Isend(v + ex->send[i].start - ex->first, ex->send[i].count, MPI_DOUBLE, ex->send[i].rank, 0, ex->comm,
                  &ex->requests[k++]);
    MPI_Waitall(k, ex->requests, MPI_STATUSES_IGNORE);
}

static double dot(int m, const double *a, const double *b)
{
    double sum = 0;
    for (int i = 0; i < m; i++)
        sum += a[i] * b[i];
    return sum;
}

static double exact_x(int i)
{
    return 1.0 + 0.1 * (i % 7) - 0.05 * (i % 3);
}

typedef struct {
    int iterations;
    double residual; /* ||b - A x|| / ||b||, recomputed at the end */
    double seconds;
} result_t;

/* CG on the rows of A held here (on MPI_COMM_SELF: serially, A holding
 * every row).  x gets the local rows of the solution. */
static result_t solve(const matrix_t *A, const double *b, double *x, double tol, int max_iterations,
                      const exchange_t *ex, int report_every)
{
    int m = A->hi - A->lo;
    MPI_Comm comm = ex->comm;
    /* The search direction lives among the columns the rows reach. */
    double *reach = array((size_t)(ex->last - ex->first), sizeof *reach), *p = reach + (A->lo - ex->first);
    double *r = array((size_t)m, sizeof *r), *q = array((size_t)m, sizeof *q);
    for (int i = 0; i < m; i++) {
        x[i] = 0;
        r[i] = p[i] = b[i];
    }
    double sums[2] = {dot(m, r, r), dot(m, b, b)};
    MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, comm);
    double rr = sums[0], bnorm = sqrt(sums[1]);
    result_t res = {0, 0, 0};
    MPI_Barrier(comm); /* everyone starts the clock together */
    double start = MPI_Wtime();
    while (res.iterations < max_iterations && sqrt(rr) > tol * bnorm) {
        exchange(ex, reach);
        matvec(A, reach, ex->first, q);
        double pq = dot(m, p, q);
        MPI_Allreduce(MPI_IN_PLACE, &pq, 1, MPI_DOUBLE, MPI_SUM, comm);
        double alpha = rr / pq;
        for (int i = 0; i < m; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        double rr_new = dot(m, r, r);
        MPI_Allreduce(MPI_IN_PLACE, &rr_new, 1, MPI_DOUBLE, MPI_SUM, comm);
        double beta = rr_new / rr;
        rr = rr_new;
        for (int i = 0; i < m; i++)
            p[i] = r[i] + beta * p[i];
        res.iterations++;
        if (report_every && res.iterations % report_every == 0)
            printf("  iteration %5d: residual %.3e\n", res.iterations, sqrt(rr) / bnorm);
    }
    res.seconds = MPI_Wtime() - start;
    /* The true residual, not the recurrence's. */
    memcpy(p, x, (size_t)m * sizeof *x);
    exchange(ex, reach);
    matvec(A, reach, ex->first, q);
    for (int i = 0; i < m; i++)
        q[i] = b[i] - q[i];
    double rnorm2 = dot(m, q, q);
    MPI_Allreduce(MPI_IN_PLACE, &rnorm2, 1, MPI_DOUBLE, MPI_SUM, comm);
    res.residual = sqrt(rnorm2) / bnorm;
    free(reach);
    free(r);
    free(q);
    return res;
}

int main(int argc, char **argv)
{
    int N = 200, max_iterations = 10000, repeats = 1, quiet = 0, allgather = 0;
    double tol = 1e-8;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-N") == 0 && i + 1 < argc)
            N = atoi(argv[++i]);
        else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc)
            tol = atof(argv[++i]);
        else if (strcmp(argv[i], "-m") == 0 && i + 1 < argc)
            max_iterations = atoi(argv[++i]);
        else if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
            repeats = atoi(argv[++i]);
        else if (strcmp(argv[i], "-a") == 0)
            allgather = 1;
        else if (strcmp(argv[i], "-q") == 0)
            quiet = 1;
    }
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = N * N;
    if (N < 2 || size > n || repeats < 1) {
        if (rank == 0)
            fprintf(stderr, "cg: need a grid side of at least 2, at most %d ranks for it and repeats >= 1\n", n);
        MPI_Finalize();
        return 2;
    }

    /* Balanced blocks of rows. */
    int *counts = malloc((size_t)size * sizeof *counts), *displs = malloc((size_t)size * sizeof *displs);
    for (int r = 0; r < size; r++) {
        displs[r] = (int)((long)n * r / size);
        counts[r] = (int)((long)n * (r + 1) / size) - displs[r];
    }
    matrix_t A;
    poisson_rows(N, displs[rank], displs[rank] + counts[rank], &A);
    int m = counts[rank];
    double *xs = array((size_t)n, sizeof *xs), *b = array((size_t)m, sizeof *b);
    double *x = array((size_t)m, sizeof *x);
    for (int i = 0; i < n; i++)
        xs[i] = exact_x(i);
    matvec(&A, xs, 0, b);

    exchange_t ex;
    exchange_plan(&ex, &A, MPI_COMM_WORLD, allgather, counts, displs);
    int report_every = rank == 0 && !quiet ? 50 : 0;
    result_t res = solve(&A, b, x, tol, max_iterations, &ex, report_every);
    for (int r = 1; r < repeats; r++) {
        result_t again = solve(&A, b, x, tol, max_iterations, &ex, 0);
        res.seconds = again.seconds < res.seconds ? again.seconds : res.seconds;
    }

    /* Against the known solution, everywhere. */
    double err[2] = {0, 0};
    for (int i = 0; i < m; i++) {
        double d = x[i] - xs[A.lo + i];
        err[0] += d * d;
        err[1] += xs[A.lo + i] * xs[A.lo + i];
    }
    MPI_Allreduce(MPI_IN_PLACE, err, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double error = sqrt(err[0] / err[1]);

    /* Against the serial run, on rank 0. */
    double *whole = rank == 0 ? array((size_t)n, sizeof *whole) : NULL;
    MPI_Gatherv(x, m, MPI_DOUBLE, whole, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    int bad = 0;
    if (rank == 0) {
        matrix_t S;
        poisson_rows(N, 0, n, &S);
        double *sb = array((size_t)n, sizeof *sb), *sx = array((size_t)n, sizeof *sx);
        matvec(&S, xs, 0, sb);
        exchange_t alone;
        exchange_plan(&alone, &S, MPI_COMM_SELF, 0, NULL, NULL);
        result_t serial = solve(&S, sb, sx, tol, max_iterations, &alone, 0);
        exchange_free(&alone);
        double diff = 0, norm = 0;
        for (int i = 0; i < n; i++) {
            diff += (whole[i] - sx[i]) * (whole[i] - sx[i]);
            norm += sx[i] * sx[i];
        }
        double vs_serial = sqrt(diff / norm);
        /* Sums in another order change the last bits, and CG amplifies
         * them a little; the iteration counts may differ by a step. */
        bad = res.residual > 10 * tol || vs_serial > 1e3 * tol || error > 1e4 * tol ||
              abs(res.iterations - serial.iterations) > 2 || res.iterations >= max_iterations;
        if (!quiet || bad)
            printf("cg: %d x %d grid (%d unknowns) on %d ranks (%s): %d iterations (serial %d), residual %.2e, "
                   "error %.2e, vs serial %.2e; %.3f s, %.1f us per iteration%s\n",
                   N, N, n, size, allgather ? "allgather" : "halo", res.iterations, serial.iterations, res.residual,
                   error, vs_serial, res.seconds, 1e6 * res.seconds / (res.iterations ? res.iterations : 1),
                   bad ? "  WRONG" : "");
        free(sb);
        free(sx);
        matrix_free(&S);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(whole);
    free(xs);
    free(b);
    free(x);
    free(counts);
    free(displs);
    exchange_free(&ex);
    matrix_free(&A);
    MPI_Finalize();
    return bad ? 1 : 0;
}
