/* test_place.c -- mpirun's placement on machines described here (sibling
 * threads numbered side by side or apart, two packages, unknown cores) and
 * on this one. */
#include <stdlib.h>
#include <string.h>

#include "place.h"
#include "unit.h"

#define MAX_CPUS 16

/* A machine of n CPUs: cpu i in package package[i] and core core[i]
 * (-1: sysfs does not say), given in OS order; place_order sorts it. */
static machine_t machine_of(int n, const long *package, const long *core, place_cpu_t *storage)
{
    machine_t m = {.cpus = storage, .ncpus = n};
    for (int i = 0; i < n; i++) {
        storage[i].cpu = i;
        for (int l = 0; l < TOPO_LEVELS; l++)
            storage[i].domain[l] = -1;
        storage[i].domain[TOPO_PACKAGE] = package ? package[i] : 0;
        storage[i].domain[TOPO_CORE] = core[i];
    }
    place_order(&m);
    return m;
}

/* Each rank's place as OS CPU numbers, per_domain ranks filling each
 * domain of level in turn when not 0. */
static void map_fill(const machine_t *m, int nranks, int level, int per_domain, int *cpus)
{
    int place[64];
    place_map(m, nranks, level, per_domain, 1, place);
    for (int r = 0; r < nranks; r++)
        cpus[r] = m->cpus[place[r]].cpu;
}

static void map_cpus(const machine_t *m, int nranks, int level, int *cpus)
{
    map_fill(m, nranks, level, 0, cpus);
}

static void check_cpus(const char *what, const int *got, const int *want, int n)
{
    for (int r = 0; r < n; r++)
        CHECK(got[r] == want[r], "%s: rank %d on CPU %d, expected %d", what, r, got[r], want[r]);
}

/* The CPUs rank r is bound to, as a list, each rank given cores cores. */
static void bound_cores(const machine_t *m, int nranks, int map_level, int bind_level, int cores, int r, char *out)
{
    int place[64];
    place_map(m, nranks, map_level, 0, cores, place);
    cpu_set_t set;
    place_bind_set(m, place[r], bind_level, cores, &set);
    place_format_set(&set, out, 64);
}

static void bound_list(const machine_t *m, int nranks, int map_level, int bind_level, int r, char *out)
{
    bound_cores(m, nranks, map_level, bind_level, 1, r, out);
}

