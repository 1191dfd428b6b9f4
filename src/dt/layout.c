/* layout.c -- building layouts and copying any range of a packed stream. */
#include "dt/layout.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dt/buffer.h"
#include "util/atomics.h"
#include "util/copy.h"
#include "util/hot.h"

static dt_node_t *node_alloc(int kind, MPI_Count size)
{
    dt_node_t *node = calloc(1, sizeof *node);
    if (node) {
        node->kind = kind;
        node->size = size;
    }
    return node;
}

dt_node_t *dt_node_block(MPI_Count size)
{
    return node_alloc(DT_BLOCK, size);
}

void dt_node_free(dt_node_t *node)
{
    if (!node)
        return;
    dt_node_free(node->child);
    for (MPI_Count i = 0; i < node->n; i++)
        dt_node_free(node->children[i]);
    free(node->disp);
    free(node->children);
    free(node->prefix);
    free(node);
}

/* A LIST of one entry: a node displaced (a subarray's or darray's start
 * along a dimension). */
static bool is_displaced(const dt_node_t *node)
{
    return node->kind == DT_LIST && node->n == 1;
}

/* What a LIST's entries are, for dt_node_t.block. */
static void note_list_blocks(dt_node_t *node)
{
    node->block = 0;
    for (MPI_Count i = 0; i < node->n; i++) {
        const dt_node_t *child = node->children[i];
        if (child->kind != DT_BLOCK) {
            node->block = 0;
            return;
        }
        if (i == 0)
            node->block = child->size;
        else if (child->size != node->block)
            node->block = DT_LIST_BLOCKS;
    }
}

dt_node_t *dt_node_repeat(MPI_Count n, MPI_Aint stride, dt_node_t *child)
{
    if (!child || n == 1)
        return child;
    /* Copies of a displaced node are the displaced copies: the loop goes
     * inside, where it can meet a block (the rows of a subarray become one
     * strided loop instead of a list walk per row). */
    if (is_displaced(child)) {
        dt_node_t *inner = dt_node_repeat(n, stride, child->children[0]);
        child->children[0] = inner;
        if (!inner) {
            dt_node_free(child);
            return NULL;
        }
        child->size = inner->size;
        note_list_blocks(child);
        return child;
    }
    if (child->kind == DT_BLOCK && stride == child->size) {
        child->size *= n;
        return child;
    }
    /* A loop over a loop that continues it is one longer loop. */
    if (child->kind == DT_VECTOR && stride == child->count * child->stride) {
        child->count *= n;
        child->size *= n;
        return child;
    }
    dt_node_t *node = node_alloc(DT_VECTOR, n * child->size);
    if (!node) {
        dt_node_free(child);
        return NULL;
    }
    node->count = n;
    node->stride = stride;
    node->child = child;
    return node;
}

/* A list of blocks of one size evenly spaced (an indexed block whose
 * displacements step evenly, as MPICH's perf/dtpack builds one) is a
 * vector, and gets a vector's loop and prefetching: 1.2x the time of a
 * plain loop through the list, level with it as a vector. */
static dt_node_t *list_as_vector(dt_node_t *node)
{
    if (node->n < 2)
        return node;
    MPI_Aint stride = node->disp[1] - node->disp[0];
    for (MPI_Count i = 2; i < node->n; i++)
        if (node->disp[i] - node->disp[i - 1] != stride)
            return node;
    MPI_Count n = node->n;
    MPI_Aint at = node->disp[0];
    dt_node_t *block = node->children[0];
    node->children[0] = NULL;
    dt_node_free(node);
    dt_node_t *vector = dt_node_repeat(n, stride, block);
    if (!vector || at == 0)
        return vector;
    return dt_node_list(1, &at, &vector);
}

/* Whether child at `at` is a block that continues the block prev at
 * prev_at. */
static bool continues_block(const dt_node_t *prev, MPI_Aint prev_at, const dt_node_t *child, MPI_Aint at)
{
    return prev->kind == DT_BLOCK && child->kind == DT_BLOCK && prev_at + prev->size == at;
}

/* Blocks that follow each other in memory and in order become one. */
static void merge_adjacent(dt_node_t *node)
{
    MPI_Count m = 0;
    for (MPI_Count i = 0; i < node->n; i++) {
        dt_node_t *child = node->children[i];
        dt_node_t *prev = m ? node->children[m - 1] : NULL;
        if (prev && continues_block(prev, node->disp[m - 1], child, node->disp[i])) {
            prev->size += child->size;
            dt_node_free(child);
            continue;
        }
        node->disp[m] = node->disp[i];
        node->children[m] = child;
        m++;
    }
    node->n = m;
}

/*
 * Whether merging a list's adjacent blocks pays.  A list of blocks of one
 * size moves each by a fixed move (move_listed); blocks of different
 * sizes each look up their size and length (move_listed_sizes), several
 * times the instructions.  So blocks of one size stay apart unless
 * merging leaves at most 1 / MERGE_KEEPS_UNIFORM of the entries: an
 * irregular halo of single doubles (`MPI_Type_create_indexed_block`) where
 * one neighbour in 64 touches the next, between two ranks: 300 doubles
 * 0.68-0.70 us merged, 0.33 apart (MPICH 0.50-0.52), 1000 doubles 1.54-1.55
 * and 0.85-0.87 (MPICH 1.34); with every third entry touching the one
 * before, 300 doubles 0.48 -> 0.34, 3000 2.81 -> 1.72.
 */
#define MERGE_KEEPS_UNIFORM 2 /* merge when at most 1/2 of the entries would remain */

