#include "runtime/tunables.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "coll/coll.h"
#include "coll/names.h"
#include "progress/progress.h"

extern char **environ;

/* Defaults are measured, see docs/perf.md: on the AMD host the pipeline
 * through a 1 MiB data ring, both processes copying at once, beats
 * process_vm_readv at every size, so the receiver alone reading is off
 * unless asked for; in collectives, where one process serves several,
 * single copy lets the others do the copying (on by default).  Where
 * mpirun measures one copy faster than the rings (TESSERA_PULLS, the
 * Intel host), a rendezvous is split: each side copies half at once. */
tunables_t tunables = {
    .eager_limit = 64 * 1024,
    .ring_slots = 256,
    .ring_data_bytes = 1024 * 1024,
    .single_copy = 0,
    .coll_single_copy = 1,
    .wait_mode = WAIT_AUTO,
    .spin_count = 20000,
    .yield_count = 200,
    .proto_info = 0,
    .backtrace = 1,
    .hang_seconds = 60,
};

enum tunable_type { TUNABLE_SIZE, TUNABLE_UINT, TUNABLE_BOOL, TUNABLE_CHOICE };

typedef struct tunable {
    const char *name;
    enum tunable_type type;
    void *value;
    const char *description;
    const char *const *choices; /* TUNABLE_CHOICE: names for 0, 1, 2, ... */
    uint64_t min, max;          /* bounds for sizes and numbers */
    int power_of_two;
} tunable_t;

static const char *const wait_choices[] = {"auto", "spin", "yield", "sleep", NULL};
static const char *const pulls_choices[] = {"auto", "rings", "pull", NULL};

/* One collective operation's algorithm choice (coll/select.c). */
#define COLL_TUNABLE(name, op, call, names)                                                                  \
    {                                                                                                        \
        name, TUNABLE_CHOICE, &tunables.coll_algorithm[op],                                                  \
            "algorithm of " call " and its nonblocking and persistent forms (auto: by size)", names, 0, 0, 0 \
    }

