/*
 * comm_idup.c -- MPI_Comm_idup and MPI_Comm_idup_with_info: a duplicate
 * made by a schedule that runs while the caller goes on.
 *
 * The blocking creations agree on the lowest context pair free at every
 * member (comm_create.c).  That agreement cannot run nonblocking: while
 * it is in flight, another creation on the same process (blocking, or a
 * second idup, started in another order on another process) could be
 * offered the same pairs.  So the nonblocking duplicate takes its pair
 * from a range of its own whose pairs are unique in the whole job
 * (obj/comm.h, transport/shm/segment.h): one process takes a free pair
 * there and sends it to the others, and no process ever has to wait for
 * another creation to finish.  The schedule: the leader takes the pair;
 * it sends it to every member (an intercommunicator's two leaders first
 * between themselves, then each to its group); every member builds the
 * communicator and copies the parent's hints, topology and attributes.
 */
#include <stdlib.h>

#include "api/comm_create.h"
#include "api/weak.h"
#include "check/check.h"
#include "coll/sched.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/info.h"
#include "request/request.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Comm_idup, PMPI_Comm_idup)
TESSERA_WEAK_ALIAS(MPI_Comm_idup_with_info, PMPI_Comm_idup_with_info)

typedef struct idup {
    comm_t *parent;
    MPI_Comm parent_handle;
    MPI_Comm *newcomm;
    info_t *hints; /* a copy, so that the user may free the info meanwhile; NULL: none */
    /* The new communicator's context id and, for an intercommunicator,
     * its local group's; -1 when none was free. */
    int ids[2];
    int *local_world, *remote_world;
} idup_t;

/* The leader's step: a pair for the communicator (two for an
 * intercommunicator), used by every process of both groups. */
static int take_contexts(void *arg)
{
    idup_t *d = arg;
    comm_t *p = d->parent;
    int users = p->size + (p->inter ? p->remote_size : 0);
    d->ids[0] = comm_idup_context(users);
    d->ids[1] = p->inter && d->ids[0] >= 0 ? comm_idup_context(users) : -1;
    if (p->inter && d->ids[0] >= 0 && d->ids[1] < 0) {
        comm_idup_context_drop(d->ids[0], users);
        d->ids[0] = -1;
    }
    return MPI_SUCCESS;
}

static int make(idup_t *d, comm_t **out)
{
    comm_t *p = d->parent;
    if (d->ids[0] < 0)
        return err_set(MPI_ERR_INTERN,
                       "no context id is free for MPI_Comm_idup (%d communicators made by it are alive in the job: "
                       "free those no longer needed)",
                       CONTEXT_IDUP_PAIRS);
    comm_t *local = comm_new(p->size, d->local_world, p->rank, (uint16_t)d->ids[p->inter ? 1 : 0]);
    comm_t *c = local;
    if (local && p->inter)
        c = comm_new_inter(local, p->remote_size, d->remote_world, (uint16_t)d->ids[0]);
    if (!c) {
        if (local)
            comm_destroy(local);
        else
            comm_idup_context_drop(d->ids[p->inter ? 1 : 0], 1);
        if (p->inter)
            comm_idup_context_drop(d->ids[0], 1);
        return err_set(MPI_ERR_NO_MEM, "out of memory (or communicator handles) for MPI_Comm_idup");
    }
    if (p->inter)
        comm_adopt(local, p->errhandler);
    comm_adopt(c, p->errhandler);
    *out = c;
    return MPI_SUCCESS;
}

/* Every member's last step. */
static int finish(void *arg)
{
    idup_t *d = arg;
    comm_t *c = NULL;
    *d->newcomm = MPI_COMM_NULL;
    int rc = make(d, &c);
    if (rc == MPI_SUCCESS)
        rc = dup_carry_over(d->parent, d->parent_handle, d->hints, c);
    if (d->hints)
        info_free(d->hints);
    d->hints = NULL;
    if (rc == MPI_SUCCESS)
        *d->newcomm = (MPI_Comm)(uintptr_t)c->handle;
    return rc;
}

/* The leader sends the ids to the other members of its group (ranks of
 * the parent, or of an intercommunicator's local group). */
static void spread(sched_t *s, idup_t *d, int n, int rank)
{
    dt_buffer_t ids = dt_buffer_bytes(d->ids, sizeof d->ids);
    if (rank == 0)
        for (int r = 1; r < n; r++)
            sched_send(s, &ids, r);
    else
        sched_recv(s, &ids, 0);
    sched_round(s);
}

static int record(sched_t *s, idup_t *d)
{
    comm_t *p = d->parent;
    d->local_world = sched_alloc(s, (size_t)p->size * sizeof(int));
    d->remote_world = p->inter ? sched_alloc(s, (size_t)p->remote_size * sizeof(int)) : NULL;
    if (!d->local_world || (p->inter && !d->remote_world))
        return err_set(MPI_ERR_NO_MEM, "out of memory starting MPI_Comm_idup");
    const comm_t *group = comm_local_group(p);
    for (int r = 0; r < p->size; r++)
        d->local_world[r] = comm_world_rank(group, r);
    for (int r = 0; p->inter && r < p->remote_size; r++)
        d->remote_world[r] = comm_world_rank(p, r);
    d->ids[0] = d->ids[1] = -1;
    if (!p->inter) {
        if (p->rank == 0)
            sched_call(s, take_contexts, d);
        sched_round(s);
        spread(s, d, p->size, p->rank);
    } else {
        /* The group whose leader has the lower world rank takes the pairs. */
        bool taker = d->local_world[0] < d->remote_world[0];
        if (p->rank == 0) {
            if (taker)
                sched_call(s, take_contexts, d);
            sched_round(s);
            dt_buffer_t ids = dt_buffer_bytes(d->ids, sizeof d->ids);
            if (taker)
                sched_send(s, &ids, 0);
            else
                sched_recv(s, &ids, 0);
            sched_round(s);
        }
        sched_local_group(s, true);
        spread(s, d, p->size, p->rank);
        sched_local_group(s, false);
    }
    sched_call(s, finish, d);
    return MPI_SUCCESS;
}

static int start(const char *call, MPI_Comm comm, bool with_info, MPI_Info hints_handle, MPI_Comm *newcomm,
                 MPI_Request *request)
{
    comm_t *parent = NULL;
    info_t *hints = NULL;
    int rc = check_dup_args(comm, with_info, hints_handle, newcomm, &parent, &hints);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(request, "request");
    sched_t *s = NULL;
    idup_t *d = NULL;
    if (rc == MPI_SUCCESS && (!(s = sched_new(parent)) || !(d = sched_alloc(s, sizeof *d))))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory starting %s", call);
    if (rc == MPI_SUCCESS) {
        *d = (idup_t){.parent = parent, .parent_handle = comm, .newcomm = newcomm};
        if (hints && !(d->hints = info_dup(hints)))
            rc = err_set(MPI_ERR_NO_MEM, "out of memory copying the info hints for %s", call);
    }
    if (rc == MPI_SUCCESS)
        rc = record(s, d);
    request_t *req = NULL;
    if (rc == MPI_SUCCESS)
        rc = sched_start(s, parent, false, &req);
    else if (s) {
        if (d && d->hints)
            info_free(d->hints);
        sched_free(s);
    }
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, call, rc, newcomm);
    *request = request_to_handle(req);
    return MPI_SUCCESS;
}

int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
    return THREADS_CALL(start("MPI_Comm_idup", comm, false, MPI_INFO_NULL, newcomm, request));
}

int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
    return THREADS_CALL(start("MPI_Comm_idup_with_info", comm, true, info, newcomm, request));
}
