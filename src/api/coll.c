/*
 * coll.c -- the collective chapter: every operation in its blocking,
 * nonblocking (MPI_I...) and persistent (..._init) forms.
 *
 * Each operation has one function that checks the call's arguments and
 * gathers them (prepare_X); the three entry points of the operation call
 * it and hand the result to run(), which records the schedule and runs
 * it, starts it behind a request, or keeps it behind a persistent one; a
 * blocking call may instead run at once through shared memory (coll/shm.h).
 * MPI_IN_PLACE is resolved here: the side it replaces is filled in from
 * the other, so the algorithms always see two real buffers.
 */
#include <stdlib.h>

#include "api/weak.h"
#include "check/check.h"
#include "coll/coll.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/info.h"
#include "obj/topo.h"
#include "op/op.h"
#include "request/request.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Barrier, PMPI_Barrier)
TESSERA_WEAK_ALIAS(MPI_Ibarrier, PMPI_Ibarrier)
TESSERA_WEAK_ALIAS(MPI_Barrier_init, PMPI_Barrier_init)
TESSERA_WEAK_ALIAS(MPI_Bcast, PMPI_Bcast)
TESSERA_WEAK_ALIAS(MPI_Ibcast, PMPI_Ibcast)
TESSERA_WEAK_ALIAS(MPI_Bcast_init, PMPI_Bcast_init)
TESSERA_WEAK_ALIAS(MPI_Gather, PMPI_Gather)
TESSERA_WEAK_ALIAS(MPI_Igather, PMPI_Igather)
TESSERA_WEAK_ALIAS(MPI_Gather_init, PMPI_Gather_init)
TESSERA_WEAK_ALIAS(MPI_Gatherv, PMPI_Gatherv)
TESSERA_WEAK_ALIAS(MPI_Igatherv, PMPI_Igatherv)
TESSERA_WEAK_ALIAS(MPI_Gatherv_init, PMPI_Gatherv_init)
TESSERA_WEAK_ALIAS(MPI_Scatter, PMPI_Scatter)
TESSERA_WEAK_ALIAS(MPI_Iscatter, PMPI_Iscatter)
TESSERA_WEAK_ALIAS(MPI_Scatter_init, PMPI_Scatter_init)
TESSERA_WEAK_ALIAS(MPI_Scatterv, PMPI_Scatterv)
TESSERA_WEAK_ALIAS(MPI_Iscatterv, PMPI_Iscatterv)
TESSERA_WEAK_ALIAS(MPI_Scatterv_init, PMPI_Scatterv_init)
TESSERA_WEAK_ALIAS(MPI_Allgather, PMPI_Allgather)
TESSERA_WEAK_ALIAS(MPI_Iallgather, PMPI_Iallgather)
TESSERA_WEAK_ALIAS(MPI_Allgather_init, PMPI_Allgather_init)
TESSERA_WEAK_ALIAS(MPI_Allgatherv, PMPI_Allgatherv)
TESSERA_WEAK_ALIAS(MPI_Iallgatherv, PMPI_Iallgatherv)
TESSERA_WEAK_ALIAS(MPI_Allgatherv_init, PMPI_Allgatherv_init)
TESSERA_WEAK_ALIAS(MPI_Alltoall, PMPI_Alltoall)
TESSERA_WEAK_ALIAS(MPI_Ialltoall, PMPI_Ialltoall)
TESSERA_WEAK_ALIAS(MPI_Alltoall_init, PMPI_Alltoall_init)
TESSERA_WEAK_ALIAS(MPI_Alltoallv, PMPI_Alltoallv)
TESSERA_WEAK_ALIAS(MPI_Ialltoallv, PMPI_Ialltoallv)
TESSERA_WEAK_ALIAS(MPI_Alltoallv_init, PMPI_Alltoallv_init)
TESSERA_WEAK_ALIAS(MPI_Alltoallw, PMPI_Alltoallw)
TESSERA_WEAK_ALIAS(MPI_Ialltoallw, PMPI_Ialltoallw)
TESSERA_WEAK_ALIAS(MPI_Alltoallw_init, PMPI_Alltoallw_init)
TESSERA_WEAK_ALIAS(MPI_Reduce, PMPI_Reduce)
TESSERA_WEAK_ALIAS(MPI_Ireduce, PMPI_Ireduce)
TESSERA_WEAK_ALIAS(MPI_Reduce_init, PMPI_Reduce_init)
TESSERA_WEAK_ALIAS(MPI_Allreduce, PMPI_Allreduce)
TESSERA_WEAK_ALIAS(MPI_Iallreduce, PMPI_Iallreduce)
TESSERA_WEAK_ALIAS(MPI_Allreduce_init, PMPI_Allreduce_init)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter, PMPI_Reduce_scatter)
TESSERA_WEAK_ALIAS(MPI_Ireduce_scatter, PMPI_Ireduce_scatter)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter_init, PMPI_Reduce_scatter_init)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter_block, PMPI_Reduce_scatter_block)
TESSERA_WEAK_ALIAS(MPI_Ireduce_scatter_block, PMPI_Ireduce_scatter_block)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter_block_init, PMPI_Reduce_scatter_block_init)
TESSERA_WEAK_ALIAS(MPI_Scan, PMPI_Scan)
TESSERA_WEAK_ALIAS(MPI_Iscan, PMPI_Iscan)
TESSERA_WEAK_ALIAS(MPI_Scan_init, PMPI_Scan_init)
TESSERA_WEAK_ALIAS(MPI_Exscan, PMPI_Exscan)
TESSERA_WEAK_ALIAS(MPI_Iexscan, PMPI_Iexscan)
TESSERA_WEAK_ALIAS(MPI_Exscan_init, PMPI_Exscan_init)
TESSERA_WEAK_ALIAS(MPI_Reduce_local, PMPI_Reduce_local)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgather, PMPI_Neighbor_allgather)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_allgather, PMPI_Ineighbor_allgather)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgather_init, PMPI_Neighbor_allgather_init)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgatherv, PMPI_Neighbor_allgatherv)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_allgatherv, PMPI_Ineighbor_allgatherv)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgatherv_init, PMPI_Neighbor_allgatherv_init)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoall, PMPI_Neighbor_alltoall)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_alltoall, PMPI_Ineighbor_alltoall)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoall_init, PMPI_Neighbor_alltoall_init)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallv, PMPI_Neighbor_alltoallv)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_alltoallv, PMPI_Ineighbor_alltoallv)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallv_init, PMPI_Neighbor_alltoallv_init)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallw, PMPI_Neighbor_alltoallw)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_alltoallw, PMPI_Ineighbor_alltoallw)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallw_init, PMPI_Neighbor_alltoallw_init)
TESSERA_WEAK_ALIAS(MPI_Bcast_c, PMPI_Bcast_c)
TESSERA_WEAK_ALIAS(MPI_Ibcast_c, PMPI_Ibcast_c)
TESSERA_WEAK_ALIAS(MPI_Bcast_init_c, PMPI_Bcast_init_c)
TESSERA_WEAK_ALIAS(MPI_Gather_c, PMPI_Gather_c)
TESSERA_WEAK_ALIAS(MPI_Igather_c, PMPI_Igather_c)
TESSERA_WEAK_ALIAS(MPI_Gather_init_c, PMPI_Gather_init_c)
TESSERA_WEAK_ALIAS(MPI_Scatter_c, PMPI_Scatter_c)
TESSERA_WEAK_ALIAS(MPI_Iscatter_c, PMPI_Iscatter_c)
TESSERA_WEAK_ALIAS(MPI_Scatter_init_c, PMPI_Scatter_init_c)
TESSERA_WEAK_ALIAS(MPI_Allgather_c, PMPI_Allgather_c)
TESSERA_WEAK_ALIAS(MPI_Iallgather_c, PMPI_Iallgather_c)
TESSERA_WEAK_ALIAS(MPI_Allgather_init_c, PMPI_Allgather_init_c)
TESSERA_WEAK_ALIAS(MPI_Alltoall_c, PMPI_Alltoall_c)
TESSERA_WEAK_ALIAS(MPI_Ialltoall_c, PMPI_Ialltoall_c)
TESSERA_WEAK_ALIAS(MPI_Alltoall_init_c, PMPI_Alltoall_init_c)
TESSERA_WEAK_ALIAS(MPI_Reduce_c, PMPI_Reduce_c)
TESSERA_WEAK_ALIAS(MPI_Ireduce_c, PMPI_Ireduce_c)
TESSERA_WEAK_ALIAS(MPI_Reduce_init_c, PMPI_Reduce_init_c)
TESSERA_WEAK_ALIAS(MPI_Allreduce_c, PMPI_Allreduce_c)
TESSERA_WEAK_ALIAS(MPI_Iallreduce_c, PMPI_Iallreduce_c)
TESSERA_WEAK_ALIAS(MPI_Allreduce_init_c, PMPI_Allreduce_init_c)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter_block_c, PMPI_Reduce_scatter_block_c)
TESSERA_WEAK_ALIAS(MPI_Ireduce_scatter_block_c, PMPI_Ireduce_scatter_block_c)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter_block_init_c, PMPI_Reduce_scatter_block_init_c)
TESSERA_WEAK_ALIAS(MPI_Scan_c, PMPI_Scan_c)
TESSERA_WEAK_ALIAS(MPI_Iscan_c, PMPI_Iscan_c)
TESSERA_WEAK_ALIAS(MPI_Scan_init_c, PMPI_Scan_init_c)
TESSERA_WEAK_ALIAS(MPI_Exscan_c, PMPI_Exscan_c)
TESSERA_WEAK_ALIAS(MPI_Iexscan_c, PMPI_Iexscan_c)
TESSERA_WEAK_ALIAS(MPI_Exscan_init_c, PMPI_Exscan_init_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgather_c, PMPI_Neighbor_allgather_c)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_allgather_c, PMPI_Ineighbor_allgather_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgather_init_c, PMPI_Neighbor_allgather_init_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoall_c, PMPI_Neighbor_alltoall_c)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_alltoall_c, PMPI_Ineighbor_alltoall_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoall_init_c, PMPI_Neighbor_alltoall_init_c)
TESSERA_WEAK_ALIAS(MPI_Reduce_local_c, PMPI_Reduce_local_c)
TESSERA_WEAK_ALIAS(MPI_Gatherv_c, PMPI_Gatherv_c)
TESSERA_WEAK_ALIAS(MPI_Igatherv_c, PMPI_Igatherv_c)
TESSERA_WEAK_ALIAS(MPI_Gatherv_init_c, PMPI_Gatherv_init_c)
TESSERA_WEAK_ALIAS(MPI_Scatterv_c, PMPI_Scatterv_c)
TESSERA_WEAK_ALIAS(MPI_Iscatterv_c, PMPI_Iscatterv_c)
TESSERA_WEAK_ALIAS(MPI_Scatterv_init_c, PMPI_Scatterv_init_c)
TESSERA_WEAK_ALIAS(MPI_Allgatherv_c, PMPI_Allgatherv_c)
TESSERA_WEAK_ALIAS(MPI_Iallgatherv_c, PMPI_Iallgatherv_c)
TESSERA_WEAK_ALIAS(MPI_Allgatherv_init_c, PMPI_Allgatherv_init_c)
TESSERA_WEAK_ALIAS(MPI_Alltoallv_c, PMPI_Alltoallv_c)
TESSERA_WEAK_ALIAS(MPI_Ialltoallv_c, PMPI_Ialltoallv_c)
TESSERA_WEAK_ALIAS(MPI_Alltoallv_init_c, PMPI_Alltoallv_init_c)
TESSERA_WEAK_ALIAS(MPI_Alltoallw_c, PMPI_Alltoallw_c)
TESSERA_WEAK_ALIAS(MPI_Ialltoallw_c, PMPI_Ialltoallw_c)
TESSERA_WEAK_ALIAS(MPI_Alltoallw_init_c, PMPI_Alltoallw_init_c)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter_c, PMPI_Reduce_scatter_c)
TESSERA_WEAK_ALIAS(MPI_Ireduce_scatter_c, PMPI_Ireduce_scatter_c)
TESSERA_WEAK_ALIAS(MPI_Reduce_scatter_init_c, PMPI_Reduce_scatter_init_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgatherv_c, PMPI_Neighbor_allgatherv_c)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_allgatherv_c, PMPI_Ineighbor_allgatherv_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_allgatherv_init_c, PMPI_Neighbor_allgatherv_init_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallv_c, PMPI_Neighbor_alltoallv_c)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_alltoallv_c, PMPI_Ineighbor_alltoallv_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallv_init_c, PMPI_Neighbor_alltoallv_init_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallw_c, PMPI_Neighbor_alltoallw_c)
TESSERA_WEAK_ALIAS(MPI_Ineighbor_alltoallw_c, PMPI_Ineighbor_alltoallw_c)
TESSERA_WEAK_ALIAS(MPI_Neighbor_alltoallw_init_c, PMPI_Neighbor_alltoallw_init_c)