static const tunable_t tunable_registry[] = {
    {"TESSERA_EAGER_LIMIT", TUNABLE_SIZE, &tunables.eager_limit,
     "largest message sent eagerly (with its header); larger ones use a rendezvous, but for a non-contiguous one "
     "to a receiver that has taken everything sent before, up to half the data ring",
     NULL, 0, 1 << 30, 0},
    {"TESSERA_RING_SLOTS", TUNABLE_UINT, &tunables.ring_slots,
     "header slots (64 bytes each) in each pair's ring, a power of two", NULL, 8, 1 << 20, 1},
    {"TESSERA_RING_DATA_BYTES", TUNABLE_SIZE, &tunables.ring_data_bytes,
     "bytes in each pair's data ring for medium messages and pipelined chunks, a power of two (a quarter of the "
     "default above 16 ranks)",
     NULL, 4096, 1ull << 32, 1},
    {"TESSERA_SINGLE_COPY", TUNABLE_BOOL, &tunables.single_copy,
     "let large messages move with one process_vm_readv copy when the system allows it", NULL, 0, 1, 0},
    {"TESSERA_COLL_SINGLE_COPY", TUNABLE_BOOL, &tunables.coll_single_copy,
     "let the large messages of collectives move with one process_vm_readv copy when the system allows it (unset: "
     "with ranks outnumbering cores, only where pulls pay, as TESSERA_PULLS says; set to 1: always)",
     NULL, 0, 1, 0},
    {"TESSERA_PULLS", TUNABLE_CHOICE, &tunables.pulls,
     "how large blocks that could go either way move: collectives' between two processes and, when ranks "
     "outnumber cores, in exchanges and from a root to its receivers, and a rendezvous (split between sender and "
     "receiver, unless TESSERA_SINGLE_COPY is set): auto (whichever mpirun measured faster between two cores at "
     "launch; where that is the rings and every process has a core, a receiver of large messages also times both "
     "ways per sender as it goes and takes the faster), rings (a copy in and a copy out), pull (one "
     "process_vm_readv or process_vm_writev copy)",
     pulls_choices, 0, 2, 0},
    {"TESSERA_CACHE_SHARE", TUNABLE_SIZE, &tunables.cache_share,
     "bytes of last-level cache per process: a receive or a gather moving more than half of it at a process "
     "(reads and writes), another collective more than 1.25 times it, writes its destination around the caches (0: "
     "the machine's last-level cache over the processes sharing it)",
     NULL, 0, 1ull << 50, 0},
    {"TESSERA_WAIT", TUNABLE_CHOICE, &tunables.wait_mode,
     "how a blocked rank waits: auto (spin, yield; sleep when ranks outnumber cores), spin, yield, sleep", wait_choices,
     0, 3, 0},
    {"TESSERA_SPIN_COUNT", TUNABLE_UINT, &tunables.spin_count,
     "idle polls a waiting rank spins before it yields the core (5000 when oversubscribed, and only while its peer "
     "runs on another CPU; at most 500 while another rank is awake on its own; oversubscribed, tests that find "
     "nothing count as such polls)",
     NULL, 0, 1u << 31, 0},
    {"TESSERA_YIELD_COUNT", TUNABLE_UINT, &tunables.yield_count,
     "idle polls with a yield before a waiting rank sleeps on its doorbell", NULL, 0, 1u << 31, 0},
    {"TESSERA_PROTO_INFO", TUNABLE_BOOL, &tunables.proto_info,
     "print, once per protocol and peer, which path messages take and why", NULL, 0, 1, 0},
    {"TESSERA_BACKTRACE", TUNABLE_BOOL, &tunables.backtrace,
     "when a rank crashes (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), print the signal, the address and the call "
     "stack before it dies",
     NULL, 0, 1, 0},
    {"TESSERA_HANG_SECONDS", TUNABLE_UINT, &tunables.hang_seconds,
     "when every rank has waited in MPI this long with no message moving, mpirun says the job may be deadlocked "
     "and shows each rank's call stack (0: never)",
     NULL, 0, 1u << 31, 0},
    COLL_TUNABLE("TESSERA_COLL_BARRIER", COLL_BARRIER, "MPI_Barrier", coll_names_barrier),
    COLL_TUNABLE("TESSERA_COLL_BCAST", COLL_BCAST, "MPI_Bcast", coll_names_bcast),
    COLL_TUNABLE("TESSERA_COLL_GATHER", COLL_GATHER, "MPI_Gather", coll_names_gather),
    COLL_TUNABLE("TESSERA_COLL_GATHERV", COLL_GATHERV, "MPI_Gatherv", coll_names_gatherv),
    COLL_TUNABLE("TESSERA_COLL_SCATTER", COLL_SCATTER, "MPI_Scatter", coll_names_scatter),
    COLL_TUNABLE("TESSERA_COLL_SCATTERV", COLL_SCATTERV, "MPI_Scatterv", coll_names_scatterv),
    COLL_TUNABLE("TESSERA_COLL_ALLGATHER", COLL_ALLGATHER, "MPI_Allgather", coll_names_allgather),
    COLL_TUNABLE("TESSERA_COLL_ALLGATHERV", COLL_ALLGATHERV, "MPI_Allgatherv", coll_names_allgatherv),
    COLL_TUNABLE("TESSERA_COLL_ALLTOALL", COLL_ALLTOALL, "MPI_Alltoall", coll_names_alltoall),
    COLL_TUNABLE("TESSERA_COLL_ALLTOALLV", COLL_ALLTOALLV, "MPI_Alltoallv", coll_names_alltoallv),
    COLL_TUNABLE("TESSERA_COLL_ALLTOALLW", COLL_ALLTOALLW, "MPI_Alltoallw", coll_names_alltoallw),
    COLL_TUNABLE("TESSERA_COLL_REDUCE", COLL_REDUCE, "MPI_Reduce", coll_names_reduce),
    COLL_TUNABLE("TESSERA_COLL_ALLREDUCE", COLL_ALLREDUCE, "MPI_Allreduce", coll_names_allreduce),
    COLL_TUNABLE("TESSERA_COLL_REDUCE_SCATTER", COLL_REDUCE_SCATTER, "MPI_Reduce_scatter", coll_names_reduce_scatter),
    COLL_TUNABLE("TESSERA_COLL_REDUCE_SCATTER_BLOCK", COLL_REDUCE_SCATTER_BLOCK, "MPI_Reduce_scatter_block",
                 coll_names_reduce_scatter_block),
    COLL_TUNABLE("TESSERA_COLL_SCAN", COLL_SCAN, "MPI_Scan", coll_names_scan),
    COLL_TUNABLE("TESSERA_COLL_EXSCAN", COLL_EXSCAN, "MPI_Exscan", coll_names_exscan),
};

