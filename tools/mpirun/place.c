/* place.c -- mapping ranks onto the machine's cores and binding them
 * (place.h says how). */
#include "place.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

int place_read_machine(machine_t *m)
{
    cpu_set_t set;
    int online = (int)sysconf(_SC_NPROCESSORS_ONLN);
    bool known = sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0;
    int n = known ? CPU_COUNT(&set) : (online > 0 ? online : 1);
    m->cpus = calloc((size_t)n, sizeof *m->cpus);
    if (!m->cpus)
        return -1;
    m->ncpus = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && m->ncpus < n; cpu++) {
        if (known && !CPU_ISSET(cpu, &set))
            continue;
        place_cpu_t *c = &m->cpus[m->ncpus++];
        c->cpu = cpu;
        for (int l = 0; l < TOPO_LEVELS; l++)
            c->domain[l] = topology_cpu_domain(cpu, l);
    }
    place_order(m);
    return 0;
}

static int by_domains(const void *pa, const void *pb)
{
    const place_cpu_t *a = pa, *b = pb;
    for (int l = 0; l <= TOPO_CORE; l++)
        if (a->domain[l] != b->domain[l])
            return a->domain[l] < b->domain[l] ? -1 : 1;
    return (a->cpu > b->cpu) - (a->cpu < b->cpu);
}

/* Whether two CPUs lie in one domain at level. */
static bool same_domain(const place_cpu_t *a, const place_cpu_t *b, int level)
{
    if (level == PLACE_MACHINE)
        return true;
    if (level == TOPO_HWTHREAD)
        return a->cpu == b->cpu;
    for (int l = 0; l <= level; l++)
        if (a->domain[l] != b->domain[l])
            return false;
    return true;
}

int place_count_domains(const machine_t *m, int level)
{
    if (level == PLACE_MACHINE)
        return 1;
    int n = 0;
    for (int i = 0; i < m->ncpus; i++)
        if (i == 0 || !same_domain(&m->cpus[i - 1], &m->cpus[i], level))
            n++;
    return n;
}

void place_order(machine_t *m)
{
    for (int i = 0; i < m->ncpus; i++) {
        place_cpu_t *c = &m->cpus[i];
        /* Unknown above the core: one domain for all; an unknown core is
         * the CPU alone (ids sysfs gives stay far below 2^40). */
        for (int l = 0; l < TOPO_CORE; l++)
            if (c->domain[l] < 0)
                c->domain[l] = 0;
        if (c->domain[TOPO_CORE] < 0)
            c->domain[TOPO_CORE] = (1L << 40) + c->cpu;
        c->domain[TOPO_HWTHREAD] = c->cpu;
    }
    qsort(m->cpus, (size_t)m->ncpus, sizeof *m->cpus, by_domains);
    m->ncores = place_count_domains(m, TOPO_CORE);
}

int place_level_by_name(const char *name, bool map)
{
    static const struct {
        const char *name;
        int level;
    } words[] = {
        {"hwthread", TOPO_HWTHREAD}, {"core", TOPO_CORE}, {"l1cache", TOPO_L1},     {"l2cache", TOPO_L2},
        {"l3cache", TOPO_L3},        {"numa", TOPO_NUMA}, {"socket", TOPO_PACKAGE}, {"package", TOPO_PACKAGE},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcasecmp(name, words[i].name))
            return words[i].level;
    if (map && (!strcasecmp(name, "slot") || !strcasecmp(name, "node") || !strcasecmp(name, "board")))
        return TOPO_CORE;
    if (!map && !strcasecmp(name, "board"))
        return PLACE_MACHINE;
    if (!map && !strcasecmp(name, "none"))
        return PLACE_NONE;
    return PLACE_UNKNOWN;
}

int place_default_bind(const machine_t *m, int nranks, int cores)
{
    /* Cores asked for each rank are bound even where they overlap. */
    if (nranks <= m->ncores || cores > 1)
        return TOPO_CORE;
    return nranks <= m->ncpus ? TOPO_HWTHREAD : PLACE_NONE;
}

int place_default_cores(const machine_t *m, int nranks, const char *omp_num_threads)
{
    /* OMP_NUM_THREADS may list nested levels ("4,2"): the first is ours. */
    long threads = omp_num_threads ? strtol(omp_num_threads, NULL, 10) : 1;
    if (threads <= 1 || nranks < 1 || nranks > m->ncores)
        return 1;
    int share = m->ncores / nranks;
    return threads < share ? (int)threads : share;
}

