/*
 * job.c -- the launcher's loop while the job runs.
 *
 * One poll() over: a signalfd (child exits, SIGINT/SIGTERM/SIGHUP to
 * forward), every rank's stdout and stderr, our stdin while rank 0 takes
 * it.  Output is forwarded in whole lines with one write each, so lines of
 * different ranks never mix.  The first rank to fail ends the job: one line
 * says which rank and why, the others get SIGTERM, then SIGKILL.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "mpirun.h"
#include "runtime/tunables.h"
#include "transport/shm/segment.h"

#define KILL_GRACE_SECONDS 0.5
#define DRAIN_SECONDS 1.0 /* how long to wait for output after the last exit */
/* How long a timed-out job waits for its ranks' call stacks. */
#define STACKS_SECONDS 3.0
#define LINE_FLUSH_BYTES 65536

void mpirun_handled_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGCHLD);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGQUIT);
    sigaddset(set, SIGUSR1);
    sigaddset(set, SIGUSR2);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return; /* EPIPE: nobody reads our output any more; drop it */
        }
        data += n;
        len -= (size_t)n;
    }
}

/* Write the complete lines in buf (all of it when flush_all), each with the
 * rank tag if asked, as one write. */
static void forward_lines(job_t *job, int rank, line_buffer_t *buf, int out_fd, bool flush_all)
{
    size_t end = buf->len;
    if (!flush_all) {
        while (end > 0 && buf->data[end - 1] != '\n')
            end--;
        if (end == 0 && buf->len >= LINE_FLUSH_BYTES)
            end = buf->len; /* a very long line: pass it on in pieces */
    }
    if (end == 0)
        return;
    rank_proc_t *rp = &job->ranks[rank];
    int file = out_fd == STDERR_FILENO ? rp->err_file : rp->out_file;
    if (file >= 0) {
        write_all(file, buf->data, end);
        bool pattern = out_fd == STDERR_FILENO ? job->opt.errfile_pattern : job->opt.outfile_pattern;
        if (pattern || !job->opt.output_copy) {
            memmove(buf->data, buf->data + end, buf->len - end);
            buf->len -= end;
            return;
        }
    }
    if (!job->opt.tag_output) {
        write_all(out_fd, buf->data, end);
        if (flush_all && buf->data[end - 1] != '\n' && job->opt.nranks > 1)
            write_all(out_fd, "\n", 1); /* the next rank's line starts on its own */
    } else {
        char tag[24];
        int tag_len = snprintf(tag, sizeof tag, "[%d] ", rank);
        size_t lines = 0;
        for (size_t i = 0; i < end; i++)
            lines += buf->data[i] == '\n';
        size_t cap = end + (lines + 1) * (size_t)tag_len + 1;
        char *out = malloc(cap);
        size_t o = 0;
        bool at_start = true;
        for (size_t i = 0; out && i < end; i++) {
            if (at_start) {
                memcpy(out + o, tag, (size_t)tag_len);
                o += (size_t)tag_len;
            }
            out[o++] = buf->data[i];
            at_start = buf->data[i] == '\n';
        }
        if (out && !at_start && flush_all)
            out[o++] = '\n';
        if (out)
            write_all(out_fd, out, o);
        free(out);
    }
    memmove(buf->data, buf->data + end, buf->len - end);
    buf->len -= end;
}

