/* options.c -- mpirun's command line.  Options come before the program;
 * everything from the program on belongs to it. */
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "mpi.h"
#include "mpirun.h"
#include "place.h"
#include "runtime/tunables.h"

static void usage(FILE *out)
{
    fputs("usage: mpirun [options] program [arguments...] [: -n N program [arguments...]]...\n"
          "  -n, -np, -c N         run N ranks (default 1)\n"
          "  --bind-to LEVEL       bind each rank to the hwthread, core, l1cache, l2cache,\n"
          "                        l3cache, numa, socket or board holding its place, or none\n"
          "                        (default: its core when ranks <= cores, its hwthread\n"
          "                        when ranks <= hardware threads, else none)\n"
          "  --map-by LEVEL        place ranks core after core (core, slot, node: the default),\n"
          "                        thread after thread (hwthread), or in turn over the\n"
          "                        sockets, numa nodes or caches (socket, numa, l3cache, ...)\n"
          "  --map-by LEVEL:PE=N, --cpus-per-rank N, --bind-to core:N\n"
          "                        N cores for each rank (default: OMP_NUM_THREADS, as far\n"
          "                        as the cores go round)\n"
          "  --report-bindings     say where each rank may run, one line a rank\n"
          "  --output-filename DIR[:nocopy,nojobid]\n"
          "                        each rank's output also to DIR/1/rank.N/stdout and stderr\n"
          "  -outfile-pattern, -errfile-pattern PATTERN\n"
          "                        each rank's stdout, stderr to its own file instead (%r: rank)\n"
          "  -ppn, --npernode N    ranks per node: this node runs them all (-n defaults to N)\n"
          "  --tag-output, -l      prefix every output line with [rank] (also -prepend-rank)\n"
          "  -x NAME[=VALUE], -genv NAME VALUE, -env NAME VALUE\n"
          "                        set NAME in every rank's environment (every variable\n"
          "                        mpirun has is passed on anyway: -x NAME, -genvall)\n"
          "  -wdir, -wd DIR        run the ranks in DIR (the program is looked for there)\n"
          "  --host, -H LIST       accepted when every host in LIST is this one (one node);\n"
          "                        without -n, a rank for each slot (host:N)\n"
          "  --hostfile, -f FILE   the same for every host the file lists (slots=N, host:N)\n"
          "  --timeout SECONDS     stop the job after this long (also MPIEXEC_TIMEOUT)\n"
          "  --info                list the TESSERA_* tuning variables and their values\n"
          "  --version             print Tessera's version\n"
          "  -h, --help            this text\n"
          "When the job times out or mpirun gets SIGQUIT (Ctrl-\\), each rank prints its call\n"
          "stack before it is stopped; SIGUSR1 and SIGUSR2 are passed on to every rank.\n"
          "Accepted for compatibility, done without asking: --oversubscribe, --allow-run-as-root,\n"
          "--get-stack-traces, --report-state-on-timeout; --mca NAME VALUE with a warning.\n",
          out);
}

static int parse_number(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || v < 0)
        return -1;
    *out = v;
    return 0;
}

/* -n and its other spellings. */
static bool is_ranks_option(const char *arg)
{
    return !strcmp(arg, "-n") || !strcmp(arg, "-np") || !strcmp(arg, "--np") || !strcmp(arg, "--n") ||
           !strcmp(arg, "-c");
}

static int parse_ranks(const char *arg, const char *value, int *nranks)
{
    double n;
    if (!value || parse_number(value, &n) != 0 || n < 1 || n != (int)n || n > 65536) {
        mpirun_say("%s needs a number of ranks between 1 and 65536", arg);
        return 2;
    }
    *nranks = (int)n;
    return 0;
}

/* -x NAME=VALUE (Open MPI) or -genv NAME VALUE (MPICH): set in mpirun's
 * own environment, which every rank inherits, before mpirun reads its
 * tunables, so that a TESSERA_* variable given this way reaches mpirun's
 * choices too.  Returns 0 or the exit status. */
