/* options.c -- mpirun's command line.  Options come before the program;
 * everything from the program on belongs to it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi.h"
#include "mpirun.h"
#include "runtime/tunables.h"

static void usage(FILE *out)
{
    fputs("usage: mpirun [options] program [arguments...]\n"
          "  -n, -np N             run N ranks (default 1)\n"
          "  --bind-to core|none   pin each rank to a core (default: core when ranks <= usable CPUs)\n"
          "  --tag-output          prefix every output line with [rank]\n"
          "  --timeout SECONDS     stop the job after this long (also MPIEXEC_TIMEOUT)\n"
          "  --info                list the TESSERA_* tuning variables and their values\n"
          "  --version             print Tessera's version\n"
          "  -h, --help            this text\n"
          "Accepted for compatibility and ignored: --oversubscribe, --allow-run-as-root.\n",
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

/* Returns -1 to go on and launch, else the exit status to end with. */
int options_parse(int argc, char **argv, options_t *opt)
{
    opt->nranks = 1;
    opt->bind = BIND_AUTO;
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
        if (!strcmp(arg, "-n") || !strcmp(arg, "-np") || !strcmp(arg, "--np") || !strcmp(arg, "--n")) {
            double n;
            if (!value || parse_number(value, &n) != 0 || n < 1 || n != (int)n || n > 65536) {
                mpirun_say("%s needs a number of ranks between 1 and 65536", arg);
                return 2;
            }
            opt->nranks = (int)n;
            i++;
        } else if (!strcmp(arg, "--bind-to") || !strcmp(arg, "-bind-to")) {
            if (value && !strcmp(value, "core"))
                opt->bind = BIND_CORE;
            else if (value && !strcmp(value, "none"))
                opt->bind = BIND_NONE;
            else {
                mpirun_say("--bind-to takes 'core' or 'none'");
                return 2;
            }
            i++;
        } else if (!strcmp(arg, "--tag-output") || !strcmp(arg, "-tag-output")) {
            opt->tag_output = true;
        } else if (!strcmp(arg, "--timeout") || !strcmp(arg, "-timeout")) {
            if (!value || parse_number(value, &opt->timeout) != 0) {
                mpirun_say("--timeout needs a number of seconds");
                return 2;
            }
            i++;
        } else if (!strcmp(arg, "--oversubscribe") || !strcmp(arg, "--allow-run-as-root")) {
            /* Open MPI needs these; Tessera does both without being asked. */
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
    opt->argv = &argv[i];
    return -1;
}