/* Read what a rank wrote on one stream; returns 0 at end of file. */
static int read_stream(job_t *job, int rank, int *fd, line_buffer_t *buf, int out_fd)
{
    if (buf->cap - buf->len < 4096) {
        size_t cap = buf->cap ? buf->cap * 2 : 8192;
        char *data = realloc(buf->data, cap);
        if (!data) {
            forward_lines(job, rank, buf, out_fd, true);
            return 1;
        }
        buf->data = data;
        buf->cap = cap;
    }
    ssize_t n = read(*fd, buf->data + buf->len, buf->cap - buf->len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return 1;
    if (n <= 0) {
        forward_lines(job, rank, buf, out_fd, true);
        close(*fd);
        *fd = -1;
        return 0;
    }
    buf->len += (size_t)n;
    forward_lines(job, rank, buf, out_fd, false);
    return 1;
}

static void signal_ranks(job_t *job, int sig)
{
    for (int r = 0; r < job->opt.nranks; r++)
        if (job->ranks[r].running)
            kill(-job->ranks[r].pid, sig); /* the rank's whole process group */
}

/* Begin ending the job: every rank still running gets SIGTERM now. */
static void job_stop(job_t *job, int exit_code, double *kill_at)
{
    if (job->stopping)
        return;
    job->stopping = true;
    job->exit_code = exit_code;
    signal_ranks(job, SIGTERM);
    *kill_at = now_seconds() + KILL_GRACE_SECONDS;
}

static const char *other_ranks(const job_t *job, char *buf, size_t len)
{
    if (job->live == 0)
        return "";
    snprintf(buf, len, "; stopping %d other rank%s", job->live, job->live == 1 ? "" : "s");
    return buf;
}

/* Forward what a rank that is gone left in its pipes, so that its last
 * words (a crash's backtrace) come before mpirun's line about it.  Only
 * what is there already: a process it started may hold the pipes open. */
static void drain_rank(job_t *job, int rank)
{
    rank_proc_t *rp = &job->ranks[rank];
    int *fds[2] = {&rp->out_fd, &rp->err_fd};
    line_buffer_t *bufs[2] = {&rp->out, &rp->err};
    for (int stream = 0; stream < 2; stream++) {
        struct pollfd p = {.fd = *fds[stream], .events = POLLIN};
        while (*fds[stream] >= 0 && poll(&p, 1, 0) == 1 &&
               read_stream(job, rank, fds[stream], bufs[stream], stream ? STDERR_FILENO : STDOUT_FILENO))
            ;
    }
}

/* A rank is gone: decide whether that ends the job, and say why once. */
static void rank_exited(job_t *job, int rank, int status, double *kill_at)
{
    rank_proc_t *rp = &job->ranks[rank];
    rp->running = false;
    job->live--;
    if (job->stopping)
        return; /* we are stopping it, or it went down with the others */
    drain_rank(job, rank);
    shm_rank_slot_t *slot = shm_rank_slot(job->segment, (uint32_t)rank);
    uint32_t state = atomic_load_explicit(&slot->state, memory_order_acquire);
    char rest[64];
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        mpirun_say("rank %d (pid %d) killed by signal %d (%s)%s", rank, (int)rp->pid, sig, strsignal(sig),
                   other_ranks(job, rest, sizeof rest));
        job_stop(job, 128 + sig, kill_at);
        return;
    }
    int code = WEXITSTATUS(status);
    if (state == SHM_RANK_ABORTED) {
        int end_code = atomic_load_explicit(&slot->end_code, memory_order_relaxed);
        if (atomic_load_explicit(&slot->end_kind, memory_order_relaxed) == 1)
            mpirun_say("rank %d (pid %d) called MPI_Abort with error code %d%s", rank, (int)rp->pid, end_code,
                       other_ranks(job, rest, sizeof rest));
        else
            mpirun_say("rank %d (pid %d) stopped on an MPI error (error class %d)%s", rank, (int)rp->pid, end_code,
                       other_ranks(job, rest, sizeof rest));
        job_stop(job, code, kill_at);
    } else if (code != 0) {
        mpirun_say("rank %d (pid %d) exited with code %d%s", rank, (int)rp->pid, code,
                   other_ranks(job, rest, sizeof rest));
        job_stop(job, code, kill_at);
    } else if (state == SHM_RANK_INITIALIZED) {
        mpirun_say("rank %d (pid %d) exited without calling MPI_Finalize%s", rank, (int)rp->pid,
                   other_ranks(job, rest, sizeof rest));
        job_stop(job, 1, kill_at);
    }
}

static void reap_children(job_t *job, double *kill_at)
{
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid <= 0)
            return;
        for (int r = 0; r < job->opt.nranks; r++)
            if (job->ranks[r].pid == pid && job->ranks[r].running)
                rank_exited(job, r, status, kill_at);
    }
}

/* Deadlines: the job's timeout, the wait for the call stacks it asks
 * for, the SIGKILL after the grace period, and the end of draining output
 * once every rank is gone. */
typedef struct deadlines {
    double timeout;
    double stacks_until;
    double kill_at;
    double drain_until;
} deadlines_t;

/* Ask every rank that answers with its call stack (runtime/crash.h) for
 * it, so that a hang shows where each rank waits; returns how many were
 * asked.  Each rank's count of stacks printed before the question is kept
 * in job->stacks_before. */
