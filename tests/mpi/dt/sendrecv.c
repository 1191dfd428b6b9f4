/*
 * sendrecv.c -- derived datatypes through point-to-point, every protocol.
 *
 * Each rank exchanges with a partner (rank ^ 1, or itself when it has
 * none), both directions at once.  Six layouts of ints, each described by
 * an MPI type and, independently, by the list of int positions it covers
 * in typemap order, are sent and received in every combination and at
 * sizes from one ring slot to a pipelined rendezvous.  The receiver checks
 * every covered position and that nothing else was written.  Then the
 * corner cases: truncation, padding of pair types, a type freed while its
 * send is in flight, persistent and replace forms, MPI_BOTTOM, uncommitted
 * types.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mpitest.h"

#define SENTINEL (-7)

typedef struct layout {
    const char *name;
    MPI_Datatype type; /* committed; freed by the caller */
    int count;         /* elements of type in the message */
    int n;             /* ints in the message */
    int *pos;          /* n positions, in typemap order, relative to origin */
    int span;          /* ints the buffer needs */
    int origin;        /* where the buffer argument points, in ints */
} layout_t;

static int *positions(int n)
{
    int *p = malloc((size_t)n * sizeof *p);
    if (!p)
        abort();
    return p;
}

/* The six layouts, each holding n ints (n a multiple of 6). */
enum { L_CONTIG, L_VECTOR, L_INDEXED, L_NEGATIVE, L_SUBARRAY, L_RESIZED, L_COUNT };

static layout_t make_layout(int kind, int n)
{
    layout_t l = {0};
    l.n = n;
    l.pos = positions(n);
    switch (kind) {
    case L_CONTIG:
        l.name = "contiguous";
        l.type = MPI_INT;
        l.count = n;
        for (int i = 0; i < n; i++)
            l.pos[i] = i;
        l.span = n;
        return l;
    case L_VECTOR: /* n/2 blocks of 2, stride 5 */
        l.name = "vector";
        MPI_Type_vector(n / 2, 2, 5, MPI_INT, &l.type);
        l.count = 1;
        for (int i = 0; i < n; i++)
            l.pos[i] = i / 2 * 5 + i % 2;
        l.span = n / 2 * 5;
        break;
    case L_INDEXED: { /* blocks out of memory order, extent 10 */
        int bl[3] = {1, 3, 2}, disp[3] = {7, 0, 3};
        const int order[6] = {7, 0, 1, 2, 3, 4};
        l.name = "indexed";
        MPI_Type_indexed(3, bl, disp, MPI_INT, &l.type);
        l.count = n / 6;
        for (int i = 0; i < n; i++)
            l.pos[i] = i / 6 * 8 + order[i % 6];
        l.span = n / 6 * 8;
        break;
    }
    case L_NEGATIVE: { /* blocks of 2 going down in memory, 3 ints apart */
        MPI_Datatype v;
        int blocks = n / 2;
        l.name = "negative stride";
        MPI_Type_create_hvector(blocks, 2, -3 * (MPI_Aint)sizeof(int), MPI_INT, &v);
        l.type = v;
        l.count = 1;
        l.origin = (blocks - 1) * 3;
        for (int i = 0; i < n; i++)
            l.pos[i] = l.origin - i / 2 * 3 + i % 2;
        l.span = l.origin + 2;
        break;
    }
    case L_SUBARRAY: { /* rows of 6 out of rows of 9 */
        int rows = n / 6;
        int sizes[2] = {rows + 2, 9}, subsizes[2] = {rows, 6}, starts[2] = {1, 2};
        l.name = "subarray";
        MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &l.type);
        l.count = 1;
        for (int i = 0; i < n; i++)
            l.pos[i] = (i / 6 + 1) * 9 + 2 + i % 6;
        l.span = (rows + 2) * 9;
        break;
    }
    case L_RESIZED: { /* ints at 0 and 2, extent 3 */
        MPI_Datatype v;
        l.name = "resized";
        MPI_Type_vector(2, 1, 2, MPI_INT, &v);
        MPI_Type_create_resized(v, 0, 3 * (MPI_Aint)sizeof(int), &l.type);
        MPI_Type_free(&v);
        l.count = n / 2;
        for (int i = 0; i < n; i++)
            l.pos[i] = i / 2 * 3 + (i % 2) * 2;
        l.span = n / 2 * 3;
        break;
    }
    }
    MPI_Type_commit(&l.type);
    return l;
}

