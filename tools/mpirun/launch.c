/*
 * launch.c -- creating the job's segment and starting the ranks.
 *
 * Each rank is forked with its stdout and stderr on pipes to us, stdin on a
 * pipe from us (rank 0) or /dev/null (the rest), the segment's fd inherited,
 * and its own process group so that stopping a rank stops whatever it
 * started too.  PR_SET_PDEATHSIG takes the ranks down if mpirun itself is
 * killed, so a job never leaves orphans.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mpirun.h"
#include "place.h"
#include "runtime/tunables.h"
#include "transport/shm/segment.h"

/* Find prog as execvp would, to report a missing program once, clearly,
 * before starting anything; its path goes to found. */
static int find_program(const char *prog, char *found, size_t found_size)
{
    if (strchr(prog, '/')) {
        snprintf(found, found_size, "%s", prog);
        return access(prog, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    char candidate[4096];
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, len ? path : ".", prog);
        struct stat st;
        if (stat(candidate, &st) == 0 && S_ISREG(st.st_mode) && access(candidate, X_OK) == 0) {
            snprintf(found, found_size, "%s", candidate);
            return 1;
        }
        path += len + (colon ? 1 : 0);
    }
    return 0;
}

static void set_env_int(const char *name, long value)
{
    char text[32];
    snprintf(text, sizeof text, "%ld", value);
    setenv(name, text, 1);
}

/* The command rank r runs, and its index. */
static const command_t *command_of(const options_t *opt, int r, int *index)
{
    int c = 0;
    while (c + 1 < opt->ncommands && r >= opt->command[c].nranks) {
        r -= opt->command[c].nranks;
        c++;
    }
    *index = c;
    return &opt->command[c];
}

/* --report-bindings: one line a rank, before it starts. */
static void report_binding(int rank, int bind_level, int cores, const cpu_set_t *set)
{
    char list[256];
    place_format_set(set, list, sizeof list);
    if (bind_level == PLACE_NONE)
        mpirun_say("rank %d not bound (CPUs %s)", rank, list);
    else if (bind_level == PLACE_MACHINE)
        mpirun_say("rank %d bound to the machine (CPUs %s)", rank, list);
    else if (cores > 1 && bind_level >= TOPO_CORE)
        mpirun_say("rank %d bound to %d %ss (CPUs %s)", rank, cores, topology_level_name(bind_level), list);
    else
        mpirun_say("rank %d bound to %s (CPUs %s)", rank, topology_level_name(bind_level), list);
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static void child_exec(job_t *job, int rank, int out_w, int err_w, int in_r, const cpu_set_t *bound, pid_t parent)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127); /* mpirun died before we got here */
    setpgid(0, 0);
    dup2(in_r, STDIN_FILENO);
    dup2(out_w, STDOUT_FILENO);
    dup2(err_w, STDERR_FILENO);
    int flags = fcntl(job->segment_fd, F_GETFD);
    fcntl(job->segment_fd, F_SETFD, flags & ~FD_CLOEXEC);
    if (bound)
        sched_setaffinity(0, sizeof *bound, bound);
    signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    set_env_int("TESSERA_BOOT_RANK", rank);
    int index;
    const command_t *c = command_of(&job->opt, rank, &index);
    set_env_int("TESSERA_BOOT_APPNUM", index);
    set_env_int("TESSERA_BOOT_APP_SIZE", c->nranks);
    execvp(c->argv[0], c->argv);
    char msg[512];
    int n = snprintf(msg, sizeof msg, "mpirun: cannot start '%s' for rank %d: %s\n", c->argv[0], rank, strerror(errno));
    if (write(STDERR_FILENO, msg, (size_t)n) < 0)
        _exit(127);
    _exit(127);
}