static int stacks_ask(job_t *job)
{
    if (!job->stacks_before && !(job->stacks_before = calloc((size_t)job->opt.nranks, sizeof *job->stacks_before)))
        return 0;
    uint32_t *stacks_before = job->stacks_before;
    int asked = 0;
    for (int r = 0; r < job->opt.nranks; r++) {
        shm_rank_slot_t *slot = shm_rank_slot(job->segment, (uint32_t)r);
        int sig = atomic_load_explicit(&slot->stack_signal, memory_order_relaxed);
        stacks_before[r] = atomic_load_explicit(&slot->stacks_printed, memory_order_acquire);
        if (job->ranks[r].running && sig > 0 &&
            atomic_load_explicit(&slot->state, memory_order_acquire) == SHM_RANK_INITIALIZED &&
            kill(job->ranks[r].pid, sig) == 0)
            asked++;
        else
            stacks_before[r] = UINT32_MAX; /* not waited for */
    }
    return asked;
}

/* Whether every rank asked has printed its stack (or is gone). */
static bool stacks_printed(const job_t *job, const uint32_t *stacks_before)
{
    for (int r = 0; r < job->opt.nranks; r++) {
        const shm_rank_slot_t *slot = shm_rank_slot(job->segment, (uint32_t)r);
        if (stacks_before[r] != UINT32_MAX && job->ranks[r].running &&
            atomic_load_explicit(&slot->stacks_printed, memory_order_acquire) == stacks_before[r])
            return false;
    }
    return true;
}

/* Ask the ranks for their call stacks, then stop the job with exit_code
 * once they have answered (deadlines_check), or at once when none can. */
static void stacks_then_stop(job_t *job, deadlines_t *d, int exit_code, double now)
{
    job->stacks_exit_code = exit_code;
    if (stacks_ask(job) > 0)
        d->stacks_until = now + STACKS_SECONDS;
    else
        job_stop(job, exit_code, &d->kill_at);
}

static void handle_signal(job_t *job, int sigfd, deadlines_t *d)
{
    double *kill_at = &d->kill_at;
    struct signalfd_siginfo info;
    while (read(sigfd, &info, sizeof info) == (ssize_t)sizeof info) {
        int sig = (int)info.ssi_signo;
        if (sig == SIGCHLD) {
            reap_children(job, kill_at);
            continue;
        }
        if (sig == SIGUSR1 || sig == SIGUSR2) { /* for the program: it goes on */
            signal_ranks(job, sig);
            continue;
        }
        if (sig == SIGQUIT && !job->stopping && !d->stacks_until) {
            /* Ctrl-\: where is each rank?  Then the job quits. */
            mpirun_say("received signal %d (%s); stopping %d rank%s after their call stacks", sig, strsignal(sig),
                       job->live, job->live == 1 ? "" : "s");
            stacks_then_stop(job, d, 128 + sig, now_seconds());
            continue;
        }
        if (!job->stopping) {
            mpirun_say("received signal %d (%s); passing it to %d rank%s", sig, strsignal(sig), job->live,
                       job->live == 1 ? "" : "s");
            job->stopping = true;
            job->exit_code = 128 + sig;
            *kill_at = now_seconds() + KILL_GRACE_SECONDS;
        }
        signal_ranks(job, sig); /* forward what the user sent */
    }
}

/* Rank 0's stdin: whatever we read from ours goes down its pipe.  Reading
 * a terminal we do not own would stop us (SIGTTIN), so then rank 0 gets
 * end-of-file instead. */
typedef struct stdin_relay {
    char buf[65536];
    size_t len;
    size_t off;
    bool eof;
} stdin_relay_t;

static bool stdin_usable(void)
{
    if (!isatty(STDIN_FILENO))
        return true;
    return tcgetpgrp(STDIN_FILENO) == getpgrp();
}

static void stdin_close(job_t *job)
{
    if (job->stdin_fd >= 0)
        close(job->stdin_fd);
    job->stdin_fd = -1;
}

/* One step of the relay: read our stdin when the buffer is empty, else
 * write what is buffered to rank 0. */
static void stdin_relay_step(job_t *job, stdin_relay_t *relay, int ready_fd)
{
    if (ready_fd == STDIN_FILENO) {
        ssize_t got = read(STDIN_FILENO, relay->buf, sizeof relay->buf);
        if (got > 0) {
            relay->len = (size_t)got;
            relay->off = 0;
        } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
            relay->eof = true;
            stdin_close(job);
        }
        return;
    }
    ssize_t put = write(job->stdin_fd, relay->buf + relay->off, relay->len - relay->off);
    if (put > 0)
        relay->off += (size_t)put;
    else if (put < 0 && errno != EAGAIN && errno != EINTR)
        stdin_close(job); /* rank 0 closed its stdin */
    if (relay->off == relay->len && relay->eof)
        stdin_close(job);
}

