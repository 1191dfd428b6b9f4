/*
 * status_error.c -- the MPI_ERROR field of a status: calls that return one
 * status (receive, wait, test, probe, matched probe and receive, with a
 * real peer and with MPI_PROC_NULL) leave it as the program set it, but
 * for the empty status of a null request, which MPI defines whole; calls
 * that return several set it in each, a failed request's to its error
 * class with MPI_ERR_IN_STATUS.
 */
#include <string.h>

#include "mpitest.h"

/* A status whose every field is garbage but the error field, which holds
 * a marker no call would write. */
static MPI_Status marked(int marker)
{
    MPI_Status s;
    memset(&s, 0xab, sizeof s);
    s.MPI_ERROR = marker;
    return s;
}

#define UNTOUCHED(s, marker, call) \
    MT_CHECK((s).MPI_ERROR == (marker), "%s changed MPI_ERROR to %d", call, (s).MPI_ERROR)

/* Sends one int to `to` (a receive is already posted or will be). */
static void send_int(int to, int tag, int value)
{
    MPI_Send(&value, 1, MPI_INT, to, tag, MPI_COMM_WORLD);
}

static void single_status_calls(int rank, int size)
{
    int peer = (rank + 1) % size, from = (rank + size - 1) % size, v = 0;
    MPI_Status s;
    MPI_Request req;
    MPI_Message msg;
    int flag;

    /* MPI_Recv */
    s = marked(MPI_ERR_DIMS);
    MPI_Irecv(&v, 1, MPI_INT, from, 1, MPI_COMM_WORLD, &req);
    send_int(peer, 1, rank);
    MPI_Wait(&req, &s);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Wait on a receive");
    MT_CHECK(s.MPI_SOURCE == from && s.MPI_TAG == 1 && v == from, "MPI_Wait's status or data wrong");

    s = marked(MPI_ERR_TOPOLOGY);
    MPI_Sendrecv(&rank, 1, MPI_INT, peer, 2, &v, 1, MPI_INT, from, 2, MPI_COMM_WORLD, &s);
    UNTOUCHED(s, MPI_ERR_TOPOLOGY, "MPI_Sendrecv");
    MT_CHECK(s.MPI_SOURCE == from && s.MPI_TAG == 2, "MPI_Sendrecv's status wrong");

    /* MPI_Test until it completes */
    s = marked(MPI_ERR_DIMS);
    MPI_Irecv(&v, 1, MPI_INT, from, 3, MPI_COMM_WORLD, &req);
    send_int(peer, 3, rank);
    do
        MPI_Test(&req, &flag, &s);
    while (!flag);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Test");

    /* MPI_Probe, MPI_Iprobe, then MPI_Recv */
    send_int(peer, 4, rank);
    s = marked(MPI_ERR_DIMS);
    MPI_Probe(from, 4, MPI_COMM_WORLD, &s);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Probe");
    s = marked(MPI_ERR_TOPOLOGY);
    MPI_Iprobe(from, 4, MPI_COMM_WORLD, &flag, &s);
    MT_CHECK(flag, "MPI_Iprobe did not see a probed message");
    UNTOUCHED(s, MPI_ERR_TOPOLOGY, "MPI_Iprobe");
    s = marked(MPI_ERR_DIMS);
    MPI_Recv(&v, 1, MPI_INT, from, 4, MPI_COMM_WORLD, &s);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Recv");

    /* MPI_Mprobe, MPI_Mrecv */
    send_int(peer, 5, rank);
    s = marked(MPI_ERR_DIMS);
    MPI_Mprobe(from, 5, MPI_COMM_WORLD, &msg, &s);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Mprobe");
    s = marked(MPI_ERR_TOPOLOGY);
    MPI_Mrecv(&v, 1, MPI_INT, &msg, &s);
    UNTOUCHED(s, MPI_ERR_TOPOLOGY, "MPI_Mrecv");
    MT_CHECK(s.MPI_SOURCE == from && s.MPI_TAG == 5 && v == from, "MPI_Mrecv's status or data wrong");

    /* MPI_PROC_NULL: the status of no message, the error field left */
    s = marked(MPI_ERR_DIMS);
    MPI_Recv(&v, 1, MPI_INT, MPI_PROC_NULL, 6, MPI_COMM_WORLD, &s);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Recv from MPI_PROC_NULL");
    MT_CHECK(s.MPI_SOURCE == MPI_PROC_NULL && s.MPI_TAG == MPI_ANY_TAG, "MPI_PROC_NULL receive's status wrong");
    s = marked(MPI_ERR_DIMS);
    MPI_Probe(MPI_PROC_NULL, 6, MPI_COMM_WORLD, &s);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Probe of MPI_PROC_NULL");
    s = marked(MPI_ERR_DIMS);
    MPI_Mprobe(MPI_PROC_NULL, 6, MPI_COMM_WORLD, &msg, &s);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Mprobe of MPI_PROC_NULL");
    MT_CHECK(msg == MPI_MESSAGE_NO_PROC, "MPI_Mprobe of MPI_PROC_NULL gave no MPI_MESSAGE_NO_PROC");
    s = marked(MPI_ERR_TOPOLOGY);
    MPI_Mrecv(&v, 0, MPI_INT, &msg, &s);
    UNTOUCHED(s, MPI_ERR_TOPOLOGY, "MPI_Mrecv of MPI_MESSAGE_NO_PROC");
    int count = -1;
    MPI_Get_count(&s, MPI_INT, &count);
    MT_CHECK(s.MPI_SOURCE == MPI_PROC_NULL && s.MPI_TAG == MPI_ANY_TAG && count == 0,
             "MPI_Mrecv of MPI_MESSAGE_NO_PROC: source %d tag %d count %d", s.MPI_SOURCE, s.MPI_TAG, count);

    /* A null request: the empty status, which MPI defines whole (its
     * error field MPI_SUCCESS) */
    req = MPI_REQUEST_NULL;
    s = marked(MPI_ERR_DIMS);
    MPI_Wait(&req, &s);
    MT_CHECK(s.MPI_SOURCE == MPI_ANY_SOURCE && s.MPI_TAG == MPI_ANY_TAG && s.MPI_ERROR == MPI_SUCCESS,
             "MPI_Wait on MPI_REQUEST_NULL: not the empty status (%d, %d, %d)", s.MPI_SOURCE, s.MPI_TAG, s.MPI_ERROR);
    s = marked(MPI_ERR_DIMS);
    MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &s);
    MT_CHECK(flag && s.MPI_SOURCE == MPI_ANY_SOURCE && s.MPI_ERROR == MPI_SUCCESS,
             "MPI_Request_get_status of MPI_REQUEST_NULL: not the empty status");

    /* A persistent receive, and MPI_Request_get_status */
    MPI_Recv_init(&v, 1, MPI_INT, from, 7, MPI_COMM_WORLD, &req);
    MPI_Start(&req);
    send_int(peer, 7, rank);
    s = marked(MPI_ERR_DIMS);
    do
        MPI_Request_get_status(req, &flag, &s);
    while (!flag);
    UNTOUCHED(s, MPI_ERR_DIMS, "MPI_Request_get_status");
    s = marked(MPI_ERR_TOPOLOGY);
    MPI_Wait(&req, &s);
    UNTOUCHED(s, MPI_ERR_TOPOLOGY, "MPI_Wait on a persistent receive");
    MPI_Request_free(&req);
}

