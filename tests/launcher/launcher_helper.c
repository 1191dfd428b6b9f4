/* launcher_helper.c -- an MPI program that misbehaves on request, for the
 * launcher tests (launcher_test.sh).  Usage: launcher_helper MODE [ARGS].
 * Ranks that are not the one misbehaving block in MPI_Recv, so only the
 * launcher can end them. */
#include <mpi.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, size;

static void block_forever(void)
{
    int v;
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* Not inlined, so that the crash's backtrace has a frame of its own. */
__attribute__((noinline)) static void write_through(volatile int *p)
{
    *p = 1;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "hello";
    int arg1 = argc > 2 ? atoi(argv[2]) : 0;
    int arg2 = argc > 3 ? atoi(argv[3]) : 0;
    if (!strcmp(mode, "before_init")) {
        int v = 0;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        return 0;
    }
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (!strcmp(mode, "hello")) {
        printf("rank %d of %d\n", rank, size);
    } else if (!strcmp(mode, "exit")) { /* exit CODE RANK */
        if (rank == arg2) {
            MPI_Finalize();
            return arg1;
        }
        block_forever();
    } else if (!strcmp(mode, "segv")) { /* segv RANK */
        if (rank == arg1)
            raise(SIGSEGV);
        block_forever();
    } else if (!strcmp(mode, "null")) { /* null RANK: write near NULL (not at it: UBSan checks that) */
        if (rank == arg1)
            write_through((volatile int *)(intptr_t)(16 + arg2)); /* not a constant: GCC would refuse it */
        block_forever();
    } else if (!strcmp(mode, "abort")) { /* abort RANK CODE */
        if (rank == arg1)
            MPI_Abort(MPI_COMM_WORLD, arg2);
        block_forever();
    } else if (!strcmp(mode, "nofinalize")) { /* nofinalize RANK */
        if (rank == arg1)
            return 0;
        block_forever();
    } else if (!strcmp(mode, "fatal")) { /* an invalid rank on rank 1 */
        if (rank == 1 || size == 1) {
            int v = 0;
            MPI_Send(&v, 1, MPI_INT, size + 5, 0, MPI_COMM_WORLD);
        }
        block_forever();
    } else if (!strcmp(mode, "stdin")) {
        char buf[4096];
        size_t total = 0;
        unsigned long sum = 0;
        ssize_t n;
        while ((n = read(0, buf, sizeof buf)) > 0) {
            for (ssize_t i = 0; i < n; i++)
                sum += (unsigned char)buf[i];
            total += (size_t)n;
        }
        printf("rank %d read %zu bytes sum %lu\n", rank, total, sum);
    } else if (!strcmp(mode, "lines")) { /* lines COUNT */
        char filler[301];
        memset(filler, 'a' + rank, 300);
        filler[300] = '\0';
        for (int i = 0; i < arg1; i++) {
            printf("rank %d line %d %s end\n", rank, i, filler);
            fprintf(stderr, "rank %d err %d %s end\n", rank, i, filler);
        }
    } else if (!strcmp(mode, "sleep")) {
        block_forever();
    } else if (!strcmp(mode, "late")) { /* late RANK SECONDS: it computes, the rest wait in a barrier */
        if (rank == arg1)
            for (double until = MPI_Wtime() + arg2; MPI_Wtime() < until;)
                ;
        MPI_Barrier(MPI_COMM_WORLD);
        printf("rank %d done\n", rank);
    } else if (!strcmp(mode, "ready")) { /* say so, then wait in MPI for ever */
        printf("rank %d ready\n", rank);
        fflush(stdout);
        block_forever();
    } else if (!strcmp(mode, "usr1")) { /* say ready, wait for SIGUSR1, finish */
        sigset_t usr1;
        sigemptyset(&usr1);
        sigaddset(&usr1, SIGUSR1);
        sigprocmask(SIG_BLOCK, &usr1, NULL);
        printf("rank %d ready\n", rank);
        fflush(stdout);
        int sig;
        sigwait(&usr1, &sig);
        printf("rank %d got signal %d\n", rank, sig);
    } else if (!strcmp(mode, "command")) { /* command WORD: MPI_APPNUM, maxprocs, and the world summed */
        int *appnum, flag = 0, sum = 0, one = 1;
        char maxprocs[MPI_MAX_INFO_VAL + 1] = "none";
        int len = MPI_MAX_INFO_VAL, found = 0;
        MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &appnum, &flag);
        MPI_Info_get_string(MPI_INFO_ENV, "maxprocs", &len, maxprocs, &found);
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        printf("rank %d of %d (%d answered): command %d, maxprocs %s, %s\n", rank, size, sum, flag ? *appnum : -1,
               maxprocs, argc > 2 ? argv[2] : "-");
    } else if (!strcmp(mode, "cpus")) { /* the CPUs this rank may run on */
        cpu_set_t set;
        int first = -1;
        if (sched_getaffinity(0, sizeof set, &set) != 0)
            CPU_ZERO(&set);
        for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
            if (CPU_ISSET(cpu, &set))
                first = cpu;
        printf("rank %d: %d cpus from %d\n", rank, CPU_COUNT(&set), first);
    } else if (!strcmp(mode, "scatter")) { /* scatter BYTES: an MPI_Scatter of BYTES a process, checked */
        size_t n = (size_t)arg1, total = n * (size_t)size;
        unsigned char *all = malloc(total ? total : 1), *mine = malloc(n ? n : 1);
        for (size_t i = 0; i < total; i++)
            all[i] = (unsigned char)(i * 7 + 1);
        MPI_Scatter(all, (int)n, MPI_BYTE, mine, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
        size_t wrong = 0;
        for (size_t i = 0; i < n; i++)
            wrong += mine[i] != (unsigned char)(((size_t)rank * n + i) * 7 + 1);
        printf("rank %d: scatter of %zu bytes, %zu wrong\n", rank, n, wrong);
        free(all);
        free(mine);
    } else if (!strcmp(mode, "polls")) { /* polls N: N nonblocking allreduces and pair exchanges, polled */
        long tests = 0, wrong = 0, n = (long)arg1;
        for (long i = 0; i < n; i++) {
            long in = rank + i, out = -1;
            MPI_Request req[2];
            int done = 0;
            MPI_Iallreduce(&in, &out, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &req[0]);
            while (!done) {
                MPI_Test(&req[0], &done, MPI_STATUS_IGNORE);
                tests++;
            }
            wrong += out != (long)size * (size - 1) / 2 + (long)size * i;
            int peer = rank ^ 1, got = -1;
            if (peer >= size)
                continue;
            MPI_Irecv(&got, 1, MPI_INT, peer, 7, MPI_COMM_WORLD, &req[0]);
            MPI_Isend(&rank, 1, MPI_INT, peer, 7, MPI_COMM_WORLD, &req[1]);
            for (done = 0; !done; tests++)
                MPI_Testall(2, req, &done, MPI_STATUSES_IGNORE);
            wrong += got != peer;
        }
        printf("rank %d: polls: %ld rounds, %ld wrong, %ld tests\n", rank, n, wrong, tests);
    } else if (!strcmp(mode, "orphan")) { /* orphan MARKER: leave a grandchild, then rank 1 crashes */
        if (rank == 0) {
            char cmd[256];
            snprintf(cmd, sizeof cmd, "sleep 300; : %s", argv[2]);
            if (fork() == 0) {
                execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
                _exit(1);
            }
        }
        if (rank == 1) {
            sleep(1);
            raise(SIGSEGV);
        }
        block_forever();
    }
    MPI_Finalize();
    return 0;
}
