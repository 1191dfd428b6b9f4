/*
 * self_alike.c -- derived types a process sends to itself, and one derived
 * type's data copied into another's.
 *
 * A message to oneself goes from the send buffer straight into the receive
 * it meets (or packed into the unexpected queue): in one pass where the two
 * layouts are the same but for where they start (a face of a 3D array and
 * the ghost plane beside it), through a bounce buffer where they differ.
 * Pairs of types below are each alike or differ in one thing only (a
 * stride, a block length, one displacement, a nested stride, the extent
 * between elements), so that taking the one-pass copy where it does not
 * apply corrupts the data.  Each result must equal what MPI_Pack with the
 * send type and MPI_Unpack with the receive type make of it: every byte the
 * receive type covers, every byte between left alone.  Each pair goes by a
 * receive posted first, a message waiting for its receive, MPI_Isend,
 * MPI_Ssend and MPI_Issend (a rendezvous with oneself), a persistent send
 * and MPI_Sendrecv; by each, a receive shorter than the message is
 * truncated.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

#define GAP 0x5A
#define SPAN (1 << 20) /* every buffer: the types below lie in its middle half */

static MPI_Datatype vec(int n, int bl, int stride, MPI_Datatype old)
{
    MPI_Datatype t;
    MPI_Type_vector(n, bl, stride, old, &t);
    return t;
}

/* A vector of a derived type, which it frees. */
static MPI_Datatype vec_of(int n, int bl, int stride, MPI_Datatype inner)
{
    MPI_Datatype t = vec(n, bl, stride, inner);
    MPI_Type_free(&inner);
    return t;
}

/* A face of a 12 x 10 x 16 array of floats, dim fixed at plane. */
static MPI_Datatype face(int dim, int plane)
{
    int sizes[3] = {12, 10, 16}, sub[3] = {10, 8, 14}, start[3] = {1, 1, 1};
    MPI_Datatype t;
    sub[dim] = 1;
    start[dim] = plane;
    MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, MPI_FLOAT, &t);
    return t;
}

/* t displaced by disp bytes (a struct of one entry), extent kept. */
static MPI_Datatype displaced(MPI_Datatype t, MPI_Aint disp)
{
    int one = 1;
    MPI_Datatype s;
    MPI_Type_create_struct(1, &one, &disp, &t, &s);
    MPI_Type_free(&t);
    return s;
}

static MPI_Datatype resized(MPI_Datatype t, MPI_Aint lb, MPI_Aint extent)
{
    MPI_Datatype r;
    MPI_Type_create_resized(t, lb, extent, &r);
    MPI_Type_free(&t);
    return r;
}

static MPI_Datatype indexed(int n, const int *bl, const int *disp, MPI_Datatype old)
{
    MPI_Datatype t;
    MPI_Type_indexed(n, bl, (int *)disp, old, &t);
    return t;
}

typedef struct {
    const char *name;
    MPI_Datatype send, recv;
} pair_t;