static bool merge_pays(const dt_node_t *node)
{
    MPI_Count n = node->n, joins = 0;
    bool uniform = n > 0 && node->children[0]->kind == DT_BLOCK;
    for (MPI_Count i = 1; i < n; i++) {
        uniform &= node->children[i]->kind == DT_BLOCK && node->children[i]->size == node->children[0]->size;
        joins += continues_block(node->children[i - 1], node->disp[i - 1], node->children[i], node->disp[i]);
    }
    return joins > 0 && (!uniform || (n - joins) * MERGE_KEEPS_UNIFORM <= n);
}

dt_node_t *dt_node_list(MPI_Count n, const MPI_Aint *disp, dt_node_t **children)
{
    dt_node_t *node = node_alloc(DT_LIST, 0);
    if (node) {
        node->disp = malloc((size_t)n * sizeof *node->disp);
        node->children = malloc((size_t)n * sizeof *node->children);
        node->prefix = malloc((size_t)n * sizeof *node->prefix);
    }
    if (!node || !node->disp || !node->children || !node->prefix) {
        for (MPI_Count i = 0; i < n; i++)
            dt_node_free(children[i]);
        dt_node_free(node);
        return NULL;
    }
    for (MPI_Count i = 0; i < n; i++) {
        dt_node_t *child = children[i];
        MPI_Aint at = disp[i];
        /* An entry that is one displaced node is that node, displaced
         * further (no list ever holds such an entry). */
        if (is_displaced(child)) {
            dt_node_t *inner = child->children[0];
            at += child->disp[0];
            child->children[0] = NULL;
            dt_node_free(child);
            child = inner;
        }
        node->disp[i] = at;
        node->children[i] = child;
    }
    node->n = n;
    if (merge_pays(node))
        merge_adjacent(node);
    for (MPI_Count i = 0; i < node->n; i++) {
        node->prefix[i] = node->size;
        node->size += node->children[i]->size;
    }
    if (node->n == 1 && node->disp[0] == 0) {
        dt_node_t *only = node->children[0];
        node->n = 0;
        dt_node_free(node);
        return only;
    }
    note_list_blocks(node);
    return node->block > 0 ? list_as_vector(node) : node;
}

dt_node_t *dt_node_copy(const dt_node_t *src)
{
    if (!src)
        return NULL;
    dt_node_t *node = node_alloc(src->kind, src->size);
    if (!node)
        return NULL;
    node->count = src->count;
    node->stride = src->stride;
    node->block = src->block;
    if (src->child && !(node->child = dt_node_copy(src->child)))
        goto fail;
    if (src->n) {
        node->disp = malloc((size_t)src->n * sizeof *node->disp);
        node->children = calloc((size_t)src->n, sizeof *node->children);
        node->prefix = malloc((size_t)src->n * sizeof *node->prefix);
        if (!node->disp || !node->children || !node->prefix)
            goto fail;
        node->n = src->n;
        memcpy(node->disp, src->disp, (size_t)src->n * sizeof *node->disp);
        memcpy(node->prefix, src->prefix, (size_t)src->n * sizeof *node->prefix);
        for (MPI_Count i = 0; i < src->n; i++)
            if (!(node->children[i] = dt_node_copy(src->children[i])))
                goto fail;
    }
    return node;
fail:
    dt_node_free(node);
    return NULL;
}

/* ---- the copy engine ---- */

/* Addresses are computed as integers: with MPI_BOTTOM the buffer is NULL
 * and the displacements are absolute addresses. */
typedef struct cursor {
    unsigned char *packed;
    bool unpack;
    dt_segments_t *segs; /* instead of copying, note where the bytes lie */
    bool far;            /* the buffer spans more than the caches hold */
    MPI_Count drain;     /* unpacking: blocks between drained stores, 0 for none */
    MPI_Count left;      /* blocks until the next drain */
} cursor_t;

static void note_segment(dt_segments_t *segs, uintptr_t at, size_t len)
{
    if (segs->n && (uintptr_t)segs->iov[segs->n - 1].iov_base + segs->iov[segs->n - 1].iov_len == at) {
        segs->iov[segs->n - 1].iov_len += len;
        return;
    }
    if (segs->n == segs->cap) {
        size_t cap = segs->cap ? 2 * segs->cap : 64;
        struct iovec *iov = realloc(segs->iov, cap * sizeof *iov);
        if (!iov) {
            segs->failed = true;
            return;
        }
        segs->iov = iov;
        segs->cap = cap;
    }
    segs->iov[segs->n++] = (struct iovec){(void *)at, len};
}

/* copy_bytes: blocks of a kilobyte and more (rows of a subarray) avoid the
 * slow `rep movsb` between processes' pages (util/copy.h). */
static inline void move_bytes(cursor_t *c, uintptr_t typed, size_t len)
{
    if (__builtin_expect(c->segs != NULL, 0)) {
        note_segment(c->segs, typed, len); /* no packed stream to advance */
        return;
    }
    if (c->unpack)
        copy_bytes((void *)typed, c->packed, len);
    else
        copy_bytes(c->packed, (const void *)typed, len);
    c->packed += len;
}

/* Blocks of a cache line or less, a line or more apart, in a buffer
 * larger than the caches: every block is a cache miss, and the hardware's
 * stride prefetcher keeps too few of them in flight.  The loop asks for the
 * block FETCH_AHEAD blocks on as it copies one.  Measured on a column of
 * doubles 128 bytes apart: MPI_Pack and MPI_Unpack of 4-16 MiB 1.05-1.14x
 * faster, a 16 MiB column between two ranks 1.05-1.06x (runs alternating
 * with and without).  Within the caches nothing measurable was gained,
 * hence FETCH_SPAN; rows of a kilobyte or two (a subarray's face)
 * prefetched a row ahead did not gain either.  Prefetches never fault, so
 * running past the end of the buffer is harmless.  64 blocks ahead rather
 * than 16 (two 4 KiB pages of that column, so that the page walks overlap
 * too): the 4 and 16 MiB columns between two ranks 1.05x faster (medians
 * of 10 alternating launches; 1.05-1.14x in a faster phase of the
 * machine), MPI_Pack and MPI_Unpack of 16 MiB 1.09x and 1.10x; 32 and
 * 128 blocks measured no better. */
