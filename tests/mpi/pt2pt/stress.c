/* stress.c -- randomized traffic: every rank sends messages of random
 * sizes (mostly small, some large) and tags to random ranks, all posted at
 * once; receivers take them with wildcards, specific sources and specific
 * tags mixed, and check each message's checksum and that each sender's
 * messages with one tag arrive in the order sent.  Every rank derives the
 * whole plan from one seed, so each knows what it must receive. */
#include <string.h>

#include "mpitest.h"

#define MESSAGES 100000 /* in the whole job */
#define TAGS 8
#define MAX_BYTES 200000

static uint64_t rng_state;

static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

typedef struct plan {
    int dest, tag;
    size_t bytes;
} plan_t;

static size_t random_bytes(void)
{
    uint32_t r = rng() % 1000;
    if (r < 900)
        return rng() % 257;
    if (r < 990)
        return rng() % 70000;
    return 70000 + rng() % (MAX_BYTES - 70000);
}

/* The message carries (source, sequence) and a checksum-checked body. */
static void fill(unsigned char *buf, size_t len, int src, int seq)
{
    mt_fill(buf, len, src, seq);
    if (len >= 8) {
        memcpy(buf, &src, 4);
        memcpy(buf + 4, &seq, 4);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int per_rank = MESSAGES / size;
    plan_t *plans = malloc(sizeof *plans * (size_t)per_rank * (size_t)size);
    rng_state = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < per_rank * size; i++) {
        plans[i].dest = (int)(rng() % (uint32_t)size);
        plans[i].tag = (int)(rng() % TAGS);
        plans[i].bytes = random_bytes();
    }
    /* What this rank expects: how many per (source, tag), and where in the
     * plan the last one received from each (source, tag) was. */
    int expected = 0;
    int *remaining = calloc((size_t)size * TAGS, sizeof(int));
    int *next_index = calloc((size_t)size * TAGS, sizeof(int));
    for (int s = 0; s < size; s++)
        for (int t = 0; t < TAGS; t++)
            next_index[s * TAGS + t] = -1;
    for (int i = 0; i < per_rank * size; i++) {
        if (plans[i].dest == rank) {
            expected++;
            remaining[(i / per_rank) * TAGS + plans[i].tag]++;
        }
    }

    MPI_Request *reqs = malloc(sizeof *reqs * (size_t)per_rank);
    unsigned char **bufs = malloc(sizeof *bufs * (size_t)per_rank);
    for (int k = 0; k < per_rank; k++) {
        plan_t *p = &plans[rank * per_rank + k];
        bufs[k] = malloc(p->bytes + 1);
        fill(bufs[k], p->bytes, rank, k);
        MPI_Isend(bufs[k], (int)p->bytes, MPI_BYTE, p->dest, p->tag, MPI_COMM_WORLD, &reqs[k]);
    }

    unsigned char *in = malloc(MAX_BYTES);
    for (int got = 0; got < expected; got++) {
        /* Rank 0 names the tag: other ranks' closing messages (mt_finish)
         * come to it, and MPI_ANY_TAG would take them. */
        int source = MPI_ANY_SOURCE, tag = MPI_ANY_TAG;
        uint32_t choice = rng() % 4;
        if (rank == 0 || choice == 1) {
            /* A tag that still has messages due, from any source. */
            for (int t0 = (int)(rng() % TAGS), n = 0; n < TAGS && tag == MPI_ANY_TAG; n++) {
                int t = (t0 + n) % TAGS;
                for (int s = 0; s < size; s++)
                    if (remaining[s * TAGS + t] > 0)
                        tag = t;
            }
        } else if (choice == 2) {
            /* A source that still has messages due, any tag. */
            for (int s0 = (int)(rng() % (uint32_t)size), n = 0; n < size && source == MPI_ANY_SOURCE; n++) {
                int s = (s0 + n) % size;
                for (int t = 0; t < TAGS; t++)
                    if (remaining[s * TAGS + t] > 0)
                        source = s;
            }
        }
        MPI_Status status;
        MPI_Recv(in, MAX_BYTES, MPI_BYTE, source, tag, MPI_COMM_WORLD, &status);
        int src = status.MPI_SOURCE, t = status.MPI_TAG, count;
        MPI_Get_count(&status, MPI_BYTE, &count);
        /* The next message (src, t) must be the next one src planned for us. */
        int *idx = &next_index[src * TAGS + t];
        int i = *idx < src * per_rank ? src * per_rank : *idx + 1;
        while (i < (src + 1) * per_rank && (plans[i].dest != rank || plans[i].tag != t))
            i++;
        if (i >= (src + 1) * per_rank) {
            MT_CHECK(0, "unplanned message from %d tag %d", src, t);
            break;
        }
        *idx = i;
        remaining[src * TAGS + t]--;
        int seq = i - src * per_rank;
        MT_CHECK(count == (int)plans[i].bytes, "from %d seq %d: %d bytes, planned %zu", src, seq, count,
                 plans[i].bytes);
        long bad = -1;
        if (count >= 8) {
            int hdr[2];
            memcpy(hdr, in, 8);
            MT_CHECK(hdr[0] == src && hdr[1] == seq, "from %d seq %d: header (%d, %d)", src, seq, hdr[0], hdr[1]);
            for (size_t b = 8; b < (size_t)count && bad < 0; b++)
                if (in[b] != mt_pattern(src, seq, b))
                    bad = (long)b;
            MT_CHECK(bad < 0, "from %d seq %d: byte %ld wrong", src, seq, bad);
        }
        if (mt_errors > 10)
            break;
    }
    MPI_Waitall(per_rank, reqs, MPI_STATUSES_IGNORE);
    for (int k = 0; k < per_rank; k++)
        free(bufs[k]);
    free(bufs);
    free(reqs);
    free(in);
    free(next_index);
    free(remaining);
    free(plans);
    return mt_finish();
}