static int create_segment(job_t *job)
{
    shm_header_t hdr;
    const char *where;
    /* Every pair that talks costs its data ring: keep wide jobs' all-to-all
     * patterns within reason unless the user chose the size. */
    size_t data_bytes = tunables.ring_data_bytes;
    if (job->opt.nranks > 16 && !tunables_is_set("TESSERA_RING_DATA_BYTES") && data_bytes > 256 * 1024)
        data_bytes = 256 * 1024;
    shm_layout(&hdr, (uint32_t)job->opt.nranks, tunables.ring_slots, data_bytes);
    job->segment_fd = shm_segment_create(&hdr, &where);
    if (job->segment_fd < 0) {
        mpirun_say("cannot create %llu bytes of shared memory with %s: %s", (unsigned long long)hdr.total_bytes, where,
                   strerror(errno));
        return 1;
    }
    /* Close-on-exec in mpirun; each child clears it for itself. */
    fcntl(job->segment_fd, F_SETFD, FD_CLOEXEC);
    job->segment = shm_segment_map(job->segment_fd, hdr.total_bytes);
    if (!job->segment) {
        mpirun_say("cannot map shared memory: %s", strerror(errno));
        return 1;
    }
    job->segment_bytes = hdr.total_bytes;
    return 0;
}

/* Whether the program exists and is not linked with another MPI; returns
 * 0 or the exit status. */
static int check_program(const char *program)
{
    char path[4096], lib[256];
    if (!find_program(program, path, sizeof path)) {
        mpirun_say("cannot find program '%s'%s", program,
                   strchr(program, '/') ? " (no executable file there)" : " (not in PATH)");
        return 127;
    }
    const char *other = foreign_mpi(path, lib, sizeof lib);
    if (other) {
        mpirun_say("'%s' is linked with %s (%s), not Tessera: under this mpirun every rank would run alone as rank 0 "
                   "of 1; rebuild it with Tessera's mpicc or start it with %s's own launcher",
                   program, other, lib, other);
        return 1;
    }
    return 0;
}