static void several_status_calls(int rank, int size)
{
    int peer = (rank + 1) % size, from = (rank + size - 1) % size, v[2] = {0, 0};
    MPI_Status s[3] = {marked(MPI_ERR_DIMS), marked(MPI_ERR_DIMS), marked(MPI_ERR_DIMS)};
    MPI_Request reqs[3];

    MPI_Irecv(&v[0], 1, MPI_INT, from, 8, MPI_COMM_WORLD, &reqs[0]);
    reqs[1] = MPI_REQUEST_NULL;
    MPI_Irecv(&v[1], 1, MPI_INT, from, 9, MPI_COMM_WORLD, &reqs[2]);
    send_int(peer, 8, rank);
    send_int(peer, 9, rank);
    MPI_Waitall(3, reqs, s);
    for (int i = 0; i < 3; i++)
        MT_CHECK(s[i].MPI_ERROR == MPI_SUCCESS, "MPI_Waitall left status %d's error at %d", i, s[i].MPI_ERROR);

    /* A truncated receive among good ones: MPI_ERR_IN_STATUS, and each
     * status says its own outcome. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int big[2] = {rank, rank};
    MPI_Irecv(&v[0], 1, MPI_INT, from, 10, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(&v[1], 1, MPI_INT, from, 11, MPI_COMM_WORLD, &reqs[1]);
    reqs[2] = MPI_REQUEST_NULL;
    MPI_Send(big, 2, MPI_INT, peer, 10, MPI_COMM_WORLD);
    send_int(peer, 11, rank);
    for (int i = 0; i < 3; i++)
        s[i] = marked(MPI_ERR_DIMS);
    int rc = MPI_Waitall(3, reqs, s), cls = MPI_SUCCESS;
    MPI_Error_class(rc, &cls);
    MT_CHECK(cls == MPI_ERR_IN_STATUS, "MPI_Waitall with a truncated receive returned class %d", cls);
    MPI_Error_class(s[0].MPI_ERROR, &cls);
    MT_CHECK(cls == MPI_ERR_TRUNCATE, "the truncated receive's status holds class %d", cls);
    MT_CHECK(s[1].MPI_ERROR == MPI_SUCCESS && s[2].MPI_ERROR == MPI_SUCCESS,
             "the good receive's and the null request's errors: %d, %d", s[1].MPI_ERROR, s[2].MPI_ERROR);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    single_status_calls(rank, size);
    several_status_calls(rank, size);
    return mt_finish();
}
