/* partitioned.c -- MPI_Psend_init/MPI_Precv_init around a ring: partitions
 * made ready one by one, by range and by list, in any order, over several
 * rounds; different partition counts on the two sides; MPI_Parrived
 * before and after; an ordinary message with the same tag in flight at
 * the same time goes to the ordinary receive; inits of the same envelope
 * matched in init order, not start order; and the argument errors. */
#include <string.h>

#include "../mpitest.h"

enum { PARTS = 8, PER = 5000, ROUNDS = 3 };

static int rank, size, right, left;

static void rounds(int recv_parts)
{
    double *out = calloc(PARTS * PER, sizeof *out), *in = calloc(PARTS * PER, sizeof *in);
    MPI_Request send, recv;
    MPI_Psend_init(out, PARTS, PER, MPI_DOUBLE, right, 4, MPI_COMM_WORLD, MPI_INFO_NULL, &send);
    MPI_Precv_init(in, recv_parts, (MPI_Count)PARTS * PER / recv_parts, MPI_DOUBLE, left, 4, MPI_COMM_WORLD,
                   MPI_INFO_NULL, &recv);
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < PARTS * PER; i++) {
            out[i] = rank * 1e6 + round * 1e5 + i;
            in[i] = -1;
        }
        MPI_Start(&recv);
        int flag = 1;
        MPI_Parrived(recv, 0, &flag);
        MT_CHECK(!flag, "partition 0 arrived before the send started");
        /* No send starts before every receiver has looked: without it the
         * left neighbour, done with the round before (its partitions sent
         * eagerly), may already have sent this round's partition 0. */
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Start(&send);
        /* An ordinary message with the same tag, sent between the
         * partitions: the ordinary receive takes it, the partitioned one
         * does not. */
        int note = round, got = -1;
        MPI_Request ordinary;
        MPI_Irecv(&got, 1, MPI_INT, left, 4, MPI_COMM_WORLD, &ordinary);
        if (round == 0) {
            for (int p = PARTS - 1; p >= 0; p--)
                MPI_Pready(p, send);
        } else if (round == 1) {
            MPI_Pready_range(0, PARTS / 2 - 1, send);
            MPI_Send(&note, 1, MPI_INT, right, 4, MPI_COMM_WORLD);
            MPI_Pready_range(PARTS / 2, PARTS - 1, send);
        } else {
            int list[PARTS];
            for (int p = 0; p < PARTS; p++)
                list[p] = (p * 3) % PARTS;
            MPI_Pready_list(PARTS, list, send);
        }
        if (round != 1)
            MPI_Send(&note, 1, MPI_INT, right, 4, MPI_COMM_WORLD);
        for (int p = 0; p < recv_parts; p++) {
            flag = 0;
            while (!flag)
                MPI_Parrived(recv, p, &flag);
        }
        MPI_Status status;
        MPI_Wait(&recv, &status);
        MPI_Wait(&send, MPI_STATUS_IGNORE);
        MPI_Wait(&ordinary, MPI_STATUS_IGNORE);
        int wrong = 0;
        for (int i = 0; i < PARTS * PER; i++)
            wrong += in[i] != left * 1e6 + round * 1e5 + i;
        MT_CHECK(!wrong && got == round, "round %d, %d receive partitions: %d wrong, ordinary message %d", round,
                 recv_parts, wrong, got);
        MT_CHECK(status.MPI_SOURCE == left && status.MPI_TAG == 4, "status: source %d tag %d", status.MPI_SOURCE,
                 status.MPI_TAG);
        MPI_Parrived(recv, 0, &flag);
        MT_CHECK(flag, "an inactive partitioned receive has nothing left to arrive");
    }
    MPI_Request_free(&send);
    MPI_Request_free(&recv);
    free(out);
    free(in);
}

/* Several partitioned inits with the same peer and tag match in the order
 * they were initialized, whatever order they are started in (MPI-4.1
 * 4.2.2): sends started last to first, receives first to last, for two
 * rounds; small messages and one beyond the eager limit. */
enum { SAME = 3 };
static void init_order(void)
{
    static const int counts[SAME] = {4, 100000, 7};
    int *out[SAME], *in[SAME];
    MPI_Request send[SAME], recv[SAME];
    for (int k = 0; k < SAME; k++) {
        out[k] = calloc((size_t)counts[k], sizeof(int));
        in[k] = calloc((size_t)counts[k], sizeof(int));
        MPI_Psend_init(out[k], 1, counts[k], MPI_INT, right, 9, MPI_COMM_WORLD, MPI_INFO_NULL, &send[k]);
        MPI_Precv_init(in[k], 1, counts[k], MPI_INT, left, 9, MPI_COMM_WORLD, MPI_INFO_NULL, &recv[k]);
    }
    for (int round = 0; round < 2; round++) {
        for (int k = SAME - 1; k >= 0; k--) {
            for (int i = 0; i < counts[k]; i++)
                out[k][i] = 1000 * round + 100 * k + rank;
            MPI_Start(&send[k]);
            MPI_Pready(0, send[k]);
        }
        MPI_Startall(SAME, recv);
        MPI_Waitall(SAME, recv, MPI_STATUSES_IGNORE);
        MPI_Waitall(SAME, send, MPI_STATUSES_IGNORE);
        for (int k = 0; k < SAME; k++) {
            int want = 1000 * round + 100 * k + left, bad = 0;
            for (int i = 0; i < counts[k]; i++)
                bad += in[k][i] != want;
            MT_CHECK(bad == 0, "round %d, init %d: %d of %d ints wrong (first %d, want %d)", round, k, bad, counts[k],
                     in[k][0], want);
        }
    }
    for (int k = 0; k < SAME; k++) {
        MPI_Request_free(&send[k]);
        MPI_Request_free(&recv[k]);
        free(out[k]);
        free(in[k]);
    }
}

static void errors(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    double x[4];
    MPI_Request send, recv, plain;
    MT_EXPECT_CLASS(MPI_Psend_init(x, 0, 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &send), MPI_ERR_ARG,
                    "zero partitions");
    MT_EXPECT_CLASS(MPI_Precv_init(x, 2, 2, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &recv),
                    MPI_ERR_RANK, "MPI_ANY_SOURCE");
    MT_EXPECT_CLASS(MPI_Precv_init(x, 2, 2, MPI_DOUBLE, left, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv),
                    MPI_ERR_TAG, "MPI_ANY_TAG");
    MPI_Psend_init(x, 2, 2, MPI_DOUBLE, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &send);
    MT_EXPECT_CLASS(MPI_Pready(0, send), MPI_ERR_REQUEST, "Pready before MPI_Start");
    MPI_Start(&send);
    MT_EXPECT_CLASS(MPI_Pready(2, send), MPI_ERR_ARG, "partition 2 of 2");
    MPI_Pready(1, send);
    MT_EXPECT_CLASS(MPI_Pready(1, send), MPI_ERR_ARG, "partition 1 twice");
    MPI_Pready(0, send);
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    MPI_Send_init(x, 1, MPI_DOUBLE, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &plain);
    int flag;
    MT_EXPECT_CLASS(MPI_Parrived(plain, 0, &flag), MPI_ERR_REQUEST, "Parrived on an ordinary request");
    MPI_Request_free(&plain);
    MPI_Request_free(&send);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    rounds(PARTS);
    init_order();
    rounds(2);
    errors();
    return mt_finish();
}