#define FETCH_AHEAD 64
#define FETCH_SPAN (8 << 20)
#define UNROLL_SPAN (2 << 20)

/* Lines a multiple of ALIASED_STRIDE bytes apart crowd into an eighth of
 * the cache sets or fewer: with 4 KiB pages only an address's bits within
 * its page pick its set in L1, and its set within a page colour in L2, and
 * a page holds eight such lines.  Strides beyond a page crowd them no more
 * (where the page's frame lies is anyone's guess). */
#define ALIASED_STRIDE 512
#define ALIAS_PAGE 4096

/* The largest power of two dividing stride, at most align. */
static MPI_Aint stride_alignment(MPI_Aint stride, MPI_Aint align)
{
    uintptr_t s = (uintptr_t)stride, low = s & (0 - s); /* the lowest set bit; 0 for 0 */
    return low < (uintptr_t)align ? (MPI_Aint)low : align;
}

/* Unpacking into such lines, the core runs ahead with as many stores in
 * flight as its store queue holds, each fetching its line into the same
 * few L1 sets (96 lines 512 bytes apart, 48 a KiB apart): lines fetched
 * for later stores evict those of earlier ones before they are written,
 * and are fetched again.  Draining the stores every few blocks (a locked
 * instruction: an `mfence` drained slower) keeps fewer in flight than the
 * sets hold.  4096 doubles into a 2 MiB buffer in one process (Zen 5,
 * cycles): 512 bytes apart 14.4k -> 9.0k draining every 16-128 blocks;
 * a KiB apart 34.6k -> 14.5k every 32 (21.9k every 128); 4 KiB apart 70k
 * -> 44k every 16.  At strides that spread over the sets it only costs
 * (480 bytes apart 3.0k -> 5.7k), so only these drain. */
static inline void drain_stores(void)
{
#if defined(__x86_64__)
    __asm__ volatile("lock orl $0, (%%rsp)" ::: "memory", "cc");
#else
    atomic_thread_fence(memory_order_seq_cst);
#endif
}

/* Blocks between drains for lines a multiple of align apart. */
static inline MPI_Count drain_every(MPI_Aint align)
{
    return align == ALIASED_STRIDE ? 64 : align == 2 * ALIASED_STRIDE ? 32 : 16;
}

/* One block between the typed buffer (at) and the packed stream; fixed:
 * block is a constant once inlined (one load and one store).  Other
 * blocks of 8 to 32 bytes (three doubles) move inline too. */
static inline __attribute__((always_inline)) void move_one(uintptr_t at, unsigned char *packed, size_t block,
                                                           bool unpack, bool fixed)
{
    unsigned char *d = unpack ? (unsigned char *)at : packed;
    const unsigned char *s = unpack ? packed : (const unsigned char *)at;
    if (fixed)
        copy_fixed(d, s, block);
    else if (block >= 8 && block <= 32)
        copy_short(d, s, block);
    else
        copy_bytes(d, s, block);
}

/* The loop of move_blocks, inlined with a constant block size, direction
 * and prefetching.  packed and at are locals: through c, every byte stored
 * would make the compiler reload the cursor (a char store may alias it). */
static inline __attribute__((always_inline)) void move_strided(unsigned char *packed, uintptr_t at, MPI_Aint stride,
                                                               size_t block, MPI_Count nblocks, bool unpack, bool fetch,
                                                               bool fixed)
{
    uintptr_t ahead = (uintptr_t)stride * FETCH_AHEAD;
    MPI_Count i = 0;
    /* Within the caches a block is a load and a store, and the loop's own
     * counting was as many instructions again: four a turn, MPI_Pack and
     * MPI_Unpack of 1-64 KiB of doubles 32 or 128 bytes apart 1.05-1.2x
     * faster.  Spread over more than UNROLL_SPAN the misses set the pace,
     * and unpacking a column spanning 8 MiB measured 3% slower unrolled. */
    if (fixed && !fetch && (uintptr_t)(stride < 0 ? -stride : stride) * (uintptr_t)nblocks <= UNROLL_SPAN) {
        uintptr_t step = (uintptr_t)stride;
        for (; i + 4 <= nblocks; i += 4, at += 4 * step, packed += 4 * block) {
            move_one(at, packed, block, unpack, true);
            move_one(at + step, packed + block, block, unpack, true);
            move_one(at + 2 * step, packed + 2 * block, block, unpack, true);
            move_one(at + 3 * step, packed + 3 * block, block, unpack, true);
        }
    }
    for (; i < nblocks; i++, at += (uintptr_t)stride, packed += block) {
        if (fetch && unpack)
            __builtin_prefetch((const void *)(at + ahead), 1, 3);
        else if (fetch)
            __builtin_prefetch((const void *)(at + ahead), 0, 3);
        move_one(at, packed, block, unpack, fixed);
    }
}

/* One more block stored of the `every` between drains, `left` of them
 * to go before this one: what is left after it. */
static inline __attribute__((always_inline)) MPI_Count drain_countdown(MPI_Count left, MPI_Count every)
{
    if (--left)
        return left;
    drain_stores();
    return every;
}