static int make_pairs(pair_t *p)
{
    int n = 0;
    /* Alike: the same layout, starting elsewhere. */
    p[n++] = (pair_t){"z face into its ghost plane", face(2, 14), face(2, 15)};
    p[n++] = (pair_t){"y face into the opposite ghost plane", face(1, 1), face(1, 9)};
    p[n++] = (pair_t){"x face", face(0, 1), face(0, 0)};
    p[n++] = (pair_t){"vector, then displaced", vec(5, 2, 7, MPI_INT), displaced(vec(5, 2, 7, MPI_INT), 12)};
    p[n++] = (pair_t){"vector, resized with a lower bound, both displaced",
                      resized(displaced(vec(4, 1, 3, MPI_DOUBLE), 40), -16, 128),
                      resized(displaced(vec(4, 1, 3, MPI_DOUBLE), -24), -16, 128)};
    {
        int bl[4] = {1, 5, 2, 9}, d[4] = {0, 3, 11, 20};
        MPI_Datatype t = indexed(4, bl, d, MPI_SHORT);
        MPI_Type_dup(t, &p[n].recv);
        p[n].send = t;
        p[n++].name = "indexed shorts and its duplicate";
    }
    /* Differing in one thing. */
    p[n++] = (pair_t){"vectors of strides 7 and 8", vec(5, 2, 7, MPI_INT), vec(5, 2, 8, MPI_INT)};
    {
        int bl1[2] = {2, 1}, bl2[2] = {1, 2}, d[2] = {0, 5};
        p[n++] = (pair_t){"indexed blocks 2,1 and 1,2", indexed(2, bl1, d, MPI_INT), indexed(2, bl2, d, MPI_INT)};
    }
    {
        int bl[3] = {1, 1, 1}, d1[3] = {0, 2, 6}, d2[3] = {0, 2, 7};
        p[n++] = (pair_t){"indexed, last displacement 6 and 7", indexed(3, bl, d1, MPI_DOUBLE),
                          indexed(3, bl, d2, MPI_DOUBLE)};
    }
    p[n++] = (pair_t){"vectors of vectors, inner strides 3 and 2", vec_of(3, 1, 4, vec(2, 1, 3, MPI_INT)),
                      vec_of(3, 1, 4, vec(2, 1, 2, MPI_INT))};
    p[n++] = (pair_t){"one vector, extents 64 and 72", resized(vec(4, 1, 2, MPI_DOUBLE), 0, 64),
                      resized(vec(4, 1, 2, MPI_DOUBLE), 0, 72)};
    p[n++] = (pair_t){"a vector into contiguous ints", vec(6, 1, 3, MPI_INT), vec(1, 6, 6, MPI_INT)};
    return n;
}
#define MAX_PAIRS 16

static void free_pair(pair_t *p)
{
    MPI_Type_free(&p->send);
    MPI_Type_free(&p->recv);
}

static void fill(unsigned char *b, unsigned seed)
{
    for (size_t i = 0; i < SPAN; i++)
        b[i] = (unsigned char)(i * 131u + seed);
}

/* What the receive should hold: the first `bytes` of the packed stream of
 * (src, count, send) unpacked by recv into a buffer of gaps. */
static void reference(const unsigned char *src, unsigned char *want, const pair_t *p, int count, int rcount)
{
    int size, pos = 0, rsize;
    MPI_Pack_size(count, p->send, MPI_COMM_SELF, &size);
    MPI_Type_size(p->recv, &rsize);
    void *packed = malloc((size_t)size + 1);
    if (!packed)
        abort();
    memset(want, GAP, SPAN);
    MPI_Pack(src + SPAN / 2, count, p->send, packed, size, &pos, MPI_COMM_SELF);
    int end = pos < rcount * rsize ? pos : rcount * rsize;
    /* MPI_Unpack takes whole elements: a truncated message fills rcount. */
    pos = 0;
    MPI_Unpack(packed, end, &pos, want + SPAN / 2, end / rsize, p->recv, MPI_COMM_SELF);
    free(packed);
}

static void compare(const unsigned char *got, const unsigned char *want, const pair_t *p, int count, const char *how)
{
    if (memcmp(got, want, SPAN) == 0)
        return;
    size_t i = 0;
    while (got[i] == want[i])
        i++;
    MT_CHECK(false, "%s, count %d, %s: byte %ld from the middle is %#x, expected %#x", p->name, count, how,
             (long)i - SPAN / 2, got[i], want[i]);
}

enum how { POSTED, WAITING, ISEND, SSEND, ISSEND, PERSISTENT, SENDRECV, HOWS };
static const char *const how_name[HOWS] = {"receive posted first", "message waiting", "MPI_Isend",   "MPI_Ssend",
                                           "MPI_Issend waiting",   "persistent send", "MPI_Sendrecv"};

/* Send count elements to oneself and receive rcount; returns the
 * receive's error. */
