/*
 * busy_receiver.c -- a large send completes while its receiver, the
 * receive already matched, is busy outside MPI: the sender is not held
 * hostage.  Rank 1 probes the message, posts its receive (the match answers
 * the rendezvous), then waits outside MPI until rank 0 writes, in a file,
 * that its send has completed; only then does it call MPI_Wait.  Each
 * message is several times the pair's data ring, so a sender that needs the
 * receiver to drain the ring never completes and the test hangs.
 *
 * The sender finishes by writing into the receiver's memory
 * (process_vm_writev; from a non-contiguous send type as a list of its
 * blocks); where the system forbids that between our processes the test is
 * skipped (exit 77).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "mpitest.h"

#define MIB (1024 * 1024)
#define TYPED_BLOCK 1000
#define TYPED_STRIDE 1536

static volatile uint64_t probe_word = 0x5eed5eed;

/* Whether rank 1 may read rank 0's memory, agreed by both. */
static int cross_memory_allowed(int rank)
{
    uint64_t where[2];
    int ok = 0;
    if (rank == 0) {
        where[0] = (uint64_t)getpid();
        where[1] = (uint64_t)(uintptr_t)&probe_word;
        MPI_Send(where, 2, MPI_UINT64_T, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(&ok, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(where, 2, MPI_UINT64_T, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        uint64_t copy = 0;
        struct iovec local = {&copy, sizeof copy}, remote = {(void *)(uintptr_t)where[1], sizeof copy};
        ok = process_vm_readv((pid_t)where[0], &local, 1, &remote, 1, 0) == (ssize_t)sizeof copy && copy == 0x5eed5eed;
        MPI_Send(&ok, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    return ok;
}

static unsigned char pattern(size_t i, int round)
{
    return (unsigned char)(i * 7 + i / 4099 + (size_t)round * 13);
}

/* Rank 0 tells rank 1, outside MPI, that send number round completed. */
static void say_sent(int fd, int round)
{
    unsigned char b = (unsigned char)round;
    MT_CHECK(pwrite(fd, &b, 1, 0) == 1, "pwrite: %s", strerror(errno));
}

static void wait_sent(int fd, int round)
{
    unsigned char b = 0;
    while (pread(fd, &b, 1, 0) != 1 || b != (unsigned char)round)
        usleep(1000);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) {
        if (rank == 0)
            printf("busy_receiver: needs 2 ranks; skipped\n");
        MPI_Finalize();
        return 77;
    }
    int allowed = 1;
    if (rank < 2)
        allowed = cross_memory_allowed(rank);
    /* Every rank learns the verdict, so that all skip or none. */
    if (rank == 0)
        for (int r = 2; r < size; r++)
            MPI_Send(&allowed, 1, MPI_INT, r, 2, MPI_COMM_WORLD);
    else if (rank >= 2)
        MPI_Recv(&allowed, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (!allowed) {
        if (rank == 0)
            printf("busy_receiver: process_vm_readv is not allowed between ranks here; skipped\n");
        MPI_Finalize();
        return 77;
    }

    /* The file through which rank 0 signals outside MPI. */
    char path[64] = "/tmp/tessera-busy-receiver-XXXXXX";
    int fd = -1;
    if (rank == 0) {
        fd = mkstemp(path);
        MT_CHECK(fd >= 0, "mkstemp: %s", strerror(errno));
        MPI_Send(path, sizeof path, MPI_CHAR, 1, 3, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(path, sizeof path, MPI_CHAR, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        fd = open(path, O_RDONLY);
        MT_CHECK(fd >= 0, "open %s: %s", path, strerror(errno));
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    /* Message length, receive buffer capacity, and bytes the receive may
     * hold (less than the message: truncation). */
    const struct {
        size_t bytes, buffer, count;
        int nonblocking, typed; /* typed: sent as blocks of TYPED_BLOCK bytes, TYPED_STRIDE apart */
    } cases[] = {
        {8 * MIB, 8 * MIB, 8 * MIB, 0, 0},                 /* MPI_Send, exact size */
        {8 * MIB + 12345, 9 * MIB, 9 * MIB, 1, 0},         /* MPI_Isend, room to spare, odd length */
        {8 * MIB, 4 * MIB, 3 * MIB + 1, 0, 0},             /* truncated: nothing past the count */
        {3 * MIB + 64 * 1024, 4 * MIB, 4 * MIB - 1, 1, 0}, /* a few chunks past the ring */
        {TYPED_BLOCK * 5000, 6 * MIB, 6 * MIB, 0, 1},      /* a non-contiguous send */
    };
    int ncases = (int)(sizeof cases / sizeof cases[0]);
    for (int k = 0; k < ncases && rank < 2 && fd >= 0; k++) {
        int round = k + 1;
        if (rank == 0) {
            /* The stream's byte i lies at i, or in block i / TYPED_BLOCK. */
            size_t blocks = cases[k].bytes / TYPED_BLOCK;
            unsigned char *buf = malloc(cases[k].typed ? blocks * TYPED_STRIDE : cases[k].bytes);
            for (size_t i = 0; i < cases[k].bytes; i++)
                buf[cases[k].typed ? i / TYPED_BLOCK * TYPED_STRIDE + i % TYPED_BLOCK : i] = pattern(i, round);
            MPI_Datatype type = MPI_BYTE;
            int count = (int)cases[k].bytes;
            if (cases[k].typed) {
                MPI_Type_vector((int)blocks, TYPED_BLOCK, TYPED_STRIDE, MPI_BYTE, &type);
                MPI_Type_commit(&type);
                count = 1;
            }
            int rc;
            if (cases[k].nonblocking) {
                MPI_Request req;
                rc = MPI_Isend(buf, count, type, 1, 10 + k, MPI_COMM_WORLD, &req);
                if (rc == MPI_SUCCESS)
                    rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
            } else {
                rc = MPI_Send(buf, count, type, 1, 10 + k, MPI_COMM_WORLD);
            }
            if (cases[k].typed)
                MPI_Type_free(&type);
            MT_CHECK(rc == MPI_SUCCESS, "case %d: send returned %d", k, rc);
            say_sent(fd, round);
            free(buf);
        } else {
            unsigned char *buf = malloc(cases[k].buffer);
            memset(buf, 0xa5, cases[k].buffer);
            MPI_Status status;
            MPI_Probe(0, 10 + k, MPI_COMM_WORLD, &status);
            MPI_Request req;
            MPI_Irecv(buf, (int)cases[k].count, MPI_BYTE, 0, 10 + k, MPI_COMM_WORLD, &req);
            wait_sent(fd, round); /* busy outside MPI until the send is done */
            int rc = MPI_Wait(&req, &status);
            size_t fits = cases[k].bytes < cases[k].count ? cases[k].bytes : cases[k].count;
            int truncated = cases[k].bytes > cases[k].count;
            if (truncated) {
                int cls = -1;
                MPI_Error_class(rc, &cls);
                MT_CHECK(cls == MPI_ERR_TRUNCATE, "case %d: class %d, expected MPI_ERR_TRUNCATE", k, cls);
            } else {
                MT_CHECK(rc == MPI_SUCCESS, "case %d: wait returned %d", k, rc);
                int got = -1;
                MPI_Get_count(&status, MPI_BYTE, &got);
                MT_CHECK((size_t)got == cases[k].bytes, "case %d: count %d, expected %zu", k, got, cases[k].bytes);
            }
            size_t bad = 0, first_bad = 0;
            for (size_t i = 0; i < fits; i++)
                if (buf[i] != pattern(i, round) && bad++ == 0)
                    first_bad = i;
            MT_CHECK(bad == 0, "case %d: %zu bytes wrong, the first at %zu", k, bad, first_bad);
            for (size_t i = fits; i < cases[k].buffer; i++)
                if (buf[i] != 0xa5) {
                    MT_CHECK(0, "case %d: byte %zu past the receive was written", k, i);
                    break;
                }
            free(buf);
        }
    }
    /* The pair's channel is in order afterwards. */
    if (rank < 2) {
        int token = rank == 0 ? 4242 : 0;
        if (rank == 0)
            MPI_Send(&token, 1, MPI_INT, 1, 99, MPI_COMM_WORLD);
        else
            MPI_Recv(&token, 1, MPI_INT, 0, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MT_CHECK(token == 4242, "token %d after the large messages", token);
    }
    if (fd >= 0)
        close(fd);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int errs = mt_finish();
    if (rank == 0)
        unlink(path);
    return errs;
}