/* The loop of move_blocks unpacking into lines crowded into a few cache
 * sets, inlined with a constant block size: a drain every c->drain blocks,
 * counted across calls (a subarray's rows of a few dozen blocks). */
static inline __attribute__((always_inline)) void unpack_drained(cursor_t *c, unsigned char *packed, uintptr_t at,
                                                                 MPI_Aint stride, size_t block, MPI_Count nblocks)
{
    MPI_Count left = c->left;
    for (MPI_Count i = 0; i < nblocks; i++, at += (uintptr_t)stride, packed += block) {
        move_one(at, packed, block, true, true);
        left = drain_countdown(left, c->drain);
    }
    c->left = left;
}

/* Blocks of one size, stride apart: the inner loop of every strided type.
 * Small fixed sizes get their own loops so the copies become single moves. */
static void move_blocks(cursor_t *c, uintptr_t at, MPI_Aint stride, size_t block, MPI_Count nblocks)
{
    if (c->segs) {
        for (MPI_Count i = 0; i < nblocks; i++, at += (uintptr_t)stride)
            note_segment(c->segs, at, block);
        return;
    }
    unsigned char *packed = c->packed;
    bool unpack = c->unpack;
    c->packed += block * (size_t)nblocks;
    /* Only the fixed sizes (at most 16 bytes) prefetch. */
    bool fetch = c->far && (stride >= 64 || stride <= -64);
#define MOVE_FIXED(bytes)                                                         \
    case bytes:                                                                   \
        if (unpack && c->drain)                                                   \
            unpack_drained(c, packed, at, stride, bytes, nblocks);                \
        else if (unpack && fetch)                                                 \
            move_strided(packed, at, stride, bytes, nblocks, true, true, true);   \
        else if (unpack)                                                          \
            move_strided(packed, at, stride, bytes, nblocks, true, false, true);  \
        else if (fetch)                                                           \
            move_strided(packed, at, stride, bytes, nblocks, false, true, true);  \
        else                                                                      \
            move_strided(packed, at, stride, bytes, nblocks, false, false, true); \
        return;
    switch (block) {
        MOVE_FIXED(4)
        MOVE_FIXED(8)
        MOVE_FIXED(16)
    default:
        if (block >= COPY_ROWS_MIN) {
            if (unpack)
                copy_rows((void *)at, stride, packed, (ptrdiff_t)block, block, (size_t)nblocks);
            else
                copy_rows(packed, (ptrdiff_t)block, (const void *)at, stride, block, (size_t)nblocks);
            return;
        }
        move_strided(packed, at, stride, block, nblocks, unpack, false, false);
    }
#undef MOVE_FIXED
}

static void copy_node(cursor_t *c, const dt_node_t *node, uintptr_t base, MPI_Count pos, MPI_Count len);

/* The loop of move_listed, inlined with a constant block size and
 * direction. */
static inline __attribute__((always_inline)) void move_displaced(unsigned char *packed, uintptr_t base,
                                                                 const MPI_Aint *disp, size_t block, MPI_Count n,
                                                                 bool unpack, bool fixed)
{
    for (MPI_Count i = 0; i < n; i++, packed += block) {
        uintptr_t at = base + (uintptr_t)disp[i];
        move_one(at, packed, block, unpack, fixed);
    }
}

/* Blocks of one size at base + disp[0 .. n): the whole entries of a list
 * of blocks (an indexed block).  Through copy_node each entry paid a
 * recursive call, a switch and a call of copy_small; MPICH's
 * perf/indexperf packs 2014 single doubles so 7.7x slower than a plain
 * loop. */
static void move_listed(cursor_t *c, uintptr_t base, const MPI_Aint *disp, size_t block, MPI_Count n)
{
    if (c->segs) {
        for (MPI_Count i = 0; i < n; i++)
            note_segment(c->segs, base + (uintptr_t)disp[i], block);
        return;
    }
    unsigned char *packed = c->packed;
    bool unpack = c->unpack;
    c->packed += block * (size_t)n;
#define MOVE_FIXED(bytes)                                              \
    case bytes:                                                        \
        if (unpack)                                                    \
            move_displaced(packed, base, disp, bytes, n, true, true);  \
        else                                                           \
            move_displaced(packed, base, disp, bytes, n, false, true); \
        return;
    switch (block) {
        MOVE_FIXED(4)
        MOVE_FIXED(8)
        MOVE_FIXED(16)
    default:
        if (block >= COPY_ROWS_MIN)
            copy_listed(packed, (void *)base, disp, block, (size_t)n, unpack);
        else
            move_displaced(packed, base, disp, block, n, unpack, false);
    }
#undef MOVE_FIXED
}

/* The loop of move_listed_sizes, inlined with a constant direction.
 * Blocks of 8 to 32 bytes, the usual ones there, move inline (copy_short)
 * instead of a call of copy_small each. */
static inline __attribute__((always_inline)) MPI_Count
move_sized(unsigned char **packed_io, uintptr_t base, const dt_node_t *node, MPI_Count i, MPI_Count *len, bool unpack)
{
    const MPI_Aint *disp = node->disp;
    const MPI_Count *prefix = node->prefix;
    MPI_Count n = node->n, left = *len;
    unsigned char *packed = *packed_io;
    for (; i < n; i++) {
        MPI_Count size = (i + 1 < n ? prefix[i + 1] : node->size) - prefix[i];
        if (size > left)
            break;
        left -= size;
        unsigned char *typed = (unsigned char *)(base + (uintptr_t)disp[i]);
        unsigned char *d = unpack ? typed : packed;
        const unsigned char *s = unpack ? packed : typed;
        if (size >= 8 && size <= 32)
            copy_short(d, s, (size_t)size);
        else
            copy_bytes(d, s, (size_t)size);
        packed += size;
    }
    *packed_io = packed;
    *len = left;
    return i;
}

