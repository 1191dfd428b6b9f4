/*
 * cvl.c -- the segmented vector library (cvl.h).
 *
 * Scans run in three steps: each rank sums up its block into a carry
 * (whether the block starts a segment, and the reduction since its last
 * segment start), MPI_Exscan combines the carries of the ranks before with
 * the segmented operator, and each rank scans its block from that carry.
 * Permutations move (index, value) pairs in one buffer per destination.
 */
#include "cvl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A carry: what a block (or the blocks before one) holds, for scans. */
enum { CARRY_OPEN, CARRY_HEAD, CARRY_EMPTY };

typedef struct {
    int64_t tag; /* state | op << 4 | type << 8 */
    union {
        int64_t i;
        double d;
    } value;
} carry_t;

/* The operations, one function per element type. */
#define DEFINE_OP(name, T)                      \
    static T name(cvl_op_t op, T a, T b)        \
    {                                           \
        switch (op) {                           \
        case CVL_SUM:                           \
            return a + b;                       \
        case CVL_MAX:                           \
            return a > b ? a : b;               \
        case CVL_MIN:                           \
            return a < b ? a : b;               \
        default: /* CVL_COPY keeps the first */ \
            return a;                           \
        }                                       \
    }
DEFINE_OP(op_int, int64_t)
DEFINE_OP(op_double, double)

static int64_t identity_int(cvl_op_t op)
{
    return op == CVL_MAX ? INT64_MIN : op == CVL_MIN ? INT64_MAX : 0;
}

static double identity_double(cvl_op_t op)
{
    return op == CVL_MAX ? -INFINITY : op == CVL_MIN ? INFINITY : 0;
}

/* The segmented operator: a (the earlier elements) then b. */
static carry_t carry_combine(carry_t a, carry_t b)
{
    int sa = (int)(a.tag & 15), sb = (int)(b.tag & 15);
    if (sa == CARRY_EMPTY || sb == CARRY_HEAD)
        return b;
    if (sb == CARRY_EMPTY)
        return a;
    cvl_op_t op = (cvl_op_t)(a.tag >> 4 & 15);
    if ((a.tag >> 8) == CVL_INT)
        a.value.i = op_int(op, a.value.i, b.value.i);
    else
        a.value.d = op_double(op, a.value.d, b.value.d);
    return a;
}

/* MPI's user operation: inout = in (the lower ranks) then inout. */
static void carry_reduce(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    carry_t *a = in, *b = inout;
    for (int i = 0; i < *len; i++)
        b[i] = carry_combine(a[i], b[i]);
}

/* The permutations' exchange buffers, kept from one call to the next and
 * grown when a call needs more.  Allocated and freed at every call, a
 * buffer of 128 KiB or more was a fresh mapping each time (glibc's mmap
 * threshold), its pages faulting in at every call: at 2 ranks a
 * permutation of 8192 words a rank took 65 us a call, 31 us with the
 * buffers kept (docs/perf.md). */
enum { BUFFER_OUT, BUFFER_IN, BUFFER_SLOT, BUFFERS };
struct cvl_buffers {
    void *p[BUFFERS];
    size_t bytes[BUFFERS];
};

static void *cvl_buffer(const cvl_t *c, int which, size_t bytes)
{
    struct cvl_buffers *b = c->buffers;
    if (b->bytes[which] < bytes) {
        size_t grown = bytes > 2 * b->bytes[which] ? bytes : 2 * b->bytes[which];
        free(b->p[which]);
        b->p[which] = malloc(grown);
        if (!b->p[which]) {
            fprintf(stderr, "cvl: no memory for a %zu-byte exchange buffer\n", grown);
            MPI_Abort(c->comm, 1);
        }
        b->bytes[which] = grown;
    }
    return b->p[which];
}

int cvl_init(cvl_t *c, MPI_Comm comm)
{
    c->buffers = calloc(1, sizeof *c->buffers);
    if (!c->buffers)
        return MPI_ERR_NO_MEM;
    int err = MPI_Comm_dup(comm, &c->comm);
    if (err != MPI_SUCCESS) {
        free(c->buffers);
        return err;
    }
    MPI_Comm_rank(c->comm, &c->rank);
    MPI_Comm_size(c->comm, &c->size);
    MPI_Type_contiguous(2, MPI_INT64_T, &c->pair);
    MPI_Type_commit(&c->pair);
    return MPI_Op_create(carry_reduce, 0, &c->carry_op);
}

