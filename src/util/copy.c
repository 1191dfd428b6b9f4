#include "util/copy.h"
#include "util/hot.h"

#include <stdbool.h>
#include <stdint.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

/* Loop distribution (GCC) or loop idiom recognition (clang) would turn
 * these loops back into memcpy calls.  HOT_LOOPS (util/hot.h): copy_large's
 * loop of seven instructions, moved across a 64-byte block of code by a
 * change elsewhere in the library, made 4 KiB ping-pongs between two ranks
 * 11-13% slower (docs/perf.md). */
#if defined(__clang__)
#define COPY_LOOP_ATTRS HOT_LOOPS __attribute__((no_builtin("memcpy")))
#else
#define COPY_LOOP_ATTRS HOT_LOOPS __attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif

/* len (64 or more) bytes as 64-byte blocks.  A tail shorter than a block
 * is the last 64 bytes once more, over part of what the blocks moved
 * (source and destination are apart); a memcpy of the tail was a call, or
 * a byte loop where the compiler expanded it. */
COPY_LOOP_ATTRS static void copy_large_sse(void *dst, const void *src, size_t len)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i < len / 64; i++)
        __builtin_memcpy(d + 64 * i, s + 64 * i, 64); /* fixed size: vector moves, never `rep movsb` */
    if (len % 64)
        __builtin_memcpy(d + len - 64, s + len - 64, 64);
}

#if defined(__x86_64__)
#include <immintrin.h>

/* GCC expands a 64-byte memcpy into 16-byte moves even for AVX2 (its
 * generic tuning caps moves at 128 bits), so the 32-byte moves are
 * spelled out as an unaligned vector type. */
typedef unsigned char bytes32_t __attribute__((vector_size(32), aligned(1), may_alias));

static inline __attribute__((always_inline, target("avx2"))) void move64_avx2(unsigned char *d, const unsigned char *s)
{
    bytes32_t lo = *(const bytes32_t *)s, hi = *(const bytes32_t *)(s + 32);
    *(bytes32_t *)d = lo;
    *(bytes32_t *)(d + 32) = hi;
}

/* len (64 or more) bytes in 64-byte blocks stored at 32-byte boundaries
 * of the destination: the first 32 bytes go unaligned where it starts
 * between two, the blocks from the next boundary on, the last 64 bytes
 * unaligned again over what came before (source and destination do not
 * overlap).  A 32-byte store that crosses a cache line costs two; with
 * the destination 16 bytes past a boundary, as malloc's large blocks
 * are, every other store of unaligned blocks did: in cache (4-64 KiB,
 * one process) 36-47 GB/s against 42-84 aligned, rows of 256 bytes to 2
 * KiB 1.07-1.25x (docs/perf.md).  stream: the blocks go around the
 * caches (copy_stream), and a fence orders them before whatever tells
 * another process the data is there. */
static inline __attribute__((always_inline, target("avx2"))) void
move_aligned_avx2(unsigned char *d, const unsigned char *s, size_t len, bool stream)
{
    size_t i = (size_t)(-(uintptr_t)d & 31);
    if (i)
        *(bytes32_t *)d = *(const bytes32_t *)s;
    for (; i <= len - 64; i += 64) {
        __m256i lo = _mm256_loadu_si256((const __m256i *)(s + i)),
                hi = _mm256_loadu_si256((const __m256i *)(s + i + 32));
        if (stream) {
            _mm256_stream_si256((__m256i *)(d + i), lo);
            _mm256_stream_si256((__m256i *)(d + i + 32), hi);
        } else {
            _mm256_store_si256((__m256i *)(d + i), lo);
            _mm256_store_si256((__m256i *)(d + i + 32), hi);
        }
    }
    if (stream)
        _mm_sfence();
    if (i < len)
        move64_avx2(d + len - 64, s + len - 64);
}

