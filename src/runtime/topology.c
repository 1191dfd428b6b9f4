/* topology.c -- reading this process's hardware domains from sysfs. */
#include "runtime/topology.h"

#include <dirent.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const level_names[TOPO_LEVELS] = {
    [TOPO_PACKAGE] = "Package", [TOPO_NUMA] = "NUMANode", [TOPO_L3] = "L3Cache",        [TOPO_L2] = "L2Cache",
    [TOPO_L1] = "L1Cache",      [TOPO_CORE] = "Core",     [TOPO_HWTHREAD] = "HWThread",
};

const char *topology_level_name(int level)
{
    return level >= 0 && level < TOPO_LEVELS ? level_names[level] : "";
}

int topology_level_by_name(const char *name)
{
    for (int l = 0; l < TOPO_LEVELS; l++)
        if (strcmp(name, level_names[l]) == 0)
            return l;
    return -1;
}

static long read_long(const char *path)
{
    FILE *f = fopen(path, "r");
    long v = -1;
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = -1;
        fclose(f);
    }
    return v;
}

/* The NUMA node of a CPU: the nodeN entry in its sysfs directory. */
static long numa_node(int cpu)
{
    char path[64];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d", cpu);
    DIR *d = opendir(path);
    long node = -1;
    for (struct dirent *e; d && (e = readdir(d));)
        if (strncmp(e->d_name, "node", 4) == 0 && e->d_name[4] >= '0' && e->d_name[4] <= '9')
            node = strtol(e->d_name + 4, NULL, 10);
    if (d)
        closedir(d);
    return node;
}

/* The id of the cache of this level holding a CPU (data or unified for
 * L1); the first CPU sharing it when sysfs has no id. */
static long cache_id(int cpu, int level)
{
    for (int index = 0; index < 8; index++) {
        char path[96], type[16] = "";
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, index);
        if (read_long(path) != level)
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/type", cpu, index);
        FILE *f = fopen(path, "r");
        if (f) {
            if (fscanf(f, "%15s", type) != 1)
                type[0] = '\0';
            fclose(f);
        }
        if (strcmp(type, "Instruction") == 0)
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/id", cpu, index);
        long id = read_long(path);
        if (id >= 0)
            return id;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list", cpu, index);
        return read_long(path);
    }
    return -1;
}

long topology_cpu_domain(int cpu, int level)
{
    char path[96];
    long package;
    switch (level) {
    case TOPO_PACKAGE:
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
        return read_long(path);
    case TOPO_NUMA:
        return numa_node(cpu);
    case TOPO_L3:
    case TOPO_L2:
    case TOPO_L1: {
        /* Cache ids are per package on some machines: make them global. */
        long id = cache_id(cpu, level == TOPO_L3 ? 3 : level == TOPO_L2 ? 2 : 1);
        package = topology_cpu_domain(cpu, TOPO_PACKAGE);
        return id < 0 ? -1 : (package < 0 ? 0 : package) * 100000 + id;
    }
    case TOPO_CORE:
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/core_id", cpu);
        long core = read_long(path);
        package = topology_cpu_domain(cpu, TOPO_PACKAGE);
        return core < 0 ? -1 : (package < 0 ? 0 : package) * 100000 + core;
    default:
        return cpu;
    }
}

/* The domain holding every CPU of an affinity mask, at each level. */
static void domains_of_set(const cpu_set_t *set, long ids[TOPO_LEVELS])
{
    for (int l = 0; l < TOPO_LEVELS; l++) {
        long id = -2; /* none seen yet */
        for (int cpu = 0; set && cpu < CPU_SETSIZE && id != -1; cpu++) {
            if (!CPU_ISSET(cpu, set))
                continue;
            long d = topology_cpu_domain(cpu, l);
            id = d < 0 || (id != -2 && d != id) ? -1 : d;
        }
        ids[l] = id == -2 ? -1 : id;
    }
}

void topology_domains(long ids[TOPO_LEVELS])
{
    static bool known;
    static long cached[TOPO_LEVELS];
    if (!known) {
        cpu_set_t set;
        domains_of_set(sched_getaffinity(0, sizeof set, &set) == 0 ? &set : NULL, cached);
        known = true;
    }
    memcpy(ids, cached, sizeof cached);
}

/* The number of CPUs in a sysfs CPU list ("0-3,8-11"); 0 when unreadable. */
static long count_cpu_list(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    long n = 0, lo, hi;
    for (;;) {
        if (fscanf(f, "%ld", &lo) != 1)
            break;
        hi = lo;
        int c = fgetc(f);
        if (c == '-') {
            if (fscanf(f, "%ld", &hi) != 1)
                break;
            c = fgetc(f);
        }
        n += hi - lo + 1;
        if (c != ',')
            break;
    }
    fclose(f);
    return n;
}

size_t topology_cache_share(int nprocs)
{
    long size = 0, sharing = 0;
    for (int index = 0; index < 8; index++) {
        char path[96], unit = 0;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", index);
        long level = read_long(path);
        if (level < 3)
            continue;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
        FILE *f = fopen(path, "r");
        long kib = 0;
        if (f) {
            if (fscanf(f, "%ld%c", &kib, &unit) < 1)
                kib = 0;
            fclose(f);
        }
        if (unit == 'M')
            kib *= 1024;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/shared_cpu_list", index);
        long cpus = count_cpu_list(path);
        if (kib > 0 && cpus > 0)
            size = kib * 1024, sharing = cpus; /* the highest level last */
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (size <= 0 || nprocs < 1 || online < 1)
        return 0;
    long caches = online > sharing ? online / sharing : 1;
    /* mpirun places ranks core by core, package by package, so the first
     * cache fills first; ranks outnumbering the CPUs go round all of them. */
    long per_cache = nprocs <= online ? (nprocs < sharing ? nprocs : sharing) : (nprocs + caches - 1) / caches;
    return (size_t)(size / per_cache);
}