/* What the loop waits on this time round. */
typedef struct pollset {
    struct pollfd *fds;
    int *owner; /* 2 * rank (+1 for stderr) for each output stream */
    int count;
    int stdin_slot; /* index of the stdin relay's fd, or -1 */
    int open_streams;
} pollset_t;

static void pollset_build(job_t *job, pollset_t *ps, int sigfd, const stdin_relay_t *relay)
{
    ps->count = 0;
    ps->open_streams = 0;
    ps->fds[ps->count++] = (struct pollfd){.fd = sigfd, .events = POLLIN};
    for (int r = 0; r < job->opt.nranks; r++) {
        int fds[2] = {job->ranks[r].out_fd, job->ranks[r].err_fd};
        for (int stream = 0; stream < 2; stream++) {
            if (fds[stream] < 0)
                continue;
            ps->owner[ps->count] = 2 * r + stream;
            ps->fds[ps->count++] = (struct pollfd){.fd = fds[stream], .events = POLLIN};
            ps->open_streams++;
        }
    }
    ps->stdin_slot = -1;
    if (job->stdin_fd < 0)
        return;
    if (relay->len > relay->off) {
        ps->stdin_slot = ps->count;
        ps->fds[ps->count++] = (struct pollfd){.fd = job->stdin_fd, .events = POLLOUT};
    } else if (!relay->eof) {
        ps->stdin_slot = ps->count;
        ps->fds[ps->count++] = (struct pollfd){.fd = STDIN_FILENO, .events = POLLIN};
    }
}

/* The watch for a job whose ranks all wait in MPI with nothing moving
 * (segment.h: long_wait), said once for each such spell. */
typedef struct hang_watch {
    double since;    /* when the spell began; 0: not in one */
    uint32_t *moves; /* each rank's long_wait_moves then */
    bool said;
} hang_watch_t;

static void hang_check(job_t *job, hang_watch_t *h, double now)
{
    if (!tunables.hang_seconds || job->stopping || job->live == 0)
        return;
    if (!h->moves && !(h->moves = calloc((size_t)job->opt.nranks, sizeof *h->moves)))
        return;
    bool all_wait = true, moved = false;
    for (int r = 0; r < job->opt.nranks; r++) {
        if (!job->ranks[r].running)
            continue;
        shm_rank_slot_t *slot = shm_rank_slot(job->segment, (uint32_t)r);
        uint32_t moves = atomic_load_explicit(&slot->long_wait_moves, memory_order_acquire);
        all_wait = all_wait && atomic_load_explicit(&slot->state, memory_order_acquire) == SHM_RANK_INITIALIZED &&
                   atomic_load_explicit(&slot->long_wait, memory_order_acquire);
        moved = moved || moves != h->moves[r];
        h->moves[r] = moves;
    }
    if (!all_wait || moved || h->since == 0) {
        h->since = all_wait ? now : 0;
        h->said = false;
        return;
    }
    if (h->said || now - h->since < tunables.hang_seconds)
        return;
    h->said = true;
    mpirun_say("every rank has waited in MPI for %u s with no message moving: the job may be deadlocked; their call "
               "stacks follow, and it goes on (Ctrl-C ends it)",
               tunables.hang_seconds);
    stacks_ask(job);
}

/* Act on whichever deadline has passed; returns false when the loop should
 * end (draining is over). */
static bool deadlines_check(job_t *job, deadlines_t *d, double now)
{
    if (job->live == 0) {
        /* Every rank is gone; a process they started may still hold a pipe
         * open.  Give it a moment, not forever. */
        if (d->drain_until == 0)
            d->drain_until = now + DRAIN_SECONDS;
        if (now >= d->drain_until)
            return false;
    }
    if (d->timeout && now >= d->timeout && !job->stopping && !d->stacks_until) {
        mpirun_say("job timed out after %g seconds; stopping %d rank%s", job->opt.timeout, job->live,
                   job->live == 1 ? "" : "s");
        d->timeout = 0;
        stacks_then_stop(job, d, 124, now);
    }
    if (d->stacks_until && (now >= d->stacks_until || stacks_printed(job, job->stacks_before))) {
        d->stacks_until = 0;
        job_stop(job, job->stacks_exit_code, &d->kill_at);
    }
    if (job->stopping && d->kill_at && now >= d->kill_at) {
        signal_ranks(job, SIGKILL);
        d->kill_at = 0;
    }
    return true;
}