static void free_layout(layout_t *l)
{
    if (l->type != MPI_INT)
        MPI_Type_free(&l->type);
    free(l->pos);
}

static int *make_buffer(const layout_t *l)
{
    int *buf = malloc(((size_t)l->span + 1) * sizeof *buf);
    if (!buf)
        abort();
    for (int i = 0; i <= l->span; i++)
        buf[i] = SENTINEL;
    return buf;
}

/* The value the sender puts at the k-th int of its message. */
static int value(int sender, int k)
{
    return sender * 1000003 + k;
}

/* Check that buf holds the first n values of sender's message at l's
 * positions and the sentinel everywhere else; reports one error at most. */
static void check_received(const layout_t *l, const int *buf, int n, int sender, const char *what)
{
    char *covered = calloc((size_t)l->span + 1, 1);
    for (int k = 0; k < n; k++) {
        int at = l->pos[k];
        covered[at] = 1;
        if (buf[at] != value(sender, k)) {
            MT_CHECK(0, "%s: int %d of the message (position %d) is %d, expected %d", what, k, at, buf[at],
                     value(sender, k));
            free(covered);
            return;
        }
    }
    for (int i = 0; i <= l->span; i++) {
        if (!covered[i] && buf[i] != SENTINEL) {
            MT_CHECK(0, "%s: position %d outside the message was written (%d)", what, i, buf[i]);
            break;
        }
    }
    free(covered);
}

static void fill(const layout_t *l, int *buf, int rank)
{
    for (int k = 0; k < l->n; k++)
        buf[l->pos[k]] = value(rank, k);
}

/* Every send layout against every receive layout at n ints. */
static void exchange_all(int partner, int rank, int n)
{
    layout_t l[L_COUNT];
    for (int k = 0; k < L_COUNT; k++)
        l[k] = make_layout(k, n);
    for (int s = 0; s < L_COUNT; s++) {
        for (int r = 0; r < L_COUNT; r++) {
            int *sbuf = make_buffer(&l[s]), *rbuf = make_buffer(&l[r]);
            fill(&l[s], sbuf, rank);
            MPI_Request req[2];
            MPI_Status st;
            MPI_Irecv(rbuf + l[r].origin, l[r].count, l[r].type, partner, s * 10 + r, MPI_COMM_WORLD, &req[0]);
            MPI_Isend(sbuf + l[s].origin, l[s].count, l[s].type, partner, s * 10 + r, MPI_COMM_WORLD, &req[1]);
            MPI_Wait(&req[0], &st);
            MPI_Wait(&req[1], MPI_STATUS_IGNORE);
            char what[128];
            snprintf(what, sizeof what, "%d ints sent as %s, received as %s", n, l[s].name, l[r].name);
            check_received(&l[r], rbuf, n, partner, what);
            int count = -1, elements = -1;
            MPI_Get_count(&st, l[r].type, &count);
            MPI_Get_elements(&st, l[r].type, &elements);
            MT_CHECK(count == l[r].count && elements == n, "%s: count %d (expected %d), elements %d", what, count,
                     l[r].count, elements);
            free(sbuf);
            free(rbuf);
        }
    }
    for (int k = 0; k < L_COUNT; k++)
        free_layout(&l[k]);
}