static int send_self(enum how how, const unsigned char *src, unsigned char *dst, const pair_t *p, int count, int rcount,
                     MPI_Status *st)
{
    int me;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    const void *s = src + SPAN / 2;
    void *d = dst + SPAN / 2;
    MPI_Request rq, sq;
    int rc;
    switch (how) {
    case POSTED:
        MPI_Irecv(d, rcount, p->recv, me, 3, MPI_COMM_WORLD, &rq);
        MPI_Send(s, count, p->send, me, 3, MPI_COMM_WORLD);
        return MPI_Wait(&rq, st);
    case WAITING:
        MPI_Send(s, count, p->send, me, 3, MPI_COMM_WORLD);
        return MPI_Recv(d, rcount, p->recv, me, 3, MPI_COMM_WORLD, st);
    case ISEND:
    case ISSEND: /* the message waits for its receive; synchronous, by rendezvous */
        (how == ISSEND ? MPI_Issend : MPI_Isend)(s, count, p->send, me, 3, MPI_COMM_WORLD, &sq);
        rc = MPI_Recv(d, rcount, p->recv, me, 3, MPI_COMM_WORLD, st);
        MPI_Wait(&sq, MPI_STATUS_IGNORE);
        return rc;
    case SSEND:
        MPI_Irecv(d, rcount, p->recv, me, 3, MPI_COMM_WORLD, &rq);
        MPI_Ssend(s, count, p->send, me, 3, MPI_COMM_WORLD);
        return MPI_Wait(&rq, st);
    case PERSISTENT:
        MPI_Send_init(s, count, p->send, me, 3, MPI_COMM_WORLD, &sq);
        MPI_Irecv(d, rcount, p->recv, me, 3, MPI_COMM_WORLD, &rq);
        MPI_Start(&sq);
        MPI_Wait(&sq, MPI_STATUS_IGNORE);
        rc = MPI_Wait(&rq, st);
        MPI_Request_free(&sq);
        return rc;
    default:
        return MPI_Sendrecv(s, count, p->send, me, 3, d, rcount, p->recv, me, 3, MPI_COMM_WORLD, st);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    unsigned char *src = malloc(SPAN), *got = malloc(SPAN), *want = malloc(SPAN);
    if (!src || !got || !want)
        abort();
    pair_t pairs[MAX_PAIRS];
    int npairs = make_pairs(pairs);
    static const int counts[] = {1, 3, 50};
    for (int k = 0; k < npairs; k++) {
        pair_t *p = &pairs[k];
        MPI_Type_commit(&p->send);
        MPI_Type_commit(&p->recv);
        int rsize;
        MPI_Type_size(p->recv, &rsize);
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            int count = counts[c];
            fill(src, (unsigned)(k * 7 + count));
            reference(src, want, p, count, count);
            for (int how = 0; how < HOWS; how++) {
                MPI_Status st;
                int n = -1;
                memset(got, GAP, SPAN);
                send_self((enum how)how, src, got, p, count, count, &st);
                compare(got, want, p, count, how_name[how]);
                MPI_Get_count(&st, MPI_BYTE, &n);
                MT_CHECK(n == count * rsize, "%s, count %d, %s: %d bytes received, expected %d", p->name, count,
                         how_name[how], n, count * rsize);
            }
        }
        /* A receive of one element fewer than sent: truncated, the
         * elements it has filled. */
        int count = 3;
        fill(src, (unsigned)k);
        reference(src, want, p, count, count - 1);
        for (int how = 0; how < HOWS; how++) {
            MPI_Status st;
            int err = MPI_SUCCESS, n = -1;
            memset(got, GAP, SPAN);
            MPI_Error_class(send_self((enum how)how, src, got, p, count, count - 1, &st), &err);
            MT_CHECK(err == MPI_ERR_TRUNCATE, "%s, %s: a receive one element short gave error class %d", p->name,
                     how_name[how], err);
            MPI_Get_count(&st, MPI_BYTE, &n);
            MT_CHECK(n == (count - 1) * rsize, "%s, %s: truncated receive of %d bytes, expected %d", p->name,
                     how_name[how], n, (count - 1) * rsize);
            compare(got, want, p, count, how_name[how]);
        }
        free_pair(p);
    }
    free(src);
    free(got);
    free(want);
    return mt_finish();
}
