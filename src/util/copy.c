#include "util/copy.h"

#include <stdbool.h>

/* Loop distribution (GCC) or loop idiom recognition (clang) would turn
 * these loops back into memcpy calls. */
#if defined(__clang__)
#define COPY_LOOP_ATTRS __attribute__((no_builtin("memcpy")))
#else
#define COPY_LOOP_ATTRS __attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif

COPY_LOOP_ATTRS static void copy_blocks_sse(unsigned char *d, const unsigned char *s, size_t blocks)
{
    for (size_t i = 0; i < blocks; i++, d += 64, s += 64)
        __builtin_memcpy(d, s, 64); /* fixed size: vector moves, never `rep movsb` */
}

#if defined(__x86_64__)
/* GCC expands a 64-byte memcpy into 16-byte moves even for AVX2 (its
 * generic tuning caps moves at 128 bits), so the 32-byte moves are
 * spelled out as an unaligned vector type. */
typedef unsigned char bytes32_t __attribute__((vector_size(32), aligned(1), may_alias));

COPY_LOOP_ATTRS __attribute__((target("avx2"))) static void copy_blocks_avx2(unsigned char *d, const unsigned char *s,
                                                                             size_t blocks)
{
    for (size_t i = 0; i < blocks; i++, d += 64, s += 64) {
        bytes32_t lo = *(const bytes32_t *)s, hi = *(const bytes32_t *)(s + 32);
        *(bytes32_t *)d = lo;
        *(bytes32_t *)(d + 32) = hi;
    }
}
#endif

static void (*copy_blocks)(unsigned char *, const unsigned char *, size_t) = copy_blocks_sse;

void copy_init(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        copy_blocks = copy_blocks_avx2;
#endif
}

void copy_large(void *dst, const void *src, size_t len)
{
    size_t blocks = len / 64;
    copy_blocks(dst, src, blocks);
    memcpy((unsigned char *)dst + blocks * 64, (const unsigned char *)src + blocks * 64, len % 64);
}