/* A message longer than the receive: the first ints arrive, no more. */
static void truncation(int partner, int rank, int n)
{
    layout_t sl = make_layout(L_VECTOR, n), rl = make_layout(L_INDEXED, n / 2);
    int *sbuf = make_buffer(&sl), *rbuf = make_buffer(&rl);
    fill(&sl, sbuf, rank);
    MPI_Request req;
    MPI_Status st;
    MPI_Isend(sbuf, sl.count, sl.type, partner, 5, MPI_COMM_WORLD, &req);
    int rc = MPI_Recv(rbuf, rl.count, rl.type, partner, 5, MPI_COMM_WORLD, &st);
    MT_EXPECT_CLASS(rc, MPI_ERR_TRUNCATE, "receiving a longer message into an indexed type");
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    char what[64];
    snprintf(what, sizeof what, "truncated %d-int message", n);
    check_received(&rl, rbuf, n / 2, partner, what);
    int elements = -1;
    MPI_Get_elements(&st, MPI_INT, &elements);
    MT_CHECK(elements == n / 2, "%s: %d ints arrived", what, elements);
    free(sbuf);
    free(rbuf);
    free_layout(&sl);
    free_layout(&rl);
}

/* Pair types carry their two members and never the padding between. */
static void pair_padding(int partner)
{
    enum { N = 300 };
    struct pair {
        short value;
        int index;
    } *out = malloc(N * sizeof *out), *in = malloc(N * sizeof *in);
    memset(out, 0x11, N * sizeof *out);
    memset(in, 0xAB, N * sizeof *in);
    for (int i = 0; i < N; i++) {
        out[i].value = (short)i;
        out[i].index = -i;
    }
    MPI_Sendrecv(out, N, MPI_SHORT_INT, partner, 6, in, N, MPI_SHORT_INT, partner, 6, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    int bad = 0;
    for (int i = 0; i < N && !bad; i++) {
        const unsigned char *pad = (const unsigned char *)&in[i] + sizeof(short);
        bad = in[i].value != (short)i || in[i].index != -i || pad[0] != 0xAB || pad[1] != 0xAB;
        MT_CHECK(!bad, "MPI_SHORT_INT element %d: value %d index %d padding %02x %02x", i, in[i].value, in[i].index,
                 pad[0], pad[1]);
    }
    /* 300 pairs are 1800 bytes of data, received here as bytes. */
    unsigned char raw[N * 6];
    MPI_Status st;
    MPI_Sendrecv(out, N, MPI_SHORT_INT, partner, 7, raw, (int)sizeof raw, MPI_BYTE, partner, 7, MPI_COMM_WORLD, &st);
    int count = -1;
    MPI_Get_count(&st, MPI_BYTE, &count);
    short v;
    int idx;
    memcpy(&v, raw + 6 * 7, sizeof v);
    memcpy(&idx, raw + 6 * 7 + 2, sizeof idx);
    MT_CHECK(count == N * 6 && v == 7 && idx == -7, "MPI_SHORT_INT as bytes: %d bytes, pair 7 = (%d, %d)", count, v,
             idx);
    free(out);
    free(in);
}

/* The user may free a type as soon as the operation using it has started. */
static void free_while_in_flight(int partner, int rank, int n)
{
    layout_t sl = make_layout(L_SUBARRAY, n), rl = make_layout(L_NEGATIVE, n);
    int *sbuf = make_buffer(&sl), *rbuf = make_buffer(&rl);
    fill(&sl, sbuf, rank);
    MPI_Request req[2];
    MPI_Irecv(rbuf + rl.origin, rl.count, rl.type, partner, 8, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(sbuf, sl.count, sl.type, partner, 8, MPI_COMM_WORLD, &req[1]);
    free_layout(&sl);
    MPI_Type_free(&rl.type);
    MT_CHECK(rl.type == MPI_DATATYPE_NULL, "MPI_Type_free sets the handle to MPI_DATATYPE_NULL");
    rl.type = MPI_INT;
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    check_received(&rl, rbuf, n, partner, "types freed while the exchange was in flight");
    free(sbuf);
    free(rbuf);
    free_layout(&rl);
}

/* Persistent requests and MPI_Sendrecv_replace with derived types. */
static void persistent_and_replace(int partner, int rank)
{
    layout_t l = make_layout(L_RESIZED, 6000);
    int *sbuf = make_buffer(&l), *rbuf = make_buffer(&l);
    MPI_Request req[2];
    MPI_Recv_init(rbuf, l.count, l.type, partner, 9, MPI_COMM_WORLD, &req[0]);
    MPI_Send_init(sbuf, l.count, l.type, partner, 9, MPI_COMM_WORLD, &req[1]);
    for (int round = 0; round < 3; round++) {
        fill(&l, sbuf, rank + round);
        MPI_Startall(2, req);
        MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
        check_received(&l, rbuf, l.n, partner + round, "persistent exchange of a resized type");
    }
    MPI_Request_free(&req[0]);
    MPI_Request_free(&req[1]);

    fill(&l, sbuf, rank);
    MPI_Sendrecv_replace(sbuf, l.count, l.type, partner, 10, partner, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check_received(&l, sbuf, l.n, partner, "MPI_Sendrecv_replace with a resized type");
    free(sbuf);
    free(rbuf);
    free_layout(&l);
}

/* Absolute addresses: two separate arrays sent as one message from
 * MPI_BOTTOM, received into one array. */
static void bottom(int partner, int rank)
{
    double a[5], b[3], got[8];
    for (int i = 0; i < 5; i++)
        a[i] = rank + i * 0.5;
    for (int i = 0; i < 3; i++)
        b[i] = -rank - i;
    MPI_Aint disp[2];
    MPI_Get_address(a, &disp[0]);
    MPI_Get_address(b, &disp[1]);
    int bl[2] = {5, 3};
    MPI_Datatype t;
    MPI_Type_create_hindexed(2, bl, disp, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    MPI_Sendrecv(MPI_BOTTOM, 1, t, partner, 11, got, 8, MPI_DOUBLE, partner, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MT_CHECK(got[4] == partner + 2.0 && got[7] == -partner - 2.0, "MPI_BOTTOM message: got[4] %g got[7] %g", got[4],
             got[7]);
    MPI_Type_free(&t);
}

static void uncommitted(int partner)
{
    MPI_Datatype t;
    int x[4] = {0};
    MPI_Type_vector(2, 1, 2, MPI_INT, &t);
    int rc = MPI_Send(x, 1, t, partner, 12, MPI_COMM_WORLD);
    MT_EXPECT_CLASS(rc, MPI_ERR_TYPE, "MPI_Send with an uncommitted type");
    MPI_Request req;
    rc = MPI_Irecv(x, 1, t, partner, 12, MPI_COMM_WORLD, &req);
    MT_EXPECT_CLASS(rc, MPI_ERR_TYPE, "MPI_Irecv with an uncommitted type");
    MPI_Type_free(&t);
}

/* Exchange (sbuf, scount, stype) for (rbuf, rcount, rtype) with partner. */
static void swap(int partner, const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                 MPI_Datatype rtype, MPI_Status *st)
{
    MPI_Sendrecv(sbuf, scount, stype, partner, 13, rbuf, rcount, rtype, partner, 13, MPI_COMM_WORLD, st);
}

/* The constructors the layout matrix above does not cover. */
static void other_constructors(int partner, int rank)
{
    /* struct with padding, both sides */
    struct rec {
        int a;
        double b;
        char c[3];
    } out[50], in[50];
    memset(in, 0x5A, sizeof in);
    for (int i = 0; i < 50; i++)
        out[i] = (struct rec){rank + i, rank * 0.5 + i, {'x', 'y', (char)i}};
    int bl[3] = {1, 1, 3};
    MPI_Aint disp[3] = {offsetof(struct rec, a), offsetof(struct rec, b), offsetof(struct rec, c)};
    MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, st, rec;
    MPI_Type_create_struct(3, bl, disp, types, &st);
    MPI_Type_create_resized(st, 0, sizeof(struct rec), &rec);
    MPI_Type_commit(&rec);
    swap(partner, out, 50, rec, in, 50, rec, MPI_STATUS_IGNORE);
    const unsigned char *pad = (const unsigned char *)&in[49] + sizeof(int);
    MT_CHECK(in[49].a == partner + 49 && in[49].b == partner * 0.5 + 49 && in[49].c[2] == 49 && *pad == 0x5A,
             "struct: a %d b %g c %d, padding %02x", in[49].a, in[49].b, in[49].c[2], *pad);
    MPI_Type_free(&st);
    MPI_Type_free(&rec);

    /* indexed_block and hindexed_block, received as plain ints */
    int src[8] = {0, 10, 20, 30, 40, 50, 60, 70}, got[6] = {0};
    int ib_disp[3] = {5, 1, 3};
    MPI_Aint hb_disp[3] = {5 * sizeof(int), 1 * sizeof(int), 3 * sizeof(int)};
    MPI_Datatype ib, hb;
    MPI_Type_create_indexed_block(3, 1, ib_disp, MPI_INT, &ib);
    MPI_Type_create_hindexed_block(3, 2, hb_disp, MPI_INT, &hb);
    MPI_Type_commit(&ib);
    MPI_Type_commit(&hb);
    swap(partner, src, 1, ib, got, 3, MPI_INT, MPI_STATUS_IGNORE);
    MT_CHECK(got[0] == 50 && got[1] == 10 && got[2] == 30, "indexed_block: %d %d %d", got[0], got[1], got[2]);
    swap(partner, src, 1, hb, got, 6, MPI_INT, MPI_STATUS_IGNORE);
    MT_CHECK(got[0] == 50 && got[1] == 60 && got[2] == 10 && got[3] == 20 && got[4] == 30 && got[5] == 40,
             "hindexed_block: %d %d %d %d %d %d", got[0], got[1], got[2], got[3], got[4], got[5]);
    MPI_Type_free(&ib);
    MPI_Type_free(&hb);

    /* darray: process (1, 1) of a 2 x 2 block distribution of 8 x 8 ints */
    int grid[64], piece[16];
    for (int i = 0; i < 64; i++)
        grid[i] = i;
    int gsizes[2] = {8, 8}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, psizes[2] = {2, 2};
    MPI_Datatype da;
    MPI_Type_create_darray(4, 3, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &da);
    MPI_Type_commit(&da);
    swap(partner, grid, 1, da, piece, 16, MPI_INT, MPI_STATUS_IGNORE);
    MT_CHECK(piece[0] == 36 && piece[3] == 39 && piece[4] == 44 && piece[15] == 63, "darray piece: %d %d %d %d",
             piece[0], piece[3], piece[4], piece[15]);
    MPI_Type_free(&da);

    /* zero count, and blocks of length zero */
    MPI_Status status;
    int count = -1;
    MPI_Datatype v, z;
    MPI_Type_vector(3, 1, 2, MPI_INT, &v);
    MPI_Type_commit(&v);
    swap(partner, src, 0, v, got, 0, v, &status);
    MPI_Get_count(&status, v, &count);
    MT_CHECK(count == 0, "zero count of a vector: count %d", count);
    int zbl[3] = {0, 2, 0}, zdisp[3] = {0, 4, 7};
    MPI_Type_indexed(3, zbl, zdisp, MPI_INT, &z);
    MPI_Type_commit(&z);
    memset(got, 0, sizeof got);
    swap(partner, src, 1, z, got, 6, MPI_INT, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    MT_CHECK(count == 2 && got[0] == 40 && got[1] == 50, "zero-length blocks: count %d, %d %d", count, got[0], got[1]);
    MPI_Type_free(&v);
    MPI_Type_free(&z);
}

/* Data packed with MPI_Pack travels as MPI_PACKED. */
static void packed(int partner, int rank)
{
    char out[64], in[64];
    int pos = 0, x = 1000 + rank;
    double y = rank + 0.25;
    MPI_Pack(&x, 1, MPI_INT, out, sizeof out, &pos, MPI_COMM_WORLD);
    MPI_Pack(&y, 1, MPI_DOUBLE, out, sizeof out, &pos, MPI_COMM_WORLD);
    MPI_Status st;
    swap(partner, out, pos, MPI_PACKED, in, sizeof in, MPI_PACKED, &st);
    int bytes = -1, rx = 0, rpos = 0;
    double ry = 0;
    MPI_Get_count(&st, MPI_PACKED, &bytes);
    MPI_Unpack(in, bytes, &rpos, &rx, 1, MPI_INT, MPI_COMM_WORLD);
    MPI_Unpack(in, bytes, &rpos, &ry, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    MT_CHECK(bytes == pos && rx == 1000 + partner && ry == partner + 0.25, "MPI_PACKED: %d bytes, %d %g", bytes, rx,
             ry);
}

/* Messages in pieces that arrive before their receive: the receiver
 * probes for the last of three, so the first two (one of them in pieces)
 * wait in the unexpected queue, whole or still arriving.  n ints in the
 * first: 12000 (48 KB) is within the eager limit; 60000 (240 KB) is
 * beyond it, eager only as a non-contiguous message to a receiver that has
 * taken everything before (p2p/send.c: typed_eager), else a rendezvous. */
static void unexpected_pieces(int partner, int rank, int n)
{
    layout_t big = make_layout(L_VECTOR, n), mid = make_layout(L_SUBARRAY, 6000);
    layout_t got_big = make_layout(L_RESIZED, n), got_mid = make_layout(L_INDEXED, 6000);
    int *sb = make_buffer(&big), *sm = make_buffer(&mid), *rb = make_buffer(&got_big), *rm = make_buffer(&got_mid);
    fill(&big, sb, rank);
    fill(&mid, sm, rank + 1);
    int small = 77 + rank, small_in = 0;
    MPI_Request req[3];
    MPI_Isend(sb, big.count, big.type, partner, 20, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(&small, 1, MPI_INT, partner, 21, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(sm, mid.count, mid.type, partner, 22, MPI_COMM_WORLD, &req[2]);
    MPI_Status st;
    MPI_Probe(partner, 22, MPI_COMM_WORLD, &st);
    MPI_Message msg;
    MPI_Mprobe(partner, 20, MPI_COMM_WORLD, &msg, &st);
    int count = -1;
    MPI_Get_count(&st, MPI_INT, &count);
    MT_CHECK(count == n, "probed message in pieces: %d ints, not %d", count, n);
    MPI_Mrecv(rb, got_big.count, got_big.type, &msg, MPI_STATUS_IGNORE);
    MPI_Recv(&small_in, 1, MPI_INT, partner, 21, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(rm, got_mid.count, got_mid.type, partner, 22, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
    check_received(&got_big, rb, n, partner, "unexpected message in pieces, matched by MPI_Mprobe");
    check_received(&got_mid, rm, 6000, partner + 1, "unexpected message in pieces after a small one");
    MT_CHECK(small_in == 77 + partner, "small message between two in pieces: %d", small_in);
    free(sb);
    free(sm);
    free(rb);
    free(rm);
    free_layout(&big);
    free_layout(&mid);
    free_layout(&got_big);
    free_layout(&got_mid);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int partner = (rank ^ 1) < size ? rank ^ 1 : rank;

    /* 6 and 12 ints fit a ring slot; 60 take the data ring; 6000 (24 KB)
     * and more cross the eager limit; 600000 (2.4 MB) take many chunks. */
    const int sizes[] = {6, 12, 60, 6000, 60000, 600000};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        exchange_all(partner, rank, sizes[i]);
    truncation(partner, rank, 60);
    truncation(partner, rank, 60000);
    pair_padding(partner);
    free_while_in_flight(partner, rank, 6);
    free_while_in_flight(partner, rank, 300000);
    persistent_and_replace(partner, rank);
    bottom(partner, rank);
    uncommitted(partner);
    other_constructors(partner, rank);
    packed(partner, rank);
    unexpected_pieces(partner, rank, 12000);
    unexpected_pieces(partner, rank, 60000);
    return mt_finish();
}
