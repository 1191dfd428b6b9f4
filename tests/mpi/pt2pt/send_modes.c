/* send_modes.c -- synchronous, ready and standard sends, MPI_Sendrecv_replace,
 * and persistent requests restarted thousands of times.  A synchronous send
 * must not complete before its receive is posted, which the test arranges
 * without any timing: the receiver posts only after a go message. */
#include <string.h>

#include "mpitest.h"

static const size_t ssend_sizes[] = {0, 8, 1000, 100000};

static void synchronous(int rank)
{
    static unsigned char buf[100000];
    for (int i = 0; i < 4; i++) {
        size_t len = ssend_sizes[i];
        if (rank == 0) {
            mt_fill(buf, len, 0, i);
            MPI_Request r;
            MPI_Issend(buf, (int)len, MPI_BYTE, 1, i, MPI_COMM_WORLD, &r);
            int flag = 0;
            for (int k = 0; k < 1000 && !flag; k++)
                MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
            MT_CHECK(!flag, "Issend of %zu bytes completed before its receive was posted", len);
            int go = 1;
            MPI_Send(&go, 1, MPI_INT, 1, 100 + i, MPI_COMM_WORLD);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            /* Blocking form, to a receive already waiting. */
            MPI_Ssend(buf, (int)len, MPI_BYTE, 1, 200 + i, MPI_COMM_WORLD);
        } else {
            int go;
            MPI_Recv(&go, 1, MPI_INT, 0, 100 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            memset(buf, 0, len);
            MPI_Status status;
            MPI_Recv(buf, (int)len, MPI_BYTE, 0, i, MPI_COMM_WORLD, &status);
            int count;
            MPI_Get_count(&status, MPI_BYTE, &count);
            MT_CHECK(count == (int)len && mt_verify(buf, len, 0, i) < 0, "Issend of %zu bytes arrived wrong", len);
            MPI_Recv(buf, (int)len, MPI_BYTE, 0, 200 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(mt_verify(buf, len, 0, i) < 0, "Ssend of %zu bytes arrived wrong", len);
        }
    }
}

static void ready(int rank)
{
    int v = -1;
    if (rank == 1) {
        MPI_Request r[2];
        int w = -1;
        MPI_Irecv(&v, 1, MPI_INT, 0, 300, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&w, 1, MPI_INT, 0, 301, MPI_COMM_WORLD, &r[1]);
        int posted = 1;
        MPI_Send(&posted, 1, MPI_INT, 0, 302, MPI_COMM_WORLD);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        MT_CHECK(v == 31 && w == 32, "ready sends delivered %d and %d", v, w);
    } else {
        int posted;
        MPI_Recv(&posted, 1, MPI_INT, 1, 302, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int a = 31, b = 32;
        MPI_Rsend(&a, 1, MPI_INT, 1, 300, MPI_COMM_WORLD);
        MPI_Request r;
        MPI_Irsend(&b, 1, MPI_INT, 1, 301, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
}

static void replace(int rank, int size)
{
    static const size_t lens[] = {4, 4000, 400000};
    for (int i = 0; i < 3; i++) {
        size_t len = lens[i];
        unsigned char *buf = malloc(len);
        mt_fill(buf, len, rank, i);
        MPI_Status status;
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        MPI_Sendrecv_replace(buf, (int)len, MPI_BYTE, next, i, prev, i, MPI_COMM_WORLD, &status);
        MT_CHECK(status.MPI_SOURCE == prev, "Sendrecv_replace source %d", status.MPI_SOURCE);
        MT_CHECK(mt_verify(buf, len, prev, i) < 0, "Sendrecv_replace of %zu bytes corrupted", len);
        free(buf);
    }
}

#define RESTARTS 3000

static void persistent(int rank, int size)
{
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    int out[2], in[2] = {-1, -1};
    MPI_Request reqs[3];
    MPI_Recv_init(in, 2, MPI_INT, prev, 400, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send_init(out, 2, MPI_INT, next, 400, MPI_COMM_WORLD, &reqs[1]);
    /* An inactive persistent request completes at once, with an empty status. */
    MPI_Status status;
    MPI_Wait(&reqs[0], &status);
    MT_CHECK(reqs[0] != MPI_REQUEST_NULL && status.MPI_SOURCE == MPI_ANY_SOURCE, "wait on inactive request");
    for (int i = 0; i < RESTARTS; i++) {
        out[0] = rank;
        out[1] = i;
        if (i % 2) {
            MPI_Startall(2, reqs);
        } else {
            MPI_Start(&reqs[0]);
            MPI_Start(&reqs[1]);
        }
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        if (in[0] != prev || in[1] != i) {
            MT_CHECK(0, "restart %d delivered (%d, %d)", i, in[0], in[1]);
            break;
        }
    }
    MT_CHECK(reqs[0] != MPI_REQUEST_NULL && reqs[1] != MPI_REQUEST_NULL, "persistent handles lost");

    /* Synchronous and ready persistent sends, and a large message. */
    static unsigned char big_out[300000], big_in[300000];
    MPI_Ssend_init(big_out, sizeof big_out, MPI_BYTE, next, 401, MPI_COMM_WORLD, &reqs[2]);
    MPI_Request rbig;
    MPI_Recv_init(big_in, sizeof big_in, MPI_BYTE, prev, 401, MPI_COMM_WORLD, &rbig);
    for (int i = 0; i < 5; i++) {
        mt_fill(big_out, sizeof big_out, rank, i);
        MPI_Start(&rbig);
        MPI_Start(&reqs[2]);
        MPI_Wait(&reqs[2], MPI_STATUS_IGNORE);
        MPI_Wait(&rbig, &status);
        MT_CHECK(mt_verify(big_in, sizeof big_in, prev, i) < 0, "large persistent message %d corrupted", i);
    }

    /* Bad uses of MPI_Start. */
    int cls = -1;
    MPI_Start(&reqs[0]);
    MPI_Error_class(MPI_Start(&reqs[0]), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "starting an active request: class %d", cls);
    MPI_Start(&reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Request plain;
    MPI_Irecv(in, 2, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &plain);
    MPI_Error_class(MPI_Start(&plain), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "starting a non-persistent request: class %d", cls);
    MPI_Wait(&plain, MPI_STATUS_IGNORE);
    MPI_Request twice[2] = {reqs[0], reqs[0]};
    MPI_Error_class(MPI_Startall(2, twice), &cls);
    MT_CHECK(cls == MPI_ERR_REQUEST, "Startall with a request twice: class %d", cls);

    for (int i = 0; i < 3; i++) {
        MPI_Request_free(&reqs[i]);
        MT_CHECK(reqs[i] == MPI_REQUEST_NULL, "Request_free on persistent request %d", i);
    }
    MPI_Request_free(&rbig);

    /* MPI_PROC_NULL persistent requests complete at once. */
    MPI_Request pn;
    MPI_Recv_init(in, 2, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &pn);
    MPI_Start(&pn);
    MPI_Wait(&pn, &status);
    MT_CHECK(status.MPI_SOURCE == MPI_PROC_NULL, "persistent PROC_NULL receive status %d", status.MPI_SOURCE);
    MPI_Request_free(&pn);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (size >= 2 && rank <= 1) {
        synchronous(rank);
        ready(rank);
    }
    /* Ssend to oneself completes once the receive is posted. */
    int v = 9, w = 0;
    MPI_Request r;
    MPI_Irecv(&w, 1, MPI_INT, rank, 500, MPI_COMM_WORLD, &r);
    MPI_Ssend(&v, 1, MPI_INT, rank, 500, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MT_CHECK(w == 9, "Ssend to self delivered %d", w);
    replace(rank, size);
    persistent(rank, size);
    return mt_finish();
}
