/* allpairs_wildcard.c -- every rank sends three messages (inline, data
 * ring, rendezvous) to every rank, itself included, and receives them all
 * with MPI_ANY_SOURCE (and MPI_ANY_TAG), telling them apart by status, checking
 * every byte and that each sender's messages come in the order sent. */
#include <string.h>

#include "mpitest.h"

#define KINDS 3

static size_t message_bytes(int kind, int source)
{
    static const size_t base[KINDS] = {40, 5000, 100000};
    return base[kind] + (size_t)source;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    size_t n = (size_t)(unsigned)size;
    MPI_Request *reqs = malloc(n * KINDS * sizeof *reqs);
    unsigned char **out = malloc(n * KINDS * sizeof *out);
    for (int dest = 0; dest < size; dest++) {
        for (int kind = 0; kind < KINDS; kind++) {
            int i = dest * KINDS + kind;
            size_t len = message_bytes(kind, rank);
            out[i] = malloc(len);
            mt_fill(out[i], len, rank, dest * 10 + kind);
            MPI_Isend(out[i], (int)len, MPI_BYTE, dest, kind, MPI_COMM_WORLD, &reqs[i]);
        }
    }
    int *next_kind = calloc(n, sizeof *next_kind);
    size_t cap = message_bytes(KINDS - 1, size);
    unsigned char *in = malloc(cap);
    for (int i = 0; i < size * KINDS; i++) {
        MPI_Status status;
        /* Rank 0 names the tag: ranks that finish early send their error
         * counts to rank 0 (mt_finish), and MPI_ANY_TAG would take them. */
        int tag = rank == 0 ? i / size : MPI_ANY_TAG;
        MPI_Recv(in, (int)cap, MPI_BYTE, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &status);
        int src = status.MPI_SOURCE, kind = status.MPI_TAG, count;
        MPI_Get_count(&status, MPI_BYTE, &count);
        MT_CHECK(src >= 0 && src < size && kind >= 0 && kind < KINDS, "source %d tag %d", src, kind);
        if (src < 0 || src >= size || kind < 0 || kind >= KINDS)
            continue;
        MT_CHECK(kind == next_kind[src], "from %d: kind %d came before kind %d", src, kind, next_kind[src]);
        next_kind[src] = kind + 1;
        MT_CHECK(count == (int)message_bytes(kind, src), "count %d from %d", count, src);
        long bad = mt_verify(in, (size_t)count, src, rank * 10 + kind);
        MT_CHECK(bad < 0, "kind %d: byte %ld from %d wrong", kind, bad, src);
    }
    for (int src = 0; src < size; src++)
        MT_CHECK(next_kind[src] == KINDS, "%d messages from %d", next_kind[src], src);
    MPI_Waitall(size * KINDS, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < size * KINDS; i++) {
        MT_CHECK(reqs[i] == MPI_REQUEST_NULL, "request %d not freed", i);
        free(out[i]);
    }
    free(in);
    free(next_kind);
    free(out);
    free(reqs);
    return mt_finish();
}
