/*
 * mpirun.c -- the launcher: `mpirun -n N prog args...` (also mpiexec).
 *
 * It creates the job's shared memory, forks N ranks on this node, forwards
 * their output line by line and stdin to rank 0, and ends the whole job
 * when any rank fails, saying which rank and why.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpirun.h"
#include "runtime/tunables.h"

void mpirun_say(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n > sizeof line - 2)
        n = sizeof line - 2;
    line[n] = '\n';
    line[n + 1] = '\0';
    fputs("mpirun: ", stderr);
    fputs(line, stderr);
    fflush(stderr);
}

static void mpirun_warn(const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    mpirun_say("warning: %s", msg);
}

int main(int argc, char **argv)
{
    job_t job;
    memset(&job, 0, sizeof job);
    int rc = options_parse(argc, argv, &job.opt);
    if (rc >= 0)
        return rc;
    tunables_load(mpirun_warn);
    rc = launch_ranks(&job);
    if (rc != 0)
        return rc;
    return job_run(&job);
}
