/*
 * sends_complete.c -- what a program may do with the request of a send
 * that was complete as it started (a small message that left at once):
 * wait and test it in every form, ask its status, cancel and free it, hold
 * many such requests at once, and mix them with sends that had to queue.
 * Ranks pair up (0-1, 2-3, ...); an odd last rank sends to itself.
 */
#include <string.h>

#include "../mpitest.h"

#define N 16
#define FLOOD 2000

static int peer_of(int rank, int size)
{
    int peer = rank ^ 1;
    return peer < size ? peer : rank;
}

/* Receive N messages of tags base..base+N-1, each one double equal to its
 * tag plus salt, in any order of tags. */
static void receive_set(int peer, int base, double salt)
{
    double got[N];
    MPI_Request r[N];
    for (int i = 0; i < N; i++)
        MPI_Irecv(&got[i], 1, MPI_DOUBLE, peer, base + i, MPI_COMM_WORLD, &r[i]);
    MPI_Waitall(N, r, MPI_STATUSES_IGNORE);
    for (int i = 0; i < N; i++)
        MT_CHECK(got[i] == base + i + salt, "tag %d: got %g, want %g", base + i, got[i], base + i + salt);
}

static void send_set(int peer, int base, double salt, double out[N], MPI_Request r[N])
{
    for (int i = 0; i < N; i++) {
        out[i] = base + i + salt;
        MPI_Isend(&out[i], 1, MPI_DOUBLE, peer, base + i, MPI_COMM_WORLD, &r[i]);
    }
}

/* Complete r[0..N) by each of the completion calls in turn; every status
 * is a send's: not cancelled, no error. */
