/*
 * faces.c -- the z faces of 3D arrays, as halo exchanges send them: small
 * blocks a row apart, which where the rows are a power of two of 512
 * bytes or more crowd into a few cache sets: they go between ranks in
 * small pieces (dt_sparse_aliased, p2p/send.c) and unpack with
 * their stores drained every few blocks (move_strided, dt/layout.c).
 *
 * Each face is packed and unpacked (MPI_Pack/MPI_Unpack), and with two or
 * more ranks sent from rank 0 to rank 1 typed into typed and typed into
 * bytes, and back from bytes into typed, three times over.  Among the
 * faces: a subarray without its edges (two loops), 12-byte elements that
 * pieces of a power of two split, and a face of a 60^3 array whose rows
 * spread over the sets.  Every block must arrive in order and every byte
 * between the blocks must stay as it was.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "mpitest.h"

#define GAP_BYTE 0xA5
#define ROUNDS 3

typedef struct face {
    const char *name;
    int n;          /* the face is n x n elements of a 3D array, */
    int elem;       /* each of elem bytes, */
    MPI_Aint row;   /* row bytes apart along one dimension */
    MPI_Aint plane; /* and plane bytes apart along the other; */
    int edge;       /* less edge elements at each end of both, */
    int z;          /* at this element along the third dimension */
    bool triplets;  /* elements of three floats, as hvectors (else a subarray of n^3) */
} face_t;

static const face_t faces[] = {
    {"z face of a 64^3 array of doubles", 64, 8, 64 * 8, 64 * 64 * 8, 0, 5, false},
    {"z face of a 64^3 array of doubles, without its edges", 64, 8, 64 * 8, 64 * 64 * 8, 1, 0, false},
    {"z face of a 64^3 array of double complex", 64, 16, 64 * 16, 64 * 64 * 16, 0, 63, false},
    {"64 x 64 12-byte elements 512 bytes apart", 64, 12, 512, 64 * 512, 0, 2, true},
    {"z face of a 60^3 array of doubles", 60, 8, 60 * 8, 60 * 60 * 8, 0, 1, false},
};

static int side(const face_t *f)
{
    return f->n - 2 * f->edge;
}
static int blocks_of(const face_t *f)
{
    return side(f) * side(f);
}
static size_t span_of(const face_t *f)
{
    return (size_t)f->n * (size_t)f->plane;
}

/* Where block k of the face lies: computed here, not by the library. */
static size_t offset_of(const face_t *f, int k)
{
    size_t x = (size_t)(k / side(f) + f->edge), y = (size_t)(k % side(f) + f->edge);
    return x * (size_t)f->plane + y * (size_t)f->row + (size_t)f->z * (size_t)f->elem;
}

static MPI_Datatype make_type(const face_t *f)
{
    MPI_Datatype type;
    if (f->triplets) {
        /* The subarray's layout, spelled as loops of a struct-like element. */
        MPI_Datatype triplet, row;
        MPI_Type_contiguous(3, MPI_FLOAT, &triplet);
        MPI_Type_create_hvector(side(f), 1, f->row, triplet, &row);
        MPI_Datatype rows;
        MPI_Type_create_hvector(side(f), 1, f->plane, row, &rows);
        MPI_Aint disp = (MPI_Aint)offset_of(f, 0);
        int one = 1;
        MPI_Type_create_hindexed(1, &one, &disp, rows, &type);
        MPI_Type_free(&triplet);
        MPI_Type_free(&row);
        MPI_Type_free(&rows);
    } else {
        int sizes[3] = {f->n, f->n, f->n}, sub[3] = {side(f), side(f), 1}, start[3] = {f->edge, f->edge, f->z};
        MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, f->elem == 8 ? MPI_DOUBLE : MPI_C_DOUBLE_COMPLEX,
                                 &type);
    }
    MPI_Type_commit(&type);
    return type;
}

/* Byte j of block k of the message from sender in round r. */
static unsigned char data_byte(int sender, int r, int k, int j)
{
    unsigned char b = (unsigned char)(sender * 31 + r * 11 + k * 7 + j * 3 + 1);
    return b == GAP_BYTE ? 0 : b;
}

/* A buffer of the whole array, gap bytes but for sender's blocks (or none). */
static void fill(const face_t *f, unsigned char *buf, int sender, int r, bool blocks)
{
    memset(buf, GAP_BYTE, span_of(f));
    for (int k = 0; blocks && k < blocks_of(f); k++)
        for (int j = 0; j < f->elem; j++)
            buf[offset_of(f, k) + (size_t)j] = data_byte(sender, r, k, j);
}