void cvl_finalize(cvl_t *c)
{
    for (int i = 0; i < BUFFERS; i++)
        free(c->buffers->p[i]);
    free(c->buffers);
    c->buffers = NULL;
    MPI_Op_free(&c->carry_op);
    MPI_Type_free(&c->pair);
    MPI_Comm_free(&c->comm);
}

long cvl_block_lo(const cvl_t *c, long n, int r)
{
    return n * r / c->size; /* exact while n times the ranks fits a long */
}

int cvl_owner(const cvl_t *c, long n, long g)
{
    /* The last rank whose block starts at or before g. */
    return (int)(((g + 1) * c->size - 1) / n);
}

cvl_vec_t cvl_new(const cvl_t *c, cvl_type_t type, long n)
{
    cvl_vec_t v = {.type = type, .n = n};
    v.lo = cvl_block_lo(c, n, c->rank);
    v.hi = cvl_block_lo(c, n, c->rank + 1);
    /* On a cache line: where malloc puts a block depends on what the MPI
     * library allocated before, which moved elementwise speed between MPIs. */
    v.p = aligned_alloc(64, ((size_t)(v.hi - v.lo) * 8 + 64) / 64 * 64);
    return v;
}

void cvl_free(cvl_vec_t *v)
{
    free(v->p);
    v->p = NULL;
}

/* ---- elementwise -------------------------------------------------------- */

#define ELEMENTWISE(name, expr)                                     \
    void name(cvl_vec_t *z, const cvl_vec_t *x, const cvl_vec_t *y) \
    {                                                               \
        long m = z->hi - z->lo;                                     \
        if (z->type == CVL_INT) {                                   \
            int64_t *zz = z->i;                                     \
            const int64_t *a = x->i, *b = y->i;                     \
            for (long k = 0; k < m; k++)                            \
                zz[k] = expr;                                       \
        } else {                                                    \
            double *zz = z->d;                                      \
            const double *a = x->d, *b = y->d;                      \
            for (long k = 0; k < m; k++)                            \
                zz[k] = expr;                                       \
        }                                                           \
    }

ELEMENTWISE(cvl_add, a[k] + b[k])
ELEMENTWISE(cvl_sub, a[k] - b[k])
ELEMENTWISE(cvl_mul, a[k] * b[k])

void cvl_iota(cvl_vec_t *v)
{
    for (long k = 0; k < v->hi - v->lo; k++) {
        if (v->type == CVL_INT)
            v->i[k] = v->lo + k;
        else
            v->d[k] = (double)(v->lo + k);
    }
}

void cvl_fill(cvl_vec_t *v, double value)
{
    for (long k = 0; k < v->hi - v->lo; k++) {
        if (v->type == CVL_INT)
            v->i[k] = (int64_t)value;
        else
            v->d[k] = value;
    }
}

/* ---- reductions and scans ----------------------------------------------- */

static int is_head(const cvl_vec_t *flags, long lo, long k)
{
    return lo + k == 0 || (flags && flags->i[k] != 0);
}

/* The block's carry: from its last segment start (or all of it) on. */
static carry_t block_carry(const cvl_vec_t *x, const cvl_vec_t *flags, cvl_op_t op)
{
    carry_t carry = {.tag = CARRY_EMPTY | op << 4 | x->type << 8};
    for (long k = 0; k < x->hi - x->lo; k++) {
        carry_t one = {.tag = (is_head(flags, x->lo, k) ? CARRY_HEAD : CARRY_OPEN) | op << 4 | x->type << 8};
        if (x->type == CVL_INT)
            one.value.i = x->i[k];
        else
            one.value.d = x->d[k];
        carry = carry_combine(carry, one);
    }
    return carry;
}

/* The segmented operator over the ranks before this one. */
static carry_t carry_in(const cvl_t *c, carry_t mine)
{
    carry_t before;
    MPI_Exscan(&mine, &before, 1, c->pair, c->carry_op, c->comm);
    if (c->rank == 0)
        before.tag = CARRY_EMPTY; /* MPI_Exscan leaves rank 0's undefined */
    return before;
}

#define SCAN_BLOCK(T, field, op_fn, identity)                           \
    do {                                                                \
        const T *in = x->field;                                         \
        T *o = out->field, acc = before.value.field, id = identity(op); \
        int have = (before.tag & 15) != CARRY_EMPTY;                    \
        for (long k = 0; k < m; k++) {                                  \
            T v = in[k];                                                \
            if (is_head(flags, x->lo, k))                               \
                have = 0;                                               \
            T next = have ? op_fn(op, acc, v) : v;                      \
            o[k] = exclusive ? (have ? acc : id) : next;                \
            acc = next;                                                 \
            have = 1;                                                   \
        }                                                               \
    } while (0)

