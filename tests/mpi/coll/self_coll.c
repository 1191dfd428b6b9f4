/*
 * self_coll.c -- collectives on a communicator of one process
 * (MPI_COMM_SELF), which take a short path without a schedule: each call
 * must still put the process's own block where the standard says, with
 * displacements, a non-contiguous send type and in place; the
 * nonblocking forms (through a schedule) must agree.
 */
#include "mpitest.h"

#include <string.h>

enum { N = 4, OFF = 3 };

/* A vector of N ints, every other one: the send side's layout. */
static MPI_Datatype strided(void)
{
    MPI_Datatype t;
    MPI_Type_vector(N, 1, 2, MPI_INT, &t);
    MPI_Type_commit(&t);
    return t;
}

static void fill(int *buf, int n, int base)
{
    for (int i = 0; i < n; i++)
        buf[i] = base + i;
}

/* recv[OFF..OFF+N) holds base, base+2, ... (the strided send), the rest -1. */
static int check_block(const int *recv, int total, int base, int stride, int at)
{
    int bad = 0;
    for (int i = 0; i < total; i++) {
        int want = i >= at && i < at + N ? base + stride * (i - at) : -1;
        bad += recv[i] != want;
    }
    return bad;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm self = MPI_COMM_SELF;
    MPI_Datatype vec = strided();
    int send[2 * N + 8], recv[N + 8], total = N + 8;
    int count = N, displ = OFF, sdispl = 1;

    for (int blocking = 1; blocking >= 0; blocking--) {
        MPI_Request req = MPI_REQUEST_NULL;
#define RUN(call, icall)                       \
    do {                                       \
        if (blocking)                          \
            call;                              \
        else {                                 \
            icall;                             \
            MPI_Wait(&req, MPI_STATUS_IGNORE); \
        }                                      \
    } while (0)
        const char *how = blocking ? "blocking" : "nonblocking";

        fill(send, 2 * N + 8, 100);
        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Gatherv(send, 1, vec, recv, &count, &displ, MPI_INT, 0, self),
            MPI_Igatherv(send, 1, vec, recv, &count, &displ, MPI_INT, 0, self, &req));
        MT_CHECK(check_block(recv, total, 100, 2, OFF) == 0, "%s gatherv with a displacement", how);

        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Allgatherv(send, 1, vec, recv, &count, &displ, MPI_INT, self),
            MPI_Iallgatherv(send, 1, vec, recv, &count, &displ, MPI_INT, self, &req));
        MT_CHECK(check_block(recv, total, 100, 2, OFF) == 0, "%s allgatherv with a displacement", how);

        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Scatterv(send, &count, &sdispl, MPI_INT, recv + OFF, N, MPI_INT, 0, self),
            MPI_Iscatterv(send, &count, &sdispl, MPI_INT, recv + OFF, N, MPI_INT, 0, self, &req));
        MT_CHECK(check_block(recv, total, 101, 1, OFF) == 0, "%s scatterv from a displacement", how);

        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Alltoallv(send, &count, &sdispl, MPI_INT, recv, &count, &displ, MPI_INT, self),
            MPI_Ialltoallv(send, &count, &sdispl, MPI_INT, recv, &count, &displ, MPI_INT, self, &req));
        MT_CHECK(check_block(recv, total, 101, 1, OFF) == 0, "%s alltoallv with displacements", how);

        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Alltoall(send, 1, vec, recv + OFF, N, MPI_INT, self),
            MPI_Ialltoall(send, 1, vec, recv + OFF, N, MPI_INT, self, &req));
        MT_CHECK(check_block(recv, total, 100, 2, OFF) == 0, "%s alltoall of a strided type", how);

        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Gather(send, 1, vec, recv + OFF, N, MPI_INT, 0, self),
            MPI_Igather(send, 1, vec, recv + OFF, N, MPI_INT, 0, self, &req));
        MT_CHECK(check_block(recv, total, 100, 2, OFF) == 0, "%s gather of a strided type", how);

        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Scatter(send, N, MPI_INT, recv + OFF, N, MPI_INT, 0, self),
            MPI_Iscatter(send, N, MPI_INT, recv + OFF, N, MPI_INT, 0, self, &req));
        MT_CHECK(check_block(recv, total, 100, 1, OFF) == 0, "%s scatter", how);

        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Allgather(send, 1, vec, recv + OFF, N, MPI_INT, self),
            MPI_Iallgather(send, 1, vec, recv + OFF, N, MPI_INT, self, &req));
        MT_CHECK(check_block(recv, total, 100, 2, OFF) == 0, "%s allgather of a strided type", how);

        /* In place: the block stays as it is. */
        fill(recv, total, 7);
        RUN(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recv, &count, &displ, MPI_INT, self),
            MPI_Iallgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recv, &count, &displ, MPI_INT, self, &req));
        RUN(MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, recv, &count, &displ, MPI_INT, self),
            MPI_Ialltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, recv, &count, &displ, MPI_INT, self, &req));
        RUN(MPI_Gather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recv, N, MPI_INT, 0, self),
            MPI_Igather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recv, N, MPI_INT, 0, self, &req));
        RUN(MPI_Scatter(recv, N, MPI_INT, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, 0, self),
            MPI_Iscatter(recv, N, MPI_INT, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, 0, self, &req));
        RUN(MPI_Allreduce(MPI_IN_PLACE, recv, N, MPI_INT, MPI_SUM, self),
            MPI_Iallreduce(MPI_IN_PLACE, recv, N, MPI_INT, MPI_SUM, self, &req));
        int all = N;
        RUN(MPI_Reduce_scatter(MPI_IN_PLACE, recv, &all, MPI_INT, MPI_SUM, self),
            MPI_Ireduce_scatter(MPI_IN_PLACE, recv, &all, MPI_INT, MPI_SUM, self, &req));
        RUN(MPI_Reduce_scatter_block(MPI_IN_PLACE, recv, N, MPI_INT, MPI_SUM, self),
            MPI_Ireduce_scatter_block(MPI_IN_PLACE, recv, N, MPI_INT, MPI_SUM, self, &req));
        int bad = 0;
        for (int i = 0; i < total; i++)
            bad += recv[i] != 7 + i;
        MT_CHECK(bad == 0, "%s in-place calls changed the buffer (%d wrong)", how, bad);

        /* Reductions and scans copy; an exclusive scan leaves recvbuf. */
        fill(send, N, 40);
        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Reduce(send, recv + OFF, N, MPI_INT, MPI_PROD, 0, self),
            MPI_Ireduce(send, recv + OFF, N, MPI_INT, MPI_PROD, 0, self, &req));
        MT_CHECK(check_block(recv, total, 40, 1, OFF) == 0, "%s reduce", how);
        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Allreduce(send, recv + OFF, N, MPI_INT, MPI_MAX, self),
            MPI_Iallreduce(send, recv + OFF, N, MPI_INT, MPI_MAX, self, &req));
        MT_CHECK(check_block(recv, total, 40, 1, OFF) == 0, "%s allreduce", how);
        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Reduce_scatter(send, recv + OFF, &all, MPI_INT, MPI_SUM, self),
            MPI_Ireduce_scatter(send, recv + OFF, &all, MPI_INT, MPI_SUM, self, &req));
        MT_CHECK(check_block(recv, total, 40, 1, OFF) == 0, "%s reduce_scatter", how);
        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Reduce_scatter_block(send, recv + OFF, N, MPI_INT, MPI_MIN, self),
            MPI_Ireduce_scatter_block(send, recv + OFF, N, MPI_INT, MPI_MIN, self, &req));
        MT_CHECK(check_block(recv, total, 40, 1, OFF) == 0, "%s reduce_scatter_block", how);
        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Scan(send, recv + OFF, N, MPI_INT, MPI_SUM, self),
            MPI_Iscan(send, recv + OFF, N, MPI_INT, MPI_SUM, self, &req));
        MT_CHECK(check_block(recv, total, 40, 1, OFF) == 0, "%s scan", how);
        memset(recv, 0xff, sizeof recv);
        RUN(MPI_Exscan(send, recv + OFF, N, MPI_INT, MPI_SUM, self),
            MPI_Iexscan(send, recv + OFF, N, MPI_INT, MPI_SUM, self, &req));
        bad = 0;
        for (int i = 0; i < total; i++)
            bad += recv[i] != -1;
        MT_CHECK(bad == 0, "%s exscan wrote its receive buffer", how);
        RUN(MPI_Bcast(send, N, MPI_INT, 0, self), MPI_Ibcast(send, N, MPI_INT, 0, self, &req));
        RUN(MPI_Barrier(self), MPI_Ibarrier(self, &req));
        MT_CHECK(send[0] == 40 && send[N - 1] == 40 + N - 1, "%s bcast changed the root's data", how);
#undef RUN
    }
    MPI_Type_free(&vec);
    return mt_finish();
}
