/*
 * probe.c -- looking at a message before receiving it.
 *
 * A probe sees only messages that progress has taken out of the rings into
 * the unexpected queue, so each probe polls first.  MPI_Mprobe takes the
 * message out of matching altogether (obj/message.h holds it), so that no
 * other receive, on this thread or another, can take it in between.
 */
#include "p2p/match.h"
#include "p2p/p2p.h"
#include "progress/progress.h"

static void probe_status(const unexpected_t *msg, MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    status->MPI_SOURCE = msg->source;
    status->MPI_TAG = msg->tag;
    status->tessera_cancelled = 0;
    status->tessera_count = (MPI_Count)msg->bytes;
}

typedef struct probe_args {
    uint16_t context_id;
    int source;
    int tag;
} probe_args_t;

static bool probe_found(void *arg)
{
    probe_args_t *p = arg;
    return match_unexpected_peek(p->context_id, p->source, p->tag) != NULL;
}

bool p2p_iprobe(int source, int tag, comm_t *comm, MPI_Status *status)
{
    progress_poll();
    const unexpected_t *msg = match_unexpected_peek(comm->context_id, source, tag);
    if (msg)
        probe_status(msg, status);
    else
        progress_test_idle(comm_world_peer(comm, source));
    return msg != NULL;
}

void p2p_probe(int source, int tag, comm_t *comm, MPI_Status *status)
{
    probe_args_t args = {comm->context_id, source, tag};
    progress_wait_until(probe_found, &args, comm_world_peer(comm, source));
    probe_status(match_unexpected_peek(comm->context_id, source, tag), status);
}

unexpected_t *p2p_improbe(int source, int tag, comm_t *comm, MPI_Status *status)
{
    progress_poll();
    unexpected_t *msg = match_unexpected_take(comm->context_id, source, tag, 0);
    if (msg)
        probe_status(msg, status);
    else
        progress_test_idle(comm_world_peer(comm, source));
    return msg;
}

unexpected_t *p2p_mprobe(int source, int tag, comm_t *comm, MPI_Status *status)
{
    probe_args_t args = {comm->context_id, source, tag};
    progress_wait_until(probe_found, &args, comm_world_peer(comm, source));
    unexpected_t *msg = match_unexpected_take(comm->context_id, source, tag, 0);
    probe_status(msg, status);
    return msg;
}

int p2p_imrecv(const dt_buffer_t *data, comm_t *comm, unexpected_t *msg, request_t **out)
{
    request_t *req = request_alloc(REQUEST_RECV);
    *out = req;
    p2p_recv_prepare(req, data, msg->source, msg->tag, comm);
    p2p_recv_unexpected(req, msg);
    return MPI_SUCCESS;
}
