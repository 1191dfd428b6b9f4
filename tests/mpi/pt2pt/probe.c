/* probe.c -- MPI_Probe/MPI_Iprobe report a message's envelope and length
 * without receiving it; MPI_Mprobe/MPI_Improbe take it out of matching so
 * only MPI_Mrecv/MPI_Imrecv can receive it; MPI_PROC_NULL and
 * MPI_MESSAGE_NO_PROC; bad message handles. */
#include <string.h>

#include "mpitest.h"

static const size_t sizes[] = {0, 30, 3000, 300000};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Status status;
    int flag, count;

    if (size >= 2 && rank <= 1) {
        if (rank == 0) {
            /* Probe-then-receive messages of each size class. */
            for (int i = 0; i < 4; i++) {
                unsigned char *buf = malloc(sizes[i] + 1);
                mt_fill(buf, sizes[i], 0, i);
                MPI_Send(buf, (int)sizes[i], MPI_BYTE, 1, 40 + i, MPI_COMM_WORLD);
                free(buf);
            }
            /* A then B with the same tag: Mprobe takes A away from MPI_Recv. */
            int a = 1, b = 2, c = 3, d = 4;
            MPI_Send(&a, 1, MPI_INT, 1, 50, MPI_COMM_WORLD);
            MPI_Send(&b, 1, MPI_INT, 1, 50, MPI_COMM_WORLD);
            MPI_Send(&c, 1, MPI_INT, 1, 51, MPI_COMM_WORLD);
            static unsigned char big[200000];
            mt_fill(big, sizeof big, 0, 99);
            MPI_Send(big, sizeof big, MPI_BYTE, 1, 52, MPI_COMM_WORLD);
            MPI_Send(&d, 1, MPI_INT, 1, 53, MPI_COMM_WORLD);
        } else {
            for (int i = 3; i >= 0; i--) {
                /* Probe out of order by tag; the length comes from the status. */
                MPI_Probe(0, 40 + i, MPI_COMM_WORLD, &status);
                MPI_Get_count(&status, MPI_BYTE, &count);
                MT_CHECK(count == (int)sizes[i], "probe %d: count %d", i, count);
                MT_CHECK(status.MPI_SOURCE == 0 && status.MPI_TAG == 40 + i, "probe %d envelope", i);
                MPI_Iprobe(0, 40 + i, MPI_COMM_WORLD, &flag, &status);
                MT_CHECK(flag == 1, "iprobe after probe found nothing");
                unsigned char *buf = malloc((size_t)count + 1);
                MPI_Recv(buf, count, MPI_BYTE, 0, 40 + i, MPI_COMM_WORLD, &status);
                MT_CHECK(mt_verify(buf, (size_t)count, 0, i) < 0, "probed message %d corrupted", i);
                free(buf);
            }
            int v = 0;
            MPI_Message m;
            MPI_Mprobe(0, 50, MPI_COMM_WORLD, &m, &status);
            MT_CHECK(m != MPI_MESSAGE_NULL && m != MPI_MESSAGE_NO_PROC, "Mprobe message handle");
            MPI_Recv(&v, 1, MPI_INT, 0, 50, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(v == 2, "MPI_Recv took %d, not the second message", v);
            MPI_Mrecv(&v, 1, MPI_INT, &m, &status);
            MT_CHECK(v == 1 && m == MPI_MESSAGE_NULL && status.MPI_TAG == 50, "Mrecv got %d", v);

            flag = 0;
            while (!flag)
                MPI_Improbe(0, 51, MPI_COMM_WORLD, &flag, &m, &status);
            MPI_Request r;
            MPI_Imrecv(&v, 1, MPI_INT, &m, &r);
            MPI_Wait(&r, &status);
            MT_CHECK(v == 3 && status.MPI_TAG == 51, "Imrecv got %d", v);

            /* A rendezvous message, matched by probe and received later. */
            static unsigned char big[200000];
            MPI_Mprobe(0, 52, MPI_COMM_WORLD, &m, &status);
            MPI_Get_count(&status, MPI_BYTE, &count);
            MT_CHECK(count == (int)sizeof big, "large Mprobe count %d", count);
            MPI_Mrecv(big, count, MPI_BYTE, &m, &status);
            MT_CHECK(mt_verify(big, sizeof big, 0, 99) < 0, "large Mrecv corrupted");
            MPI_Recv(&v, 1, MPI_INT, 0, 53, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(v == 4, "message after large Mrecv: %d", v);
        }
    }

    /* Probing one's own message. */
    int mine = 5, got = 0;
    MPI_Request r;
    MPI_Isend(&mine, 1, MPI_INT, rank, 60, MPI_COMM_WORLD, &r);
    MPI_Iprobe(rank, 60, MPI_COMM_WORLD, &flag, &status);
    MT_CHECK(flag && status.MPI_SOURCE == rank, "self iprobe flag %d", flag);
    MPI_Iprobe(rank, 61, MPI_COMM_WORLD, &flag, &status);
    MT_CHECK(!flag, "iprobe found a tag never sent");
    MPI_Recv(&got, 1, MPI_INT, rank, 60, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MT_CHECK(got == 5, "self message %d", got);

    /* MPI_PROC_NULL. */
    MPI_Iprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &status);
    MT_CHECK(flag && status.MPI_SOURCE == MPI_PROC_NULL && status.MPI_TAG == MPI_ANY_TAG, "iprobe PROC_NULL");
    MPI_Probe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &status);
    MT_CHECK(status.MPI_SOURCE == MPI_PROC_NULL, "probe PROC_NULL");
    MPI_Message m;
    MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &m, &status);
    MT_CHECK(m == MPI_MESSAGE_NO_PROC, "mprobe PROC_NULL gave another handle");
    MPI_Mrecv(&got, 1, MPI_INT, &m, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    MT_CHECK(m == MPI_MESSAGE_NULL && status.MPI_SOURCE == MPI_PROC_NULL && count == 0, "mrecv NO_PROC");
    MPI_Improbe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &m, &status);
    MT_CHECK(flag && m == MPI_MESSAGE_NO_PROC, "improbe PROC_NULL");
    MPI_Imrecv(&got, 1, MPI_INT, &m, &r);
    MPI_Wait(&r, &status);
    MT_CHECK(status.MPI_SOURCE == MPI_PROC_NULL, "imrecv NO_PROC status source %d", status.MPI_SOURCE);

    /* Bad input. */
    int cls = -1;
    m = MPI_MESSAGE_NULL;
    MPI_Error_class(MPI_Mrecv(&got, 1, MPI_INT, &m, &status), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "Mrecv(MPI_MESSAGE_NULL) class %d", cls);
    m = (MPI_Message)(uintptr_t)0xa0000777;
    MPI_Error_class(MPI_Mrecv(&got, 1, MPI_INT, &m, &status), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "Mrecv(made-up message) class %d", cls);
    MPI_Error_class(MPI_Probe(size, 0, MPI_COMM_WORLD, &status), &cls);
    MT_CHECK(cls == MPI_ERR_RANK, "Probe(rank = size) class %d", cls);
    MPI_Error_class(MPI_Iprobe(0, -5, MPI_COMM_WORLD, &flag, &status), &cls);
    MT_CHECK(cls == MPI_ERR_TAG, "Iprobe(tag -5) class %d", cls);
    return mt_finish();
}