/* One row of len bytes (32 <= len): rows of 64 bytes and more as
 * move_aligned_avx2 moves them, shorter ones as the one or two vectors
 * that end with it.  Against 32-byte blocks, MPI_Pack + MPI_Unpack in one
 * process: rows of 512 bytes to 1 KiB a line apart 5% slower, rows 128
 * KiB apart (a 3D array's face, where the copy trails contiguous most)
 * 5-10% faster; the faces between two ranks gained at every size (rows of
 * 256 B to 2 KiB). */
static inline __attribute__((always_inline, target("avx2"))) void move_row_avx2(unsigned char *d,
                                                                                const unsigned char *s, size_t len)
{
    if (len >= 64) {
        move_aligned_avx2(d, s, len, false);
        return;
    }
    if (len > 32)
        *(bytes32_t *)d = *(const bytes32_t *)s;
    *(bytes32_t *)(d + len - 32) = *(const bytes32_t *)(s + len - 32);
}

COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void
copy_rows_avx2(unsigned char *d, ptrdiff_t dstride, const unsigned char *s, ptrdiff_t sstride, size_t len, size_t rows)
{
    for (size_t r = 0; r < rows; r++, d += dstride, s += sstride)
        move_row_avx2(d, s, len);
}

typedef unsigned char bytes64_t __attribute__((vector_size(64), aligned(1), may_alias));

/* The smallest page: a store that crosses one costs far more than one
 * that crosses a line (copy_rows_avx512). */
#define PAGE_BYTES 4096

/* len bytes as unaligned 64-byte moves, the last one ending with them
 * (over part of the one before); fewer than 64 by copy_small. */
static inline __attribute__((always_inline, target("avx2,avx512f,avx512bw"))) void
move_span_avx512(unsigned char *d, const unsigned char *s, size_t len)
{
    if (len < 64) {
        copy_small(d, s, len);
        return;
    }
    size_t i = 0;
    for (; i + 64 <= len; i += 64)
        *(bytes64_t *)(d + i) = *(const bytes64_t *)(s + i);
    if (i < len)
        *(bytes64_t *)(d + len - 64) = *(const bytes64_t *)(s + len - 64);
}

/* Rows of 64 bytes to 1 KiB as unaligned 64-byte moves, the last one
 * ending with the row (over part of the one before); shorter and longer
 * rows as copy_rows_avx2 moves them.  Where 512-bit moves are native
 * (zen5_rows): a 128-byte row is two loads and two stores instead of
 * some 30 instructions, which between two ranks cost more than they do in
 * one process (a 2 KiB face 0.17 us one way, the same bytes contiguous
 * 0.14; its pack and unpack in one process 19 ns over the copies).  Zen 5
 * host, `bench/datatype.c` face, alternating launches (GB/s, this loop
 * against copy_rows_avx2): docs/perf.md, "Small non-contiguous messages
 * on Zen 5".  From 1 KiB rows (faces of 128 KiB and more) level, so the
 * aligned stores keep them.  A row whose destination crosses a page goes
 * as two moves split there: the 2 KiB face into an array 3872 bytes into
 * a page (every other row crossing one) 10.7-11.1 -> 12.3-12.5 GB/s, other
 * placements level; splitting the loads the same way was slower. */
COPY_LOOP_ATTRS __attribute__((target("avx2,avx512f,avx512bw"))) static void
copy_rows_avx512(unsigned char *d, ptrdiff_t dstride, const unsigned char *s, ptrdiff_t sstride, size_t len,
                 size_t rows)
{
    if (len < 64 || len >= 1024) {
        copy_rows_avx2(d, dstride, s, sstride, len, rows);
        return;
    }
    for (size_t r = 0; r < rows; r++, d += dstride, s += sstride) {
        size_t in_page = PAGE_BYTES - ((uintptr_t)d & (PAGE_BYTES - 1));
        if (__builtin_expect(in_page < len, 0)) {
            move_span_avx512(d, s, in_page);
            move_span_avx512(d + in_page, s + in_page, len - in_page);
        } else {
            move_span_avx512(d, s, len);
        }
    }
}

COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void
copy_listed_avx2(unsigned char *packed, unsigned char *base, const int64_t *disp, size_t len, size_t n, bool unpack)
{
    if (unpack)
        for (size_t i = 0; i < n; i++, packed += len)
            move_row_avx2(base + disp[i], packed, len);
    else
        for (size_t i = 0; i < n; i++, packed += len)
            move_row_avx2(packed, base + disp[i], len);
}

/* len (64 or more) bytes with 32-byte non-temporal stores from the first
 * 32-byte boundary of the destination on; the unaligned head and the
 * tail are ordinary moves. */
COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void copy_stream_avx2(void *dst, const void *src, size_t len)
{
    move_aligned_avx2(dst, src, len, true);
}

/* From 4 KiB on as move_aligned_avx2 moves them; shorter runs as plain
 * 64-byte blocks.  Two ranks, 1-2 KiB ping-pong into a buffer 16 bytes
 * past a line: aligned stores 0.94-0.97x (the lines come from the other
 * core's cache, and the overlapping head store costs more than the split
 * stores it saves), 4 KiB 1.13x, 8 KiB 1.06x; from line-aligned buffers
 * level (medians of 8 alternating launches). */
COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void copy_large_avx2(void *dst, const void *src, size_t len)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (len >= 4096) {
        move_aligned_avx2(d, s, len, false);
        return;
    }
    for (size_t i = 0; i < len / 64; i++)
        move64_avx2(d + 64 * i, s + 64 * i);
    if (len % 64)
        move64_avx2(d + len - 64, s + len - 64);
}
#endif

typedef unsigned char bytes16_t __attribute__((vector_size(16), aligned(1), may_alias));

#if defined(__x86_64__)
/* copy_stream_avx2 with 16-byte stores (SSE2, every x86-64). */
COPY_LOOP_ATTRS static void copy_stream_sse(void *dst, const void *src, size_t len)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    size_t head = (size_t)(-(uintptr_t)d & 15), i = head;
    *(bytes16_t *)d = *(const bytes16_t *)s;
    for (; i + 16 <= len; i += 16)
        _mm_stream_si128((__m128i *)(d + i), _mm_loadu_si128((const __m128i *)(s + i)));
    _mm_sfence();
    if (i < len)
        *(bytes16_t *)(d + len - 16) = *(const bytes16_t *)(s + len - 16);
}
#else
#define copy_stream_sse copy_large_sse
#endif

/* One row of len bytes (16 <= len; whole = len rounded down to 16). */
static inline __attribute__((always_inline)) void move_row_sse(unsigned char *d, const unsigned char *s, size_t whole,
                                                               size_t len)
{
    for (size_t i = 0; i < whole; i += 16)
        *(bytes16_t *)(d + i) = *(const bytes16_t *)(s + i);
    if (whole != len)
        *(bytes16_t *)(d + len - 16) = *(const bytes16_t *)(s + len - 16);
}

COPY_LOOP_ATTRS static void copy_rows_sse(unsigned char *d, ptrdiff_t dstride, const unsigned char *s,
                                          ptrdiff_t sstride, size_t len, size_t rows)
{
    size_t whole = len & ~(size_t)15;
    for (size_t r = 0; r < rows; r++, d += dstride, s += sstride)
        move_row_sse(d, s, whole, len);
}

COPY_LOOP_ATTRS static void copy_listed_sse(unsigned char *packed, unsigned char *base, const int64_t *disp, size_t len,
                                            size_t n, bool unpack)
{
    size_t whole = len & ~(size_t)15;
    if (unpack)
        for (size_t i = 0; i < n; i++, packed += len)
            move_row_sse(base + disp[i], packed, whole, len);
    else
        for (size_t i = 0; i < n; i++, packed += len)
            move_row_sse(packed, base + disp[i], whole, len);
}

static void (*copy_large_fn)(void *, const void *, size_t) = copy_large_sse;
static void (*copy_stream_fn)(void *, const void *, size_t) = copy_stream_sse;
static void (*copy_rows_fn)(unsigned char *, ptrdiff_t, const unsigned char *, ptrdiff_t, size_t,
                            size_t) = copy_rows_sse;
