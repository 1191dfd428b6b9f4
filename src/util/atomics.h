/*
 * atomics.h -- the one place where cross-process synchronisation is spelled.
 *
 * Everything that two processes touch in the shared segment is an _Atomic
 * object accessed through C11 <stdatomic.h> with an explicit memory order.
 * The helpers below only name the orders we use; each call site says who
 * else touches the word and what the order guarantees.
 */
#ifndef TESSERA_UTIL_ATOMICS_H
#define TESSERA_UTIL_ATOMICS_H

#include <stdatomic.h>
#include <stdint.h>

#define CACHE_LINE 64

static inline uint32_t atomic_load_acquire_u32(_Atomic uint32_t *p)
{
    return atomic_load_explicit(p, memory_order_acquire);
}

static inline void atomic_store_release_u32(_Atomic uint32_t *p, uint32_t v)
{
    atomic_store_explicit(p, v, memory_order_release);
}

static inline uint64_t atomic_load_acquire_u64(_Atomic uint64_t *p)
{
    return atomic_load_explicit(p, memory_order_acquire);
}

static inline void atomic_store_release_u64(_Atomic uint64_t *p, uint64_t v)
{
    atomic_store_explicit(p, v, memory_order_release);
}

/* A pause for spin loops: lets the sibling hyperthread run and keeps the
 * core from flooding the memory system with speculative loads. */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#endif
}

#endif