/* Milliseconds until the nearest deadline, at most a second. */
static int deadlines_wait_ms(const job_t *job, const deadlines_t *d, double now)
{
    double wake = 1.0;
    if (d->timeout && !job->stopping && d->timeout - now < wake)
        wake = d->timeout - now;
    if (d->kill_at && d->kill_at - now < wake)
        wake = d->kill_at - now;
    if (d->stacks_until && wake > 0.01) /* the ranks say they are done in memory */
        wake = 0.01;
    if (d->drain_until && d->drain_until - now < wake)
        wake = d->drain_until - now;
    return wake > 0 ? (int)(wake * 1000) + 1 : 0;
}

/* After the loop: no rank may outlive mpirun. */
static void job_reap_all(job_t *job)
{
    if (job->live > 0)
        signal_ranks(job, SIGKILL);
    while (job->live > 0) {
        int status;
        pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0)
            break;
        for (int r = 0; r < job->opt.nranks; r++) {
            if (job->ranks[r].pid == pid && job->ranks[r].running) {
                job->ranks[r].running = false;
                job->live--;
            }
        }
    }
}

static void job_release(job_t *job)
{
    for (int r = 0; r < job->opt.nranks; r++) {
        free(job->ranks[r].out.data);
        free(job->ranks[r].err.data);
        if (job->ranks[r].out_file >= 0)
            close(job->ranks[r].out_file);
        if (job->ranks[r].err_file >= 0)
            close(job->ranks[r].err_file);
    }
    free(job->ranks);
    free(job->stacks_before);
    munmap(job->segment, job->segment_bytes);
    close(job->segment_fd);
}

int job_run(job_t *job)
{
    sigset_t handled;
    mpirun_handled_signals(&handled);
    /* A rank may exit before we poll: its SIGCHLD is pending on sigfd. */
    int sigfd = signalfd(-1, &handled, SFD_NONBLOCK | SFD_CLOEXEC);
    if (sigfd < 0) {
        mpirun_say("cannot watch signals: %s", strerror(errno));
        return 1;
    }
    static stdin_relay_t relay;
    relay.eof = !stdin_usable();
    if (relay.eof)
        stdin_close(job);
    if (job->stdin_fd >= 0)
        fcntl(job->stdin_fd, F_SETFL, fcntl(job->stdin_fd, F_GETFL) | O_NONBLOCK);

    hang_watch_t hang = {0};
    deadlines_t d = {.timeout = job->opt.timeout > 0 ? now_seconds() + job->opt.timeout : 0};
    size_t slots = 2 * (size_t)job->opt.nranks + 2;
    pollset_t ps = {.fds = calloc(slots, sizeof *ps.fds), .owner = calloc(slots, sizeof *ps.owner)};
    if (!ps.fds || !ps.owner) {
        mpirun_say("out of memory");
        return 1;
    }
    for (;;) {
        pollset_build(job, &ps, sigfd, &relay);
        if (job->live == 0 && ps.open_streams == 0)
            break;
        double now = now_seconds();
        if (!deadlines_check(job, &d, now))
            break;
        hang_check(job, &hang, now);
        if (poll(ps.fds, (nfds_t)ps.count, deadlines_wait_ms(job, &d, now)) < 0 && errno != EINTR) {
            mpirun_say("poll failed: %s", strerror(errno));
            break;
        }
        if (ps.fds[0].revents)
            handle_signal(job, sigfd, &d);
        for (int i = 1; i < ps.count; i++) {
            if (!ps.fds[i].revents)
                continue;
            if (i == ps.stdin_slot) {
                stdin_relay_step(job, &relay, ps.fds[i].fd);
                continue;
            }
            rank_proc_t *rp = &job->ranks[ps.owner[i] / 2];
            if (ps.fds[i].fd != (ps.owner[i] % 2 ? rp->err_fd : rp->out_fd))
                continue; /* closed since the poll (drain_rank) */
            if (ps.owner[i] % 2 == 0)
                read_stream(job, ps.owner[i] / 2, &rp->out_fd, &rp->out, STDOUT_FILENO);
            else
                read_stream(job, ps.owner[i] / 2, &rp->err_fd, &rp->err, STDERR_FILENO);
        }
    }
    job_reap_all(job);
    free(hang.moves);
    free(ps.fds);
    free(ps.owner);
    close(sigfd);
    job_release(job);
    return job->exit_code;
}