/* mkdir -p for the directories above path's last component. */
static int make_parents(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        if (mkdir(dir, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

/* Open (creating its directories) one output file, or say why not. */
static int open_output(const char *path, int *fd)
{
    if (make_parents(path) != 0 || (*fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0) {
        mpirun_say("cannot write output to %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* A -outfile-pattern with each %r the rank (%% a percent sign). */
static int expand_pattern(const char *pattern, int rank, char *out, size_t size)
{
    size_t o = 0;
    for (const char *p = pattern; *p && o + 12 < size; p++) {
        if (p[0] == '%' && p[1] == 'r') {
            o += (size_t)snprintf(out + o, size - o, "%d", rank);
            p++;
        } else if (p[0] == '%' && p[1] == '%') {
            out[o++] = '%';
            p++;
        } else {
            out[o++] = *p;
        }
    }
    out[o] = '\0';
    return o + 12 < size ? 0 : -1;
}

/* The files rank r's output goes to as well (mpirun.h: options_t). */
static int open_output_files(job_t *job, int r)
{
    const options_t *opt = &job->opt;
    rank_proc_t *rp = &job->ranks[r];
    char path[4096];
    if (opt->output_dir) {
        /* Ranks zero-filled to one width, so that listings sort. */
        int width = snprintf(NULL, 0, "%d", opt->nranks - 1);
        for (int stream = 0; stream < 2; stream++) {
            snprintf(path, sizeof path, "%s%s/rank.%0*d/%s", opt->output_dir, opt->output_jobid ? "/1" : "", width, r,
                     stream ? "stderr" : "stdout");
            if (open_output(path, stream ? &rp->err_file : &rp->out_file) != 0)
                return -1;
        }
    }
    const char *patterns[2] = {opt->outfile_pattern, opt->errfile_pattern};
    for (int stream = 0; stream < 2; stream++) {
        if (!patterns[stream])
            continue;
        int *fd = stream ? &rp->err_file : &rp->out_file;
        if (*fd >= 0)
            close(*fd);
        if (expand_pattern(patterns[stream], r, path, sizeof path) != 0) {
            mpirun_say("output file pattern too long: %s", patterns[stream]);
            return -1;
        }
        if (open_output(path, fd) != 0)
            return -1;
    }
    return 0;
}

/* Start the ranks; returns 0, or an exit status after cleaning up. */
int launch_ranks(job_t *job)
{
    for (int c = 0; c < job->opt.ncommands; c++) {
        int rc = check_program(job->opt.command[c].argv[0]);
        if (rc != 0)
            return rc;
    }
    if (create_segment(job) != 0)
        return 1;
    machine_t machine;
    int *place = malloc(sizeof(int) * (size_t)job->opt.nranks);
    if (!place || place_read_machine(&machine) != 0) {
        mpirun_say("out of memory for %d ranks", job->opt.nranks);
        return 1;
    }
    int ncpus = machine.ncpus;
    int cores = job->opt.cores_per_rank ? job->opt.cores_per_rank
                                        : place_default_cores(&machine, job->opt.nranks, getenv("OMP_NUM_THREADS"));
    place_map(&machine, job->opt.nranks, job->opt.map_level, job->opt.per_domain, cores, place);
    int bind_level = job->opt.bind_level == PLACE_DEFAULT ? place_default_bind(&machine, job->opt.nranks, cores)
                                                          : job->opt.bind_level;
    /* On the places of ranks 0 and 1 (the probe is pinned even when the
     * ranks are not: it measures the machine). */
    bool pulls_pay = tunables.pulls == PULLS_PULL;
    if (tunables.pulls == PULLS_AUTO && job->opt.nranks >= 2 && ncpus >= 2 && tunables.coll_single_copy)
        pulls_pay = probe_pulls_pay(machine.cpus[place[0]].cpu, machine.cpus[place[1]].cpu);
    /* From here on the job loop takes these through a signalfd; blocking
     * them before the first fork means no child exit is missed. */
    sigset_t handled;
    mpirun_handled_signals(&handled);
    sigprocmask(SIG_BLOCK, &handled, NULL);
    signal(SIGPIPE, SIG_IGN);
    set_env_int("TESSERA_BOOT_SIZE", job->opt.nranks);
    set_env_int("TESSERA_BOOT_FD", job->segment_fd);
    set_env_int("TESSERA_BOOT_OVERSUBSCRIBED", job->opt.nranks > ncpus);
    set_env_int("TESSERA_BOOT_CPUS", ncpus);
    set_env_int("TESSERA_BOOT_PULLS_PAY", pulls_pay);

    job->ranks = calloc((size_t)job->opt.nranks, sizeof *job->ranks);
    if (!job->ranks) {
        mpirun_say("out of memory for %d ranks", job->opt.nranks);
        return 1;
    }
    for (int r = 0; r < job->opt.nranks; r++)
        job->ranks[r].out_file = job->ranks[r].err_file = -1;
    for (int r = 0; r < job->opt.nranks; r++)
        if (open_output_files(job, r) != 0)
            return 1;
    int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    job->stdin_fd = -1;
    pid_t self = getpid();
    for (int r = 0; r < job->opt.nranks; r++) {
        rank_proc_t *rp = &job->ranks[r];
        int out[2], err[2], in[2] = {devnull, -1};
        if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 || (r == 0 && pipe2(in, O_CLOEXEC) != 0)) {
            mpirun_say("cannot create pipes for rank %d: %s", r, strerror(errno));
            return 1;
        }
        cpu_set_t bound;
        place_bind_set(&machine, place[r], bind_level == PLACE_NONE ? PLACE_MACHINE : bind_level, cores, &bound);
        if (job->opt.report_bindings)
            report_binding(r, bind_level, cores, &bound);
        pid_t pid = fork();
        if (pid < 0) {
            mpirun_say("cannot start rank %d: %s", r, strerror(errno));
            return 1;
        }
        if (pid == 0)
            child_exec(job, r, out[1], err[1], in[0], bind_level == PLACE_NONE ? NULL : &bound, self);
        /* Also here, so that a kill that races the child's own setpgid
         * still finds the group. */
        setpgid(pid, pid);
        rp->pid = pid;
        rp->running = true;
        rp->out_fd = out[0];
        rp->err_fd = err[0];
        close(out[1]);
        close(err[1]);
        if (r == 0) {
            close(in[0]);
            job->stdin_fd = in[1];
        }
        job->live++;
    }
    close(devnull);
    free(place);
    free(machine.cpus);
    return 0;
}