void cvl_scan(const cvl_t *c, cvl_vec_t *out, const cvl_vec_t *x, const cvl_vec_t *flags, cvl_op_t op, int exclusive)
{
    carry_t before = carry_in(c, block_carry(x, flags, op));
    long m = x->hi - x->lo;
    exclusive = exclusive && op != CVL_COPY;
    if (x->type == CVL_INT)
        SCAN_BLOCK(int64_t, i, op_int, identity_int);
    else
        SCAN_BLOCK(double, d, op_double, identity_double);
}

/* The reduction of x into result, an element of x's type; CVL_COPY gives
 * the first element. */
static void reduce(const cvl_t *c, const cvl_vec_t *x, cvl_op_t op, void *result)
{
    MPI_Datatype type = x->type == CVL_INT ? MPI_INT64_T : MPI_DOUBLE;
    if (op == CVL_COPY) {
        memset(result, 0, 8);
        if (x->lo == 0 && x->hi > 0)
            memcpy(result, x->p, 8);
        MPI_Bcast(result, 1, type, x->n > 0 ? cvl_owner(c, x->n, 0) : 0, c->comm);
        return;
    }
    if (x->type == CVL_INT) {
        int64_t acc = identity_int(op);
        for (long k = 0; k < x->hi - x->lo; k++)
            acc = op_int(op, acc, x->i[k]);
        memcpy(result, &acc, 8);
    } else {
        double acc = identity_double(op);
        for (long k = 0; k < x->hi - x->lo; k++)
            acc = op_double(op, acc, x->d[k]);
        memcpy(result, &acc, 8);
    }
    MPI_Op mpi_op = op == CVL_SUM ? MPI_SUM : op == CVL_MAX ? MPI_MAX : MPI_MIN;
    MPI_Allreduce(MPI_IN_PLACE, result, 1, type, mpi_op, c->comm);
}

int64_t cvl_reduce_int(const cvl_t *c, const cvl_vec_t *x, cvl_op_t op)
{
    int64_t result;
    reduce(c, x, op, &result);
    return result;
}

double cvl_reduce_double(const cvl_t *c, const cvl_vec_t *x, cvl_op_t op)
{
    double result;
    reduce(c, x, op, &result);
    return result;
}

long cvl_segments(const cvl_t *c, const cvl_vec_t *flags)
{
    long count = 0;
    for (long k = 0; k < flags->hi - flags->lo; k++)
        count += is_head(flags, flags->lo, k);
    MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_LONG, MPI_SUM, c->comm);
    return count;
}

void cvl_segment_ids(const cvl_t *c, cvl_vec_t *id, const cvl_vec_t *flags)
{
    long m = id->hi - id->lo;
    for (long k = 0; k < m; k++) /* an inclusive scan of the heads, less one */
        id->i[k] = is_head(flags, id->lo, k);
    cvl_scan(c, id, id, NULL, CVL_SUM, 0);
    for (long k = 0; k < m; k++)
        id->i[k] -= 1;
}

void cvl_seg_reduce(const cvl_t *c, cvl_vec_t *out, const cvl_vec_t *x, const cvl_vec_t *flags, cvl_op_t op)
{
    long m = x->hi - x->lo;
    cvl_vec_t id = cvl_new(c, CVL_INT, x->n), sums = cvl_new(c, x->type, x->n);
    cvl_segment_ids(c, &id, flags);
    cvl_scan(c, &sums, x, flags, op, 0);
    /* A segment's last element holds its reduction: the one before a head,
     * or the last of all.  The element after this block is the first of
     * the next non-empty block. */
    int *next_head = malloc((size_t)c->size * sizeof *next_head), mine = m > 0 ? is_head(flags, x->lo, 0) : -1;
    MPI_Allgather(&mine, 1, MPI_INT, next_head, 1, MPI_INT, c->comm);
    int after = 1; /* no element after: the end */
    for (int r = c->rank + 1; r < c->size; r++)
        if (next_head[r] >= 0) {
            after = next_head[r];
            break;
        }
    for (long k = 0; k < m; k++) {
        int last = k + 1 < m ? is_head(flags, x->lo, k + 1) : after;
        id.i[k] = last ? id.i[k] : -1;
    }
    cvl_scatter(c, out, &sums, &id);
    free(next_head);
    cvl_free(&id);
    cvl_free(&sums);
}

/* ---- permutations ------------------------------------------------------- */

