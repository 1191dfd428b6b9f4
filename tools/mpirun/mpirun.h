/*
 * mpirun.h -- the launcher's pieces: options, starting ranks, and the job
 * loop that forwards output and watches for exits.
 */
#ifndef TESSERA_MPIRUN_H
#define TESSERA_MPIRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One command of the job: `mpirun -n 2 a : -n 3 b` has two, ranks 0-1
 * running a and 2-4 b (MPMD; MPI_APPNUM tells each rank its command). */
#define MPIRUN_MAX_COMMANDS 64
typedef struct command {
    int nranks;
    char **argv; /* the program and its arguments */
} command_t;

typedef struct options {
    int nranks;         /* all commands' */
    int map_level;      /* place.h: TOPO_CORE unless --map-by */
    int per_domain;     /* --map-by ppr:N:level: N; else 0 */
    int cores_per_rank; /* PE=N, --cpus-per-rank N, core:N; 0 = default */
    int bind_level;     /* place.h: PLACE_DEFAULT unless --bind-to */
    bool report_bindings;
    /* Each rank's output also in files: --output-filename DIR (Open MPI:
     * DIR/1/rank.N/stdout and stderr, copied to ours unless :nocopy, the
     * 1 left out with :nojobid), -outfile-pattern / -errfile-pattern
     * (MPICH: %r the rank; that stream then goes to the file only). */
    const char *output_dir;
    bool output_copy;
    bool output_jobid;
    const char *outfile_pattern;
    const char *errfile_pattern;
    bool tag_output;
    double timeout; /* seconds; 0 = none */
    command_t command[MPIRUN_MAX_COMMANDS];
    int ncommands;
} options_t;

/* Complete lines from one stream of one rank, waiting for their end. */
typedef struct line_buffer {
    char *data;
    size_t len;
    size_t cap;
} line_buffer_t;

typedef struct rank_proc {
    pid_t pid;
    int out_fd; /* read end of the rank's stdout, -1 once closed */
    int err_fd;
    int out_file; /* where its stdout is also written (options_t), or -1 */
    int err_file;
    line_buffer_t out;
    line_buffer_t err;
    bool running;
} rank_proc_t;

typedef struct job {
    options_t opt;
    rank_proc_t *ranks;
    int live;     /* ranks still running */
    int stdin_fd; /* write end of rank 0's stdin, -1 if none */
    void *segment;
    size_t segment_bytes;
    int segment_fd;
    bool stopping;           /* a failure, a signal or the timeout ends the job */
    uint32_t *stacks_before; /* timed out or SIGQUIT: job.c's stacks_ask */
    int stacks_exit_code;    /* the job's status once they are printed */
    int exit_code;
} job_t;

int options_parse(int argc, char **argv, options_t *opt);

/* Create the segment and start every rank; returns 0 or an exit code. */
int launch_ranks(job_t *job);
/* foreign.c: the MPI (its name) whose library the ELF program at path
 * needs, other than Tessera's, with the library's name in lib; NULL when
 * none or not an ELF program. */
const char *foreign_mpi(const char *path, char *lib, size_t lib_size);

/* probe.c: whether two processes on CPUs cpu0 and cpu1 (-1: anywhere)
 * swap large blocks faster each reading the other's with process_vm_readv
 * than through shared memory, by a clear margin (measured now, about a
 * millisecond). */
bool probe_pulls_pay(int cpu0, int cpu1);

/* Forward output and watch the ranks until all are gone; returns the
 * job's exit status. */
int job_run(job_t *job);

#include <signal.h>
/* The signals the job loop handles: child exits and requests to stop. */
void mpirun_handled_signals(sigset_t *set);

void mpirun_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
