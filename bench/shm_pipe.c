/* shm_pipe.c -- the hardware limit for bandwidth between two processes: one
 * process on one core copies a buffer held in its cache into a ring in
 * shared memory, chunk by chunk, while a process on another core copies each
 * chunk out into its own buffer, as any shared-memory MPI must move data that
 * the receiver cannot map.  Prints the best MB/s over a few chunk sizes
 * (1 MiB ring, as Tessera's default data ring).  No MPI. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RING_BYTES (1u << 20)
#define BUFFER_BYTES (256u << 10) /* in cache on both sides */
#define TOTAL_BYTES (2ul << 30)   /* per measurement */

/* Counters on their own cache lines: chunks written, chunks read. */
struct ring {
    _Alignas(64) _Atomic size_t written;
    _Alignas(64) _Atomic size_t read;
    _Alignas(64) unsigned char data[RING_BYTES];
};

/* Vector moves of 64 bytes: glibc's memcpy may take `rep movsb`, which is
 * slow on shared pages on some virtual machines; Tessera copies the same
 * way (src/util/copy.c). */
#if defined(__clang__)
__attribute__((no_builtin("memcpy")))
#else
__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
static void
copy(unsigned char *d, const unsigned char *s, size_t bytes)
{
    for (size_t i = 0; i < bytes; i += 64)
        __builtin_memcpy(d + i, s + i, 64);
}

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Streams TOTAL_BYTES through the ring in chunks; returns MB/s as the
 * writer sees it (its last chunk read means all bytes have arrived). */
static double stream(struct ring *ring, size_t chunk)
{
    size_t slots = RING_BYTES / chunk, chunks = TOTAL_BYTES / chunk;
    atomic_store(&ring->written, 0);
    atomic_store(&ring->read, 0);
    pid_t child = fork();
    int writer = child != 0;
    pin(writer ? 0 : 1);
    unsigned char *buffer = malloc(BUFFER_BYTES);
    memset(buffer, 1, BUFFER_BYTES);
    double t0 = now();
    for (size_t i = 0; i < chunks; i++) {
        unsigned char *slot = ring->data + (i % slots) * chunk;
        unsigned char *mine = buffer + (i * chunk) % BUFFER_BYTES;
        if (writer) {
            while (i - atomic_load_explicit(&ring->read, memory_order_acquire) >= slots)
                ;
            copy(slot, mine, chunk);
            atomic_store_explicit(&ring->written, i + 1, memory_order_release);
        } else {
            while (atomic_load_explicit(&ring->written, memory_order_acquire) <= i)
                ;
            copy(mine, slot, chunk);
            atomic_store_explicit(&ring->read, i + 1, memory_order_release);
        }
    }
    if (!writer)
        _exit(0);
    while (atomic_load_explicit(&ring->read, memory_order_acquire) < chunks)
        ;
    double rate = (double)TOTAL_BYTES / (now() - t0) / 1e6;
    waitpid(child, NULL, 0);
    free(buffer);
    return rate;
}

int main(void)
{
    struct ring *ring = mmap(NULL, sizeof *ring, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (ring == MAP_FAILED)
        return 1;
    memset(ring->data, 0, RING_BYTES);
    double best = 0;
    for (size_t chunk = 16u << 10; chunk <= (64u << 10); chunk *= 2)
        for (int t = 0; t < 2; t++) {
            double rate = stream(ring, chunk);
            if (rate > best)
                best = rate;
        }
    printf("%.1f\n", best);
    return 0;
}
