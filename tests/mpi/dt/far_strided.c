/*
 * far_strided.c -- small blocks far apart in buffers larger than the
 * caches, where the copy loops prefetch blocks ahead (dt/layout.c).
 *
 * Three columns, each spanning 16 MiB: 4-byte blocks 256 bytes apart,
 * 8-byte blocks 128 apart, 16-byte blocks 192 apart going down in memory.
 * Each is packed and unpacked (MPI_Pack/MPI_Unpack), and with two or more
 * ranks sent from rank 0 to rank 1 typed into typed and typed into bytes,
 * and back from bytes into typed.  Every block must arrive in order and
 * every byte between the blocks must stay as it was.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "mpitest.h"

#define SPAN (16 << 20)
#define GAP_BYTE 0xA5

typedef struct column {
    const char *name;
    int block;       /* bytes per block */
    MPI_Aint stride; /* bytes from one block to the next */
} column_t;

static const column_t columns[] = {
    {"4-byte blocks 256 apart", 4, 256},
    {"8-byte blocks 128 apart", 8, 128},
    {"16-byte blocks 192 apart, downwards", 16, -192},
};

static int blocks_of(const column_t *c)
{
    return (int)(SPAN / (c->stride < 0 ? -c->stride : c->stride));
}

/* Where block 0 lies in a SPAN-byte buffer. */
static size_t origin_of(const column_t *c)
{
    return c->stride < 0 ? (size_t)(blocks_of(c) - 1) * (size_t)-c->stride : 0;
}

static MPI_Datatype make_type(const column_t *c)
{
    MPI_Datatype block, type;
    MPI_Type_contiguous(c->block, MPI_BYTE, &block);
    MPI_Type_create_hvector(blocks_of(c), 1, c->stride, block, &type);
    MPI_Type_free(&block);
    MPI_Type_commit(&type);
    return type;
}

/* Byte j of block k of the message from sender. */
static unsigned char data_byte(int sender, int k, int j)
{
    return (unsigned char)(sender * 31 + k * 7 + j + 1) == GAP_BYTE ? 0 : (unsigned char)(sender * 31 + k * 7 + j + 1);
}

/* A SPAN-byte buffer of gap bytes holding sender's blocks (or none). */
static void fill(const column_t *c, unsigned char *buf, int sender, bool blocks)
{
    memset(buf, GAP_BYTE, SPAN);
    if (!blocks)
        return;
    unsigned char *at = buf + origin_of(c);
    for (int k = 0; k < blocks_of(c); k++, at += c->stride)
        for (int j = 0; j < c->block; j++)
            at[j] = data_byte(sender, k, j);
}

static void fill_packed(const column_t *c, unsigned char *packed, int sender)
{
    for (int k = 0; k < blocks_of(c); k++)
        for (int j = 0; j < c->block; j++)
            packed[(size_t)k * (size_t)c->block + (size_t)j] = data_byte(sender, k, j);
}

/* Reports the first byte where got differs from want. */
static void compare(const column_t *c, const unsigned char *got, const unsigned char *want, size_t bytes,
                    const char *what)
{
    if (memcmp(got, want, bytes) == 0)
        return;
    size_t i = 0;
    while (got[i] == want[i])
        i++;
    MT_CHECK(false, "%s, %s: byte %zu is %#x, expected %#x", c->name, what, i, got[i], want[i]);
}

/* buf must hold sender's blocks where the column lies and gap bytes
 * everywhere else. */
static void check_typed(const column_t *c, const unsigned char *buf, int sender, const char *what)
{
    unsigned char *want = malloc(SPAN);
    if (!want)
        abort();
    fill(c, want, sender, true);
    compare(c, buf, want, SPAN, what);
    free(want);
}

/* packed must hold sender's blocks one after the other. */
static void check_packed(const column_t *c, const unsigned char *packed, int sender, const char *what)
{
    size_t bytes = (size_t)blocks_of(c) * (size_t)c->block;
    unsigned char *want = malloc(bytes);
    if (!want)
        abort();
    fill_packed(c, want, sender);
    compare(c, packed, want, bytes, what);
    free(want);
}

static void pack_and_unpack(const column_t *c, MPI_Datatype type, unsigned char *buf, unsigned char *packed)
{
    int bytes = blocks_of(c) * c->block, size, pos = 0;
    MT_CHECK(MPI_Pack_size(1, type, MPI_COMM_SELF, &size) == MPI_SUCCESS && size >= bytes,
             "%s: pack size %d for %d bytes", c->name, size, bytes);
    fill(c, buf, 0, true);
    MT_CHECK(MPI_Pack(buf + origin_of(c), 1, type, packed, bytes, &pos, MPI_COMM_SELF) == MPI_SUCCESS, "%s", c->name);
    MT_CHECK(pos == bytes, "%s: position %d after %d bytes", c->name, pos, bytes);
    check_packed(c, packed, 0, "MPI_Pack");
    fill(c, buf, 0, false);
    pos = 0;
    MT_CHECK(MPI_Unpack(packed, bytes, &pos, buf + origin_of(c), 1, type, MPI_COMM_SELF) == MPI_SUCCESS, "%s", c->name);
    MT_CHECK(pos == bytes, "%s: position %d after %d bytes", c->name, pos, bytes);
    check_typed(c, buf, 0, "MPI_Unpack");
}

static void exchange(const column_t *c, MPI_Datatype type, int rank, unsigned char *buf, unsigned char *packed)
{
    int bytes = blocks_of(c) * c->block;
    if (rank == 0) {
        fill(c, buf, 0, true);
        MPI_Send(buf + origin_of(c), 1, type, 1, 1, MPI_COMM_WORLD);
        MPI_Send(buf + origin_of(c), 1, type, 1, 2, MPI_COMM_WORLD);
        fill(c, buf, 0, false);
        MPI_Recv(buf + origin_of(c), 1, type, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check_typed(c, buf, 1, "bytes received as the column");
    } else if (rank == 1) {
        fill(c, buf, 0, false);
        MPI_Recv(buf + origin_of(c), 1, type, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check_typed(c, buf, 0, "column received as the column");
        memset(packed, 0, (size_t)bytes);
        MPI_Recv(packed, bytes, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check_packed(c, packed, 0, "column received as bytes");
        fill_packed(c, packed, 1);
        MPI_Send(packed, bytes, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    unsigned char *buf = malloc(SPAN), *packed = malloc(SPAN / 8); /* every column holds less data than this */
    if (!buf || !packed)
        abort();
    for (size_t i = 0; i < sizeof columns / sizeof columns[0]; i++) {
        const column_t *c = &columns[i];
        MPI_Datatype type = make_type(c);
        pack_and_unpack(c, type, buf, packed);
        if (size > 1)
            exchange(c, type, rank, buf, packed);
        MPI_Type_free(&type);
    }
    free(buf);
    free(packed);
    return mt_finish();
}