enum mode { BLOCKING, NONBLOCKING, PERSISTENT };

/* The blocking forms of the operations small calls use most: the checks
 * and run()'s path to coll_run inline.  Each prepare_* serves up to six
 * entry points, so the compiler keeps it out of line, and its frame,
 * check_data's and their calls cost more than the checks: per call on
 * one process (callgrind, one double), MPI_Bcast 234 -> 186
 * instructions, MPI_Allreduce 324 -> 284, MPI_Gather and MPI_Scatter 466
 * -> 318; 9 KiB of code for the eleven.  The v forms, whose checks walk
 * two arrays a side, gain more: on one process MPI_Alltoallv 916 -> 531,
 * MPI_Gatherv and MPI_Scatterv 761-768 -> 458, MPI_Allgatherv 685 -> 430,
 * for 18 KiB; at two processes a 16-byte MPI_Alltoallv 0.255 -> 0.234
 * us. */
#define COLL_ENTRY __attribute__((flatten))

/* A checked call: its communicator and arguments, and the per-process
 * datatype arrays of the alltoallw forms (run() frees them, whether the
 * checks passed or not). */
typedef struct call {
    comm_t *comm;
    coll_args_t a;
    datatype_t **types; /* ntypes of them */
    int ntypes;
    void *widened[4]; /* count and displacement arrays made wide (counts_of, displs_of) */
    int nwidened;
    char *room; /* where the next of them goes (call_alloc) */
    size_t room_left;
    bool room_asked; /* for the communicator's call_room, */
    bool room_held;  /* and got it */
} call_t;

static void call_free(call_t *c)
{
    if (c->types) /* most calls have none: no call into free */
        free(c->types);
    for (int i = 0; i < c->nwidened; i++)
        free(c->widened[i]);
    if (c->room_held)
        c->comm->call_room_taken = false;
}

/* A count or displacement array as the call passed it: int in the classic
 * forms, MPI_Count or MPI_Aint in the large-count (_c) ones. */
typedef struct counts_arg {
    const int *narrow;
    const MPI_Count *wide;
} counts_arg_t;
typedef struct displs_arg {
    const int *narrow;
    const MPI_Aint *wide;
} displs_arg_t;
#define NARROW_COUNTS(v) ((counts_arg_t){(v), NULL})
#define WIDE_COUNTS(v) ((counts_arg_t){NULL, (v)})
#define NARROW_DISPLS(v) ((displs_arg_t){(v), NULL})
#define WIDE_DISPLS(v) ((displs_arg_t){NULL, (v)})

/* Memory for n entries of `size` bytes (a count or a displacement),
 * given back with the call.  A v form widens up to four arrays, mostly of
 * one length.  They go into room the communicator keeps from call to call
 * (grown to four times the first array when short): a malloc and a free
 * a call were a third of MPI_Alltoallv on one process, 1445 instructions
 * with one each per array, 1100 with one for all four, 932 with none
 * (callgrind).  A call on the communicator begun while another one uses
 * the room (a user's operation calling one, say) mallocs its own. */
static void *call_alloc(call_t *c, int n, size_t size)
{
    size_t bytes = (size_t)(n ? n : 1) * size;
    if (!c->room_asked) {
        comm_t *comm = c->comm;
        c->room_asked = true;
        if (!comm->call_room_taken && comm->call_room_bytes < 4 * bytes) {
            free(comm->call_room);
            comm->call_room_bytes = 0;
            if ((comm->call_room = malloc(4 * bytes)))
                comm->call_room_bytes = 4 * bytes;
        }
        if (!comm->call_room_taken && comm->call_room) {
            comm->call_room_taken = c->room_held = true;
            c->room = comm->call_room;
            c->room_left = comm->call_room_bytes;
        }
    }
    if (bytes <= c->room_left) {
        void *w = c->room;
        c->room += bytes;
        c->room_left -= bytes;
        return w;
    }
    void *w = c->nwidened < 4 ? malloc(bytes) : NULL;
    if (!w) {
        err_set(MPI_ERR_NO_MEM, "out of memory reading an array of %d counts", n);
        return NULL;
    }
    c->widened[c->nwidened++] = w;
    return w;
}

/* The arrays of n entries as the algorithms take them: the int forms'
 * widened; NULL stays NULL (for the checks to report). */
static int counts_of(call_t *c, counts_arg_t v, int n, const MPI_Count **out)
{
    *out = v.wide;
    if (v.wide || !v.narrow)
        return MPI_SUCCESS;
    MPI_Count *w = call_alloc(c, n, sizeof *w);
    if (!w)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < n; i++)
        w[i] = v.narrow[i];
    *out = w;
    return MPI_SUCCESS;
}

static int displs_of(call_t *c, displs_arg_t v, int n, const MPI_Aint **out)
{
    *out = v.wide;
    if (v.wide || !v.narrow)
        return MPI_SUCCESS;
    MPI_Aint *w = call_alloc(c, n, sizeof *w);
    if (!w)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < n; i++)
        w[i] = v.narrow[i];
    *out = w;
    return MPI_SUCCESS;
}

static int check_info_arg(MPI_Info info);

/* run() for everything but a blocking call that shared memory served:
 * the schedule's path, and errors. */
static __attribute__((noinline)) int run_schedule(const char *name, enum coll_op op, call_t *c, int rc, enum mode mode,
                                                  MPI_Info info, MPI_Request *request, int own)
{
    if (rc == MPI_SUCCESS && mode == PERSISTENT)
        rc = check_info_arg(info);
    if (rc == MPI_SUCCESS && mode != BLOCKING)
        rc = check_pointer(request, "request");
    if (rc != MPI_SUCCESS) {
        call_free(c);
        return err_raise(c->comm, name, rc);
    }
    sched_t *s = sched_new(c->comm);
    rc = s ? MPI_SUCCESS : err_set(MPI_ERR_NO_MEM, "out of memory starting %s", name);
    if (rc == MPI_SUCCESS && mode != BLOCKING) {
        /* The user may free types and operations while the call runs. */
        coll_args_t *a = &c->a;
        if (a->sendtype)
            sched_hold_type(s, a->sendtype);
        if (a->recvtype)
            sched_hold_type(s, a->recvtype);
        for (int i = 0; i < c->ntypes; i++)
            if (c->types[i]) /* MPI_Alltoallw in place leaves the send half empty */
                sched_hold_type(s, c->types[i]);
        if (a->op)
            sched_hold_op(s, a->op);
    }
    if (rc == MPI_SUCCESS && (rc = coll_build(op, s, c->comm, &c->a)) != MPI_SUCCESS) {
        sched_free(s);
        rc = err_set(rc, "out of memory recording %s's schedule", name);
    }
    /* In an allgather or alltoall on an intracommunicator each process
     * sends itself a block too, so what it sends and what it receives must
     * be the same amount (MPI_IN_PLACE makes them so); in the other
     * operations check_own_block has looked.  The schedule still runs,
     * failed, so that the others hear of it. */
    if (rc == MPI_SUCCESS && (op == COLL_ALLGATHER || op == COLL_ALLTOALL) && !c->comm->inter) {
        MPI_Count sent = c->a.sendcount * c->a.sendtype->size, received = c->a.recvcount * c->a.recvtype->size;
        if (sent != received)
            own = coll_own_block_error(sent, received);
    }
    if (rc == MPI_SUCCESS && own != MPI_SUCCESS)
        sched_fail(s, own);
    call_free(c);
    if (rc == MPI_SUCCESS) {
        if (mode == BLOCKING) {
            rc = sched_run(s);
        } else {
            request_t *req;
            rc = sched_start(s, c->comm, mode == PERSISTENT, &req);
            if (rc == MPI_SUCCESS)
                *request = request_to_handle(req);
        }
    }
    if (rc != MPI_SUCCESS)
        return err_raise(c->comm, name, rc);
    return MPI_SUCCESS;
}

/* The amount of data of one block between a process and itself: what it
 * sends itself and what it receives from itself, where an intracommunicator
 * operation copies such a block (not in place).  -1 where there is none. */
