/*
 * native_sync.h -- what the hand-written shared-memory baselines
 * (cg_native.c, qr_native.c) synchronize with: a barrier spinning on an
 * atomic counter, yielding the CPU when threads outnumber cores (as
 * Tessera's waits do), and a clock.
 */
#ifndef NATIVE_SYNC_H
#define NATIVE_SYNC_H

#include <sched.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    _Alignas(64) atomic_uint arrived;
    _Alignas(64) atomic_uint generation;
    int threads;
    int yield;
} native_barrier_t;

static inline void native_barrier_init(native_barrier_t *b, int threads)
{
    atomic_init(&b->arrived, 0);
    atomic_init(&b->generation, 0);
    b->threads = threads;
    b->yield = threads > sysconf(_SC_NPROCESSORS_ONLN);
}

/* Everyone waits until all threads have arrived. */
static inline void native_barrier_wait(native_barrier_t *b)
{
    unsigned gen = atomic_load_explicit(&b->generation, memory_order_acquire);
    if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) + 1 == (unsigned)b->threads) {
        atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
        atomic_fetch_add_explicit(&b->generation, 1, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&b->generation, memory_order_acquire) == gen)
        if (b->yield)
            sched_yield();
}

static inline double native_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

#endif
