/* datatype.c -- non-contiguous transfers between ranks 0 and 1: ping-pong of
 *   column    one column of a 2D array of doubles, 16 per row
 *             (MPI_Type_vector: 8-byte blocks, 128 bytes apart);
 *   face      the y = 1 face of an n x n x n array of doubles
 *             (MPI_Type_create_subarray: blocks of n doubles, n*n apart);
 *   transpose an n x n matrix of doubles by columns (MPI_Type_vector(n,
 *             1, n) resized to one double, n of them: an FFT's transpose);
 *   irregular n single doubles at sorted scattered places, one in 64
 *             touching the next (MPI_Type_create_indexed_block: the halo
 *             of an unstructured mesh);
 *   contig    the same number of bytes as doubles side by side.
 * Both sides use the same type.  Prints "kind bytes MB/s" per size: data
 * bytes over half the round trip, the median of several batches; plain MPI. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCHES 5
#define ROW 16

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* MB/s of round trips of (buf, 1, type) holding bytes of data. */
static double pingpong(int rank, double *buf, MPI_Datatype type, size_t bytes)
{
    /* About 64 MiB per batch, so that even the smallest sizes run for
     * tens of milliseconds. */
    int reps = bytes < (64u << 20) / 20 ? (int)((64u << 20) / bytes) : 20;
    double rate[BATCHES];
    for (int b = -1; b < BATCHES; b++) {
        double t0 = MPI_Wtime();
        for (int r = 0; r < reps; r++) {
            if (rank == 0) {
                MPI_Send(buf, 1, type, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, 1, type, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (rank == 1) {
                MPI_Recv(buf, 1, type, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, 1, type, 0, 1, MPI_COMM_WORLD);
            }
        }
        double dt = MPI_Wtime() - t0;
        if (b >= 0)
            rate[b] = (double)bytes * 2 * reps / dt / 1e6;
    }
    qsort(rate, BATCHES, sizeof rate[0], compare);
    return rate[BATCHES / 2];
}

static void report(int rank, const char *kind, size_t bytes, double rate)
{
    if (rank == 0) {
        printf("%s %zu %.1f\n", kind, bytes, rate);
        fflush(stdout);
    }
}

/* Page-aligned, so that every MPI moves the same placement of the data:
 * where malloc puts an array of a few pages depends on what MPI_Init
 * allocated before it, and a 2 KiB face whose rows cross page boundaries
 * (the array 3872 bytes into a page) ran at 10.5-11.2 GB/s under Tessera
 * against 13.6-13.9 page-aligned, 7.5 against 8.7 under Open MPI. */
static double *alloc_doubles(size_t n)
{
    size_t bytes = (n * sizeof(double) + 4095) & ~(size_t)4095;
    double *p = aligned_alloc(4096, bytes);
    if (!p) {
        fprintf(stderr, "datatype bench: out of memory for %zu doubles\n", n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (size_t i = 0; i < n; i++)
        p[i] = (double)i;
    return p;
}

static void contiguous(int rank, size_t bytes)
{
    double *buf = alloc_doubles(bytes / sizeof(double));
    MPI_Datatype t;
    MPI_Type_contiguous((int)(bytes / sizeof(double)), MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    report(rank, "contig", bytes, pingpong(rank, buf, t, bytes));
    MPI_Type_free(&t);
    free(buf);
}

static void column(int rank, size_t bytes)
{
    size_t rows = bytes / sizeof(double);
    double *buf = alloc_doubles(rows * ROW);
    MPI_Datatype column;
    MPI_Type_vector((int)rows, 1, ROW, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    report(rank, "column", bytes, pingpong(rank, buf, column, bytes));
    MPI_Type_free(&column);
    free(buf);
}

/* The face of an n x n x n array: n * n doubles. */
static void face(int rank, int n)
{
    size_t bytes = (size_t)n * n * sizeof(double);
    double *buf = alloc_doubles((size_t)n * n * n);
    int sizes[3] = {n, n, n}, subsizes[3] = {n, 1, n}, starts[3] = {0, 1, 0};
    MPI_Datatype face;
    MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &face);
    MPI_Type_commit(&face);
    report(rank, "face", bytes, pingpong(rank, buf, face, bytes));
    MPI_Type_free(&face);
    free(buf);
}

/* An n x n matrix by columns, n the largest that fits in bytes. */
static void transpose(int rank, size_t bytes)
{
    int n = 1;
    while ((size_t)(n + 1) * (n + 1) * sizeof(double) <= bytes)
        n++;
    bytes = (size_t)n * n * sizeof(double);
    double *buf = alloc_doubles((size_t)n * n);
    MPI_Datatype column, one, matrix;
    MPI_Type_vector(n, 1, n, MPI_DOUBLE, &column);
    MPI_Type_create_resized(column, 0, sizeof(double), &one);
    MPI_Type_contiguous(n, one, &matrix);
    MPI_Type_commit(&matrix);
    report(rank, "transpose", bytes, pingpong(rank, buf, matrix, bytes));
    MPI_Type_free(&matrix);
    MPI_Type_free(&one);
    MPI_Type_free(&column);
    free(buf);
}

/* bytes / 8 single doubles, entry i at 8 i + (0 to 7) doubles. */
static void irregular(int rank, size_t bytes)
{
    int n = (int)(bytes / sizeof(double));
    double *buf = alloc_doubles((size_t)8 * n);
    int *disp = malloc((size_t)n * sizeof *disp);
    unsigned seed = 12345;
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        disp[i] = 8 * i + (int)((seed >> 16) % 8);
    }
    MPI_Datatype halo;
    MPI_Type_create_indexed_block(n, 1, disp, MPI_DOUBLE, &halo);
    MPI_Type_commit(&halo);
    report(rank, "irregular", bytes, pingpong(rank, buf, halo, bytes));
    MPI_Type_free(&halo);
    free(disp);
    free(buf);
}

/* datatype [MAX]: columns of 1 KiB to MAX bytes (default 16 MiB), faces of
 * n = 16 to 256, each followed by the same bytes contiguous.
 * datatype KIND BYTES: that one case (column, face, transpose, irregular
 * or contig), so that a
 * script can run each case under every MPI one after the other: this
 * machine's speed changes from one minute to the next. */
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc > 2) {
        size_t bytes = strtoul(argv[2], NULL, 0);
        if (strcmp(argv[1], "column") == 0)
            column(rank, bytes);
        else if (strcmp(argv[1], "face") == 0) {
            int n = 1;
            while ((size_t)(n + 1) * (n + 1) * sizeof(double) <= bytes)
                n++;
            face(rank, n);
        } else if (strcmp(argv[1], "transpose") == 0)
            transpose(rank, bytes);
        else if (strcmp(argv[1], "irregular") == 0)
            irregular(rank, bytes);
        else
            contiguous(rank, bytes);
        MPI_Finalize();
        return 0;
    }
    size_t max = argc > 1 ? strtoul(argv[1], NULL, 0) : (16u << 20);
    for (size_t bytes = 1024; bytes <= max; bytes *= 4) {
        column(rank, bytes);
        contiguous(rank, bytes);
    }
    for (int n = 16; n <= 256; n *= 2) {
        face(rank, n);
        contiguous(rank, (size_t)n * n * sizeof(double));
    }
    MPI_Finalize();
    return 0;
}
