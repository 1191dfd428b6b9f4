/*
 * transpose.c -- a matrix's columns as a datatype: MPI_Type_vector(rows,
 * 1, cols, element) resized to one element and used cols times, as FFT
 * codes transpose (the layout engine moves these in tiles).
 *
 * For elements of 1, 4, 8 and 16 bytes and matrices of 1 x 9 to 601 x
 * 601, a square and not: MPI_Pack against a transpose made here, MPI_Unpack
 * back into a cleared matrix, a pack in two calls that splits the columns
 * (the second starting at a later column), and with two ranks the matrix
 * sent transposed into a contiguous receive and back, large enough to
 * travel in pieces that end inside a column.
 */
#include <string.h>

#include "../mpitest.h"
#include "mpi.h"

static unsigned char value(size_t i, int salt)
{
    return (unsigned char)(i * 131 + (size_t)salt * 7 + (i >> 7) + 1);
}

/* The matrix (rows x cols elements of esize bytes, row-major) transposed. */
static void transpose_ref(const unsigned char *m, unsigned char *t, int rows, int cols, int esize)
{
    for (int k = 0; k < cols; k++)
        for (int r = 0; r < rows; r++)
            memcpy(t + ((size_t)k * rows + r) * esize, m + ((size_t)r * cols + k) * esize, (size_t)esize);
}

static MPI_Datatype column_type(int rows, int cols, MPI_Datatype element, int esize)
{
    MPI_Datatype column, t;
    MPI_Type_vector(rows, 1, cols, element, &column);
    MPI_Type_create_resized(column, 0, esize, &t);
    MPI_Type_free(&column);
    MPI_Type_commit(&t);
    return t;
}

static void check(int rows, int cols, MPI_Datatype element, int esize, int rank, int size)
{
    size_t bytes = (size_t)rows * cols * esize;
    unsigned char *m = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes), *back = malloc(bytes);
    for (size_t i = 0; i < bytes; i++)
        m[i] = value(i, rows + cols);
    transpose_ref(m, want, rows, cols, esize);
    MPI_Datatype t = column_type(rows, cols, element, esize);

    int pos = 0;
    MPI_Pack(m, cols, t, got, (int)bytes, &pos, MPI_COMM_SELF);
    MT_CHECK(pos == (int)bytes && memcmp(got, want, bytes) == 0, "MPI_Pack of %d x %d, %d-byte elements", rows, cols,
             esize);
    memset(back, 0, bytes);
    pos = 0;
    MPI_Unpack(want, (int)bytes, &pos, back, cols, t, MPI_COMM_SELF);
    MT_CHECK(memcmp(back, m, bytes) == 0, "MPI_Unpack of %d x %d, %d-byte elements", rows, cols, esize);

    /* Two calls: columns [0, split) then [split, cols) from the split's column. */
    int split = cols / 3;
    memset(got, 0, bytes);
    pos = 0;
    MPI_Pack(m, split, t, got, (int)bytes, &pos, MPI_COMM_SELF);
    MPI_Pack(m + (size_t)split * esize, cols - split, t, got, (int)bytes, &pos, MPI_COMM_SELF);
    MT_CHECK(memcmp(got, want, bytes) == 0, "MPI_Pack of %d x %d in two calls split at column %d", rows, cols, split);

    if (size > 1 && rank < 2) {
        /* Rank 0 sends the matrix by columns, rank 1 receives it contiguous
         * and checks the transpose, then sends that back into rank 0's
         * cleared matrix by columns. */
        if (rank == 0) {
            MPI_Send(m, cols, t, 1, 7, MPI_COMM_WORLD);
            memset(back, 0, bytes);
            MPI_Recv(back, cols, t, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(memcmp(back, m, bytes) == 0, "%d x %d, %d-byte elements, received by columns", rows, cols, esize);
        } else {
            memset(got, 0, bytes);
            MPI_Recv(got, (int)bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(memcmp(got, want, bytes) == 0, "%d x %d, %d-byte elements, sent by columns", rows, cols, esize);
            MPI_Send(want, (int)bytes, MPI_BYTE, 0, 8, MPI_COMM_WORLD);
        }
    }
    MPI_Type_free(&t);
    free(m);
    free(want);
    free(got);
    free(back);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Datatype elements[] = {MPI_CHAR, MPI_INT, MPI_DOUBLE, MPI_C_DOUBLE_COMPLEX};
    /* rows x cols: the tiles take columns 512 bytes apart spanning over 64
     * KiB (256 x 256; 300 x 128, whose columns the pieces between ranks
     * split) and columns spanning over 2 MiB (601 x 601 but for chars);
     * the rest go column by column. */
    static const int shapes[][2] = {{1, 9},  {8, 8},     {7, 13},    {13, 7},    {9, 64},
                                    {64, 9}, {100, 100}, {256, 256}, {300, 128}, {601, 601}};
    for (int e = 0; e < 4; e++) {
        int esize;
        MPI_Type_size(elements[e], &esize);
        for (int s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); s++)
            check(shapes[s][0], shapes[s][1], elements[e], esize, rank, size);
    }
    return mt_finish();
}