/* The whole entries from i on that *len holds, of a list of blocks of
 * different sizes (an indexed type whose adjacent blocks merged); returns
 * the entry after them.  Sizes come from prefix, which lies in order (the
 * children do not). */
static MPI_Count move_listed_sizes(cursor_t *c, uintptr_t base, const dt_node_t *node, MPI_Count i, MPI_Count *len)
{
    if (c->segs) {
        for (; i < node->n && node->children[i]->size <= *len; i++) {
            *len -= node->children[i]->size;
            note_segment(c->segs, base + (uintptr_t)node->disp[i], (size_t)node->children[i]->size);
        }
        return i;
    }
    if (c->unpack)
        return move_sized(&c->packed, base, node, i, len, true);
    return move_sized(&c->packed, base, node, i, len, false);
}

/* Bytes [pos, pos + len) of a list of blocks, from its entry i (the one
 * holding pos): no recursion per entry. */
static void copy_list_blocks(cursor_t *c, const dt_node_t *node, uintptr_t base, MPI_Count i, MPI_Count pos,
                             MPI_Count len)
{
    MPI_Count off = pos - node->prefix[i];
    if (off) {
        MPI_Count n = len < node->children[i]->size - off ? len : node->children[i]->size - off;
        move_bytes(c, base + (uintptr_t)node->disp[i] + (uintptr_t)off, (size_t)n);
        len -= n;
        i++;
    }
    if (node->block > 0) {
        MPI_Count whole = len / node->block;
        move_listed(c, base, node->disp + i, (size_t)node->block, whole);
        i += whole;
        len -= whole * node->block;
    } else {
        i = move_listed_sizes(c, base, node, i, &len);
    }
    if (len)
        move_bytes(c, base + (uintptr_t)node->disp[i], (size_t)len);
}

/*
 * Copies of a vector of blocks whose copies lie one block apart: the
 * columns of a matrix, copy k the k-th column (`MPI_Type_vector(n, 1, n,
 * ...)` resized to one element and sent n times: a transpose, as FFT
 * codes send).  Column after column, the typed side's accesses are a row
 * apart, a line for every element, and with a row of a power of two all
 * in a few cache sets: each line came back from L2 once for every column
 * it holds.  TRANSPOSE_TILE columns at a time, row by row, read each of
 * the typed side's lines once and write as many packed columns side by
 * side.  Doubles in one process, `MPI_Pack` / `MPI_Unpack` us, before ->
 * after (Open MPI's): 128 x 128 12.2 / 44.2 -> 4.8 / 4.0 (24.6 / 24.6),
 * 256 x 256 73.8 / 272 -> 20.9 / 17.2 (96 / 104), 512 x 512 498 / 1458 ->
 * 90 / 75, 1000 x 1000 624 / 624 -> 342 / 286.  Where the rows spread over
 * the cache sets and the columns stay within L2 (100, 300 doubles wide)
 * the column loop was 10-20% faster than the tiles, and 64 x 64 between
 * two ranks 15%, so those keep it.
 */
#define TRANSPOSE_TILE 8

#define TRANSPOSE_L1 (64 << 10)  /* rows ALIASED_STRIDE apart: once the columns span more than L1 holds; */
#define TRANSPOSE_SPAN (2 << 20) /* beyond this they miss the caches anyway */

static bool is_transpose(const dt_node_t *column, MPI_Aint stride)
{
    if (column->kind != DT_VECTOR || column->child->kind != DT_BLOCK || column->count < TRANSPOSE_TILE)
        return false;
    MPI_Count b = column->child->size;
    MPI_Aint row = column->stride < 0 ? -column->stride : column->stride;
    uintptr_t span = (uintptr_t)row * (uintptr_t)column->count;
    return stride == b && (b == 4 || b == 8 || b == 16) &&
           ((row % ALIASED_STRIDE == 0 && span > TRANSPOSE_L1) || span > TRANSPOSE_SPAN);
}

/* width columns from the one at `at` on, row by row; inlined with a
 * constant width for whole tiles, so that the row's moves unroll. */
static inline __attribute__((always_inline)) void move_tile(unsigned char *packed, uintptr_t at, MPI_Count width,
                                                            MPI_Count rows, MPI_Aint row_stride, size_t b, bool unpack)
{
    size_t column_bytes = (size_t)rows * b;
    for (MPI_Count r = 0; r < rows; r++, at += (uintptr_t)row_stride, packed += b)
        for (MPI_Count k = 0; k < width; k++)
            move_one(at + (uintptr_t)k * b, packed + (size_t)k * column_bytes, b, unpack, true);
}

static inline __attribute__((always_inline)) void move_transposed(unsigned char *packed, uintptr_t at, MPI_Count cols,
                                                                  MPI_Count rows, MPI_Aint row_stride, size_t b,
                                                                  bool unpack)
{
    size_t column_bytes = (size_t)rows * b;
    MPI_Count k0 = 0;
    for (; k0 + TRANSPOSE_TILE <= cols; k0 += TRANSPOSE_TILE)
        move_tile(packed + (size_t)k0 * column_bytes, at + (uintptr_t)k0 * b, TRANSPOSE_TILE, rows, row_stride, b,
                  unpack);
    if (k0 < cols)
        move_tile(packed + (size_t)k0 * column_bytes, at + (uintptr_t)k0 * b, cols - k0, rows, row_stride, b, unpack);
}

