/*
 * topology.h -- the hardware domains this process runs in, from Linux
 * sysfs: package, NUMA node, L3, L2 and L1 caches, core, hardware thread.
 *
 * For each level the answer is the id of the one domain that holds every
 * CPU this process may run on (its affinity mask), or -1 when those CPUs
 * span several domains (an unbound process) or sysfs does not say.  Ids
 * are comparable between processes of one machine.  MPI_Comm_split_type
 * uses them for MPI_COMM_TYPE_HW_GUIDED and MPI_COMM_TYPE_HW_UNGUIDED.
 */
#ifndef TESSERA_RUNTIME_TOPOLOGY_H
#define TESSERA_RUNTIME_TOPOLOGY_H

#include <stddef.h>

enum topo_level {
    TOPO_PACKAGE,
    TOPO_NUMA,
    TOPO_L3,
    TOPO_L2,
    TOPO_L1,
    TOPO_CORE,
    TOPO_HWTHREAD,
    TOPO_LEVELS,
};

/* This process's domain id at every level (computed once). */
void topology_domains(long ids[TOPO_LEVELS]);
/* The id of the domain at level holding one CPU (its OS number): -1 when
 * sysfs does not say.  mpirun places ranks by these. */
long topology_cpu_domain(int cpu, int level);
/* Bytes of last-level cache per process when nprocs processes of the job
 * run on this machine: the size of the highest-level cache sysfs lists for
 * CPU 0 over the processes that share one (placed as mpirun binds them);
 * 0 when sysfs does not say. */
size_t topology_cache_share(int nprocs);
/* The name of a level as hwloc and the MPI standard's examples spell it
 * ("Package", "NUMANode", "L3Cache", ...), and back (-1: unknown). */
const char *topology_level_name(int level);
int topology_level_by_name(const char *name);

#endif