static void fill_packed(const face_t *f, unsigned char *packed, int sender, int r)
{
    for (int k = 0; k < blocks_of(f); k++)
        for (int j = 0; j < f->elem; j++)
            packed[(size_t)k * (size_t)f->elem + (size_t)j] = data_byte(sender, r, k, j);
}

/* Reports the first byte where got differs from want. */
static void compare(const face_t *f, const unsigned char *got, const unsigned char *want, size_t bytes,
                    const char *what, int r)
{
    if (memcmp(got, want, bytes) == 0)
        return;
    size_t i = 0;
    while (got[i] == want[i])
        i++;
    MT_CHECK(false, "%s, %s, round %d: byte %zu is %#x, expected %#x", f->name, what, r, i, got[i], want[i]);
}

static void check_typed(const face_t *f, const unsigned char *buf, unsigned char *want, int sender, int r,
                        const char *what)
{
    fill(f, want, sender, r, true);
    compare(f, buf, want, span_of(f), what, r);
}

static void check_packed(const face_t *f, const unsigned char *packed, unsigned char *want, int sender, int r,
                         const char *what)
{
    fill_packed(f, want, sender, r);
    compare(f, packed, want, (size_t)blocks_of(f) * (size_t)f->elem, what, r);
}

static void pack_and_unpack(const face_t *f, MPI_Datatype type, unsigned char *buf, unsigned char *packed,
                            unsigned char *want)
{
    int bytes = blocks_of(f) * f->elem, size, pos = 0;
    MPI_Type_size(type, &size);
    MT_CHECK(size == bytes, "%s: type size %d, expected %d", f->name, size, bytes);
    fill(f, buf, 0, 0, true);
    MT_CHECK(MPI_Pack(buf, 1, type, packed, bytes, &pos, MPI_COMM_SELF) == MPI_SUCCESS, "%s", f->name);
    MT_CHECK(pos == bytes, "%s: position %d after %d bytes", f->name, pos, bytes);
    check_packed(f, packed, want, 0, 0, "MPI_Pack");
    fill(f, buf, 0, 0, false);
    pos = 0;
    MT_CHECK(MPI_Unpack(packed, bytes, &pos, buf, 1, type, MPI_COMM_SELF) == MPI_SUCCESS, "%s", f->name);
    MT_CHECK(pos == bytes, "%s: position %d after %d bytes", f->name, pos, bytes);
    check_typed(f, buf, want, 0, 0, "MPI_Unpack");
}

static void exchange(const face_t *f, MPI_Datatype type, int rank, unsigned char *buf, unsigned char *packed,
                     unsigned char *want, int r)
{
    int bytes = blocks_of(f) * f->elem;
    if (rank == 0) {
        fill(f, buf, 0, r, true);
        MPI_Send(buf, 1, type, 1, 1, MPI_COMM_WORLD);
        MPI_Send(buf, 1, type, 1, 2, MPI_COMM_WORLD);
        fill(f, buf, 0, r, false);
        MPI_Recv(buf, 1, type, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check_typed(f, buf, want, 1, r, "bytes received as the face");
    } else if (rank == 1) {
        fill(f, buf, 0, r, false);
        MPI_Recv(buf, 1, type, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check_typed(f, buf, want, 0, r, "face received as the face");
        memset(packed, 0, (size_t)bytes);
        MPI_Recv(packed, bytes, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check_packed(f, packed, want, 0, r, "face received as bytes");
        fill_packed(f, packed, 1, r);
        MPI_Send(packed, bytes, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (size_t i = 0; i < sizeof faces / sizeof faces[0]; i++) {
        const face_t *f = &faces[i];
        unsigned char *buf = malloc(span_of(f)), *want = malloc(span_of(f)),
                      *packed = malloc((size_t)blocks_of(f) * (size_t)f->elem);
        if (!buf || !want || !packed)
            abort();
        MPI_Datatype type = make_type(f);
        pack_and_unpack(f, type, buf, packed, want);
        for (int r = 0; size > 1 && r < ROUNDS; r++)
            exchange(f, type, rank, buf, packed, want, r);
        MPI_Type_free(&type);
        free(buf);
        free(want);
        free(packed);
    }
    return mt_finish();
}
