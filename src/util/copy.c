#include "util/copy.h"

#include <stdbool.h>

/* Loop distribution (GCC) or loop idiom recognition (clang) would turn
 * these loops back into memcpy calls. */
#if defined(__clang__)
#define COPY_LOOP_ATTRS __attribute__((no_builtin("memcpy")))
#else
#define COPY_LOOP_ATTRS __attribute__((optimize("no-tree-loop-distribute-patterns")))
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

/* One row of len bytes (32 <= len; whole = len rounded down to 64) in
 * 64-byte blocks, as copy_large moves them, its last piece as the one or
 * two vectors that end with it (overlapping what came before; source and
 * destination do not overlap).  Against 32-byte blocks, MPI_Pack +
 * MPI_Unpack in one process: rows of 512 bytes to 1 KiB a line apart 5%
 * slower, rows 128 KiB apart (a 3D array's face, where the copy trails
 * contiguous most) 5-10% faster; the faces between two ranks gained at
 * every size (rows of 256 B to 2 KiB). */
static inline __attribute__((always_inline, target("avx2"))) void
move_row_avx2(unsigned char *d, const unsigned char *s, size_t whole, size_t len)
{
    for (size_t i = 0; i < whole; i += 64)
        move64_avx2(d + i, s + i);
    if (len - whole > 32)
        *(bytes32_t *)(d + whole) = *(const bytes32_t *)(s + whole);
    if (len != whole)
        *(bytes32_t *)(d + len - 32) = *(const bytes32_t *)(s + len - 32);
}

COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void
copy_rows_avx2(unsigned char *d, ptrdiff_t dstride, const unsigned char *s, ptrdiff_t sstride, size_t len, size_t rows)
{
    size_t whole = len & ~(size_t)63;
    for (size_t r = 0; r < rows; r++, d += dstride, s += sstride)
        move_row_avx2(d, s, whole, len);
}

COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void
copy_listed_avx2(unsigned char *packed, unsigned char *base, const int64_t *disp, size_t len, size_t n, bool unpack)
{
    size_t whole = len & ~(size_t)63;
    if (unpack)
        for (size_t i = 0; i < n; i++, packed += len)
            move_row_avx2(base + disp[i], packed, whole, len);
    else
        for (size_t i = 0; i < n; i++, packed += len)
            move_row_avx2(packed, base + disp[i], whole, len);
}

COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void copy_large_avx2(void *dst, const void *src, size_t len)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i < len / 64; i++)
        move64_avx2(d + 64 * i, s + 64 * i);
    if (len % 64)
        move64_avx2(d + len - 64, s + len - 64);
}
#endif

typedef unsigned char bytes16_t __attribute__((vector_size(16), aligned(1), may_alias));

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
static void (*copy_rows_fn)(unsigned char *, ptrdiff_t, const unsigned char *, ptrdiff_t, size_t,
                            size_t) = copy_rows_sse;
static void (*copy_listed_fn)(unsigned char *, unsigned char *, const int64_t *, size_t, size_t,
                              bool) = copy_listed_sse;

void copy_init(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        copy_large_fn = copy_large_avx2;
        copy_rows_fn = copy_rows_avx2;
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
    copy_large_fn(dst, src, len);
}

void copy_rows(void *dst, ptrdiff_t dst_stride, const void *src, ptrdiff_t src_stride, size_t len, size_t rows)
{
    copy_rows_fn(dst, dst_stride, src, src_stride, len, rows);
}

void copy_listed(void *packed, void *base, const int64_t *disp, size_t len, size_t n, bool unpack)
{
    copy_listed_fn(packed, base, disp, len, n, unpack);
}