static inline __attribute__((always_inline)) void own_block_bytes(enum coll_op op, const call_t *c, MPI_Count *sent,
                                                                  MPI_Count *received)
{
    const coll_args_t *a = &c->a;
    int me = c->comm->rank;
    *sent = *received = -1;
    if (c->comm->inter || a->in_place)
        return;
    switch (op) {
    case COLL_GATHER:
    case COLL_SCATTER:
        if (me != a->root)
            return;
        *sent = a->sendcount * a->sendtype->size;
        *received = a->recvcount * a->recvtype->size;
        return;
    case COLL_GATHERV:
        if (me != a->root)
            return;
        /* fall through */
    case COLL_ALLGATHERV:
        *sent = a->sendcount * a->sendtype->size;
        *received = a->recvcounts[me] * a->recvtype->size;
        return;
    case COLL_SCATTERV:
        if (me != a->root)
            return;
        *sent = a->sendcounts[me] * a->sendtype->size;
        *received = a->recvcount * a->recvtype->size;
        return;
    case COLL_ALLTOALLV:
        *sent = a->sendcounts[me] * a->sendtype->size;
        *received = a->recvcounts[me] * a->recvtype->size;
        return;
    case COLL_ALLTOALLW:
        *sent = a->sendcounts[me] * a->sendtypes[me]->size;
        *received = a->recvcounts[me] * a->recvtypes[me]->size;
        return;
    default:
        return;
    }
}

/* A process's own block must hold as much data on its receive side as on
 * its send side, as every block between two processes must (a mismatch
 * there is MPI_ERR_TRUNCATE at the receiver): the copy moved what fitted
 * and the call succeeded.  MPICH says so too.  An allgather's or
 * alltoall's block goes to every process alike, so there the others see
 * it; on one process run_alone (coll/select.c) checks, and for a schedule
 * run_schedule. */
static inline __attribute__((always_inline)) int check_own_block(enum coll_op op, const call_t *c)
{
    MPI_Count sent, received;
    own_block_bytes(op, c, &sent, &received);
    if (sent == received)
        return MPI_SUCCESS;
    return coll_own_block_error(sent, received);
}

/* The end of every entry point: raise what the checks found (rc), check
 * the info (persistent forms) and request (nonblocking and persistent)
 * arguments, then record the schedule and run, start or keep it.  A
 * blocking call first offers itself to coll_run (shared memory); that
 * path is kept short, since a small collective at two processes costs
 * about a thousand instructions in all. */
static inline int run(const char *name, enum coll_op op, call_t *c, int rc, enum mode mode, MPI_Info info,
                      MPI_Request *request)
{
    int own = rc == MPI_SUCCESS ? check_own_block(op, c) : MPI_SUCCESS;
    if (rc == MPI_SUCCESS && mode == BLOCKING) {
        c->a.blocking = true;
        rc = coll_run(op, c->comm, &c->a);
        if (rc != COLL_DECLINED) {
            /* The others have their data; the mismatch is this process's. */
            if (rc == MPI_SUCCESS)
                rc = own;
            call_free(c);
            return rc == MPI_SUCCESS ? MPI_SUCCESS : err_raise(c->comm, name, rc);
        }
        rc = MPI_SUCCESS;
    }
    if (rc == MPI_SUCCESS && mode == NONBLOCKING && c->comm->size == 1 && request) {
        /* Alone, a nonblocking call is done as it starts: no schedule, and
         * the one request of such calls (request_done).  On one
         * process MPI_Iallreduce of a double and its MPI_Wait, 1128 and 180
         * -> 337 and 143 instructions; polled with MPI_Test between work
         * (bench/shapes), 105-107 -> 68-69 ns (Open MPI 71, MPICH 88),
         * MPI_Ibarrier 30 -> 14 (25). */
        rc = coll_run_alone(op, c->comm, &c->a);
        if (rc != COLL_DECLINED) {
            if (rc == MPI_SUCCESS)
                rc = own;
            call_free(c);
            if (rc != MPI_SUCCESS)
                return err_raise(c->comm, name, rc);
            *request = request_to_handle(&request_done[REQUEST_DONE_COLL]);
            return MPI_SUCCESS;
        }
        rc = MPI_SUCCESS;
    }
    return run_schedule(name, op, c, rc, mode, info, request, own);
}

/* ---- argument checks shared by the operations ---- */

/* The checks every call makes are inline (a call and its saved registers
 * cost as much as the tests), their error lines out of the way. */
static inline int check_coll_comm(MPI_Comm handle, call_t *c)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(handle, &c->comm);
    return rc;
}

/* MPI_Scan and MPI_Exscan: the standard defines them on
 * intracommunicators only. */
static int check_intra_comm(MPI_Comm handle, call_t *c)
{
    int rc = check_coll_comm(handle, c);
    if (rc == MPI_SUCCESS && c->comm->inter)
        rc = err_set(MPI_ERR_COMM, "invalid communicator: an intercommunicator (this operation has no meaning there)");
    return rc;
}

/* The number of processes whose blocks a gathered or scattered buffer
 * holds: the remote group's on an intercommunicator. */
static int blocks_of(const call_t *c)
{
    return comm_peer_count(c->comm);
}

/* MPI_IN_PLACE is an intracommunicator option only; elsewhere it is
 * refused as a buffer by check_data. */
static bool in_place(const call_t *c, const void *buf)
{
    return buf == MPI_IN_PLACE && !c->comm->inter;
}

static __attribute__((cold, noinline)) int in_place_error(bool send)
{
    return err_set(MPI_ERR_BUFFER, "MPI_IN_PLACE is not allowed as the %s buffer here", send ? "send" : "receive");
}

/* count elements of dt (looked up already) at buf. */
static inline int check_data_of(const void *buf, MPI_Count count, const datatype_t *dt, bool send)
{
    if (__builtin_expect(buf == MPI_IN_PLACE, 0))
        return in_place_error(send);
    int rc = check_count(count, send ? "sendcount" : "recvcount");
    if (rc == MPI_SUCCESS)
        rc = check_typed_buffer(buf, count, dt, send);
    return rc;
}

/* count elements of a committed type at buf. */
static int check_data(const void *buf, MPI_Count count, MPI_Datatype type, bool send, datatype_t **dt)
{
    int rc = check_datatype(type, send ? "send datatype" : "receive datatype", dt);
    return rc == MPI_SUCCESS ? check_data_of(buf, count, *dt, send) : rc;
}

/* What a process does in a rooted operation.  On an intracommunicator
 * the root also sends (or receives) its own block; on an
 * intercommunicator the root (MPI_ROOT) only receives (or sends), the
 * rest of its group (MPI_PROC_NULL) does nothing, and the other group
 * names the root by its rank in the remote group. */
enum role { ROLE_ROOT, ROLE_LEAF, ROLE_NONE };

static int check_root(const comm_t *comm, int root, enum role *role)
{
    if (!comm->inter) {
        if (root < 0 || root >= comm->size)
            return err_set(MPI_ERR_ROOT, "invalid root %d (the communicator has %d processes)", root, comm->size);
        *role = root == comm->rank ? ROLE_ROOT : ROLE_LEAF;
        return MPI_SUCCESS;
    }
    if (root == MPI_ROOT)
        *role = ROLE_ROOT;
    else if (root == MPI_PROC_NULL)
        *role = ROLE_NONE;
    else if (root >= 0 && root < comm->remote_size)
        *role = ROLE_LEAF;
    else
        return err_set(MPI_ERR_ROOT,
                       "invalid root %d on an intercommunicator (MPI_ROOT, MPI_PROC_NULL or a rank of the remote "
                       "group of %d processes)",
                       root, comm->remote_size);
    return MPI_SUCCESS;
}

/* Whether this process sends its own block in a gather (or receives one
 * in a scatter). */
static bool has_own_block(const call_t *c, enum role role)
{
    return role == ROLE_LEAF || (role == ROLE_ROOT && !c->comm->inter);
}

/* A live operation defined on every predefined type inside dt. */
static inline int check_op(MPI_Op handle, const datatype_t *dt, op_t **out)
{
    int rc = check_op_handle(handle, out);
    return rc == MPI_SUCCESS ? op_check_type(*out, dt) : rc;
}

/* An array of per-process counts, each non-negative. */
static int check_counts(const MPI_Count *counts, int n, const char *what)
{
    int rc = check_pointer(counts, what);
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
        if (counts[i] < 0)
            rc = err_set(MPI_ERR_COUNT, "invalid %s[%d] = %lld (must be non-negative)", what, i, (long long)counts[i]);
    return rc;
}

/* One side of a v form: a buffer, the counts and displacements of its
 * `blocks` blocks, and their type.  As for any message buffer
 * (check_buffer_rules), NULL is MPI_BOTTOM, the base of a derived type
 * built from absolute addresses, and holds no data of a predefined type. */
static int check_side_v(const void *buf, const MPI_Count counts[], const MPI_Aint displs[], int blocks,
                        MPI_Datatype type, bool send, const char *displs_name, datatype_t **dt)
{
    const char *counts_name = send ? "sendcounts" : "recvcounts";
    int rc = check_counts(counts, blocks, counts_name);
    if (rc == MPI_SUCCESS && blocks > 0)
        rc = check_pointer(displs, displs_name);
    if (rc == MPI_SUCCESS)
        rc = check_data(buf, 0, type, send, dt);
    for (int i = 0; rc == MPI_SUCCESS && !buf && (*dt)->predefined && i < blocks; i++)
        if (counts[i] > 0)
            rc = err_set(MPI_ERR_BUFFER, "invalid %s NULL with %s[%d] = %lld", send ? "sendbuf" : "recvbuf",
                         counts_name, i, (long long)counts[i]);
    return rc;
}

/* The counts and displacements of a v form's side as the algorithms take
 * them (counts_of, displs_of). */
static int widen_side_v(call_t *c, counts_arg_t counts_arg, displs_arg_t displs_arg, int blocks,
                        const MPI_Count **counts, const MPI_Aint **displs)
{
    int rc = counts_of(c, counts_arg, blocks, counts);
    return rc == MPI_SUCCESS ? displs_of(c, displs_arg, blocks, displs) : rc;
}

/* The same buffer as input and output without MPI_IN_PLACE: the standard
 * forbids it, and it would silently corrupt the result. */
static __attribute__((cold, noinline)) int aliasing_error(const void *recvbuf)
{
    return err_set(MPI_ERR_BUFFER, "sendbuf and recvbuf are the same buffer %p (pass MPI_IN_PLACE as sendbuf)",
                   recvbuf);
}

static inline int check_aliasing(const void *sendbuf, const void *recvbuf, MPI_Count bytes)
{
    if (__builtin_expect(bytes > 0 && sendbuf == recvbuf, 0))
        return aliasing_error(recvbuf);
    return MPI_SUCCESS;
}