static int export_variable(const char *arg, const char *name, const char *value)
{
    if (!*name || strchr(name, '=')) {
        mpirun_say("%s needs a variable name, got '%s'", arg, name);
        return 2;
    }
    if (setenv(name, value, 1) != 0) {
        mpirun_say("%s %s: %s", arg, name, strerror(errno));
        return 2;
    }
    return 0;
}

static int export_option(const char *arg, const char *spec)
{
    if (!spec) {
        mpirun_say("%s needs NAME or NAME=VALUE", arg);
        return 2;
    }
    const char *eq = strchr(spec, '=');
    if (!eq) { /* -x NAME: pass on mpirun's own value, as happens anyway */
        if (!*spec) {
            mpirun_say("%s needs a variable name", arg);
            return 2;
        }
        return 0;
    }
    if (eq == spec) {
        mpirun_say("%s needs NAME=VALUE, got '%s'", arg, spec);
        return 2;
    }
    char *name = strndup(spec, (size_t)(eq - spec));
    if (!name) {
        mpirun_say("%s %s: %s", arg, spec, strerror(errno));
        return 2;
    }
    int rc = export_variable(arg, name, eq + 1);
    free(name);
    return rc;
}

/* Whether host names this machine: localhost, a loopback address, or
 * this host's name (short or full). */
static bool host_is_here(const char *host)
{
    if (!strcmp(host, "localhost") || !strncmp(host, "127.", 4) || !strcmp(host, "::1"))
        return true;
    char here[256];
    if (gethostname(here, sizeof here) != 0)
        return false;
    here[sizeof here - 1] = '\0';
    size_t short_len = strcspn(here, ".");
    if (!strcmp(host, here) || (strlen(host) == short_len && !strncmp(host, here, short_len)))
        return true;
    struct addrinfo hints = {.ai_flags = AI_CANONNAME}, *info = NULL;
    bool same = false;
    if (getaddrinfo(here, NULL, &hints, &info) == 0 && info && info->ai_canonname)
        same = !strcmp(host, info->ai_canonname);
    if (info)
        freeaddrinfo(info);
    return same;
}

/* A host named in `where` (a --host list or a host file), which must be
 * this machine: returns 0, or says so and returns the exit status. */
static int refuse_other_host(const char *arg, const char *where, const char *host)
{
    if (host_is_here(host))
        return 0;
    mpirun_say("%s %s: Tessera runs the job on this node only, and '%s' is another host", arg, where, host);
    return 2;
}

/* This machine's CPUs, read once for the options that count them (NULL
 * when out of memory). */
static const machine_t *this_machine(void)
{
    static machine_t m;
    static bool read;
    if (!read && place_read_machine(&m) == 0)
        read = true;
    return read ? &m : NULL;
}

/* A slot count: the number at text, or fallback when there is none. */
static long slot_count(const char *text, long fallback)
{
    char *end;
    long n = strtol(text, &end, 10);
    return end != text && n > 0 && n <= 65536 ? n : fallback;
}

/* --host a,b:4,...: Tessera runs on one node, so every host must be this
 * one; each adds its slot count (after ':', 1 without) to *slots, which
 * give the number of ranks when -n does not, as under Open MPI. */
static int check_hosts(const char *arg, const char *list, long *slots)
{
    if (!list) {
        mpirun_say("%s needs a host list", arg);
        return 2;
    }
    char host[256];
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        size_t name_len = strcspn(p, ",:");
        if (name_len >= sizeof host) {
            mpirun_say("%s: host name too long in '%s'", arg, list);
            return 2;
        }
        memcpy(host, p, name_len);
        host[name_len] = '\0';
        if (name_len && refuse_other_host(arg, list, host) != 0)
            return 2;
        if (name_len)
            *slots += p[name_len] == ':' ? slot_count(p + name_len + 1, 1) : 1;
        p += len;
        if (*p == ',')
            p++;
    }
    return 0;
}

/* --hostfile FILE: one host a line ("host slots=4" as Open MPI writes it,
 * "host:4" as MPICH does; '#' starts a comment), each of which must be
 * this machine; their slots add up in *slots (a host without a count:
 * this machine's cores, as Open MPI counts it). */