/* Where a permutation's elements go: how many leave for each rank (from
 * the indices; negative ones and those staying here do not leave), and,
 * after an MPI_Alltoall of the counts, how many arrive from each, so each
 * rank knows when all its data has arrived. */
typedef struct {
    int *send_count, *send_displ, *recv_count, *recv_displ;
    int *fill; /* the next free place for each destination */
    long received;
} routes_t;

static void routes_plan(const cvl_t *c, routes_t *rt, const int64_t *index, long m, long n)
{
    int p = c->size;
    rt->send_count = calloc(5 * (size_t)p, sizeof *rt->send_count);
    rt->send_displ = rt->send_count + p;
    rt->recv_count = rt->send_count + 2 * p;
    rt->recv_displ = rt->send_count + 3 * p;
    rt->fill = rt->send_count + 4 * p;
    for (long k = 0; k < m; k++)
        if (index[k] >= 0) {
            int r = cvl_owner(c, n, index[k]);
            rt->send_count[r] += r != c->rank;
        }
    MPI_Alltoall(rt->send_count, 1, MPI_INT, rt->recv_count, 1, MPI_INT, c->comm);
    long sent = 0;
    rt->received = 0;
    for (int r = 0; r < p; r++) {
        rt->fill[r] = rt->send_displ[r] = (int)sent;
        rt->recv_displ[r] = (int)rt->received;
        sent += rt->send_count[r];
        rt->received += rt->recv_count[r];
    }
}

static void routes_free(routes_t *rt)
{
    free(rt->send_count);
}

void cvl_scatter(const cvl_t *c, cvl_vec_t *dst, const cvl_vec_t *src, const cvl_vec_t *index)
{
    long m = src->hi - src->lo;
    routes_t rt;
    routes_plan(c, &rt, index->i, m, dst->n);
    const int64_t *words = src->i;
    int64_t *into = dst->i;
    int64_t(*out)[2] = cvl_buffer(c, BUFFER_OUT, (size_t)m * sizeof *out + 16);
    int64_t(*in)[2] = cvl_buffer(c, BUFFER_IN, (size_t)rt.received * sizeof *in + 16);
    for (long k = 0; k < m; k++) {
        int64_t g = index->i[k];
        if (g < 0)
            continue;
        int r = cvl_owner(c, dst->n, g);
        if (r == c->rank) { /* stays here: no need to travel */
            into[g - dst->lo] = words[k];
            continue;
        }
        out[rt.fill[r]][0] = g;
        out[rt.fill[r]++][1] = words[k];
    }
    MPI_Alltoallv(out, rt.send_count, rt.send_displ, c->pair, in, rt.recv_count, rt.recv_displ, c->pair, c->comm);
    for (long k = 0; k < rt.received; k++)
        into[in[k][0] - dst->lo] = in[k][1];
    routes_free(&rt);
}

void cvl_gather(const cvl_t *c, cvl_vec_t *dst, const cvl_vec_t *src, const cvl_vec_t *index)
{
    long m = dst->hi - dst->lo;
    routes_t rt;
    routes_plan(c, &rt, index->i, m, src->n);
    const int64_t *words = src->i;
    int64_t *into = dst->i;
    /* The indices asked for go out; the values come back in their place. */
    int64_t *want = cvl_buffer(c, BUFFER_OUT, (size_t)m * sizeof *want + 8);
    int64_t *asks = cvl_buffer(c, BUFFER_IN, (size_t)rt.received * sizeof *asks + 8);
    long *slot = cvl_buffer(c, BUFFER_SLOT, (size_t)m * sizeof *slot + 8);
    for (long k = 0; k < m; k++) {
        int64_t g = index->i[k];
        int r = cvl_owner(c, src->n, g);
        if (r == c->rank) {
            into[k] = words[g - src->lo];
            slot[k] = -1;
            continue;
        }
        slot[k] = rt.fill[r];
        want[rt.fill[r]++] = g;
    }
    MPI_Alltoallv(want, rt.send_count, rt.send_displ, MPI_INT64_T, asks, rt.recv_count, rt.recv_displ, MPI_INT64_T,
                  c->comm);
    for (long k = 0; k < rt.received; k++)
        asks[k] = words[asks[k] - src->lo];
    MPI_Alltoallv(asks, rt.recv_count, rt.recv_displ, MPI_INT64_T, want, rt.send_count, rt.send_displ, MPI_INT64_T,
                  c->comm);
    for (long k = 0; k < m; k++)
        if (slot[k] >= 0)
            into[k] = want[slot[k]];
    routes_free(&rt);
}
