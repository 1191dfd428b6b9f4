/* cma_readers.c -- what single copy costs when many read at once: N
 * processes, each on its own core, read BYTES with process_vm_readv over
 * and over, all from one process (a root serving every receiver) or each
 * from a different one (an exchange); prints the mean and the slowest
 * reader's time per read.  No MPI.
 *
 *   cma_readers N BYTES [distinct]
 *
 * On the 16-core machine of docs/perf.md the reads of one address space
 * queue one behind the other; reads of distinct ones do not.  Buffers
 * start on pages: on the 2-core host a 64 KiB read between buffers at
 * different offsets in their pages took 5x as long. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define READS 2000
#define MAX_READERS 64

typedef struct {
    _Atomic int ready, done; /* readers started, finished */
    pid_t pid[MAX_READERS];
    double us[MAX_READERS]; /* each reader's time per read */
} shared_t;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set); /* fewer CPUs: shared ones */
}

/* Reader c: BYTES from block `from` of the source, which lies at the same
 * address in every process (allocated before the fork). */
static void reader(shared_t *sh, int n, int c, char *blocks, size_t bytes, bool distinct, pid_t root)
{
    pin(c + 1);
    sh->pid[c] = getpid();
    char *dst = aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
    if (!dst)
        _exit(1);
    memset(dst, 0, bytes);
    atomic_fetch_add(&sh->ready, 1);
    while (atomic_load(&sh->ready) < n + 1) /* the parent's go */
        ;
    int from = distinct ? (c + 1) % n : c;
    pid_t source = distinct ? sh->pid[from] : root;
    struct iovec local = {dst, bytes}, remote = {blocks + (size_t)from * bytes, bytes};
    double t0 = now();
    for (int i = 0; i < READS; i++)
        if (process_vm_readv(source, &local, 1, &remote, 1, 0) != (ssize_t)bytes) {
            perror("process_vm_readv");
            _exit(1);
        }
    sh->us[c] = (now() - t0) / READS * 1e6;
    /* Stay until every reader is done: one may be reading from here. */
    atomic_fetch_add(&sh->done, 1);
    while (atomic_load(&sh->done) < n)
        ;
    _exit(0);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: cma_readers N BYTES [distinct]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    size_t bytes = strtoul(argv[2], NULL, 0);
    bool distinct = argc > 3 && strcmp(argv[3], "distinct") == 0;
    if (n < 1 || n > MAX_READERS || bytes == 0)
        return 2;
    char *blocks = aligned_alloc(4096, ((size_t)n * bytes + 4095) / 4096 * 4096);
    shared_t *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (!blocks || sh == MAP_FAILED)
        return 1;
    memset(blocks, 1, (size_t)n * bytes);
    pin(0);
    pid_t root = getpid();
    for (int c = 0; c < n; c++)
        if (fork() == 0)
            reader(sh, n, c, blocks, bytes, distinct, root);
    while (atomic_load(&sh->ready) < n)
        ;
    atomic_fetch_add(&sh->ready, 1);
    int failed = 0, status;
    while (wait(&status) > 0)
        failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    double sum = 0, worst = 0;
    for (int c = 0; c < n; c++) {
        sum += sh->us[c];
        worst = sh->us[c] > worst ? sh->us[c] : worst;
    }
    printf("%d readers of %zu bytes from %s: %.2f us per read (slowest %.2f)\n", n, bytes,
           distinct ? "one process each" : "one process", sum / n, worst);
    return failed;
}