static void siblings_side_by_side(void)
{
    /* 4 cores of 2 threads, CPUs 2k and 2k+1 on core k (as many VMs and
     * POWER number them). */
    long core[8] = {0, 0, 1, 1, 2, 2, 3, 3};
    place_cpu_t storage[MAX_CPUS];
    machine_t m = machine_of(8, NULL, core, storage);
    CHECK(m.ncores == 4, "%d cores, expected 4", m.ncores);
    int cpus[16];
    map_cpus(&m, 4, TOPO_CORE, cpus);
    check_cpus("4 ranks by core", cpus, (int[]){0, 2, 4, 6}, 4);
    CHECK(place_default_bind(&m, 4, 1) == TOPO_CORE, "4 ranks on 4 cores bind to cores");
    char list[64];
    bound_list(&m, 4, TOPO_CORE, TOPO_CORE, 1, list);
    CHECK(!strcmp(list, "2-3"), "rank 1 bound to %s, expected its core's 2-3", list);
    /* More ranks than cores: every core one before any takes two. */
    map_cpus(&m, 6, TOPO_CORE, cpus);
    check_cpus("6 ranks by core", cpus, (int[]){0, 2, 4, 6, 1, 3}, 6);
    CHECK(place_default_bind(&m, 6, 1) == TOPO_HWTHREAD, "6 ranks on 8 threads bind to threads");
    bound_list(&m, 6, TOPO_CORE, TOPO_HWTHREAD, 5, list);
    CHECK(!strcmp(list, "3"), "rank 5 bound to %s, expected 3", list);
    CHECK(place_default_bind(&m, 9, 1) == PLACE_NONE, "9 ranks on 8 threads are not bound");
    map_cpus(&m, 10, TOPO_CORE, cpus);
    check_cpus("10 ranks by core wrap", cpus, (int[]){0, 2, 4, 6, 1, 3, 5, 7, 0, 2}, 10);
    map_cpus(&m, 10, TOPO_HWTHREAD, cpus);
    check_cpus("10 ranks by thread", cpus, (int[]){0, 1, 2, 3, 4, 5, 6, 7, 0, 1}, 10);
    bound_list(&m, 4, TOPO_CORE, PLACE_MACHINE, 3, list);
    CHECK(!strcmp(list, "0-7"), "bound to the machine: %s", list);
    /* ppr:2:core: both threads of a core before the next core. */
    map_fill(&m, 6, TOPO_CORE, 2, cpus);
    check_cpus("ppr:2:core", cpus, (int[]){0, 1, 2, 3, 4, 5}, 6);
    map_fill(&m, 3, PLACE_MACHINE, 3, cpus);
    check_cpus("ppr:3:node", cpus, (int[]){0, 2, 4}, 3);
    /* PE=2: two cores a rank, every thread of them. */
    bound_cores(&m, 2, TOPO_CORE, TOPO_CORE, 2, 1, list);
    CHECK(!strcmp(list, "4-7"), "PE=2: rank 1 bound to %s, expected 4-7", list);
    bound_cores(&m, 3, TOPO_CORE, TOPO_CORE, 3, 1, list);
    CHECK(!strcmp(list, "0-3,6-7"), "PE=3: rank 1 from core 3 wraps round: %s", list);
    bound_cores(&m, 2, TOPO_CORE, TOPO_HWTHREAD, 3, 1, list);
    CHECK(!strcmp(list, "0,6-7"), "3 threads a rank by core: rank 1 from core 3: %s", list);
    bound_cores(&m, 2, TOPO_HWTHREAD, TOPO_HWTHREAD, 3, 1, list);
    CHECK(!strcmp(list, "3-5"), "3 threads a rank by thread: rank 1 %s", list);
    CHECK(place_default_cores(&m, 2, "4") == 2, "OMP_NUM_THREADS=4 on 2 ranks of 4 cores: 2 cores each");
    CHECK(place_default_cores(&m, 1, "3,2") == 3, "OMP_NUM_THREADS=3,2: 3 cores");
    CHECK(place_default_cores(&m, 2, "1") == 1 && place_default_cores(&m, 2, NULL) == 1, "one thread, one core");
    CHECK(place_default_cores(&m, 5, "2") == 1, "ranks outnumbering cores: one each");
    CHECK(place_default_bind(&m, 6, 2) == TOPO_CORE, "cores asked for are bound");
    CHECK(place_count_domains(&m, TOPO_CORE) == 4 && place_count_domains(&m, TOPO_HWTHREAD) == 8 &&
              place_count_domains(&m, PLACE_MACHINE) == 1 && place_count_domains(&m, TOPO_PACKAGE) == 1,
          "domains: %d cores, %d threads", place_count_domains(&m, TOPO_CORE), place_count_domains(&m, TOPO_HWTHREAD));
}

static void siblings_apart(void)
{
    /* 4 cores of 2 threads, CPUs k and k+4 on core k (as x86 Linux
     * usually numbers them). */
    long core[8] = {0, 1, 2, 3, 0, 1, 2, 3};
    place_cpu_t storage[MAX_CPUS];
    machine_t m = machine_of(8, NULL, core, storage);
    int cpus[8];
    map_cpus(&m, 4, TOPO_CORE, cpus);
    check_cpus("siblings apart, 4 ranks", cpus, (int[]){0, 1, 2, 3}, 4);
    map_cpus(&m, 8, TOPO_CORE, cpus);
    check_cpus("siblings apart, 8 ranks", cpus, (int[]){0, 1, 2, 3, 4, 5, 6, 7}, 8);
    char list[64];
    bound_list(&m, 4, TOPO_CORE, TOPO_CORE, 2, list);
    CHECK(!strcmp(list, "2,6"), "rank 2 bound to %s, expected 2,6", list);
}