static __attribute__((cold, noinline)) int overlap_error(const void *sendbuf, const void *recvbuf)
{
    return err_set(MPI_ERR_BUFFER,
                   "sendbuf %p and recvbuf %p overlap (pass MPI_IN_PLACE as sendbuf to use one buffer for both)",
                   sendbuf, recvbuf);
}

/* The same for data that overlaps without starting at the same address
 * (a process's own block of an allgather passed as sendbuf, say), here
 * against the blocks of the other side (counts[i] elements of type t at
 * displs[i] extents from buf; a v-form's gaps between them may hold the
 * first buffer).  Only for contiguous types, whose bytes are their whole
 * span: layouts with holes may interleave legally.  Where the data start
 * is what counts, not the buffer argument: both may be MPI_BOTTOM, with
 * types built from absolute addresses. */
static inline int check_overlap_blocks(const void *one, MPI_Count one_count, const datatype_t *one_type,
                                       const void *buf, const MPI_Count *counts, const MPI_Aint *displs, int n,
                                       const datatype_t *t)
{
    MPI_Count one_bytes = one_count * one_type->size;
    if (one_bytes <= 0)
        return MPI_SUCCESS;
    if (__builtin_expect(one == buf, 0) && one_type->true_lb == t->true_lb)
        return aliasing_error(buf);
    if (!one_type->contiguous || !t->contiguous)
        return MPI_SUCCESS;
    uintptr_t s = (uintptr_t)one + (uintptr_t)one_type->true_lb;
    for (int i = 0; i < n; i++) {
        uintptr_t r = (uintptr_t)buf + (uintptr_t)t->true_lb + (uintptr_t)(displs[i] * t->extent);
        uintptr_t len = (uintptr_t)(counts[i] * t->size);
        if (len && s < r + len && r < s + (uintptr_t)one_bytes)
            return overlap_error(one, buf);
    }
    return MPI_SUCCESS;
}

/* The same against one block: sendcount and recvcount of the forms
 * without v. */
static inline int check_overlap(const void *sendbuf, MPI_Count sendcount, const datatype_t *sendtype,
                                const void *recvbuf, MPI_Count recvcount, const datatype_t *recvtype)
{
    static const MPI_Aint at_start = 0;
    return check_overlap_blocks(sendbuf, sendcount, sendtype, recvbuf, &recvcount, &at_start, 1, recvtype);
}

/* MPI_Alltoallv/w passed one buffer as both (not MPI_IN_PLACE): an error
 * when a send block and a receive block share bytes.  Only then, and only
 * blocks of contiguous types, whose bytes are their span: disjoint blocks
 * of one buffer are legal.  n^2 pairs, paid only by a call that passes
 * the same buffer twice.  types: one per block (w), or NULL and `type`
 * for all with displacements in its extents (v). */
typedef struct v_side {
    const MPI_Count *counts;
    const MPI_Aint *displs;
    datatype_t *const *types;
    const datatype_t *type;
} v_side_t;

static bool v_block(const v_side_t *v, int i, uintptr_t base, uintptr_t *lo, uintptr_t *len)
{
    const datatype_t *t = v->types ? v->types[i] : v->type;
    if (!t || !t->contiguous || v->counts[i] <= 0 || t->size == 0)
        return false;
    *lo = base + (uintptr_t)t->true_lb + (uintptr_t)(v->types ? v->displs[i] : v->displs[i] * t->extent);
    *len = (uintptr_t)(v->counts[i] * t->size);
    return true;
}

static int check_v_blocks_apart(const void *buf, int n, const v_side_t *send, const v_side_t *recv)
{
    uintptr_t base = (uintptr_t)buf, s, slen, r, rlen;
    for (int i = 0; i < n; i++)
        if (v_block(send, i, base, &s, &slen))
            for (int j = 0; j < n; j++)
                if (v_block(recv, j, base, &r, &rlen) && s < r + rlen && r < s + slen)
                    return err_set(MPI_ERR_BUFFER,
                                   "sendbuf and recvbuf are the same buffer %p and send block %d overlaps receive "
                                   "block %d (pass MPI_IN_PLACE as sendbuf to use one buffer for both)",
                                   buf, i, j);
    return MPI_SUCCESS;
}

/* The info of an _init call: MPI_INFO_NULL or a live handle.  No hint
 * changes a collective yet, so a valid one is only checked. */
static int check_info_arg(MPI_Info info)
{
    if (info == MPI_INFO_NULL || info_from_handle(info))
        return MPI_SUCCESS;
    return err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
}

/* ---- the operations ---- */

static int prepare_barrier(MPI_Comm comm, call_t *c)
{
    return check_coll_comm(comm, c);
}

/* MPI_Bcast's checks, into the communicator and datatype (NULL for a
 * process of an intercommunicator that takes no part). */
static inline int check_bcast(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                              comm_t **cm, datatype_t **dt)
{
    enum role role = ROLE_NONE;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, cm);
    if (rc == MPI_SUCCESS)
        rc = check_root(*cm, root, &role);
    if (rc == MPI_SUCCESS && role != ROLE_NONE)
        rc = check_data(buffer, count, datatype, role == ROLE_ROOT, dt);
    return rc;
}

static void fill_bcast(void *buffer, MPI_Count count, int root, comm_t *cm, datatype_t *dt, call_t *c)
{
    c->comm = cm;
    c->a.recvbuf = buffer;
    c->a.recvcount = count;
    c->a.recvtype = dt;
    c->a.root = root;
}

static int prepare_bcast(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, call_t *c)
{
    comm_t *cm = NULL;
    datatype_t *dt = NULL;
    int rc = check_bcast(buffer, count, datatype, root, comm, &cm, &dt);
    fill_bcast(buffer, count, root, cm, dt, c);
    return rc;
}

static int prepare_gather(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    enum role role = ROLE_NONE;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_root(c->comm, root, &role);
    if (rc != MPI_SUCCESS)
        return rc;
    a->root = root;
    if (role == ROLE_ROOT) {
        rc = check_count(recvcount, "recvcount");
        if (rc == MPI_SUCCESS)
            rc = check_data(recvbuf, (MPI_Count)recvcount * blocks_of(c), recvtype, false, &a->recvtype);
        a->recvbuf = recvbuf;
        a->recvcount = recvcount;
    }
    if (rc == MPI_SUCCESS && role == ROLE_ROOT && in_place(c, sendbuf)) {
        a->in_place = true;
        a->sendbuf = coll_at(recvbuf, (MPI_Count)root * recvcount, a->recvtype);
        a->sendcount = recvcount;
        a->sendtype = a->recvtype;
    } else if (rc == MPI_SUCCESS && has_own_block(c, role)) {
        rc = check_data(sendbuf, sendcount, sendtype, true, &a->sendtype);
        if (rc == MPI_SUCCESS && role == ROLE_ROOT)
            rc = check_overlap(sendbuf, sendcount, a->sendtype, recvbuf, recvcount * blocks_of(c), a->recvtype);
        a->sendbuf = sendbuf;
        a->sendcount = sendcount;
    }
    return rc;
}

static int prepare_gatherv(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           counts_arg_t recvcounts_arg, displs_arg_t displs_arg, MPI_Datatype recvtype, int root,
                           MPI_Comm comm, call_t *c)
{
    const MPI_Count *recvcounts = NULL;
    const MPI_Aint *displs = NULL;
    coll_args_t *a = &c->a;
    enum role role = ROLE_NONE;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_root(c->comm, root, &role);
    if (rc != MPI_SUCCESS)
        return rc;
    a->root = root;
    if (role == ROLE_ROOT) {
        rc = widen_side_v(c, recvcounts_arg, displs_arg, blocks_of(c), &recvcounts, &displs);
        if (rc == MPI_SUCCESS)
            rc = check_side_v(recvbuf, recvcounts, displs, blocks_of(c), recvtype, false, "displs", &a->recvtype);
        a->recvbuf = recvbuf;
        a->recvcounts = recvcounts;
        a->rdispls = displs;
    }
    if (rc == MPI_SUCCESS && role == ROLE_ROOT && in_place(c, sendbuf)) {
        a->in_place = true;
        a->sendbuf = coll_at(recvbuf, displs[root], a->recvtype);
        a->sendcount = recvcounts[root];
        a->sendtype = a->recvtype;
    } else if (rc == MPI_SUCCESS && has_own_block(c, role)) {
        rc = check_data(sendbuf, sendcount, sendtype, true, &a->sendtype);
        if (rc == MPI_SUCCESS && role == ROLE_ROOT)
            rc = check_overlap_blocks(sendbuf, sendcount, a->sendtype, recvbuf, recvcounts, displs, blocks_of(c),
                                      a->recvtype);
        a->sendbuf = sendbuf;
        a->sendcount = sendcount;
    }
    return rc;
}

static int prepare_scatter(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    enum role role = ROLE_NONE;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_root(c->comm, root, &role);
    if (rc != MPI_SUCCESS)
        return rc;
    a->root = root;
    if (role == ROLE_ROOT) {
        rc = check_count(sendcount, "sendcount");
        if (rc == MPI_SUCCESS)
            rc = check_data(sendbuf, (MPI_Count)sendcount * blocks_of(c), sendtype, true, &a->sendtype);
        a->sendbuf = sendbuf;
        a->sendcount = sendcount;
    }
    if (rc == MPI_SUCCESS && role == ROLE_ROOT && in_place(c, recvbuf)) {
        a->in_place = true;
        a->recvbuf = coll_at(sendbuf, (MPI_Count)root * sendcount, a->sendtype);
        a->recvcount = sendcount;
        a->recvtype = a->sendtype;
    } else if (rc == MPI_SUCCESS && has_own_block(c, role)) {
        rc = check_data(recvbuf, recvcount, recvtype, false, &a->recvtype);
        if (rc == MPI_SUCCESS && role == ROLE_ROOT)
            rc = check_overlap(sendbuf, sendcount * blocks_of(c), a->sendtype, recvbuf, recvcount, a->recvtype);
        a->recvbuf = recvbuf;
        a->recvcount = recvcount;
    }
    return rc;
}