static void (*copy_listed_fn)(unsigned char *, unsigned char *, const int64_t *, size_t, size_t,
                              bool) = copy_listed_sse;

/* Copies of copy_movsb_min to copy_movsb_max bytes take `rep movsb`
 * (copy_init); none where it is slow.  copy_local (copy.h) has no upper
 * bound. */
size_t copy_movsb_min = SIZE_MAX;
static size_t copy_movsb_max = SIZE_MAX;

/* copy_to_ring's lower bound for `rep movsb` (AMD Zen 5: 4 KiB; elsewhere
 * none, and copy_bytes moves larger copies by `rep movsb` as before).  A
 * sender streaming to a receiver still busy with earlier messages gains
 * from `rep movsb` into the ring's lines (last read by the receiver) from
 * a smaller size than the other copies do.  Zen 5 host, 2 ranks,
 * alternating launches (4 each), the loop -> `rep movsb` for 4 KiB
 * payloads after an unanswered send: windowed bandwidth of 4 KiB
 * 22.8-24.0 -> 25.5-26.7 GB/s, in the host's slow phases 4.7-4.8 ->
 * 9.7-10.3; ping-pong of 4 KiB level (0.234-0.238 and 0.232-0.236 us one
 * way).  For every 4 KiB payload, the ping-pong lost (0.229-0.238 ->
 * 0.252-0.254) and so did a 2-rank MPI_Scatterv of 4 KiB (0.257-0.267 ->
 * 0.290-0.318): a receiver that waits reads the lines as they come, and
 * then the loop's are the faster to read.  The collectives' copies into
 * their shared areas lost as well (2 ranks, 4 KiB: bcast 0.185 -> 0.266
 * us, allgather 0.24 -> 0.41), and the receiver's copies gained nothing
 * (docs/perf.md, "Zen 5: a stream's 4 KiB copies into the ring"). */
static size_t copy_movsb_ring_min = SIZE_MAX;

/* The row length from which rows gathered into one contiguous run (a
 * strided type packed: into the ring, a pack buffer) take `rep movsb` a
 * row (AMD Zen 5: 1 KiB, up to copy_movsb_max; elsewhere never).  Zen 5
 * host, a 3D array's face (rows n doubles long, n * n apart), the vector
 * loop -> `rep movsb` for the rows packed: between two ranks (GB/s,
 * alternating launches) n = 128 (1 KiB rows) 32.7-35.3 -> 36.5-38.7, n =
 * 256 41.5-44.4 -> 44.7-46.8 (two other ping-pong programs: level);
 * MPI_Pack in one process 2.17-2.23 -> 1.92 us and 8.99-9.15 ->
 * 8.79-8.81.  Rows of 256 bytes lost (a face of n = 32
 * between two ranks 19.4-20.2 -> 15.4-15.7 GB/s), rows of 512 level; rows
 * scattered from a packed run (the unpack) level to 5% slower, so they
 * keep the loop (docs/perf.md, "Zen 5: rows packed by `rep movsb`"). */
static size_t copy_movsb_gather_min = SIZE_MAX;

/* 8 KiB by default (p2p/send.c has the measurements).  Where `rep movsb`
 * copies 8-64 KiB, 32 KiB: pieces, a quarter of the message, smaller than
 * 8 KiB go through the loop while the whole message would not.  Zen 5
 * host, ping-pong, two launches each (us): 8 KiB 0.39-0.40 in pieces,
 * 0.32-0.33 whole; 16 KiB 0.58-0.59 against 0.50; 32 KiB 0.77-0.78 in
 * pieces against 0.88-0.89 whole, 64 KiB 1.26-1.29 against 1.61-1.62. */
size_t copy_pieces_min = 8 * 1024;