static void two_packages(void)
{
    /* 2 packages of 2 cores, CPUs numbered across the packages in turn. */
    long package[4] = {0, 1, 0, 1}, core[4] = {0, 0, 1, 1};
    place_cpu_t storage[MAX_CPUS];
    machine_t m = machine_of(4, package, core, storage);
    CHECK(m.ncores == 4, "%d cores, expected 4 (core ids repeat across packages)", m.ncores);
    int cpus[6];
    map_cpus(&m, 4, TOPO_CORE, cpus);
    check_cpus("by core: package 0 first", cpus, (int[]){0, 2, 1, 3}, 4);
    map_cpus(&m, 6, TOPO_PACKAGE, cpus);
    check_cpus("by package: in turn", cpus, (int[]){0, 1, 2, 3, 0, 1}, 6);
    char list[64];
    bound_list(&m, 4, TOPO_PACKAGE, TOPO_PACKAGE, 1, list);
    CHECK(!strcmp(list, "1,3"), "rank 1 bound to package 1: %s", list);
    bound_list(&m, 4, TOPO_CORE, TOPO_PACKAGE, 1, list);
    CHECK(!strcmp(list, "0,2"), "rank 1 by core bound to package 0: %s", list);
    /* ppr:2:package: package 0 full before package 1. */
    map_fill(&m, 4, TOPO_PACKAGE, 2, cpus);
    check_cpus("ppr:2:package", cpus, (int[]){0, 2, 1, 3}, 4);
    map_fill(&m, 2, TOPO_PACKAGE, 1, cpus);
    check_cpus("ppr:1:package", cpus, (int[]){0, 1}, 2);
    CHECK(place_count_domains(&m, TOPO_PACKAGE) == 2, "%d packages", place_count_domains(&m, TOPO_PACKAGE));
    bound_cores(&m, 2, TOPO_PACKAGE, TOPO_CORE, 2, 1, list);
    CHECK(!strcmp(list, "1,3"), "by package, PE=2: rank 1 on package 1's cores: %s", list);
}

static void cores_unknown(void)
{
    long core[3] = {-1, -1, -1};
    place_cpu_t storage[MAX_CPUS];
    machine_t m = machine_of(3, NULL, core, storage);
    CHECK(m.ncores == 3, "unknown cores: each CPU its own, %d cores", m.ncores);
    int cpus[3];
    map_cpus(&m, 3, TOPO_CORE, cpus);
    check_cpus("unknown cores", cpus, (int[]){0, 1, 2}, 3);
    char list[64];
    bound_list(&m, 3, TOPO_CORE, TOPO_CORE, 2, list);
    CHECK(!strcmp(list, "2"), "unknown cores: rank 2 bound to %s", list);
}

static void names_and_lists(void)
{
    CHECK(place_level_by_name("Socket", false) == TOPO_PACKAGE, "socket");
    CHECK(place_level_by_name("package", true) == TOPO_PACKAGE, "package");
    CHECK(place_level_by_name("hwthread", false) == TOPO_HWTHREAD, "hwthread");
    CHECK(place_level_by_name("l3cache", true) == TOPO_L3, "l3cache");
    CHECK(place_level_by_name("slot", true) == TOPO_CORE, "map-by slot");
    CHECK(place_level_by_name("slot", false) == PLACE_UNKNOWN, "bind-to slot");
    CHECK(place_level_by_name("none", false) == PLACE_NONE, "bind-to none");
    CHECK(place_level_by_name("none", true) == PLACE_UNKNOWN, "map-by none");
    CHECK(place_level_by_name("board", false) == PLACE_MACHINE, "bind-to board");
    CHECK(place_level_by_name("cores", false) == PLACE_UNKNOWN, "cores");
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu = 0; cpu < 10; cpu++)
        if (cpu != 3 && cpu != 4 && cpu != 6 && cpu != 9)
            CPU_SET(cpu, &set);
    char list[64];
    place_format_set(&set, list, sizeof list);
    CHECK(!strcmp(list, "0-2,5,7-8"), "list %s", list);
}

static void this_machine(void)
{
    machine_t m;
    CHECK(place_read_machine(&m) == 0, "reading this machine");
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        CHECK(m.ncpus == CPU_COUNT(&set), "%d CPUs read, %d usable", m.ncpus, CPU_COUNT(&set));
    CHECK(m.ncores >= 1 && m.ncores <= m.ncpus, "%d cores of %d CPUs", m.ncores, m.ncpus);
    cpu_set_t seen;
    CPU_ZERO(&seen);
    for (int i = 0; i < m.ncpus; i++) {
        CHECK(!CPU_ISSET(m.cpus[i].cpu, &seen), "CPU %d twice", m.cpus[i].cpu);
        CPU_SET(m.cpus[i].cpu, &seen);
    }
    int *place = malloc(sizeof(int) * (size_t)m.ncores);
    place_map(&m, m.ncores, TOPO_CORE, 0, 1, place);
    for (int r = 0; r < m.ncores; r++) {
        cpu_set_t core;
        place_bind_set(&m, place[r], TOPO_CORE, 1, &core);
        for (int q = 0; q < r; q++)
            CHECK(!CPU_ISSET(m.cpus[place[q]].cpu, &core), "ranks %d and %d share a core", q, r);
    }
    free(place);
    free(m.cpus);
}

int main(void)
{
    siblings_side_by_side();
    siblings_apart();
    two_packages();
    cores_unknown();
    names_and_lists();
    this_machine();
    return unit_result();
}
