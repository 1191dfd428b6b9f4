/* cacheline.c -- the hardware floor for latency: two processes on two
 * cores bounce one cache line (a counter each increments in turn); prints
 * the one-way time in microseconds.  No MPI: this is what any message
 * between two cores costs at least. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS 200000

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

int main(void)
{
    _Atomic long *line = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (line == MAP_FAILED)
        return 1;
    atomic_store(line, 0);
    pid_t child = fork();
    if (child == 0) {
        pin(1);
        for (long i = 1; i < 2 * ROUNDS; i += 2) {
            while (atomic_load_explicit(line, memory_order_acquire) != i)
                ;
            atomic_store_explicit(line, i + 1, memory_order_release);
        }
        _exit(0);
    }
    pin(0);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < 2 * ROUNDS; i += 2) {
        atomic_store_explicit(line, i + 1, memory_order_release);
        while (atomic_load_explicit(line, memory_order_acquire) != i + 2)
            ;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    waitpid(child, NULL, 0);
    double total = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("%.4f\n", total / (2.0 * ROUNDS) * 1e6);
    return 0;
}