/* The smallest piece of a non-contiguous eager message whose blocks are
 * shorter than a cache line (a column of doubles: a line read and written
 * for every 8 bytes), where the piece is not the message's quarter
 * (p2p/send.c: piece_size).  2 KiB by default (a 4 KiB column in two
 * pieces 1.05x faster than in four on an earlier host); AMD Zen 5: 1 KiB.
 * Zen 5 host, `datatype.c`, three launches each way (GB/s): column of 4
 * KiB in 2 KiB pieces 7.35-7.54, in 1 KiB pieces 8.25-8.41, whole
 * 6.38-6.51; a column of 6 KiB 8.69-8.86 -> 8.48-8.67; a face of 4232
 * bytes (rows of 184 bytes) lost in 1 KiB pieces (14.0-14.3 -> 13.0-13.2),
 * hence blocks shorter than a line only (docs/perf.md). */
size_t copy_sparse_piece_min = 2048;

static void copy_movsb(void *dst, const void *src, size_t len)
{
#if defined(__x86_64__)
    __asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(len) : : "memory");
#else
    memcpy(dst, src, len);
#endif
}

/* Intel's fast strings (ERMS, CPUID leaf 7): `rep movsb` moves whole lines
 * without reading them first.  On the Intel host, one process, the
 * destination 2n + 0, 16 or 4112 bytes after the source: 64 KiB 1.19-1.26
 * us against copy_large_avx2's 1.72-2.29, 512 KiB 10.5-11.4 against
 * 13.5-18.6, 2 MiB 129-130 against 156-160 (100 bytes after: level to 8%
 * slower); in 2-rank collectives whose own blocks are copied, alternating
 * launches: allgather and alltoall of 64 KiB 5.5-5.7 -> 4.8-4.9 us, 4 MiB
 * 826-853 -> 757-775, gather of 512 KiB 34-36 -> 27-30, scatter of 512 KiB
 * 29-32 -> 24-27.  Below 64 KiB, where the rings' chunks are, the vector
 * loop stays: ping-pongs of 2-32 KiB were 3-10% slower with `rep movsb`
 * (docs/perf.md).  AMD: amd_fast_strings. */
#if defined(__x86_64__)
/* ERMS: CPUID leaf 7, EBX bit 9. */
static bool has_erms(void)
{
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 9));
}

static bool fast_strings(void)
{
    return __builtin_cpu_is("intel") && has_erms();
}

/* The CPU family of an AMD processor (CPUID leaf 1, with the extended
 * family added), 0 on any other. */
static unsigned amd_family(void)
{
    unsigned a, b, c, d;
    if (!__builtin_cpu_is("amd") || !__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    unsigned family = (a >> 8) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    return family;
}

/* AMD Zen 5 (family 0x1a) and later: there `rep movsb` moves data between
 * two processes' caches faster than the vector loop, as it did not on Zen 3
 * (family 0x19, copy.h; Zen 4 not measured), but only for copies of 8 KiB to
 * 64 KiB: eager messages, their pieces, the 32 KiB chunks of a rendezvous to
 * a waiting receiver.  Two ranks on the Zen 5 development host, alternating
 * launches, loop -> `rep movsb` (us one way): ping-pong of 32 KiB 0.97-1.06
 * -> 0.78-0.79, 64 KiB 1.77-1.88 -> 1.41-1.43, 256 KiB (32 KiB chunks)
 * 5.5-6.0 -> 4.6-4.7; windowed bandwidth of 8 KiB 31-34 -> 45-46 GB/s, 64
 * KiB 40-46 -> 52-53; 2-rank collectives of 16-64 KiB 1.0-1.8x faster (bcast
 * 64 KiB 1.78 -> 1.38, alltoall 8 KiB 0.63 -> 0.47).  Exactly 4 KiB copies
 * made 2-rank collectives of 4 KiB 1.4x slower; the 256 KiB chunks of a
 * windowed stream, and a 2-process pipeline of 16 KiB chunks with no MPI
 * where both copy the same ring at once, ran at 0.4-0.7x the loop's rate
 * (docs/perf.md, "Zen 5: `rep movsb` for handoffs"). */
static bool amd_fast_strings(void)
{
    return amd_family() >= 0x1a && has_erms();
}

/* AMD Zen 5 and later with AVX-512: short rows by 512-bit moves
 * (copy_rows_avx512).  Zen 4 splits them in two and Intel parts may slow
 * their clock for them; neither is measured. */
static bool zen5_rows(void)
{
    return amd_family() >= 0x1a && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
}
#endif

void copy_init(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (fast_strings()) {
        copy_movsb_min = 64 * 1024;
    } else if (amd_fast_strings()) {
        copy_movsb_min = 8 * 1024;
        copy_movsb_max = 64 * 1024;
        copy_movsb_ring_min = 4 * 1024;
        copy_movsb_gather_min = 1024;
        copy_pieces_min = 32 * 1024;
        copy_sparse_piece_min = 1024;
    }
    if (__builtin_cpu_supports("avx2")) {
        copy_large_fn = copy_large_avx2;
        copy_stream_fn = copy_stream_avx2;
        copy_rows_fn = zen5_rows() ? copy_rows_avx512 : copy_rows_avx2;
        copy_listed_fn = copy_listed_avx2;
    }
#endif
}

/* A move from each end, overlapping in the middle (source and destination
 * are apart); fixed-size moves are a load and a store each. */
void copy_small(void *dst, const void *src, size_t len)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (len > 32) {
        __builtin_memcpy(d, s, 32);
        __builtin_memcpy(d + len - 32, s + len - 32, 32);
    } else if (len >= 8) {
        copy_short(d, s, len);
    } else if (len >= 4) {
        __builtin_memcpy(d, s, 4);
        __builtin_memcpy(d + len - 4, s + len - 4, 4);
    } else if (len > 0) {
        d[0] = s[0];
        if (len > 1)
            __builtin_memcpy(d + len - 2, s + len - 2, 2);
    }
}