/* cols whole columns (is_transpose) from the one at `at` on. */
static void move_columns(cursor_t *c, uintptr_t at, const dt_node_t *column, MPI_Count cols)
{
    unsigned char *packed = c->packed;
    c->packed += (size_t)(cols * column->size);
#define MOVE_FIXED(bytes)                                                                   \
    case bytes:                                                                             \
        if (c->unpack)                                                                      \
            move_transposed(packed, at, cols, column->count, column->stride, bytes, true);  \
        else                                                                                \
            move_transposed(packed, at, cols, column->count, column->stride, bytes, false); \
        return;
    switch (column->child->size) {
        MOVE_FIXED(4)
        MOVE_FIXED(8)
        MOVE_FIXED(16)
    }
#undef MOVE_FIXED
}

/* Bytes [pos, pos+len) of count copies of child, stride apart.  The
 * loops of small strided blocks (a column: five instructions an element)
 * are inlined here: HOT_LOOPS (util/hot.h), after a change to util/copy.c
 * moved one across a 64-byte block of code and made a 4 KiB column between
 * two ranks 13% slower (medians of 8-10 launches, three series). */
static HOT_LOOPS void copy_repeated(cursor_t *c, const dt_node_t *child, MPI_Count count, MPI_Aint stride,
                                    uintptr_t base, MPI_Count pos, MPI_Count len)
{
    (void)count;
    MPI_Count csize = child->size;
    /* Most ranges start in the first copy (a whole message, or a piece of
     * a message of one element): no division, which costs more than the
     * rest of this setup. */
    MPI_Count i = 0, off = pos;
    if (pos >= csize) {
        i = pos / csize;
        off = pos % csize;
    }
    uintptr_t at = base + (uintptr_t)(i * stride);
    if (off) {
        MPI_Count n = len < csize - off ? len : csize - off;
        copy_node(c, child, at, off, n);
        len -= n;
        at += (uintptr_t)stride;
    }
    if (child->kind == DT_BLOCK) {
        MPI_Count whole = len / csize;
        move_blocks(c, at, stride, (size_t)csize, whole);
        at += (uintptr_t)(whole * stride);
        len -= whole * csize;
    } else if (!c->segs && len >= 2 * csize && is_transpose(child, stride)) {
        MPI_Count whole = len / csize;
        move_columns(c, at, child, whole);
        at += (uintptr_t)(whole * stride);
        len -= whole * csize;
    } else {
        for (; len >= csize; len -= csize, at += (uintptr_t)stride)
            copy_node(c, child, at, 0, csize);
    }
    if (len)
        copy_node(c, child, at, 0, len);
}

static void copy_node(cursor_t *c, const dt_node_t *node, uintptr_t base, MPI_Count pos, MPI_Count len)
{
    switch (node->kind) {
    case DT_BLOCK:
        move_bytes(c, base + (uintptr_t)pos, (size_t)len);
        return;
    case DT_VECTOR:
        copy_repeated(c, node->child, node->count, node->stride, base, pos, len);
        return;
    case DT_LIST: {
        if (node->n == 1 && !node->block) {
            /* One entry displaced (a subarray's start): no search. */
            copy_node(c, node->children[0], base + (uintptr_t)node->disp[0], pos, len);
            return;
        }
        /* The entry holding pos: the last whose prefix is <= pos. */
        MPI_Count lo = 0, hi = node->n - 1;
        while (lo < hi) {
            MPI_Count mid = (lo + hi + 1) / 2;
            if (node->prefix[mid] <= pos)
                lo = mid;
            else
                hi = mid - 1;
        }
        if (node->block) {
            copy_list_blocks(c, node, base, lo, pos, len);
            return;
        }
        for (MPI_Count i = lo; len > 0; i++) {
            const dt_node_t *child = node->children[i];
            MPI_Count off = pos - node->prefix[i];
            MPI_Count n = len < child->size - off ? len : child->size - off;
            copy_node(c, child, base + (uintptr_t)node->disp[i], off, n);
            pos += n;
            len -= n;
        }
        return;
    }
    }
}

/* Whether count copies of a type of this extent span FETCH_SPAN bytes
 * (multiplied, not divided: this runs for every piece packed). */
static bool spans_caches(MPI_Count count, MPI_Aint extent)
{
    MPI_Aint e = extent < 0 ? -extent : extent;
    MPI_Count span;
    return __builtin_mul_overflow(count, (MPI_Count)e, &span) || span >= FETCH_SPAN;
}

#define SPARSE_L2 (1 << 20) /* L2's bytes (dt_sparse_aliased); also the most lines counted */

/* The lines touched by one element of a layout whose data are blocks
 * shorter than a line in loops (vectors, perhaps displaced), as many as
 * SPARSE_L2 at most; 0 for any other layout.  *align: the largest power
 * of two, at most a page, dividing every stride. */
static MPI_Count sparse_lines(const dt_node_t *node, MPI_Aint *align)
{
    MPI_Aint a = ALIAS_PAGE;
    MPI_Count lines = 1;
    if (is_displaced(node))
        node = node->children[0];
    for (; node->kind == DT_VECTOR; node = node->child) {
        a = stride_alignment(node->stride, a);
        lines = lines > SPARSE_L2 / node->count ? SPARSE_L2 : lines * node->count;
    }
    *align = a;
    return node->kind == DT_BLOCK && node->size < CACHE_LINE ? lines : 0;
}

void dt_layout_note_sparse(datatype_t *dt)
{
    dt->sparse_lines = sparse_lines(dt->layout, &dt->sparse_align);
}

/* The lines count elements of dt touch, extent apart, and *align the
 * extent counted in, from what its commit noted: every message asks, and
 * walking the layout each time cost a 4 KiB column 2%. */