static void complete_every_way(MPI_Request r[N])
{
    MPI_Status st[N];
    int flag = 0, index = -1, outcount = 0, indices[N];

    /* MPI_Request_get_status leaves the request as it is. */
    do
        MPI_Request_get_status(r[0], &flag, &st[0]);
    while (!flag);
    MT_CHECK(r[0] != MPI_REQUEST_NULL, "MPI_Request_get_status freed the request");
    int cancelled = 1;
    MPI_Test_cancelled(&st[0], &cancelled);
    MT_CHECK(!cancelled, "a send that completed reports cancelled");

    MPI_Wait(&r[0], &st[0]);
    MT_CHECK(r[0] == MPI_REQUEST_NULL, "MPI_Wait left the handle");

    do
        MPI_Test(&r[1], &flag, &st[1]);
    while (!flag);
    MT_CHECK(r[1] == MPI_REQUEST_NULL, "MPI_Test left the handle");

    /* Two of the rest by MPI_Waitany, one by MPI_Testany. */
    for (int k = 0; k < 2; k++) {
        MPI_Waitany(4, &r[2], &index, &st[2]);
        MT_CHECK(index >= 0 && index < 4 && r[2 + index] == MPI_REQUEST_NULL, "MPI_Waitany: index %d", index);
    }
    do
        MPI_Testany(4, &r[2], &index, &flag, &st[2]);
    while (!flag);
    MT_CHECK(index >= 0 && index < 4, "MPI_Testany: index %d", index);
    MPI_Waitall(4, &r[2], &st[2]); /* the last of the four, and three null handles */
    for (int i = 2; i < 6; i++)
        MT_CHECK(r[i] == MPI_REQUEST_NULL, "MPI_Waitall left handle %d", i);

    /* MPI_Request_get_status_all on four, then MPI_Testall on them. */
    do
        MPI_Request_get_status_all(4, &r[6], &flag, &st[6]);
    while (!flag);
    for (int i = 6; i < 10; i++)
        MT_CHECK(r[i] != MPI_REQUEST_NULL && st[i].MPI_ERROR == MPI_SUCCESS, "get_status_all: request %d", i);
    MPI_Testall(4, &r[6], &flag, &st[6]);
    MT_CHECK(flag, "MPI_Testall of completed sends: flag 0");

    /* MPI_Waitsome and MPI_Testsome until the next four are done. */
    int left = 4;
    while (left > 0) {
        MPI_Waitsome(4, &r[10], &outcount, indices, st);
        MT_CHECK(outcount >= 1 && outcount <= left, "MPI_Waitsome: outcount %d of %d", outcount, left);
        for (int k = 0; k < outcount; k++)
            MT_CHECK(st[k].MPI_ERROR == MPI_SUCCESS, "MPI_Waitsome: status %d error %d", k, st[k].MPI_ERROR);
        left -= outcount > 0 ? outcount : left;
    }
    MPI_Testsome(4, &r[10], &outcount, indices, st);
    MT_CHECK(outcount == MPI_UNDEFINED, "MPI_Testsome on null handles: outcount %d", outcount);

    /* A completed send may be freed; cancelling one does nothing. */
    MPI_Request_free(&r[14]);
    MT_CHECK(r[14] == MPI_REQUEST_NULL, "MPI_Request_free left the handle");
    do
        MPI_Request_get_status(r[15], &flag, MPI_STATUS_IGNORE);
    while (!flag);
    MPI_Cancel(&r[15]);
    MPI_Wait(&r[15], &st[15]);
    MPI_Test_cancelled(&st[15], &cancelled);
    MT_CHECK(!cancelled, "a send cancelled after completing reports cancelled");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int peer = peer_of(rank, size);
    double out[N];
    MPI_Request r[N];

    /* Every completion call on small sends, several rounds. */
    for (int round = 0; round < 4; round++) {
        int base = round * N;
        if (peer == rank) {
            send_set(peer, base, 0.5, out, r);
            receive_set(peer, base, 0.5);
            complete_every_way(r);
        } else if (rank < peer) {
            send_set(peer, base, 0.5, out, r);
            complete_every_way(r);
            receive_set(peer, base, 0.25);
        } else {
            receive_set(peer, base, 0.5);
            send_set(peer, base, 0.25, out, r);
            complete_every_way(r);
        }
    }

    /* More small sends than the transport holds, before the receiver
     * takes any: the first leave at once, the rest queue for room; all
     * arrive in order, each request completes once. */
    static int flood[FLOOD], got[FLOOD];
    static MPI_Request fr[FLOOD];
    int go = 1;
    if (rank <= peer) {
        for (int i = 0; i < FLOOD; i++) {
            flood[i] = rank * 100000 + i;
            MPI_Isend(&flood[i], 1, MPI_INT, peer, 1000, MPI_COMM_WORLD, &fr[i]);
        }
        if (peer != rank)
            MPI_Send(&go, 1, MPI_INT, peer, 999, MPI_COMM_WORLD);
    }
    if (rank >= peer) {
        if (peer != rank)
            MPI_Recv(&go, 1, MPI_INT, peer, 999, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < FLOOD; i++)
            MPI_Recv(&got[i], 1, MPI_INT, peer, 1000, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < FLOOD; i++)
            MT_CHECK(got[i] == peer * 100000 + i, "flood message %d: got %d", i, got[i]);
    }
    if (rank <= peer) {
        MPI_Status st[FLOOD];
        MPI_Waitall(FLOOD, fr, st);
        for (int i = 0; i < FLOOD; i++)
            MT_CHECK(fr[i] == MPI_REQUEST_NULL && st[i].MPI_ERROR == MPI_SUCCESS, "flood request %d", i);
    }

    /* More requests than a call keeps on its stack (64), receives and
     * sends mixed: taken by MPI_Waitsome, then by MPI_Testany. */
    for (int way = 0; way < 2; way++) {
        enum { M = 100 };
        static int in[M], outv[M], seen[2 * M];
        static MPI_Request mr[2 * M];
        for (int i = 0; i < M; i++) {
            outv[i] = rank * 1000 + way * 100 + i;
            MPI_Irecv(&in[i], 1, MPI_INT, peer, 2000 + i, MPI_COMM_WORLD, &mr[2 * i]);
            MPI_Isend(&outv[i], 1, MPI_INT, peer, 2000 + i, MPI_COMM_WORLD, &mr[2 * i + 1]);
            seen[2 * i] = seen[2 * i + 1] = 0;
        }
        int left = 2 * M, indices[2 * M], outcount, index, flag;
        while (left > 0) {
            if (way == 0) {
                MPI_Waitsome(2 * M, mr, &outcount, indices, MPI_STATUSES_IGNORE);
            } else {
                MPI_Testany(2 * M, mr, &index, &flag, MPI_STATUS_IGNORE);
                outcount = flag && index != MPI_UNDEFINED ? 1 : 0;
                indices[0] = index;
            }
            MT_CHECK(outcount != MPI_UNDEFINED, "way %d: no active request with %d left", way, left);
            if (outcount == MPI_UNDEFINED)
                break;
            for (int k = 0; k < outcount; k++) {
                MT_CHECK(!seen[indices[k]]++, "way %d: request %d reported twice", way, indices[k]);
                MT_CHECK(mr[indices[k]] == MPI_REQUEST_NULL, "way %d: request %d left", way, indices[k]);
            }
            left -= outcount;
        }
        for (int i = 0; i < M; i++)
            MT_CHECK(in[i] == peer * 1000 + way * 100 + i, "way %d: message %d is %d", way, i, in[i]);
    }

    /* A ready send to a receive known to be posted, and a send to
     * MPI_PROC_NULL, complete like the others. */
    double x = 3.0, y = 0.0;
    MPI_Request rr, sr;
    if (peer != rank) {
        MPI_Irecv(&y, 1, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD, &rr);
        MPI_Sendrecv(&go, 1, MPI_INT, peer, 6, &go, 1, MPI_INT, peer, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Irsend(&x, 1, MPI_DOUBLE, peer, 7, MPI_COMM_WORLD, &sr);
        MPI_Wait(&sr, MPI_STATUS_IGNORE);
        MPI_Wait(&rr, MPI_STATUS_IGNORE);
        MT_CHECK(y == 3.0, "ready send: got %g", y);
    }
    MPI_Isend(&x, 1, MPI_DOUBLE, MPI_PROC_NULL, 8, MPI_COMM_WORLD, &sr);
    MPI_Wait(&sr, MPI_STATUS_IGNORE);
    MT_CHECK(sr == MPI_REQUEST_NULL, "send to MPI_PROC_NULL left the handle");
    return mt_finish();
}