static int check_hostfile(const char *arg, const char *path, long *slots)
{
    if (!path) {
        mpirun_say("%s needs a file", arg);
        return 2;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        mpirun_say("%s %s: %s", arg, path, strerror(errno));
        return 2;
    }
    char line[1024];
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        line[strcspn(line, "#\n")] = '\0';
        char *host = line + strspn(line, " \t");
        size_t name_len = strcspn(host, " \t:");
        if (!name_len)
            continue;
        long count = -1;
        if (host[name_len] == ':')
            count = slot_count(host + name_len + 1, -1);
        for (char *s = strstr(host + name_len, "slots="); s && count < 0; s = strstr(s + 1, "slots="))
            if (s[-1] == ' ' || s[-1] == '\t') /* not max_slots= */
                count = slot_count(s + 6, -1);
        if (count < 0)
            count = this_machine() ? this_machine()->ncores : 1;
        host[name_len] = '\0';
        rc = refuse_other_host(arg, path, host);
        *slots += count;
    }
    fclose(f);
    return rc;
}

/* The program from argv[i] on, and the commands after it that a lone ':'
 * separates, each with its own -n (as under Open MPI and MPICH).  The
 * options before the first program apply to the whole job.  A ':' ends
 * the argument list before it (argv is ours to cut).  Returns -1 or the
 * exit status. */
static int parse_commands(int argc, char **argv, int i, options_t *opt)
{
    opt->ncommands = 0;
    int nranks = opt->nranks, total = 0;
    for (;;) {
        if (i >= argc || !strcmp(argv[i], ":")) {
            mpirun_say("no program %s ':'", opt->ncommands ? "after" : "before");
            return 2;
        }
        if (opt->ncommands == MPIRUN_MAX_COMMANDS) {
            mpirun_say("more than %d commands", MPIRUN_MAX_COMMANDS);
            return 2;
        }
        command_t *c = &opt->command[opt->ncommands++];
        c->nranks = nranks;
        c->argv = &argv[i];
        if (total > 65536 - nranks) {
            mpirun_say("more than 65536 ranks in all");
            return 2;
        }
        total += nranks;
        while (i < argc && strcmp(argv[i], ":") != 0)
            i++;
        if (i == argc)
            break;
        argv[i++] = NULL;
        /* The next command's options: how many ranks run it. */
        nranks = 1;
        while (i < argc && argv[i][0] == '-') {
            if (!is_ranks_option(argv[i])) {
                mpirun_say("'%s' after ':': a later command takes only -n (the options before the first program "
                           "apply to all)",
                           argv[i]);
                return 2;
            }
            if (parse_ranks(argv[i], i + 1 < argc ? argv[i + 1] : NULL, &nranks) != 0)
                return 2;
            i += 2;
        }
    }
    opt->nranks = total;
    return -1;
}

/* Whether the len bytes at text are word, in any case. */
static bool is_word(const char *text, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(text, word, len) == 0;
}

/* The number of cores a rank asks for in a modifier of len bytes at mod
 * (Open MPI's PE=n after --map-by, Hydra's n after --bind-to); 0 when mod
 * is not one, -1 when its number is bad. */
static int cores_modifier(const char *mod, size_t len, bool map)
{
    const char *digits = mod;
    if (map) {
        if (len < 3 || strncasecmp(mod, "pe=", 3) != 0)
            return 0;
        digits += 3;
    } else if (len == 0 || mod[0] < '0' || mod[0] > '9') {
        return 0;
    }
    char *end;
    long n = strtol(digits, &end, 10);
    return end == mod + len && end != digits && n >= 1 && n <= CPU_SETSIZE ? (int)n : -1;
}

/* --bind-to LEVEL or --map-by LEVEL, with the modifiers after ':' that
 * change nothing here (Tessera always lets ranks outnumber CPUs, and
 * binds wherever sysfs shows the level) and those giving each rank
 * several cores (*cores); --map-by also takes Open MPI's ppr:N:LEVEL (N
 * ranks in each domain of the level, *per_domain).  Returns the level or
 * PLACE_UNKNOWN after saying why. */