static inline MPI_Count sparse_footprint(const datatype_t *dt, MPI_Count count, MPI_Aint *align)
{
    if (!dt->sparse_lines || count <= 0)
        return 0;
    *align = count > 1 ? stride_alignment(dt->extent, dt->sparse_align) : dt->sparse_align;
    return dt->sparse_lines > SPARSE_L2 / count ? SPARSE_L2 : dt->sparse_lines * count;
}

/* Small blocks a multiple of `align` >= ALIASED_STRIDE bytes apart: L2
 * (SPARSE_L2: 1 MiB, 16 ways on the development host's Zen 5) keeps
 * SPARSE_L2 / align of them at most, and a type touching more misses L2
 * for every block on each pass (the z face of a 64^3 array of doubles,
 * 4096 lines 512 bytes apart). */
bool dt_sparse_aliased(const datatype_t *dt, MPI_Count count)
{
    MPI_Aint align;
    MPI_Count lines = sparse_footprint(dt, count, &align);
    return lines && align >= ALIASED_STRIDE && lines * align >= SPARSE_L2;
}

/* Unpacking drains its stores where the blocks are more than the few L1
 * sets they fall in hold (lines x align beyond DRAIN_L1, the Zen 5's 48
 * KiB): blocks met again soon stay there, and a 64 x 64 matrix by columns,
 * its 64 rows 512 bytes apart, went between two ranks 1.3x slower drained. */
#define DRAIN_L1 (48 << 10)

static inline MPI_Count unpack_drain(const datatype_t *dt, MPI_Count count)
{
    MPI_Aint align;
    MPI_Count lines = sparse_footprint(dt, count, &align);
    return lines && align >= ALIASED_STRIDE && lines * align > DRAIN_L1 ? drain_every(align) : 0;
}

static void copy_range(void *buf, MPI_Count count, datatype_t *dt, MPI_Count pos, MPI_Count len, cursor_t *c)
{
    uintptr_t base = (uintptr_t)buf;
    if (len <= 0)
        return;
    if (dt->contiguous) {
        move_bytes(c, base + (uintptr_t)dt->true_lb + (uintptr_t)pos, (size_t)len);
        return;
    }
    if (dt->rows_n && pos == 0 && len == dt->size && !c->segs) {
        /* One whole element of rows (a message of one face): straight to
         * the row copy, not down the tree (list, vector, block: about 100
         * instructions a copy).  A 2 KiB face between two ranks 1.03-1.04x
         * faster (medians of 8-10 alternating launches).  Through
         * move_blocks, for columns of doubles too, the face was 0.94x and
         * the 4 KiB column level, so rows only. */
        uintptr_t at = base + (uintptr_t)dt->rows_disp;
        if (c->unpack)
            copy_rows((void *)at, dt->rows_stride, c->packed, (ptrdiff_t)dt->rows_block, dt->rows_block,
                      (size_t)dt->rows_n);
        else
            copy_rows(c->packed, (ptrdiff_t)dt->rows_block, (const void *)at, dt->rows_stride, dt->rows_block,
                      (size_t)dt->rows_n);
        c->packed += len;
        return;
    }
    c->far = spans_caches(count, dt->extent);
    if (c->unpack) {
        c->drain = unpack_drain(dt, count);
        c->left = c->drain;
    }
    if (pos + len <= dt->layout->size) {
        /* Within the first element (a message of one, or its first
         * piece): no loop over elements. */
        copy_node(c, dt->layout, base, pos, len);
        return;
    }
    /* count copies of the type, extent apart: the loop of a vector */
    copy_repeated(c, dt->layout, count, dt->extent, base, pos, len);
}

void dt_layout_note_rows(datatype_t *dt)
{
    const dt_node_t *node = dt->layout;
    MPI_Aint disp = 0;
    dt->rows_n = 0;
    if (is_displaced(node)) {
        disp = node->disp[0];
        node = node->children[0];
    }
    if (node->kind != DT_VECTOR || node->child->kind != DT_BLOCK || node->child->size < COPY_ROWS_MIN)
        return;
    dt->rows_disp = disp;
    dt->rows_stride = node->stride;
    dt->rows_block = (size_t)node->child->size;
    dt->rows_n = node->count;
}

MPI_Count dt_layout_first_block(const dt_node_t *node)
{
    while (node) {
        switch (node->kind) {
        case DT_BLOCK:
            return node->size;
        case DT_VECTOR:
            node = node->child;
            break;
        default: /* DT_LIST */
            if (node->block > 0)
                return node->block;
            if (!is_displaced(node))
                return 0;
            node = node->children[0];
        }
    }
    return 0;
}

/* One block of a copy between two buffers of one layout: move_one's
 * moves (src in the packed stream's place), and an int's inline too. */
static inline __attribute__((always_inline)) void copy_same_block(uintptr_t dst, uintptr_t src, size_t len)
{
    if (len == 4)
        copy_fixed((void *)dst, (const void *)src, 4);
    else
        move_one(dst, (unsigned char *)src, len, true, false);
}

/* Copy node's blocks from src to dst, laid out alike; only c's drain and
 * left are used (unpack_drain: blocks shorter than a line crowded into a
 * few cache sets, drain 0 for none).  A copy's stores into such lines
 * fetch them as unpacking's do: the z face of a 64^3 array of doubles
 * into another array of that shape, one process, 11.3-12.0 -> 8.3-8.7 us
 * drained. */
