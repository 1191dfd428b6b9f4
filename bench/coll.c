/* coll.c -- collective latency: barrier, bcast, reduce, allreduce,
 * allgather, alltoall, gather, scatter, gatherv and scatterv over 8 B to
 * 4 MiB.
 *
 * Prints "operation bytes usec" per line: the time of one call, averaged
 * over the iterations and taken from the slowest rank.  bytes is the
 * message of bcast, reduce and allreduce (ints, MPI_SUM) and each
 * process's block for the others (the v forms: blocks of equal size).  Each measurement runs in batches of
 * ten calls until about TIME_BUDGET seconds have passed, rank 0 deciding
 * between batches, so that an MPI that waits slowly when ranks outnumber
 * cores still finishes.  Roots rotate from call to call.  Plain MPI, so it
 * builds against any implementation.  OPS=bcast,scatter measures only
 * those operations. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 10
#define MAX_BYTES (4 << 20)

enum op { BARRIER, BCAST, REDUCE, ALLREDUCE, ALLGATHER, ALLTOALL, GATHER, SCATTER, GATHERV, SCATTERV, NOPS };
static const char *const names[NOPS] = {"barrier",  "bcast",  "reduce",  "allreduce", "allgather",
                                        "alltoall", "gather", "scatter", "gatherv",   "scatterv"};

static const int sizes[] = {8, 64, 512, 4096, 65536, 524288, MAX_BYTES};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

static int rank, size;
static char *sendbuf, *recvbuf;
static int *counts, *displs;

static void call(enum op op, int bytes, int i)
{
    int root = i % size, ints = bytes / (int)sizeof(int);
    switch (op) {
    case BARRIER:
        MPI_Barrier(MPI_COMM_WORLD);
        break;
    case BCAST:
        MPI_Bcast(sendbuf, bytes, MPI_BYTE, root, MPI_COMM_WORLD);
        break;
    case REDUCE:
        MPI_Reduce(sendbuf, recvbuf, ints, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        break;
    case ALLREDUCE:
        MPI_Allreduce(sendbuf, recvbuf, ints, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        break;
    case ALLGATHER:
        MPI_Allgather(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, MPI_COMM_WORLD);
        break;
    case ALLTOALL:
        MPI_Alltoall(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, MPI_COMM_WORLD);
        break;
    case GATHER:
        MPI_Gather(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, root, MPI_COMM_WORLD);
        break;
    case SCATTER:
        MPI_Scatter(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, root, MPI_COMM_WORLD);
        break;
    case GATHERV:
        for (int p = 0; p < size; p++)
            counts[p] = bytes, displs[p] = p * bytes;
        MPI_Gatherv(sendbuf, bytes, MPI_BYTE, recvbuf, counts, displs, MPI_BYTE, root, MPI_COMM_WORLD);
        break;
    case SCATTERV:
        for (int p = 0; p < size; p++)
            counts[p] = bytes, displs[p] = p * bytes;
        MPI_Scatterv(sendbuf, counts, displs, MPI_BYTE, recvbuf, bytes, MPI_BYTE, root, MPI_COMM_WORLD);
        break;
    default:
        break;
    }
}

static double measure(enum op op, int bytes, double budget)
{
    double spent = 0;
    long calls = 0;
    int more = 1;
    for (int i = 0; i < BATCH; i++) /* warm up */
        call(op, bytes, i);
    while (more) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int i = 0; i < BATCH; i++)
            call(op, bytes, (int)(calls + i));
        spent += MPI_Wtime() - t0;
        calls += BATCH;
        more = spent < budget && calls < 100000;
        MPI_Bcast(&more, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    double mine = spent / (double)calls * 1e6, slowest = 0;
    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    return slowest;
}

/* Whether name is one of the comma-separated words of list. */
static int listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, name, len) == 0 && (p[len] == ',' || p[len] == '\0'))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *env = getenv("TIME_BUDGET");
    double budget = env ? atof(env) : 0.2;
    size_t room = (size_t)MAX_BYTES * (size_t)size;
    sendbuf = malloc(room);
    recvbuf = malloc(room);
    memset(sendbuf, 1, room);
    memset(recvbuf, 0, room);
    counts = malloc((size_t)size * sizeof *counts);
    displs = malloc((size_t)size * sizeof *displs);
    /* OPS=bcast,scatter measures only those. */
    const char *only = getenv("OPS");
    for (int op = 0; op < NOPS; op++) {
        if (only && !listed(only, names[op]))
            continue;
        for (int k = 0; k < NSIZES; k++) {
            int bytes = sizes[k];
            double usec = measure((enum op)op, bytes, budget);
            if (rank == 0)
                printf("%s %d %.3f\n", names[op], bytes, usec);
            fflush(stdout);
            if (op == BARRIER)
                break;
        }
    }
    free(sendbuf);
    free(recvbuf);
    free(counts);
    free(displs);
    MPI_Finalize();
    return 0;
}
