/*
 * cma.c -- single copy between processes with process_vm_readv and
 * process_vm_writev (Linux "cross memory attach").  The receiver reads the
 * sender's buffer straight into its own: one copy instead of two through
 * shared memory; a sender whose receiver stopped draining the ring writes
 * the rest of a message straight into the receiver's buffer.
 *
 * The kernel allows it when the reader may ptrace the target: same user and,
 * under Yama ptrace_scope 1, only after the target has named us with
 * prctl(PR_SET_PTRACER) (runtime/init.c does that).  Containers may forbid
 * the system call altogether.  shm_cma_probe() tries it on ourselves at
 * start-up; a read that still fails on a peer returns the errno and the
 * caller falls back to the pipelined rendezvous.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <sys/uio.h>
#include <unistd.h>

#include "transport/shm/shm.h"

int shm_cma_probe(void)
{
    static volatile uint64_t probe_word = 0x7e55e7a;
    uint64_t copy = 0;
    struct iovec local = {&copy, sizeof copy};
    struct iovec remote = {(void *)&probe_word, sizeof probe_word};
    ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
    if (n != (ssize_t)sizeof copy || copy != probe_word)
        return n < 0 ? errno : EIO;
    return 0;
}

/* Moves len bytes between the local ranges and the one range at address
 * in world rank peer's memory, in as many calls as the kernel needs (at
 * most IOV_MAX ranges a call; a call may also stop short).  Returns 0 or
 * an errno value. */
static int cma_move(int peer, const struct iovec *local, size_t nlocal, uint64_t address, size_t len, bool write)
{
    pid_t pid = shm_rank_pid(peer);
    size_t done = 0, at = 0, skip = 0; /* local[at] is the next range, skip of it done */
    while (done < len && at < nlocal) {
        struct iovec batch[IOV_MAX];
        size_t n = 0, bytes = 0;
        for (size_t i = at; i < nlocal && n < IOV_MAX; i++, n++) {
            size_t off = i == at ? skip : 0;
            batch[n] = (struct iovec){(char *)local[i].iov_base + off, local[i].iov_len - off};
            bytes += batch[n].iov_len;
        }
        struct iovec remote = {(void *)(uintptr_t)(address + done), bytes};
        ssize_t moved =
            write ? process_vm_writev(pid, batch, n, &remote, 1, 0) : process_vm_readv(pid, batch, n, &remote, 1, 0);
        if (moved < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (moved == 0)
            return EIO;
        done += (size_t)moved;
        for (size_t left = (size_t)moved; left;) {
            size_t here = local[at].iov_len - skip;
            if (left < here) {
                skip += left;
                left = 0;
            } else {
                left -= here;
                at++;
                skip = 0;
            }
        }
    }
    return done == len ? 0 : EIO;
}

int shm_cma_read(int src, const struct iovec *local, size_t nlocal, uint64_t address, size_t len)
{
    return cma_move(src, local, nlocal, address, len, false);
}

int shm_cma_write(int dest, uint64_t address, const struct iovec *local, size_t nlocal, size_t len)
{
    return cma_move(dest, local, nlocal, address, len, true);
}
