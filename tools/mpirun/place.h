/*
 * place.h -- where each rank of a job runs: the CPUs mpirun may use, put
 * in order package by package and core by core from sysfs, the ranks mapped
 * onto them, and the CPUs each rank is bound to.
 *
 * Mapping gives each rank one CPU, its place; binding widens the place to
 * the domain --bind-to names (its core by default: every hardware thread
 * of it), as Open MPI and MPICH's Hydra do.  Ranks go to separate cores
 * before any core takes a second rank, so on a machine whose hardware
 * threads are numbered sibling beside sibling two ranks never share a core
 * while another core stands idle.
 */
#ifndef TESSERA_MPIRUN_PLACE_H
#define TESSERA_MPIRUN_PLACE_H

#include <sched.h>
#include <stdbool.h>
#include <stdio.h>

#include "runtime/topology.h"

/* Levels besides topology.h's: bound to nothing; the whole machine
 * (bind-to board); --bind-to not given; a word place_level_by_name does
 * not know. */
enum { PLACE_NONE = -1, PLACE_MACHINE = -2, PLACE_DEFAULT = -3, PLACE_UNKNOWN = -4 };

typedef struct place_cpu {
    int cpu;                  /* the OS's number */
    long domain[TOPO_LEVELS]; /* ids from package down to core; hwthread = cpu */
} place_cpu_t;

typedef struct machine {
    place_cpu_t *cpus; /* the usable CPUs, in mapping order */
    int ncpus;
    int ncores;
} machine_t;

/* The CPUs this process may use, with their domains from sysfs; 0 or -1
 * (out of memory). */
int place_read_machine(machine_t *m);
/* Put cpus (their domain ids filled in, -1 where unknown) in mapping
 * order and count the cores. */
void place_order(machine_t *m);

/* The level a --bind-to or --map-by word names, in Open MPI's and
 * Hydra's spellings and any case ("none" and "board" for binding; "slot",
 * "node" and "board", which on one node fill the cores in order, for
 * mapping), or PLACE_UNKNOWN. */
int place_level_by_name(const char *name, bool map);

/* The binding when --bind-to is not given: cores each when the ranks fit
 * the cores, a hardware thread each when they fit those, else none (the
 * kernel balances ranks that outnumber the CPUs). */
int place_default_bind(const machine_t *m, int nranks, int cores);

/* The number of domains at level (PLACE_MACHINE: one). */
int place_count_domains(const machine_t *m, int level);

/* Each rank's place, an index into m->cpus, the first of the cores cores
 * (or threads, by hwthread) it is given, mapping by level (TOPO_CORE:
 * core after core, a second thread of each only once every core has one;
 * TOPO_HWTHREAD: thread after thread; a level above the core: round robin
 * over its domains, core after core within each).  per_domain > 0 (Open
 * MPI's ppr:N:level) fills each domain with that many ranks before the
 * next; level may then be PLACE_MACHINE.  More ranks than places wrap
 * round. */
void place_map(const machine_t *m, int nranks, int map_level, int per_domain, int cores, int *place);

/* The CPUs of the domain at bind_level that holds m->cpus[index]; at the
 * core or thread level with cores > 1, that many cores (threads) from it
 * on (Open MPI's PE=n, Hydra's core:n). */
void place_bind_set(const machine_t *m, int index, int bind_level, int cores, cpu_set_t *set);

/* Cores for each rank when --map-by gives no PE=n: with OMP_NUM_THREADS=t
 * in the environment, t (as many as the ranks leave each, at least 1),
 * so that a program running t threads a rank gets a core for each; else 1. */
int place_default_cores(const machine_t *m, int nranks, const char *omp_num_threads);

/* The CPUs in set as a list ("0-3,8"). */
void place_format_set(const cpu_set_t *set, char *out, size_t size);

#endif
