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
#include "transport/shm/segment.h"

#define KILL_GRACE_SECONDS 0.5
#define DRAIN_SECONDS 1.0 /* how long to wait for output after the last exit */
#define LINE_FLUSH_BYTES 65536

void mpirun_handled_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGCHLD);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGQUIT);
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

/* A rank is gone: decide whether that ends the job, and say why once. */
static void rank_exited(job_t *job, int rank, int status, double *kill_at)
{
    rank_proc_t *rp = &job->ranks[rank];
    rp->running = false;
    job->live--;
    if (job->stopping)
        return; /* we are stopping it, or it went down with the others */
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

static void handle_signal(job_t *job, int sigfd, double *kill_at)
{
    struct signalfd_siginfo info;
    while (read(sigfd, &info, sizeof info) == (ssize_t)sizeof info) {
        int sig = (int)info.ssi_signo;
        if (sig == SIGCHLD) {
            reap_children(job, kill_at);
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

int job_run(job_t *job)
{
    sigset_t handled;
    mpirun_handled_signals(&handled);
    int sigfd = signalfd(-1, &handled, SFD_NONBLOCK | SFD_CLOEXEC);
    if (sigfd < 0) {
        mpirun_say("cannot watch signals: %s", strerror(errno));
        return 1;
    }
    static stdin_relay_t relay;
    relay.eof = !stdin_usable();
    if (relay.eof)
        stdin_close(job);
    if (job->stdin_fd >= 0) {
        int flags = fcntl(job->stdin_fd, F_GETFL);
        fcntl(job->stdin_fd, F_SETFL, flags | O_NONBLOCK);
    }

    double deadline = job->opt.timeout > 0 ? now_seconds() + job->opt.timeout : 0;
    double kill_at = 0, drain_until = 0;
    int n = job->opt.nranks;
    struct pollfd *fds = calloc((size_t)(2 * n + 3), sizeof *fds);
    int *owner = calloc((size_t)(2 * n + 3), sizeof *owner);
    if (!fds || !owner) {
        mpirun_say("out of memory");
        return 1;
    }
    /* A rank may exit before we poll: its SIGCHLD is pending on sigfd. */
    for (;;) {
        int open_streams = 0;
        int nfds = 0;
        fds[nfds++] = (struct pollfd){.fd = sigfd, .events = POLLIN};
        for (int r = 0; r < n; r++) {
            if (job->ranks[r].out_fd >= 0) {
                owner[nfds] = 2 * r;
                fds[nfds++] = (struct pollfd){.fd = job->ranks[r].out_fd, .events = POLLIN};
                open_streams++;
            }
            if (job->ranks[r].err_fd >= 0) {
                owner[nfds] = 2 * r + 1;
                fds[nfds++] = (struct pollfd){.fd = job->ranks[r].err_fd, .events = POLLIN};
                open_streams++;
            }
        }
        int stdin_slot = -1;
        if (job->stdin_fd >= 0) {
            stdin_slot = nfds;
            if (relay.len > relay.off)
                fds[nfds++] = (struct pollfd){.fd = job->stdin_fd, .events = POLLOUT};
            else if (!relay.eof)
                fds[nfds++] = (struct pollfd){.fd = STDIN_FILENO, .events = POLLIN};
            else
                stdin_slot = -1;
        }
        if (job->live == 0 && open_streams == 0)
            break;
        double now = now_seconds();
        if (job->live == 0) {
            /* Every rank is gone; a process they started may still hold a
             * pipe open.  Give it a moment, not forever. */
            if (drain_until == 0)
                drain_until = now + DRAIN_SECONDS;
            if (now >= drain_until)
                break;
        }
        if (deadline && now >= deadline && !job->stopping) {
            mpirun_say("job timed out after %g seconds; stopping %d rank%s", job->opt.timeout, job->live,
                       job->live == 1 ? "" : "s");
            job_stop(job, 124, &kill_at);
        }
        if (job->stopping && kill_at && now >= kill_at) {
            signal_ranks(job, SIGKILL);
            kill_at = 0;
        }
        double wake = 1.0;
        if (deadline && !job->stopping && deadline - now < wake)
            wake = deadline - now;
        if (kill_at && kill_at - now < wake)
            wake = kill_at - now;
        if (drain_until && drain_until - now < wake)
            wake = drain_until - now;
        int timeout_ms = wake > 0 ? (int)(wake * 1000) + 1 : 0;
        if (poll(fds, (nfds_t)nfds, timeout_ms) < 0 && errno != EINTR) {
            mpirun_say("poll failed: %s", strerror(errno));
            break;
        }
        if (fds[0].revents)
            handle_signal(job, sigfd, &kill_at);
        for (int i = 1; i < nfds; i++) {
            if (!fds[i].revents)
                continue;
            if (i == stdin_slot) {
                if (fds[i].fd == STDIN_FILENO) {
                    ssize_t got = read(STDIN_FILENO, relay.buf, sizeof relay.buf);
                    if (got > 0) {
                        relay.len = (size_t)got;
                        relay.off = 0;
                    } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
                        relay.eof = true;
                        stdin_close(job);
                    }
                } else {
                    ssize_t put = write(job->stdin_fd, relay.buf + relay.off, relay.len - relay.off);
                    if (put > 0)
                        relay.off += (size_t)put;
                    else if (put < 0 && errno != EAGAIN && errno != EINTR)
                        stdin_close(job); /* rank 0 closed its stdin */
                    if (relay.off == relay.len && relay.eof)
                        stdin_close(job);
                }
                continue;
            }
            int r = owner[i] / 2;
            if (owner[i] % 2 == 0)
                read_stream(job, r, &job->ranks[r].out_fd, &job->ranks[r].out, STDOUT_FILENO);
            else
                read_stream(job, r, &job->ranks[r].err_fd, &job->ranks[r].err, STDERR_FILENO);
        }
    }
    if (job->live > 0) {
        signal_ranks(job, SIGKILL);
        while (job->live > 0) {
            int status;
            pid_t pid = waitpid(-1, &status, 0);
            if (pid < 0)
                break;
            for (int r = 0; r < n; r++)
                if (job->ranks[r].pid == pid && job->ranks[r].running) {
                    job->ranks[r].running = false;
                    job->live--;
                }
        }
    }
    free(fds);
    free(owner);
    for (int r = 0; r < n; r++) {
        free(job->ranks[r].out.data);
        free(job->ranks[r].err.data);
    }
    free(job->ranks);
    munmap(job->segment, job->segment_bytes);
    close(job->segment_fd);
    return job->exit_code;
}
