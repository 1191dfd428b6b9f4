/*
 * tunables.h -- the one registry of TESSERA_* environment variables.
 *
 * Each tunable has a name, a type, a default and a one-line description
 * (tunables.c).  `mpirun --info` prints them all with their values.  A
 * TESSERA_* variable that is not in the registry gets a warning: a typo in
 * a tuning variable is a real bug that would otherwise go unnoticed.
 */
#ifndef TESSERA_RUNTIME_TUNABLES_H
#define TESSERA_RUNTIME_TUNABLES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The collective operations with a TESSERA_COLL_* choice (coll/coll.h). */
#define TUNABLES_COLL_OPS 17

typedef struct tunables {
    size_t eager_limit;
    uint32_t ring_slots;
    size_t ring_data_bytes;
    int single_copy;
    int coll_single_copy;
    int pulls; /* enum tunables_pulls */
    int wait_mode;
    unsigned spin_count;
    unsigned yield_count;
    int proto_info;
    int backtrace;
    unsigned hang_seconds;
    size_t cache_share;                    /* 0: from the machine's caches */
    int coll_algorithm[TUNABLES_COLL_OPS]; /* 0: auto; else an index in coll/select.c */
} tunables_t;

extern tunables_t tunables;

/* TESSERA_PULLS: whether large blocks that could go either way are read
 * (or written) with one copy rather than carried by the rings (mpirun
 * measures which is faster: tools/mpirun/probe.c). */
enum tunables_pulls { PULLS_AUTO, PULLS_RINGS, PULLS_PULL };

/* Variables the launcher sets for the ranks; never warned about. */
#define TUNABLES_BOOT_PREFIX "TESSERA_BOOT_"

/* Read the environment into `tunables`; warn about bad values and unknown
 * names through warn().  Returns the number of problems found. */
int tunables_load(void (*warn)(const char *fmt, ...));
/* Whether the named variable was set in the environment. */
int tunables_is_set(const char *name);
void tunables_print(FILE *out);

#endif
