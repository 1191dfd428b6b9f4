/* exchange_large.c -- large messages between neighbours, many times over,
 * both ways at once and one way, each checked: with a core per process a
 * receiver times its large receives and switches between the rings and a
 * split (p2p/rndv_choice.h), its fifth large message from a sender always
 * split to compare, so every way and every switch carries data that must
 * arrive whole.  Sizes straddle the timed size (256 KiB), one not a
 * multiple of a page. */
#include <string.h>

#include "../mpitest.h"

enum { ROUNDS = 24 };

static int rank, size, right, left;

static unsigned char pattern(int from, int round, size_t i)
{
    return (unsigned char)(from * 31 + round * 7 + i * 13 + (i >> 12));
}

static void fill(unsigned char *buf, size_t bytes, int round)
{
    for (size_t i = 0; i < bytes; i++)
        buf[i] = pattern(rank, round, i);
}

static int wrong(const unsigned char *buf, size_t bytes, int from, int round)
{
    for (size_t i = 0; i < bytes; i++)
        if (buf[i] != pattern(from, round, i))
            return 1;
    return 0;
}

/* Both ways at once: MPI_Sendrecv round the ring, and MPI_Isend/MPI_Irecv
 * with MPI_Waitall in every other round. */
static void both_ways(size_t bytes, unsigned char *out, unsigned char *in)
{
    for (int r = 0; r < ROUNDS; r++) {
        fill(out, bytes, r);
        memset(in, 0, bytes);
        if (r % 2) {
            MPI_Request req[2];
            MPI_Irecv(in, (int)bytes, MPI_BYTE, left, r, MPI_COMM_WORLD, &req[0]);
            MPI_Isend(out, (int)bytes, MPI_BYTE, right, r, MPI_COMM_WORLD, &req[1]);
            MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        } else {
            MPI_Sendrecv(out, (int)bytes, MPI_BYTE, right, r, in, (int)bytes, MPI_BYTE, left, r, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
        }
        MT_CHECK(!wrong(in, bytes, left, r), "%zu bytes both ways, round %d, from %d", bytes, r, left);
    }
}

/* One way: rank 0 sends to 1, which answers with its own (a ping-pong). */
static void one_way(size_t bytes, unsigned char *out, unsigned char *in)
{
    if (rank > 1)
        return;
    int peer = 1 - rank;
    for (int r = 0; r < ROUNDS; r++) {
        fill(out, bytes, r);
        memset(in, 0, bytes);
        MPI_Status status;
        int count = -1;
        if (rank == 0) {
            MPI_Send(out, (int)bytes, MPI_BYTE, peer, 100 + r, MPI_COMM_WORLD);
            MPI_Recv(in, (int)bytes, MPI_BYTE, peer, 100 + r, MPI_COMM_WORLD, &status);
        } else {
            MPI_Recv(in, (int)bytes, MPI_BYTE, peer, 100 + r, MPI_COMM_WORLD, &status);
            MPI_Send(out, (int)bytes, MPI_BYTE, peer, 100 + r, MPI_COMM_WORLD);
        }
        MPI_Get_count(&status, MPI_BYTE, &count);
        MT_CHECK(count == (int)bytes && !wrong(in, bytes, peer, r), "%zu bytes one way, round %d: count %d", bytes, r,
                 count);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    const size_t sizes[] = {200 * 1024, 256 * 1024, 1000 * 1000, 4 << 20};
    unsigned char *out = malloc(4 << 20), *in = malloc(4 << 20);
    MT_CHECK(out && in, "buffers");
    for (size_t i = 0; out && in && i < sizeof sizes / sizeof sizes[0]; i++) {
        both_ways(sizes[i], out, in);
        if (size > 1)
            one_way(sizes[i], out, in);
    }
    free(out);
    free(in);
    return mt_finish();
}