static int parse_level(const char *arg, const char *value, bool map, int *per_domain, int *cores)
{
    if (!value) {
        mpirun_say("%s needs a level", arg);
        return PLACE_UNKNOWN;
    }
    const char *p = value;
    bool ppr = map && !strncasecmp(p, "ppr:", 4);
    if (ppr) {
        char *end;
        long n = strtol(p + 4, &end, 10);
        if (end == p + 4 || *end != ':' || n < 1 || n > 65536) {
            mpirun_say("%s '%s': ppr takes ppr:N:LEVEL, N ranks in each domain of LEVEL", arg, value);
            return PLACE_UNKNOWN;
        }
        *per_domain = (int)n;
        p = end + 1;
    }
    char word[64];
    size_t len = strcspn(p, ":");
    int level = PLACE_UNKNOWN;
    if (len < sizeof word) {
        memcpy(word, p, len);
        word[len] = '\0';
        /* ppr's levels are binding's, "node" the machine. */
        if (ppr && (!strcasecmp(word, "node") || !strcasecmp(word, "board")))
            level = PLACE_MACHINE;
        else if (!ppr || strcasecmp(word, "none") != 0)
            level = place_level_by_name(word, map && !ppr);
    }
    if (level == PLACE_UNKNOWN) {
        mpirun_say("%s '%s': the level is one of %s", arg, value,
                   map ? "core, slot, node, hwthread, l1cache, l2cache, l3cache, numa, socket, package, ppr:N:level"
                       : "none, hwthread, core, l1cache, l2cache, l3cache, numa, socket, package, board");
        return PLACE_UNKNOWN;
    }
    for (p += len; *p;) {
        const char *mod = p + 1;
        size_t mod_len = strcspn(mod, ":,");
        bool harmless = map ? is_word(mod, mod_len, "oversubscribe") || is_word(mod, mod_len, "nooversubscribe")
                            : is_word(mod, mod_len, "overload-allowed") || is_word(mod, mod_len, "if-supported");
        int n = cores_modifier(mod, mod_len, map);
        if (n < 0) {
            mpirun_say("%s '%s': '%.*s' needs a number of cores from 1", arg, value, (int)mod_len, mod);
            return PLACE_UNKNOWN;
        }
        if (n > 0)
            *cores = n;
        else if (!harmless) {
            mpirun_say("%s '%s': Tessera does not take the modifier '%.*s'", arg, value, (int)mod_len, mod);
            return PLACE_UNKNOWN;
        }
        p = mod + mod_len;
    }
    return level;
}

/* --output-filename DIR[:nocopy,nojobid] (Open MPI's modifiers: not also
 * to our output, no job directory).  DIR is made absolute, as Open MPI
 * does, since -wdir may move us first.  Returns 0 or says why not. */
static int parse_output_dir(const char *arg, const char *value, options_t *opt)
{
    if (!value || !*value) {
        mpirun_say("%s needs a directory", arg);
        return -1;
    }
    static char dir[4096];
    if (value[0] == '/')
        snprintf(dir, sizeof dir, "%s", value);
    else if ((errno = 0, !getcwd(dir, sizeof dir)) || strlen(dir) + strlen(value) + 2 > sizeof dir) {
        mpirun_say("%s %s: %s", arg, value, strerror(errno ? errno : ENAMETOOLONG));
        return -1;
    } else {
        strcat(dir, "/");
        strcat(dir, value);
    }
    char *colon = strrchr(dir, ':');
    if (colon) {
        bool known = true;
        for (const char *p = colon + 1; *p && known;) {
            size_t len = strcspn(p, ",");
            known = is_word(p, len, "nocopy") || is_word(p, len, "nojobid");
            if (known && is_word(p, len, "nocopy"))
                opt->output_copy = false;
            if (known && is_word(p, len, "nojobid"))
                opt->output_jobid = false;
            p += len + (p[len] == ',');
        }
        if (!known) {
            mpirun_say("%s '%s': the modifiers after ':' are nocopy and nojobid", arg, value);
            return -1;
        }
        *colon = '\0';
    }
    opt->output_dir = dir;
    return 0;
}

