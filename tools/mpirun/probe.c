/*
 * probe.c -- how this machine moves a block between two cores.
 *
 * Two processes that each hold a block for the other can swap them through
 * shared memory (each copies its block in, then the other's out: the
 * rings) or each read the other's block with one process_vm_readv.  Which
 * is faster depends on the machine, not on Tessera, and by a wide margin
 * both ways: on an AMD EPYC host the kernel's copy ran at 6.6-8.3 GB/s
 * against 20-23 through the rings; on an Intel Xeon host, where a cache
 * line another core wrote takes 0.12-0.7 us to arrive, a 2-process
 * exchange of 512 KiB blocks took 21 us pulled and 65 us through the rings
 * (docs/perf.md, "Two processes: rings or one copy").  So mpirun measures
 * it once, before starting the ranks, on the two CPUs ranks 0 and 1 get,
 * and tells every rank the same answer (TESSERA_BOOT_PULLS_PAY): the
 * collectives' choice of algorithm must agree across processes.  The
 * answer also splits a rendezvous between its two sides (p2p/rndv.c).
 *
 * Two forked children, pinned, swap 256 KiB both ways, alternating a round
 * through a shared buffer with a round of reads, and keep each way's best
 * of six rounds: about a millisecond.  Pulling must win by a clear margin
 * (PROBE_MARGIN), so that a noisy minute does not flip a machine whose two
 * ways are close.  A child that cannot run in time (the deadline: another
 * program holds the CPU) or cannot read the other's memory gives "rings".
 */
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mpirun.h"
#include "runtime/tunables.h"
#include "util/ptracer.h"

#define PROBE_BYTES (256 * 1024)
#define PROBE_ROUNDS 6
#define PROBE_DEADLINE 0.05 /* seconds for the whole measurement */
#define PROBE_MARGIN 0.7    /* pulled time over ringed time below which pulls pay */

typedef struct probe_shared {
    _Atomic int32_t pid[2];
    _Atomic uint64_t block[2]; /* where each child's block is, in its own memory */
    _Atomic uint32_t phase[2];
    double best[2]; /* first child's best seconds: [0] through shared memory, [1] pulled */
    _Atomic int failed;
    _Alignas(64) unsigned char box[2][PROBE_BYTES];
} probe_shared_t;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reach phase k and wait for the other child to reach it too. */
static int meet(probe_shared_t *p, int me, uint32_t k, double deadline)
{
    atomic_store_explicit(&p->phase[me], k, memory_order_release);
    while (atomic_load_explicit(&p->phase[1 - me], memory_order_acquire) < k)
        if (now() > deadline)
            return -1;
    return 0;
}

/* One round: both swap blocks one way; returns its seconds, or -1. */
static double swap_round(probe_shared_t *p, int me, bool pull, const unsigned char *block, unsigned char *into,
                         uint32_t *k, double deadline)
{
    int peer = 1 - me;
    if (meet(p, me, (*k)++, deadline) != 0)
        return -1;
    double t0 = now();
    if (pull) {
        struct iovec local = {into, PROBE_BYTES};
        struct iovec remote = {(void *)(uintptr_t)atomic_load(&p->block[peer]), PROBE_BYTES};
        if (process_vm_readv(atomic_load(&p->pid[peer]), &local, 1, &remote, 1, 0) != PROBE_BYTES)
            atomic_store(&p->failed, 1);
    } else {
        memcpy(p->box[me], block, PROBE_BYTES);
        if (meet(p, me, (*k)++, deadline) != 0)
            return -1;
        memcpy(into, p->box[peer], PROBE_BYTES);
    }
    if (meet(p, me, (*k)++, deadline) != 0)
        return -1;
    return now() - t0;
}

static _Noreturn void probe_child(probe_shared_t *p, int me, int cpu)
{
    if (cpu >= 0) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        sched_setaffinity(0, sizeof one, &one);
    }
    ptracer_allow_any(); /* the other child reads us */
    unsigned char *block = aligned_alloc(4096, PROBE_BYTES), *into = aligned_alloc(4096, PROBE_BYTES);
    if (!block || !into)
        _exit(1);
    memset(block, me + 1, PROBE_BYTES);
    memset(into, 0, PROBE_BYTES);
    atomic_store(&p->block[me], (uint64_t)(uintptr_t)block);
    atomic_store(&p->pid[me], (int32_t)getpid());
    double deadline = now() + PROBE_DEADLINE, best[2] = {1e9, 1e9};
    uint32_t k = 1;
    for (int round = 0; round < 2 * PROBE_ROUNDS; round++) {
        bool pull = round & 1;
        double t = swap_round(p, me, pull, block, into, &k, deadline);
        if (t < 0)
            _exit(1);
        if (t < best[pull])
            best[pull] = t;
    }
    if (me == 0)
        p->best[0] = best[0], p->best[1] = best[1];
    _exit(0);
}

bool probe_pulls_pay(int cpu0, int cpu1)
{
    probe_shared_t *p = mmap(NULL, sizeof *p, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return false;
    pid_t child[2] = {-1, -1};
    bool ok = true;
    for (int me = 0; me < 2 && ok; me++) {
        child[me] = fork();
        if (child[me] == 0)
            probe_child(p, me, me ? cpu1 : cpu0);
        ok = child[me] > 0;
    }
    for (int me = 0; me < 2; me++) {
        int status;
        if (child[me] > 0 && waitpid(child[me], &status, 0) == child[me])
            ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        else
            ok = false;
    }
    bool pulls = ok && !atomic_load(&p->failed) && p->best[1] < PROBE_MARGIN * p->best[0];
    if (tunables.proto_info)
        mpirun_say("between CPUs %d and %d a 256 KiB block swapped in %.1f us through shared memory, %.1f us with "
                   "process_vm_readv%s: %s",
                   cpu0, cpu1, ok ? p->best[0] * 1e6 : 0.0, ok ? p->best[1] * 1e6 : 0.0,
                   ok ? (atomic_load(&p->failed) ? " (not allowed)" : "") : " (not measured in time)",
                   pulls ? "large blocks are read or written with one copy" : "they go through the rings");
    munmap(p, sizeof *p);
    return pulls;
}