static int prepare_scatterv(const void *sendbuf, counts_arg_t sendcounts_arg, displs_arg_t displs_arg,
                            MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm, call_t *c)
{
    const MPI_Count *sendcounts = NULL;
    const MPI_Aint *displs = NULL;
    coll_args_t *a = &c->a;
    enum role role = ROLE_NONE;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_root(c->comm, root, &role);
    if (rc != MPI_SUCCESS)
        return rc;
    a->root = root;
    if (role == ROLE_ROOT) {
        rc = widen_side_v(c, sendcounts_arg, displs_arg, blocks_of(c), &sendcounts, &displs);
        if (rc == MPI_SUCCESS)
            rc = check_side_v(sendbuf, sendcounts, displs, blocks_of(c), sendtype, true, "displs", &a->sendtype);
        a->sendbuf = sendbuf;
        a->sendcounts = sendcounts;
        a->sdispls = displs;
    }
    if (rc == MPI_SUCCESS && role == ROLE_ROOT && in_place(c, recvbuf)) {
        a->in_place = true;
        a->recvbuf = coll_at(sendbuf, displs[root], a->sendtype);
        a->recvcount = sendcounts[root];
        a->recvtype = a->sendtype;
    } else if (rc == MPI_SUCCESS && has_own_block(c, role)) {
        rc = check_data(recvbuf, recvcount, recvtype, false, &a->recvtype);
        if (rc == MPI_SUCCESS && role == ROLE_ROOT)
            rc = check_overlap_blocks(recvbuf, recvcount, a->recvtype, sendbuf, sendcounts, displs, blocks_of(c),
                                      a->sendtype);
        a->recvbuf = recvbuf;
        a->recvcount = recvcount;
    }
    return rc;
}