void copy_large(void *dst, const void *src, size_t len)
{
    if (len >= copy_movsb_min && len <= copy_movsb_max)
        copy_movsb(dst, src, len);
    else
        copy_large_fn(dst, src, len);
}

/* On AMD Zen 5 `rep movsb` stops at 64 KiB for copies between processes'
 * caches, but copies within a process gain from it at every size above:
 * MPI_Sendrecv to oneself, one process, the buffers 8 MiB apart, us, loop
 * -> `rep movsb`: 96 KiB 1.06 -> 0.80-0.83, 128 KiB 1.40 -> 1.05-1.10, 512
 * KiB 6.8 -> 5.1-6.1, 1 MiB 18.5 -> 15.2-17.0, 2 MiB 38.2 -> 31.8-33.3, 4
 * MiB 70 -> 63.5-67 (MPICH, whose memcpy takes `rep movsb`: 0.80, 1.05,
 * 5.7, 18.1, 37.0, 66.9).  A bare copy of 512 KiB, whose two buffers fill
 * the 1 MiB L2, went either way with the distance between them (4.4-4.9
 * against the loop's 6.0-6.4 us, or 9.5-10.8 against 7.1-7.5). */
void copy_local_movsb(void *dst, const void *src, size_t len)
{
    copy_movsb(dst, src, len);
}

void copy_to_ring(void *dst, const void *src, size_t len)
{
    if (len >= copy_movsb_ring_min && len <= copy_movsb_max)
        copy_movsb(dst, src, len);
    else
        copy_bytes(dst, src, len);
}

void copy_stream(void *dst, const void *src, size_t len)
{
    if (len < 64)
        copy_small(dst, src, len);
    else
        copy_stream_fn(dst, src, len);
}

void copy_rows(void *dst, ptrdiff_t dst_stride, const void *src, ptrdiff_t src_stride, size_t len, size_t rows)
{
    if (dst_stride == (ptrdiff_t)len && len >= copy_movsb_gather_min && len <= copy_movsb_max) {
        unsigned char *d = dst;
        const unsigned char *s = src;
        for (size_t r = 0; r < rows; r++, d += len, s += src_stride)
            copy_movsb(d, s, len);
        return;
    }
    copy_rows_fn(dst, dst_stride, src, src_stride, len, rows);
}

void copy_listed(void *packed, void *base, const int64_t *disp, size_t len, size_t n, bool unpack)
{
    copy_listed_fn(packed, base, disp, len, n, unpack);
}