/* The domains at level as runs of cores: first[d] is the index of domain
 * d's first core, count[d] its cores; returns the number of domains. */
static int domain_runs(const machine_t *m, const int *core_first, int level, int *first, int *count)
{
    int n = 0;
    for (int k = 0; k < m->ncores; k++) {
        if (k == 0 || !same_domain(&m->cpus[core_first[k - 1]], &m->cpus[core_first[k]], level)) {
            first[n] = k;
            count[n++] = 0;
        }
        count[n - 1]++;
    }
    return n;
}

void place_map(const machine_t *m, int nranks, int map_level, int per_domain, int cores, int *place)
{
    if (map_level == TOPO_HWTHREAD || m->ncores == 0) {
        for (int r = 0; r < nranks; r++)
            place[r] = m->ncpus ? (per_domain ? r / per_domain : r) * cores % m->ncpus : 0;
        return;
    }
    /* Each core's first CPU and threads, then the domains ranks go to. */
    int *core_first = malloc(sizeof(int) * 4 * (size_t)m->ncores);
    if (!core_first) { /* no memory: each rank a CPU in order */
        for (int r = 0; r < nranks; r++)
            place[r] = r % m->ncpus;
        return;
    }
    int *threads = core_first + m->ncores, *dom_first = threads + m->ncores, *dom_cores = dom_first + m->ncores;
    int k = -1;
    for (int i = 0; i < m->ncpus; i++) {
        if (i == 0 || !same_domain(&m->cpus[i - 1], &m->cpus[i], TOPO_CORE)) {
            core_first[++k] = i;
            threads[k] = 0;
        }
        threads[k]++;
    }
    /* One domain of every core, unless ranks go round a level's domains
     * or fill each core in turn. */
    int ndom = 1;
    dom_first[0] = 0;
    dom_cores[0] = m->ncores;
    if ((map_level >= 0 && map_level < TOPO_CORE) || (map_level == TOPO_CORE && per_domain))
        ndom = domain_runs(m, core_first, map_level, dom_first, dom_cores);
    for (int r = 0; r < nranks; r++) {
        /* Round robin over the domains, or per_domain ranks filling each. */
        int d = per_domain ? (r / per_domain) % ndom : r % ndom;
        int j = per_domain ? r % per_domain : r / ndom;
        int slot = j * cores; /* the first of the rank's cores */
        int core = dom_first[d] + slot % dom_cores[d];
        place[r] = core_first[core] + (slot / dom_cores[d]) % threads[core];
    }
    free(core_first);
}

void place_bind_set(const machine_t *m, int index, int bind_level, int cores, cpu_set_t *set)
{
    CPU_ZERO(set);
    if (cores <= 1 || bind_level < TOPO_CORE) {
        for (int i = 0; i < m->ncpus; i++)
            if (same_domain(&m->cpus[i], &m->cpus[index], bind_level))
                CPU_SET(m->cpus[i].cpu, set);
        return;
    }
    /* cores cores (or threads) from the place's on, in mapping order,
     * wrapping round. */
    int i = index;
    while (i > 0 && same_domain(&m->cpus[i - 1], &m->cpus[index], bind_level))
        i--;
    for (int n = 0, units = 0; n < m->ncpus; n++, i = (i + 1) % m->ncpus) {
        if (n > 0 && !same_domain(&m->cpus[(i + m->ncpus - 1) % m->ncpus], &m->cpus[i], bind_level) && ++units == cores)
            break;
        CPU_SET(m->cpus[i].cpu, set);
    }
}

void place_format_set(const cpu_set_t *set, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int cpu = 0; cpu < CPU_SETSIZE && len < size; cpu++) {
        if (!CPU_ISSET(cpu, set))
            continue;
        int last = cpu;
        while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, set))
            last++;
        int n = last == cpu ? snprintf(out + len, size - len, "%s%d", len ? "," : "", cpu)
                            : snprintf(out + len, size - len, "%s%d-%d", len ? "," : "", cpu, last);
        if (n < 0)
            break;
        len += (size_t)n;
        cpu = last;
    }
}