static void copy_same_node(const dt_node_t *node, uintptr_t dst, uintptr_t src, cursor_t *c)
{
    switch (node->kind) {
    case DT_BLOCK:
        copy_same_block(dst, src, (size_t)node->size);
        return;
    case DT_VECTOR: {
        uintptr_t step = (uintptr_t)node->stride;
        if (node->child->kind == DT_BLOCK) {
            size_t len = (size_t)node->child->size;
            if (c->drain) {
                MPI_Count left = c->left;
                for (MPI_Count i = 0; i < node->count; i++, dst += step, src += step) {
                    copy_same_block(dst, src, len);
                    left = drain_countdown(left, c->drain);
                }
                c->left = left;
                return;
            }
            for (MPI_Count i = 0; i < node->count; i++, dst += step, src += step)
                copy_same_block(dst, src, len);
            return;
        }
        for (MPI_Count i = 0; i < node->count; i++, dst += step, src += step)
            copy_same_node(node->child, dst, src, c);
        return;
    }
    default: /* DT_LIST */
        if (node->block) {
            /* Every entry a block: no call for each. */
            for (MPI_Count i = 0; i < node->n; i++)
                copy_same_block(dst + (uintptr_t)node->disp[i], src + (uintptr_t)node->disp[i],
                                (size_t)node->children[i]->size);
            return;
        }
        for (MPI_Count i = 0; i < node->n; i++)
            copy_same_node(node->children[i], dst + (uintptr_t)node->disp[i], src + (uintptr_t)node->disp[i], c);
    }
}

/* Whether layouts a and b are the same tree (equal displacements,
 * strides, sizes). */
static bool nodes_equal(const dt_node_t *a, const dt_node_t *b)
{
    if (a == b)
        return true;
    if (a->kind != b->kind || a->size != b->size)
        return false;
    switch (a->kind) {
    case DT_BLOCK:
        return true;
    case DT_VECTOR:
        return a->count == b->count && a->stride == b->stride && nodes_equal(a->child, b->child);
    default: /* DT_LIST */
        if (a->n != b->n || a->block != b->block || memcmp(a->disp, b->disp, (size_t)a->n * sizeof *a->disp))
            return false;
        for (MPI_Count i = 0; i < a->n; i++)
            if (!nodes_equal(a->children[i], b->children[i]))
                return false;
        return true;
    }
}

/* node without its displacement, which goes to *at. */
static const dt_node_t *undisplaced(const dt_node_t *node, MPI_Aint *at)
{
    *at = 0;
    if (!is_displaced(node))
        return node;
    *at = node->disp[0];
    return node->children[0];
}

bool dt_copy_alike(void *dst, datatype_t *dst_dt, const void *src, datatype_t *src_dt, MPI_Count count)
{
    MPI_Aint src_at = 0, dst_at = 0;
    const dt_node_t *node = src_dt->layout;
    if (src_dt->size == 0 || count == 0)
        return src_dt->size == dst_dt->size;
    if (dst_dt != src_dt) {
        if (src_dt->size != dst_dt->size || (count > 1 && src_dt->extent != dst_dt->extent))
            return false;
        node = undisplaced(src_dt->layout, &src_at);
        if (!nodes_equal(node, undisplaced(dst_dt->layout, &dst_at)))
            return false;
    }
    uintptr_t d = (uintptr_t)dst + (uintptr_t)dst_at, s = (uintptr_t)src + (uintptr_t)src_at;
    uintptr_t step = (uintptr_t)src_dt->extent;
    if (d == s)
        return true;
    /* A block stored into the line it was just loaded from (a ghost
     * plane beside its face) finds the line there: drained, that face into
     * its ghost plane went 4.4 -> 4.6-4.8 us. */
    uintptr_t apart = d > s ? d - s : s - d;
    cursor_t c = {NULL, true, NULL, false, apart < CACHE_LINE ? 0 : unpack_drain(src_dt, count), 0};
    c.left = c.drain;
    for (MPI_Count i = 0; i < count; i++, d += step, s += step)
        copy_same_node(node, d, s, &c);
    return true;
}

void dt_buffer_copy_typed(const dt_buffer_t *dst, const dt_buffer_t *src, size_t n)
{
    if (!src->dt) {
        dt_buffer_unpack(dst, 0, n, src->base);
    } else if (!dst->dt) {
        dt_buffer_pack(src, 0, n, dst->base);
    } else if (n != src->bytes || src->count != dst->count ||
               !dt_copy_alike(dst->base, dst->dt, src->base, src->dt, src->count)) {
        char bounce[16384];
        for (size_t pos = 0; pos < n; pos += sizeof bounce) {
            size_t len = n - pos < sizeof bounce ? n - pos : sizeof bounce;
            dt_buffer_pack(src, pos, len, bounce);
            dt_buffer_unpack(dst, pos, len, bounce);
        }
    }
}

void dt_pack_range(const void *buf, MPI_Count count, datatype_t *dt, MPI_Count pos, MPI_Count len, void *packed)
{
    cursor_t c = {packed, false, NULL, false, 0, 0};
    copy_range((void *)(uintptr_t)buf, count, dt, pos, len, &c);
}

void dt_unpack_range(void *buf, MPI_Count count, datatype_t *dt, MPI_Count pos, MPI_Count len, const void *packed)
{
    cursor_t c = {(unsigned char *)(uintptr_t)packed, true, NULL, false, 0, 0};
    copy_range(buf, count, dt, pos, len, &c);
}

void dt_segments_range(const void *buf, MPI_Count count, datatype_t *dt, MPI_Count pos, MPI_Count len,
                       dt_segments_t *segs)
{
    cursor_t c = {NULL, false, segs, false, 0, 0};
    copy_range((void *)(uintptr_t)buf, count, dt, pos, len, &c);
}
