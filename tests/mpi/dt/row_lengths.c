/*
 * row_lengths.c -- strided rows of every length the row loop takes.
 *
 * Rows of 32 bytes up to a kilobyte are packed and unpacked by one loop of
 * vector moves, a row's tail moved as the vector that ends it.  For row
 * lengths around every multiple of the vector sizes, strides forwards and
 * backwards, MPI_Pack and MPI_Unpack are checked byte by byte against a
 * reference computed here, and every gap byte must stay as it was; then
 * the same rows go between two ranks, typed on both sides and typed
 * against bytes.
 */
#include <string.h>

#include "../mpitest.h"
#include "mpi.h"

static const int lengths[] = {31,  32,  33,  47,  48,  63,  64,  65,  95,   96,   97,
                              127, 128, 129, 200, 255, 256, 257, 500, 1000, 1023, 1024};
#define NLENGTHS (int)(sizeof lengths / sizeof lengths[0])
#define ROWS 7

static unsigned char pattern(size_t i, int salt)
{
    return (unsigned char)(i * 131 + (size_t)salt * 7 + 1);
}

/* The type: ROWS rows of len bytes, stride bytes apart (negative: the
 * rows run backwards from the first).  The buffer holds the span with a
 * margin on each side; base is where the first row starts. */
static void check_length(int len, int backwards, int rank, int size)
{
    MPI_Aint stride = (MPI_Aint)len + 24 + (len % 5);
    if (backwards)
        stride = -stride;
    size_t span = (size_t)(ROWS - 1) * (size_t)(stride < 0 ? -stride : stride) + (size_t)len;
    size_t margin = 64, total = span + 2 * margin;
    unsigned char *buf = malloc(total), *ref = malloc(total), *packed = malloc((size_t)len * ROWS);
    size_t first = margin + (backwards ? span - (size_t)len : 0);
    MPI_Datatype rows;
    MPI_Type_create_hvector(ROWS, len, stride, MPI_BYTE, &rows);
    MPI_Type_commit(&rows);

    /* Pack: the rows in order. */
    for (size_t i = 0; i < total; i++)
        buf[i] = pattern(i, len);
    int pos = 0;
    MPI_Pack(buf + first, 1, rows, packed, len * ROWS, &pos, MPI_COMM_SELF);
    int bad = pos != len * ROWS;
    for (int r = 0; r < ROWS; r++)
        for (int b = 0; b < len; b++)
            bad += packed[r * len + b] != pattern(first + (size_t)((MPI_Aint)r * stride) + (size_t)b, len);
    MT_CHECK(bad == 0, "pack of %d rows of %d bytes, stride %ld: %d wrong", ROWS, len, (long)stride, bad);

    /* Unpack into a buffer of 0xee: only the rows' bytes change. */
    for (int i = 0; i < len * ROWS; i++)
        packed[i] = pattern((size_t)i, len + 3);
    memset(buf, 0xee, total);
    memset(ref, 0xee, total);
    for (int r = 0; r < ROWS; r++)
        for (int b = 0; b < len; b++)
            ref[first + (size_t)((MPI_Aint)r * stride) + (size_t)b] = packed[r * len + b];
    pos = 0;
    MPI_Unpack(packed, len * ROWS, &pos, buf + first, 1, rows, MPI_COMM_SELF);
    bad = 0;
    for (size_t i = 0; i < total; i++)
        bad += buf[i] != ref[i];
    MT_CHECK(bad == 0, "unpack of %d rows of %d bytes, stride %ld: %d bytes wrong", ROWS, len, (long)stride, bad);

    /* Between two ranks: rows to rows, then rows to bytes. */
    if (size >= 2 && rank < 2) {
        if (rank == 0) {
            for (size_t i = 0; i < total; i++)
                buf[i] = pattern(i, len + 5);
            MPI_Send(buf + first, 1, rows, 1, len, MPI_COMM_WORLD);
            MPI_Send(buf + first, 1, rows, 1, len, MPI_COMM_WORLD);
        } else {
            memset(buf, 0xee, total);
            MPI_Recv(buf + first, 1, rows, 0, len, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad = 0;
            for (int r = 0; r < ROWS; r++)
                for (int b = 0; b < len; b++) {
                    size_t at = first + (size_t)((MPI_Aint)r * stride) + (size_t)b;
                    bad += buf[at] != pattern(at, len + 5);
                    buf[at] = 0xee;
                }
            for (size_t i = 0; i < total; i++)
                bad += buf[i] != 0xee; /* nothing outside the rows */
            MT_CHECK(bad == 0, "rows of %d bytes, stride %ld, sent typed: %d bytes wrong", len, (long)stride, bad);
            MPI_Recv(packed, len * ROWS, MPI_BYTE, 0, len, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad = 0;
            for (int r = 0; r < ROWS; r++)
                for (int b = 0; b < len; b++)
                    bad += packed[r * len + b] != pattern(first + (size_t)((MPI_Aint)r * stride) + (size_t)b, len + 5);
            MT_CHECK(bad == 0, "rows of %d bytes, stride %ld, received as bytes: %d wrong", len, (long)stride, bad);
        }
    }
    MPI_Type_free(&rows);
    free(buf);
    free(ref);
    free(packed);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < NLENGTHS; i++)
        for (int backwards = 0; backwards < 2; backwards++)
            check_length(lengths[i], backwards, rank, size);
    return mt_finish();
}