static int prepare_allgather(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_count(recvcount, "recvcount");
    if (rc == MPI_SUCCESS)
        rc = check_data(recvbuf, (MPI_Count)recvcount * blocks_of(c), recvtype, false, &a->recvtype);
    if (rc != MPI_SUCCESS)
        return rc;
    a->recvbuf = recvbuf;
    a->recvcount = recvcount;
    if (in_place(c, sendbuf)) {
        a->in_place = true;
        a->sendbuf = coll_at(recvbuf, (MPI_Count)c->comm->rank * recvcount, a->recvtype);
        a->sendcount = recvcount;
        a->sendtype = a->recvtype;
        return MPI_SUCCESS;
    }
    rc = check_data(sendbuf, sendcount, sendtype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = check_overlap(sendbuf, sendcount, a->sendtype, recvbuf, recvcount * blocks_of(c), a->recvtype);
    a->sendbuf = sendbuf;
    a->sendcount = sendcount;
    return rc;
}

static int prepare_allgatherv(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              counts_arg_t recvcounts_arg, displs_arg_t displs_arg, MPI_Datatype recvtype,
                              MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    const MPI_Count *recvcounts = NULL;
    const MPI_Aint *displs = NULL;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = widen_side_v(c, recvcounts_arg, displs_arg, blocks_of(c), &recvcounts, &displs);
    if (rc == MPI_SUCCESS)
        rc = check_side_v(recvbuf, recvcounts, displs, blocks_of(c), recvtype, false, "displs", &a->recvtype);
    if (rc != MPI_SUCCESS)
        return rc;
    a->recvbuf = recvbuf;
    a->recvcounts = recvcounts;
    a->rdispls = displs;
    if (in_place(c, sendbuf)) {
        int r = c->comm->rank;
        a->in_place = true;
        a->sendbuf = coll_at(recvbuf, displs[r], a->recvtype);
        a->sendcount = recvcounts[r];
        a->sendtype = a->recvtype;
        return MPI_SUCCESS;
    }
    rc = check_data(sendbuf, sendcount, sendtype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = check_overlap_blocks(sendbuf, sendcount, a->sendtype, recvbuf, recvcounts, displs, blocks_of(c),
                                  a->recvtype);
    a->sendbuf = sendbuf;
    a->sendcount = sendcount;
    return rc;
}

static int prepare_alltoall(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_count(recvcount, "recvcount");
    if (rc == MPI_SUCCESS)
        rc = check_data(recvbuf, (MPI_Count)recvcount * blocks_of(c), recvtype, false, &a->recvtype);
    if (rc != MPI_SUCCESS)
        return rc;
    a->recvbuf = recvbuf;
    a->recvcount = recvcount;
    if (in_place(c, sendbuf)) {
        a->in_place = true;
        a->sendbuf = recvbuf;
        a->sendcount = recvcount;
        a->sendtype = a->recvtype;
        return MPI_SUCCESS;
    }
    rc = check_count(sendcount, "sendcount");
    if (rc == MPI_SUCCESS)
        rc = check_data(sendbuf, (MPI_Count)sendcount * blocks_of(c), sendtype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = check_overlap(sendbuf, sendcount * blocks_of(c), a->sendtype, recvbuf, recvcount * blocks_of(c),
                           a->recvtype);
    a->sendbuf = sendbuf;
    a->sendcount = sendcount;
    return rc;
}

static int prepare_alltoallv(const void *sendbuf, counts_arg_t sendcounts_arg, displs_arg_t sdispls_arg,
                             MPI_Datatype sendtype, void *recvbuf, counts_arg_t recvcounts_arg,
                             displs_arg_t rdispls_arg, MPI_Datatype recvtype, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    const MPI_Count *sendcounts = NULL, *recvcounts = NULL;
    const MPI_Aint *sdispls = NULL, *rdispls = NULL;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = widen_side_v(c, recvcounts_arg, rdispls_arg, blocks_of(c), &recvcounts, &rdispls);
    if (rc == MPI_SUCCESS)
        rc = check_side_v(recvbuf, recvcounts, rdispls, blocks_of(c), recvtype, false, "rdispls", &a->recvtype);
    if (rc != MPI_SUCCESS)
        return rc;
    a->recvbuf = recvbuf;
    a->recvcounts = recvcounts;
    a->rdispls = rdispls;
    if (in_place(c, sendbuf)) {
        a->in_place = true;
        a->sendbuf = recvbuf;
        a->sendcounts = recvcounts;
        a->sdispls = rdispls;
        a->sendtype = a->recvtype;
        return MPI_SUCCESS;
    }
    rc = widen_side_v(c, sendcounts_arg, sdispls_arg, blocks_of(c), &sendcounts, &sdispls);
    if (rc == MPI_SUCCESS)
        rc = check_side_v(sendbuf, sendcounts, sdispls, blocks_of(c), sendtype, true, "sdispls", &a->sendtype);
    if (rc == MPI_SUCCESS && sendbuf == recvbuf)
        rc = check_v_blocks_apart(sendbuf, blocks_of(c), &(v_side_t){sendcounts, sdispls, NULL, a->sendtype},
                                  &(v_side_t){recvcounts, rdispls, NULL, a->recvtype});
    a->sendbuf = sendbuf;
    a->sendcounts = sendcounts;
    a->sdispls = sdispls;
    return rc;
}

/* MPI_Alltoallw's arrays of datatypes, as objects: send types first. */
static int check_type_array(const MPI_Datatype types[], int n, const char *what, datatype_t **out)
{
    int rc = check_pointer(types, what);
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++) {
        dt_buffer_t ignored;
        rc = check_message_buffer(NULL, 0, types[i], false, &ignored);
        if (rc == MPI_SUCCESS)
            out[i] = dt_from_handle(types[i]);
    }
    return rc;
}

static int prepare_alltoallw(const void *sendbuf, counts_arg_t sendcounts_arg, displs_arg_t sdispls_arg,
                             const MPI_Datatype sendtypes[], void *recvbuf, counts_arg_t recvcounts_arg,
                             displs_arg_t rdispls_arg, const MPI_Datatype recvtypes[], MPI_Comm comm, call_t *c)
{
    const MPI_Count *sendcounts = NULL, *recvcounts = NULL;
    const MPI_Aint *sdispls = NULL, *rdispls = NULL;
    coll_args_t *a = &c->a;
    int rc = check_coll_comm(comm, c);
    if (rc != MPI_SUCCESS)
        return rc;
    int n = blocks_of(c);
    c->types = calloc(2 * (size_t)n, sizeof *c->types);
    if (!c->types)
        return err_set(MPI_ERR_NO_MEM, "out of memory checking MPI_Alltoallw's types");
    c->ntypes = 2 * n;
    rc = widen_side_v(c, recvcounts_arg, rdispls_arg, n, &recvcounts, &rdispls);
    if (rc == MPI_SUCCESS)
        rc = check_counts(recvcounts, n, "recvcounts");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(rdispls, "rdispls");
    if (rc == MPI_SUCCESS)
        rc = check_type_array(recvtypes, n, "recvtypes", c->types + n);
    a->recvbuf = recvbuf;
    a->recvcounts = recvcounts;
    a->rdispls = rdispls;
    a->recvtypes = c->types + n;
    if (rc == MPI_SUCCESS && in_place(c, sendbuf)) {
        a->in_place = true;
        a->sendbuf = recvbuf;
        a->sendcounts = recvcounts;
        a->sdispls = rdispls;
        a->sendtypes = c->types + n;
    } else if (rc == MPI_SUCCESS) {
        rc = widen_side_v(c, sendcounts_arg, sdispls_arg, n, &sendcounts, &sdispls);
        if (rc == MPI_SUCCESS)
            rc = check_counts(sendcounts, n, "sendcounts");
        if (rc == MPI_SUCCESS)
            rc = check_pointer(sdispls, "sdispls");
        if (rc == MPI_SUCCESS)
            rc = check_type_array(sendtypes, n, "sendtypes", c->types);
        if (rc == MPI_SUCCESS && sendbuf == recvbuf)
            rc = check_v_blocks_apart(sendbuf, n, &(v_side_t){sendcounts, sdispls, c->types, NULL},
                                      &(v_side_t){recvcounts, rdispls, c->types + n, NULL});
        a->sendbuf = sendbuf;
        a->sendcounts = sendcounts;
        a->sdispls = sdispls;
        a->sendtypes = c->types;
    }
    return rc;
}

/* check_overlap for a reduction's buffers: the same type and count on
 * both sides, so the spans overlap just when the starts are closer than
 * their length (one subtraction and a comparison: this runs on every
 * reduction). */
static __attribute__((cold, noinline)) int reduction_overlap_error(const void *sendbuf, const void *recvbuf)
{
    return sendbuf == recvbuf ? aliasing_error(recvbuf) : overlap_error(sendbuf, recvbuf);
}

static inline int check_overlap_same(const void *sendbuf, const void *recvbuf, MPI_Count count, const datatype_t *t)
{
    uintptr_t bytes = (uintptr_t)(count * t->size), d = (uintptr_t)recvbuf - (uintptr_t)sendbuf + bytes;
    if (__builtin_expect(bytes && d - 1 < 2 * bytes - 1, 0) && (t->contiguous || sendbuf == recvbuf))
        return reduction_overlap_error(sendbuf, recvbuf);
    return MPI_SUCCESS;
}

/* The arguments every reduction shares.  send_here, recv_here: whether
 * this process gives input and takes a result; in_place_ok: whether it
 * may pass MPI_IN_PLACE.  Inline in each operation's prepare: passing ten
 * arguments and saving registers cost more than the tests. */
static inline __attribute__((always_inline)) int prepare_reduction(const void *sendbuf, void *recvbuf, MPI_Count count,
                                                                   MPI_Count recv_count, MPI_Datatype datatype,
                                                                   MPI_Op op, bool send_here, bool recv_here,
                                                                   bool in_place_ok, call_t *c)
{
    coll_args_t *a = &c->a;
    int rc = check_count(count, "count");
    if (rc == MPI_SUCCESS)
        rc = check_datatype(datatype, "datatype", &a->recvtype);
    if (rc == MPI_SUCCESS)
        rc = check_op(op, a->recvtype, &a->op);
    if (rc == MPI_SUCCESS && recv_here)
        rc = check_data_of(recvbuf, recv_count, a->recvtype, false);
    if (rc != MPI_SUCCESS)
        return rc;
    a->sendtype = a->recvtype;
    a->recvbuf = recvbuf;
    a->sendcount = count;
    a->recvcount = count;
    if (sendbuf == MPI_IN_PLACE && in_place_ok) {
        a->in_place = true;
        a->sendbuf = recvbuf;
        return MPI_SUCCESS;
    }
    if (!send_here)
        return MPI_SUCCESS;
    rc = check_data_of(sendbuf, count, a->sendtype, true);
    if (rc == MPI_SUCCESS && recv_here)
        rc = recv_count == count ? check_overlap_same(sendbuf, recvbuf, count, a->sendtype)
                                 : check_overlap(sendbuf, count, a->sendtype, recvbuf, recv_count, a->recvtype);
    a->sendbuf = sendbuf;
    return rc;
}

static int prepare_reduce(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                          int root, MPI_Comm comm, call_t *c)
{
    enum role role = ROLE_NONE;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_root(c->comm, root, &role);
    c->a.root = root;
    if (rc != MPI_SUCCESS || role == ROLE_NONE)
        return rc;
    bool at_root = role == ROLE_ROOT;
    return prepare_reduction(sendbuf, recvbuf, count, count, datatype, op, has_own_block(c, role), at_root,
                             at_root && !c->comm->inter, c);
}

static int prepare_allreduce(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm, call_t *c)
{
    int rc = check_coll_comm(comm, c);
    if (rc != MPI_SUCCESS)
        return rc;
    return prepare_reduction(sendbuf, recvbuf, count, count, datatype, op, true, true, !c->comm->inter, c);
}

/* On an intercommunicator each group's input vector is as long as the sum
 * of its own counts, which must equal the other group's sum. */
static int prepare_reduce_scatter(const void *sendbuf, void *recvbuf, counts_arg_t recvcounts_arg,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, call_t *c)
{
    const MPI_Count *recvcounts = NULL;
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = counts_of(c, recvcounts_arg, c->comm->size, &recvcounts);
    if (rc == MPI_SUCCESS)
        rc = check_counts(recvcounts, c->comm->size, "recvcounts");
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Count total = 0;
    for (int i = 0; i < c->comm->size; i++)
        total += recvcounts[i];
    int r = c->comm->rank;
    /* In place, the input is the whole of recvbuf. */
    MPI_Count recv_len = in_place(c, sendbuf) ? total : recvcounts[r];
    rc = prepare_reduction(sendbuf, recvbuf, total, recv_len, datatype, op, true, true, !c->comm->inter, c);
    c->a.recvcounts = recvcounts;
    c->a.recvcount = recvcounts[r];
    return rc;
}

static int prepare_reduce_scatter_block(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                        MPI_Op op, MPI_Comm comm, call_t *c)
{
    int rc = check_coll_comm(comm, c);
    if (rc == MPI_SUCCESS)
        rc = check_count(recvcount, "recvcount");
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Count total = (MPI_Count)recvcount * c->comm->size;
    MPI_Count recv_len = in_place(c, sendbuf) ? total : recvcount;
    rc = prepare_reduction(sendbuf, recvbuf, total, recv_len, datatype, op, true, true, !c->comm->inter, c);
    c->a.recvcount = recvcount;
    return rc;
}

static int prepare_scan(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, call_t *c)
{
    int rc = check_intra_comm(comm, c);
    if (rc != MPI_SUCCESS)
        return rc;
    return prepare_reduction(sendbuf, recvbuf, count, count, datatype, op, true, true, true, c);
}

/* ---- the neighbourhood collectives ---- */

/* An intracommunicator with a topology; its in- and out-degrees. */
static int check_neighbor_comm(MPI_Comm handle, call_t *c, int *in, int *out)
{
    int rc = check_intra_comm(handle, c);
    if (rc == MPI_SUCCESS && !c->comm->topo)
        rc = err_set(MPI_ERR_TOPOLOGY, "invalid communicator %s (it has no process topology)",
                     c->comm->name[0] ? c->comm->name : "given");
    if (rc == MPI_SUCCESS)
        topo_degrees(c->comm->topo, c->comm->rank, in, out);
    return rc;
}

/* The send side of the allgather and alltoall forms: count elements per
 * neighbour, `blocks` of them. */
static int neighbor_side(const void *buf, MPI_Count count, int blocks, MPI_Datatype type, bool send, datatype_t **dt)
{
    int rc = check_count(count, send ? "sendcount" : "recvcount");
    if (rc == MPI_SUCCESS)
        rc = check_data(buf, (MPI_Count)count * blocks, type, send, dt);
    return rc;
}

static int prepare_neighbor_allgather(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    int in = 0, out = 0;
    int rc = check_neighbor_comm(comm, c, &in, &out);
    if (rc == MPI_SUCCESS)
        rc = neighbor_side(sendbuf, sendcount, 1, sendtype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = neighbor_side(recvbuf, recvcount, in, recvtype, false, &a->recvtype);
    *a = (coll_args_t){.sendbuf = sendbuf,
                       .sendcount = sendcount,
                       .sendtype = a->sendtype,
                       .recvbuf = recvbuf,
                       .recvcount = recvcount,
                       .recvtype = a->recvtype};
    return rc;
}

static int prepare_neighbor_allgatherv(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       counts_arg_t recvcounts_arg, displs_arg_t displs_arg, MPI_Datatype recvtype,
                                       MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    const MPI_Count *recvcounts = NULL;
    const MPI_Aint *displs = NULL;
    int in = 0, out = 0;
    int rc = check_neighbor_comm(comm, c, &in, &out);
    if (rc == MPI_SUCCESS)
        rc = widen_side_v(c, recvcounts_arg, displs_arg, in, &recvcounts, &displs);
    if (rc == MPI_SUCCESS)
        rc = neighbor_side(sendbuf, sendcount, 1, sendtype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = check_side_v(recvbuf, recvcounts, displs, in, recvtype, false, "displs", &a->recvtype);
    *a = (coll_args_t){.sendbuf = sendbuf,
                       .sendcount = sendcount,
                       .sendtype = a->sendtype,
                       .recvbuf = recvbuf,
                       .recvcounts = recvcounts,
                       .rdispls = displs,
                       .recvtype = a->recvtype};
    return rc;
}

static int prepare_neighbor_alltoall(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    int in = 0, out = 0;
    int rc = check_neighbor_comm(comm, c, &in, &out);
    if (rc == MPI_SUCCESS)
        rc = neighbor_side(sendbuf, sendcount, out, sendtype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = neighbor_side(recvbuf, recvcount, in, recvtype, false, &a->recvtype);
    *a = (coll_args_t){.sendbuf = sendbuf,
                       .sendcount = sendcount,
                       .sendtype = a->sendtype,
                       .recvbuf = recvbuf,
                       .recvcount = recvcount,
                       .recvtype = a->recvtype};
    return rc;
}

static int prepare_neighbor_alltoallv(const void *sendbuf, counts_arg_t sendcounts_arg, displs_arg_t sdispls_arg,
                                      MPI_Datatype sendtype, void *recvbuf, counts_arg_t recvcounts_arg,
                                      displs_arg_t rdispls_arg, MPI_Datatype recvtype, MPI_Comm comm, call_t *c)
{
    coll_args_t *a = &c->a;
    const MPI_Count *sendcounts = NULL, *recvcounts = NULL;
    const MPI_Aint *sdispls = NULL, *rdispls = NULL;
    int in = 0, out = 0;
    int rc = check_neighbor_comm(comm, c, &in, &out);
    if (rc == MPI_SUCCESS)
        rc = widen_side_v(c, sendcounts_arg, sdispls_arg, out, &sendcounts, &sdispls);
    if (rc == MPI_SUCCESS)
        rc = widen_side_v(c, recvcounts_arg, rdispls_arg, in, &recvcounts, &rdispls);
    if (rc == MPI_SUCCESS)
        rc = check_side_v(sendbuf, sendcounts, sdispls, out, sendtype, true, "sdispls", &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = check_side_v(recvbuf, recvcounts, rdispls, in, recvtype, false, "rdispls", &a->recvtype);
    *a = (coll_args_t){.sendbuf = sendbuf,
                       .sendcounts = sendcounts,
                       .sdispls = sdispls,
                       .sendtype = a->sendtype,
                       .recvbuf = recvbuf,
                       .recvcounts = recvcounts,
                       .rdispls = rdispls,
                       .recvtype = a->recvtype};
    return rc;
}

static int prepare_neighbor_alltoallw(const void *sendbuf, counts_arg_t sendcounts_arg, const MPI_Aint sdispls[],
                                      const MPI_Datatype sendtypes[], void *recvbuf, counts_arg_t recvcounts_arg,
                                      const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                      call_t *c)
{
    const MPI_Count *sendcounts = NULL, *recvcounts = NULL;
    coll_args_t *a = &c->a;
    int in = 0, out = 0;
    int rc = check_neighbor_comm(comm, c, &in, &out);
    if (rc != MPI_SUCCESS)
        return rc;
    if (sendbuf == MPI_IN_PLACE || recvbuf == MPI_IN_PLACE)
        return err_set(MPI_ERR_BUFFER, "MPI_IN_PLACE is not allowed in a neighbourhood collective");
    c->types = calloc((size_t)in + (size_t)out + 1, sizeof *c->types);
    if (!c->types)
        return err_set(MPI_ERR_NO_MEM, "out of memory checking MPI_Neighbor_alltoallw's types");
    c->ntypes = in + out;
    rc = counts_of(c, sendcounts_arg, out, &sendcounts);
    if (rc == MPI_SUCCESS)
        rc = counts_of(c, recvcounts_arg, in, &recvcounts);
    if (rc == MPI_SUCCESS)
        rc = check_counts(sendcounts, out, "sendcounts");
    if (rc == MPI_SUCCESS && out > 0)
        rc = check_pointer(sdispls, "sdispls");
    if (rc == MPI_SUCCESS && out > 0)
        rc = check_type_array(sendtypes, out, "sendtypes", c->types);
    if (rc == MPI_SUCCESS)
        rc = check_counts(recvcounts, in, "recvcounts");
    if (rc == MPI_SUCCESS && in > 0)
        rc = check_pointer(rdispls, "rdispls");
    if (rc == MPI_SUCCESS && in > 0)
        rc = check_type_array(recvtypes, in, "recvtypes", c->types + out);
    if (rc != MPI_SUCCESS)
        return rc;
    *a = (coll_args_t){.sendbuf = sendbuf,
                       .sendcounts = sendcounts,
                       .sbytes = sdispls,
                       .sendtypes = c->types,
                       .recvbuf = recvbuf,
                       .recvcounts = recvcounts,
                       .rbytes = rdispls,
                       .recvtypes = c->types + out};
    return MPI_SUCCESS;
}

/* ---- the entry points: blocking, nonblocking, persistent ---- */

COLL_ENTRY int PMPI_Barrier(MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_barrier(comm, &c);
    /* Alone, nothing to wait for (as MPI_Bcast below). */
    if (rc == MPI_SUCCESS && c.comm->size == 1 && !c.comm->inter)
        return MPI_SUCCESS;
    return run("MPI_Barrier", COLL_BARRIER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_barrier(comm, &c);
    return run("MPI_Ibarrier", COLL_BARRIER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_barrier(comm, &c);
    return run("MPI_Barrier_init", COLL_BARRIER, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    /* Checked into locals first: a small broadcast's shorter way
     * (coll_run_bcast_cell) needs no call_t, whose zeroing was 30
     * instructions of about 290. */
    comm_t *cm = NULL;
    datatype_t *dt = NULL;
    int rc = check_bcast(buffer, count, datatype, root, comm, &cm, &dt);
    /* Alone, the data is where it belongs: on one process an MPI_Bcast
     * and an MPI_Barrier took 330 instructions, now 158. */
    if (rc == MPI_SUCCESS && cm->size == 1 && !cm->inter)
        return MPI_SUCCESS;
    if (rc == MPI_SUCCESS) {
        rc = coll_run_bcast_cell(cm, buffer, count, dt, root);
        if (rc != COLL_DECLINED)
            return rc == MPI_SUCCESS ? MPI_SUCCESS : err_raise(cm, "MPI_Bcast", rc);
        rc = MPI_SUCCESS;
    }
    call_t c = {0};
    fill_bcast(buffer, count, root, cm, dt, &c);
    return run("MPI_Bcast", COLL_BCAST, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_bcast(buffer, count, datatype, root, comm, &c);
    return run("MPI_Ibcast", COLL_BCAST, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                    MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_bcast(buffer, count, datatype, root, comm, &c);
    return run("MPI_Bcast_init", COLL_BCAST, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Gather", COLL_GATHER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Igather", COLL_GATHER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                     MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Gather_init", COLL_GATHER, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts), NARROW_DISPLS(displs),
                             recvtype, root, comm, &c);
    return run("MPI_Gatherv", COLL_GATHERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                  const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts), NARROW_DISPLS(displs),
                             recvtype, root, comm, &c);
    return run("MPI_Igatherv", COLL_GATHERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                      const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts), NARROW_DISPLS(displs),
                             recvtype, root, comm, &c);
    return run("MPI_Gatherv_init", COLL_GATHERV, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Scatter", COLL_SCATTER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Iscatter", COLL_SCATTER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Scatter_init", COLL_SCATTER, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatterv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(displs), sendtype, recvbuf, recvcount,
                              recvtype, root, comm, &c);
    return run("MPI_Scatterv", COLL_SCATTERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                   void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatterv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(displs), sendtype, recvbuf, recvcount,
                              recvtype, root, comm, &c);
    return run("MPI_Iscatterv", COLL_SCATTERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatterv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(displs), sendtype, recvbuf, recvcount,
                              recvtype, root, comm, &c);
    return run("MPI_Scatterv_init", COLL_SCATTERV, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Allgather", COLL_ALLGATHER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                    MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Iallgather", COLL_ALLGATHER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Allgather_init", COLL_ALLGATHER, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts), NARROW_DISPLS(displs),
                                recvtype, comm, &c);
    return run("MPI_Allgatherv", COLL_ALLGATHERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                     const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts), NARROW_DISPLS(displs),
                                recvtype, comm, &c);
    return run("MPI_Iallgatherv", COLL_ALLGATHERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                         MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts), NARROW_DISPLS(displs),
                                recvtype, comm, &c);
    return run("MPI_Allgatherv_init", COLL_ALLGATHERV, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Alltoall", COLL_ALLTOALL, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Ialltoall", COLL_ALLTOALL, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Alltoall_init", COLL_ALLTOALL, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                              void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                              MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtype, recvbuf,
                               NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Alltoallv", COLL_ALLTOALLV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                    void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                    MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtype, recvbuf,
                               NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Ialltoallv", COLL_ALLTOALLV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                        MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtype, recvbuf,
                               NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Alltoallv_init", COLL_ALLTOALLV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                   void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallw(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtypes, recvbuf,
                               NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtypes, comm, &c);
    return run("MPI_Alltoallw", COLL_ALLTOALLW, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                    void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                    MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallw(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtypes, recvbuf,
                               NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtypes, comm, &c);
    return run("MPI_Ialltoallw", COLL_ALLTOALLW, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
                        const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallw(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtypes, recvbuf,
                               NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtypes, comm, &c);
    return run("MPI_Alltoallw_init", COLL_ALLTOALLW, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                           MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, &c);
    return run("MPI_Reduce", COLL_REDUCE, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                 MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, &c);
    return run("MPI_Ireduce", COLL_REDUCE, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                     MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, &c);
    return run("MPI_Reduce_init", COLL_REDUCE, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allreduce(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Allreduce", COLL_ALLREDUCE, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                    MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allreduce(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Iallreduce", COLL_ALLREDUCE, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                        MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allreduce(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Allreduce_init", COLL_ALLREDUCE, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                   MPI_Op op, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter(sendbuf, recvbuf, NARROW_COUNTS(recvcounts), datatype, op, comm, &c);
    return run("MPI_Reduce_scatter", COLL_REDUCE_SCATTER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter(sendbuf, recvbuf, NARROW_COUNTS(recvcounts), datatype, op, comm, &c);
    return run("MPI_Ireduce_scatter", COLL_REDUCE_SCATTER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                             MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter(sendbuf, recvbuf, NARROW_COUNTS(recvcounts), datatype, op, comm, &c);
    return run("MPI_Reduce_scatter_init", COLL_REDUCE_SCATTER, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &c);
    return run("MPI_Reduce_scatter_block", COLL_REDUCE_SCATTER_BLOCK, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &c);
    return run("MPI_Ireduce_scatter_block", COLL_REDUCE_SCATTER_BLOCK, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &c);
    return run("MPI_Reduce_scatter_block_init", COLL_REDUCE_SCATTER_BLOCK, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Scan", COLL_SCAN, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
               MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Iscan", COLL_SCAN, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Scan_init", COLL_SCAN, &c, rc, PERSISTENT, info, request);
}

COLL_ENTRY int PMPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Exscan", COLL_EXSCAN, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                 MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Iexscan", COLL_EXSCAN, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                     MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Exscan_init", COLL_EXSCAN, &c, rc, PERSISTENT, info, request);
}

int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op)
{
    THREADS_ENTER();
    call_t c = {0};
    coll_args_t *a = &c.a;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_data(inbuf, count, datatype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = check_data(inoutbuf, count, datatype, false, &a->recvtype);
    if (rc == MPI_SUCCESS)
        rc = check_op(op, a->recvtype, &a->op);
    if (rc == MPI_SUCCESS)
        rc = check_aliasing(inbuf, inoutbuf, count * a->recvtype->size);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Reduce_local", rc);
    op_apply(a->op, inbuf, inoutbuf, count, a->recvtype);
    return MPI_SUCCESS;
}

int PMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_allgather", COLL_NEIGHBOR_ALLGATHER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Ineighbor_allgather", COLL_NEIGHBOR_ALLGATHER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_allgather_init", COLL_NEIGHBOR_ALLGATHER, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts),
                                         NARROW_DISPLS(displs), recvtype, comm, &c);
    return run("MPI_Neighbor_allgatherv", COLL_NEIGHBOR_ALLGATHERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                              MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts),
                                         NARROW_DISPLS(displs), recvtype, comm, &c);
    return run("MPI_Ineighbor_allgatherv", COLL_NEIGHBOR_ALLGATHERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                  MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, NARROW_COUNTS(recvcounts),
                                         NARROW_DISPLS(displs), recvtype, comm, &c);
    return run("MPI_Neighbor_allgatherv_init", COLL_NEIGHBOR_ALLGATHERV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_alltoall", COLL_NEIGHBOR_ALLTOALL, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Ineighbor_alltoall", COLL_NEIGHBOR_ALLTOALL, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_alltoall_init", COLL_NEIGHBOR_ALLTOALL, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtype, recvbuf,
                                        NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Neighbor_alltoallv", COLL_NEIGHBOR_ALLTOALLV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                             MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtype, recvbuf,
                                        NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Ineighbor_alltoallv", COLL_NEIGHBOR_ALLTOALLV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                 MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallv(sendbuf, NARROW_COUNTS(sendcounts), NARROW_DISPLS(sdispls), sendtype, recvbuf,
                                        NARROW_COUNTS(recvcounts), NARROW_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Neighbor_alltoallv_init", COLL_NEIGHBOR_ALLTOALLV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallw(sendbuf, NARROW_COUNTS(sendcounts), sdispls, sendtypes, recvbuf,
                                        NARROW_COUNTS(recvcounts), rdispls, recvtypes, comm, &c);
    return run("MPI_Neighbor_alltoallw", COLL_NEIGHBOR_ALLTOALLW, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                             const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                             const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                             MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallw(sendbuf, NARROW_COUNTS(sendcounts), sdispls, sendtypes, recvbuf,
                                        NARROW_COUNTS(recvcounts), rdispls, recvtypes, comm, &c);
    return run("MPI_Ineighbor_alltoallw", COLL_NEIGHBOR_ALLTOALLW, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                 const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                 const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallw(sendbuf, NARROW_COUNTS(sendcounts), sdispls, sendtypes, recvbuf,
                                        NARROW_COUNTS(recvcounts), rdispls, recvtypes, comm, &c);
    return run("MPI_Neighbor_alltoallw_init", COLL_NEIGHBOR_ALLTOALLW, &c, rc, PERSISTENT, info, request);
}

/* ---- the large-count forms (MPI-4): the same with MPI_Count counts ---- */

int PMPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_bcast(buffer, count, datatype, root, comm, &c);
    return run("MPI_Bcast_c", COLL_BCAST, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_bcast(buffer, count, datatype, root, comm, &c);
    return run("MPI_Ibcast_c", COLL_BCAST, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_bcast(buffer, count, datatype, root, comm, &c);
    return run("MPI_Bcast_init_c", COLL_BCAST, &c, rc, PERSISTENT, info, request);
}

int PMPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Gather_c", COLL_GATHER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                   MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Igather_c", COLL_GATHER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                       MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                       MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Gather_init_c", COLL_GATHER, &c, rc, PERSISTENT, info, request);
}

int PMPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                   MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Scatter_c", COLL_SCATTER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                    MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Iscatter_c", COLL_SCATTER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                        MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                        MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, &c);
    return run("MPI_Scatter_init_c", COLL_SCATTER, &c, rc, PERSISTENT, info, request);
}

int PMPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Allgather_c", COLL_ALLGATHER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                      MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Iallgather_c", COLL_ALLGATHER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                          MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Allgather_init_c", COLL_ALLGATHER, &c, rc, PERSISTENT, info, request);
}

int PMPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                    MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Alltoall_c", COLL_ALLTOALL, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Ialltoall_c", COLL_ALLTOALL, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Alltoall_init_c", COLL_ALLTOALL, &c, rc, PERSISTENT, info, request);
}

int PMPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                  MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, &c);
    return run("MPI_Reduce_c", COLL_REDUCE, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                   MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, &c);
    return run("MPI_Ireduce_c", COLL_REDUCE, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root,
                       MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce(sendbuf, recvbuf, count, datatype, op, root, comm, &c);
    return run("MPI_Reduce_init_c", COLL_REDUCE, &c, rc, PERSISTENT, info, request);
}

int PMPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allreduce(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Allreduce_c", COLL_ALLREDUCE, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                      MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allreduce(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Iallreduce_c", COLL_ALLREDUCE, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allreduce(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Allreduce_init_c", COLL_ALLREDUCE, &c, rc, PERSISTENT, info, request);
}

int PMPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &c);
    return run("MPI_Reduce_scatter_block_c", COLL_REDUCE_SCATTER_BLOCK, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                 MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &c);
    return run("MPI_Ireduce_scatter_block_c", COLL_REDUCE_SCATTER_BLOCK, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, &c);
    return run("MPI_Reduce_scatter_block_init_c", COLL_REDUCE_SCATTER_BLOCK, &c, rc, PERSISTENT, info, request);
}

int PMPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Scan_c", COLL_SCAN, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                 MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Iscan_c", COLL_SCAN, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Scan_init_c", COLL_SCAN, &c, rc, PERSISTENT, info, request);
}

int PMPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Exscan_c", COLL_EXSCAN, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Iexscan_c", COLL_EXSCAN, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scan(sendbuf, recvbuf, count, datatype, op, comm, &c);
    return run("MPI_Exscan_init_c", COLL_EXSCAN, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_allgather_c", COLL_NEIGHBOR_ALLGATHER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Ineighbor_allgather_c", COLL_NEIGHBOR_ALLGATHER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_allgather_init_c", COLL_NEIGHBOR_ALLGATHER, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_alltoall_c", COLL_NEIGHBOR_ALLTOALL, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Ineighbor_alltoall_c", COLL_NEIGHBOR_ALLTOALL, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &c);
    return run("MPI_Neighbor_alltoall_init_c", COLL_NEIGHBOR_ALLTOALL, &c, rc, PERSISTENT, info, request);
}

int PMPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op)
{
    THREADS_ENTER();
    call_t c = {0};
    coll_args_t *a = &c.a;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_data(inbuf, count, datatype, true, &a->sendtype);
    if (rc == MPI_SUCCESS)
        rc = check_data(inoutbuf, count, datatype, false, &a->recvtype);
    if (rc == MPI_SUCCESS)
        rc = check_op(op, a->recvtype, &a->op);
    if (rc == MPI_SUCCESS)
        rc = check_aliasing(inbuf, inoutbuf, count * a->recvtype->size);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Reduce_local_c", rc);
    op_apply(a->op, inbuf, inoutbuf, count, a->recvtype);
    return MPI_SUCCESS;
}

int PMPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                   MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts), WIDE_DISPLS(displs),
                             recvtype, root, comm, &c);
    return run("MPI_Gatherv_c", COLL_GATHERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                    const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                    MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts), WIDE_DISPLS(displs),
                             recvtype, root, comm, &c);
    return run("MPI_Igatherv_c", COLL_GATHERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                        MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_gatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts), WIDE_DISPLS(displs),
                             recvtype, root, comm, &c);
    return run("MPI_Gatherv_init_c", COLL_GATHERV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype,
                    void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatterv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(displs), sendtype, recvbuf, recvcount,
                              recvtype, root, comm, &c);
    return run("MPI_Scatterv_c", COLL_SCATTERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype,
                     void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                     MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatterv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(displs), sendtype, recvbuf, recvcount,
                              recvtype, root, comm, &c);
    return run("MPI_Iscatterv_c", COLL_SCATTERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                         MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_scatterv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(displs), sendtype, recvbuf, recvcount,
                              recvtype, root, comm, &c);
    return run("MPI_Scatterv_init_c", COLL_SCATTERV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                      const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts), WIDE_DISPLS(displs),
                                recvtype, comm, &c);
    return run("MPI_Allgatherv_c", COLL_ALLGATHERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm,
                       MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts), WIDE_DISPLS(displs),
                                recvtype, comm, &c);
    return run("MPI_Iallgatherv_c", COLL_ALLGATHERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm,
                           MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_allgatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts), WIDE_DISPLS(displs),
                                recvtype, comm, &c);
    return run("MPI_Allgatherv_init_c", COLL_ALLGATHERV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype,
                     void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,
                     MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtype, recvbuf,
                               WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Alltoallv_c", COLL_ALLTOALLV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                      MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                      MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtype, recvbuf,
                               WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Ialltoallv_c", COLL_ALLTOALLV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                          MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtype, recvbuf,
                               WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Alltoallv_init_c", COLL_ALLTOALLV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                     const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallw(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtypes, recvbuf,
                               WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtypes, comm, &c);
    return run("MPI_Alltoallw_c", COLL_ALLTOALLW, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                      const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                      const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallw(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtypes, recvbuf,
                               WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtypes, comm, &c);
    return run("MPI_Ialltoallw_c", COLL_ALLTOALLW, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                          const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                          MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_alltoallw(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtypes, recvbuf,
                               WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtypes, comm, &c);
    return run("MPI_Alltoallw_init_c", COLL_ALLTOALLW, &c, rc, PERSISTENT, info, request);
}

int PMPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter(sendbuf, recvbuf, WIDE_COUNTS(recvcounts), datatype, op, comm, &c);
    return run("MPI_Reduce_scatter_c", COLL_REDUCE_SCATTER, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                           MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter(sendbuf, recvbuf, WIDE_COUNTS(recvcounts), datatype, op, comm, &c);
    return run("MPI_Ireduce_scatter_c", COLL_REDUCE_SCATTER, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                               MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_reduce_scatter(sendbuf, recvbuf, WIDE_COUNTS(recvcounts), datatype, op, comm, &c);
    return run("MPI_Reduce_scatter_init_c", COLL_REDUCE_SCATTER, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                               MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts),
                                         WIDE_DISPLS(displs), recvtype, comm, &c);
    return run("MPI_Neighbor_allgatherv_c", COLL_NEIGHBOR_ALLGATHERV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts),
                                         WIDE_DISPLS(displs), recvtype, comm, &c);
    return run("MPI_Ineighbor_allgatherv_c", COLL_NEIGHBOR_ALLGATHERV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                    MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, WIDE_COUNTS(recvcounts),
                                         WIDE_DISPLS(displs), recvtype, comm, &c);
    return run("MPI_Neighbor_allgatherv_init_c", COLL_NEIGHBOR_ALLGATHERV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                              MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                              const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtype, recvbuf,
                                        WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Neighbor_alltoallv_c", COLL_NEIGHBOR_ALLTOALLV, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                               MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                               const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtype, recvbuf,
                                        WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Ineighbor_alltoallv_c", COLL_NEIGHBOR_ALLTOALLV, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                   MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                   const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                   MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallv(sendbuf, WIDE_COUNTS(sendcounts), WIDE_DISPLS(sdispls), sendtype, recvbuf,
                                        WIDE_COUNTS(recvcounts), WIDE_DISPLS(rdispls), recvtype, comm, &c);
    return run("MPI_Neighbor_alltoallv_init_c", COLL_NEIGHBOR_ALLTOALLV, &c, rc, PERSISTENT, info, request);
}

int PMPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                              const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                              const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallw(sendbuf, WIDE_COUNTS(sendcounts), sdispls, sendtypes, recvbuf,
                                        WIDE_COUNTS(recvcounts), rdispls, recvtypes, comm, &c);
    return run("MPI_Neighbor_alltoallw_c", COLL_NEIGHBOR_ALLTOALLW, &c, rc, BLOCKING, MPI_INFO_NULL, NULL);
}

int PMPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                               const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                               const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                               MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallw(sendbuf, WIDE_COUNTS(sendcounts), sdispls, sendtypes, recvbuf,
                                        WIDE_COUNTS(recvcounts), rdispls, recvtypes, comm, &c);
    return run("MPI_Ineighbor_alltoallw_c", COLL_NEIGHBOR_ALLTOALLW, &c, rc, NONBLOCKING, MPI_INFO_NULL, request);
}

int PMPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                   const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                   const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                   MPI_Info info, MPI_Request *request)
{
    THREADS_ENTER();
    call_t c = {0};
    int rc = prepare_neighbor_alltoallw(sendbuf, WIDE_COUNTS(sendcounts), sdispls, sendtypes, recvbuf,
                                        WIDE_COUNTS(recvcounts), rdispls, recvtypes, comm, &c);
    return run("MPI_Neighbor_alltoallw_init_c", COLL_NEIGHBOR_ALLTOALLW, &c, rc, PERSISTENT, info, request);
}