/* Returns -1 to go on and launch, else the exit status to end with. */
int options_parse(int argc, char **argv, options_t *opt)
{
    opt->nranks = 1;
    opt->map_level = TOPO_CORE;
    opt->per_domain = 0;
    opt->cores_per_rank = 0;
    opt->bind_level = PLACE_DEFAULT;
    opt->report_bindings = false;
    opt->output_dir = NULL;
    opt->output_copy = true;
    opt->output_jobid = true;
    opt->outfile_pattern = opt->errfile_pattern = NULL;
    int per_node = 0;
    long host_slots = 0;
    bool nranks_given = false;
    opt->tag_output = false;
    opt->timeout = 0;
    const char *env_timeout = getenv("MPIEXEC_TIMEOUT");
    if (env_timeout && *env_timeout && parse_number(env_timeout, &opt->timeout) != 0) {
        mpirun_say("MPIEXEC_TIMEOUT='%s' is not a number of seconds", env_timeout);
        return 2;
    }
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (is_ranks_option(arg)) {
            if (parse_ranks(arg, value, &opt->nranks) != 0)
                return 2;
            nranks_given = true;
            i++;
        } else if (!strcmp(arg, "-ppn") || !strcmp(arg, "--ppn") || !strcmp(arg, "-npernode") ||
                   !strcmp(arg, "--npernode")) {
            if (parse_ranks(arg, value, &per_node) != 0)
                return 2;
            i++;
        } else if (!strcmp(arg, "--bind-to") || !strcmp(arg, "-bind-to")) {
            opt->bind_level = parse_level(arg, value, false, NULL, &opt->cores_per_rank);
            if (opt->bind_level == PLACE_UNKNOWN)
                return 2;
            i++;
        } else if (!strcmp(arg, "--map-by") || !strcmp(arg, "-map-by")) {
            opt->per_domain = 0;
            opt->map_level = parse_level(arg, value, true, &opt->per_domain, &opt->cores_per_rank);
            if (opt->map_level == PLACE_UNKNOWN)
                return 2;
            i++;
        } else if (!strcmp(arg, "--cpus-per-rank") || !strcmp(arg, "--cpus-per-proc") ||
                   !strcmp(arg, "-cpus-per-proc")) {
            double n;
            if (!value || parse_number(value, &n) != 0 || n < 1 || n != (int)n || n > CPU_SETSIZE) {
                mpirun_say("%s needs a number of cores from 1", arg);
                return 2;
            }
            opt->cores_per_rank = (int)n;
            i++;
        } else if (!strcmp(arg, "--output-filename") || !strcmp(arg, "-output-filename")) {
            if (parse_output_dir(arg, value, opt) != 0)
                return 2;
            i++;
        } else if (!strcmp(arg, "-outfile-pattern") || !strcmp(arg, "-errfile-pattern")) {
            if (!value || !*value) {
                mpirun_say("%s needs a file name pattern (%%r: the rank)", arg);
                return 2;
            }
            *(arg[1] == 'o' ? &opt->outfile_pattern : &opt->errfile_pattern) = value;
            i++;
        } else if (!strcmp(arg, "--report-bindings") || !strcmp(arg, "-report-bindings")) {
            opt->report_bindings = true;
        } else if (!strcmp(arg, "--tag-output") || !strcmp(arg, "-tag-output") || !strcmp(arg, "-l") ||
                   !strcmp(arg, "-prepend-rank")) {
            opt->tag_output = true;
        } else if (!strcmp(arg, "--timeout") || !strcmp(arg, "-timeout")) {
            if (!value || parse_number(value, &opt->timeout) != 0) {
                mpirun_say("--timeout needs a number of seconds");
                return 2;
            }
            i++;
        } else if (!strcmp(arg, "-x")) {
            int rc = export_option(arg, value);
            if (rc)
                return rc;
            i++;
        } else if (!strcmp(arg, "-genv") || !strcmp(arg, "-env")) {
            if (!value || i + 2 >= argc) {
                mpirun_say("%s needs NAME VALUE", arg);
                return 2;
            }
            int rc = export_variable(arg, value, argv[i + 2]);
            if (rc)
                return rc;
            i += 2;
        } else if (!strcmp(arg, "-genvall") || !strcmp(arg, "-envall")) {
            /* The ranks get mpirun's whole environment anyway. */
        } else if (!strcmp(arg, "-wdir") || !strcmp(arg, "--wdir") || !strcmp(arg, "-wd") || !strcmp(arg, "--wd")) {
            if (!value) {
                mpirun_say("%s needs a directory", arg);
                return 2;
            }
            if (chdir(value) != 0) {
                mpirun_say("%s %s: %s", arg, value, strerror(errno));
                return 2;
            }
            i++;
        } else if (!strcmp(arg, "--host") || !strcmp(arg, "-host") || !strcmp(arg, "-H") || !strcmp(arg, "-hosts")) {
            int rc = check_hosts(arg, value, &host_slots);
            if (rc)
                return rc;
            i++;
        } else if (!strcmp(arg, "--hostfile") || !strcmp(arg, "-hostfile") || !strcmp(arg, "--machinefile") ||
                   !strcmp(arg, "-machinefile") || !strcmp(arg, "-f")) {
            int rc = check_hostfile(arg, value, &host_slots);
            if (rc)
                return rc;
            i++;
        } else if (!strcmp(arg, "--oversubscribe") || !strcmp(arg, "--allow-run-as-root") ||
                   !strcmp(arg, "--get-stack-traces") || !strcmp(arg, "--report-state-on-timeout")) {
            /* Open MPI needs these; Tessera does them without being asked
             * (a timed-out job shows every rank's call stack: job.c). */
        } else if (!strcmp(arg, "--mca") || !strcmp(arg, "-mca") || !strcmp(arg, "--gmca") || !strcmp(arg, "-gmca")) {
            /* Open MPI's component parameters: scripts pass them to tune
             * Open MPI's transports; none names anything here. */
            if (!value || i + 2 >= argc) {
                mpirun_say("%s needs NAME VALUE", arg);
                return 2;
            }
            mpirun_say("warning: %s %s %s is Open MPI's and changes nothing under Tessera (mpirun --info lists "
                       "Tessera's TESSERA_* variables)",
                       arg, value, argv[i + 2]);
            i += 2;
        } else if (!strcmp(arg, "--info")) {
            tunables_print(stdout);
            return 0;
        } else if (!strcmp(arg, "--version") || !strcmp(arg, "-V")) {
            printf("mpirun (Tessera) %s, MPI %d.%d\n", TESSERA_VERSION, MPI_VERSION, MPI_SUBVERSION);
            return 0;
        } else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            usage(stdout);
            return 0;
        } else {
            mpirun_say("unknown option '%s' (mpirun --help lists them)", arg);
            return 2;
        }
    }
    if (i >= argc) {
        usage(stderr);
        return 2;
    }
    /* Ranks per node on the one node there is: the job's size, or more
     * ranks than that would need other nodes. */
    if (per_node && !nranks_given)
        opt->nranks = per_node;
    /* Hosts with slots and no -n: a rank a slot. */
    if (host_slots && !nranks_given && !per_node && !opt->per_domain)
        opt->nranks = host_slots > 65536 ? 65536 : (int)host_slots;
    /* ppr:N:level without -n: N in every domain of the level. */
    if (opt->per_domain && !nranks_given && !per_node) {
        const machine_t *m = this_machine();
        if (!m) {
            mpirun_say("out of memory reading the machine's CPUs");
            return 2;
        }
        long n = (long)opt->per_domain * place_count_domains(m, opt->map_level);
        opt->nranks = n > 65536 ? 65536 : (int)n;
    }
    int rc = parse_commands(argc, argv, i, opt);
    if (rc < 0 && per_node && opt->nranks > per_node) {
        mpirun_say("%d ranks at %d a node need %d nodes: Tessera runs the job on this node only", opt->nranks, per_node,
                   (opt->nranks + per_node - 1) / per_node);
        return 2;
    }
    return rc;
}