#define TUNABLE_COUNT (sizeof tunable_registry / sizeof tunable_registry[0])

static int parse_size(const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text)
        return -1;
    switch (toupper((unsigned char)*end)) {
    case 'K':
        v <<= 10;
        end++;
        break;
    case 'M':
        v <<= 20;
        end++;
        break;
    case 'G':
        v <<= 30;
        end++;
        break;
    default:
        break;
    }
    if (*end == 'i' || *end == 'B')
        end += (*end == 'i' && end[1] == 'B') ? 2 : 1;
    if (*end != '\0')
        return -1;
    *out = v;
    return 0;
}

static int tunable_set(const tunable_t *t, const char *text)
{
    uint64_t v = 0;
    switch (t->type) {
    case TUNABLE_BOOL:
        if (!strcmp(text, "1") || !strcasecmp(text, "yes") || !strcasecmp(text, "true") || !strcasecmp(text, "on"))
            *(int *)t->value = 1;
        else if (!strcmp(text, "0") || !strcasecmp(text, "no") || !strcasecmp(text, "false") ||
                 !strcasecmp(text, "off"))
            *(int *)t->value = 0;
        else
            return -1;
        return 0;
    case TUNABLE_CHOICE:
        for (int i = 0; t->choices[i]; i++) {
            if (!strcasecmp(text, t->choices[i])) {
                *(int *)t->value = i;
                return 0;
            }
        }
        return -1;
    case TUNABLE_SIZE:
    case TUNABLE_UINT:
        if (parse_size(text, &v) != 0 || v < t->min || v > t->max)
            return -1;
        if (t->power_of_two && (v & (v - 1)))
            return -1;
        if (t->type == TUNABLE_SIZE)
            *(size_t *)t->value = (size_t)v;
        else
            *(unsigned *)t->value = (unsigned)v;
        return 0;
    }
    return -1;
}

static const tunable_t *tunable_find(const char *name, size_t len)
{
    for (size_t i = 0; i < TUNABLE_COUNT; i++)
        if (strlen(tunable_registry[i].name) == len && !strncmp(tunable_registry[i].name, name, len))
            return &tunable_registry[i];
    return NULL;
}

int tunables_load(void (*warn)(const char *fmt, ...))
{
    int problems = 0;
    for (char **env = environ; env && *env; env++) {
        if (strncmp(*env, "TESSERA_", 8) != 0 || !strncmp(*env, TUNABLES_BOOT_PREFIX, strlen(TUNABLES_BOOT_PREFIX)))
            continue;
        const char *eq = strchr(*env, '=');
        if (!eq)
            continue;
        const tunable_t *t = tunable_find(*env, (size_t)(eq - *env));
        if (!t) {
            warn("unknown variable %.*s ignored (mpirun --info lists the TESSERA_* variables)", (int)(eq - *env), *env);
            problems++;
        } else if (tunable_set(t, eq + 1) != 0) {
            warn("bad value '%s' for %s ignored (mpirun --info describes it)", eq + 1, t->name);
            problems++;
        }
    }
    return problems;
}

int tunables_is_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}

static void tunable_format(const tunable_t *t, char *buf, size_t len)
{
    switch (t->type) {
    case TUNABLE_BOOL:
        snprintf(buf, len, "%s", *(int *)t->value ? "1" : "0");
        break;
    case TUNABLE_CHOICE:
        snprintf(buf, len, "%s", t->choices[*(int *)t->value]);
        break;
    case TUNABLE_SIZE:
        snprintf(buf, len, "%zu", *(size_t *)t->value);
        break;
    case TUNABLE_UINT:
        snprintf(buf, len, "%u", *(unsigned *)t->value);
        break;
    }
}

void tunables_print(FILE *out)
{
    for (size_t i = 0; i < TUNABLE_COUNT; i++) {
        char value[64];
        tunable_format(&tunable_registry[i], value, sizeof value);
        const tunable_t *t = &tunable_registry[i];
        fprintf(out, "%-24s = %-8s %s\n", t->name, value, t->description);
        if (t->type != TUNABLE_CHOICE)
            continue;
        fprintf(out, "%-35s choices:", "");
        for (int c = 0; t->choices[c]; c++)
            fprintf(out, "%s %s", c ? "," : "", t->choices[c]);
        fputc('\n', out);
    }
}
