/*
 * coll.h -- the collective operations inside the library.
 *
 * The API layer checks a call's arguments and gathers them in a
 * coll_args_t; coll_build() picks an algorithm for the operation (select.c)
 * and has it record the call's schedule (coll/sched.h), which the API
 * layer then runs, starts or keeps.  Each algorithm lives in its own file
 * under coll/<operation>/, which opens with what it does, when it wins
 * and what it costs.
 *
 * Buffers are the user's, as the user addresses them: element i of
 * (buf, count, dt) starts at buf + i * extent.  MPI_IN_PLACE has been
 * resolved to in_place; an algorithm never sees the sentinel.  On an
 * intercommunicator, root is MPI_ROOT at the root, MPI_PROC_NULL in the
 * rest of its group, and the root's rank in the remote group elsewhere;
 * per-process arrays and gathered buffers cover the remote group.
 */
#ifndef TESSERA_COLL_COLL_H
#define TESSERA_COLL_COLL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "coll/sched.h"
#include "dt/buffer.h"
#include "obj/comm.h"
#include "op/op.h"

enum coll_op {
    COLL_BARRIER,
    COLL_BCAST,
    COLL_GATHER,
    COLL_GATHERV,
    COLL_SCATTER,
    COLL_SCATTERV,
    COLL_ALLGATHER,
    COLL_ALLGATHERV,
    COLL_ALLTOALL,
    COLL_ALLTOALLV,
    COLL_ALLTOALLW,
    COLL_REDUCE,
    COLL_ALLREDUCE,
    COLL_REDUCE_SCATTER,
    COLL_REDUCE_SCATTER_BLOCK,
    COLL_SCAN,
    COLL_EXSCAN,
    COLL_OPS,
    /* The neighbourhood collectives: one algorithm each, no tunable. */
    COLL_NEIGHBOR_ALLGATHER = COLL_OPS,
    COLL_NEIGHBOR_ALLGATHERV,
    COLL_NEIGHBOR_ALLTOALL,
    COLL_NEIGHBOR_ALLTOALLV,
    COLL_NEIGHBOR_ALLTOALLW,
    COLL_ALL_OPS
};

typedef struct coll_args {
    const void *sendbuf;
    MPI_Count sendcount;
    datatype_t *sendtype;
    void *recvbuf;
    MPI_Count recvcount;
    datatype_t *recvtype;
    /* The v and w forms: per-process counts and displacements (elements
     * of the type; bytes for the w form), and per-process types; as wide
     * as the large-count (_c) forms pass them, the others' widened. */
    const MPI_Count *sendcounts, *recvcounts;
    const MPI_Aint *sdispls, *rdispls;
    datatype_t *const *sendtypes, *const *recvtypes;
    const MPI_Aint *sbytes, *rbytes; /* MPI_Neighbor_alltoallw's displacements */
    op_t *op;
    int root;
    bool in_place; /* the call passed MPI_IN_PLACE */
    bool blocking; /* a blocking call: shared-memory algorithms may serve it */
    /* The call moves more bytes at this process than its share of the
     * last-level cache (dt_streams): the shared-memory algorithms write
     * their destinations around the caches (coll_run sets it; a message
     * schedule gets sched_stream instead). */
    bool stream;
} coll_args_t;

typedef int (*coll_build_fn)(sched_t *s, comm_t *comm, const coll_args_t *a);
/* The shared-memory algorithms (coll/shm.h) run a blocking call directly. */
typedef int (*coll_run_fn)(comm_t *comm, const coll_args_t *a);

/* Run a blocking call at once if the selection table (or a TESSERA_COLL_*
 * override) picks a shared-memory algorithm for it; COLL_DECLINED when it
 * picks a message-based one, to be recorded with coll_build. */
#define COLL_DECLINED (-1)
int coll_run(enum coll_op op, comm_t *comm, const coll_args_t *a);
/* A process's own block must hold as much data on its receive side as on
 * its send side, as any block between two processes must: the error
 * (MPI_ERR_TRUNCATE) and its line when it does not. */
int coll_own_block_error(MPI_Count sent, MPI_Count received);
/* A call on a communicator of one process, nonblocking too: done at once
 * (each copies the process's own block, if anything), or COLL_DECLINED
 * where comm is not such a one or op not one of those. */
int coll_run_alone(enum coll_op op, comm_t *comm, const coll_args_t *a);
/* MPI_Bcast's shorter way, asked before coll_run: count elements of dt at
 * buf, broadcast from root, when the data is contiguous and fits a
 * collective cell.  COLL_DECLINED where the call is not such a one. */
int coll_run_bcast_cell(comm_t *comm, void *buf, MPI_Count count, const datatype_t *dt, int root);
/* Record op's schedule for this call into s, with the algorithm that the
 * selection table (or a TESSERA_COLL_* override) picks. */
int coll_build(enum coll_op op, sched_t *s, comm_t *comm, const coll_args_t *a);

/* Helpers for the algorithms. */

/* count elements of dt at buf, as a message or copy describes them. */
static inline dt_buffer_t coll_buf(const void *buf, MPI_Count count, datatype_t *dt)
{
    return dt_buffer_make(buf, count, dt, (size_t)(count * dt->size));
}

/* Element i of a buffer of dt. */
static inline void *coll_at(const void *buf, MPI_Count i, const datatype_t *dt)
{
    return (void *)((uintptr_t)buf + (uintptr_t)(i * dt->extent));
}

/* A byte displacement (the w form). */
static inline void *coll_at_bytes(const void *buf, MPI_Aint bytes)
{
    return (void *)((uintptr_t)buf + (uintptr_t)bytes);
}

/* The allgather forms: put this process's own contribution into its slot
 * of the result, unless it is there already (MPI_IN_PLACE). */
static inline void coll_place_own(sched_t *s, const coll_args_t *a, dt_buffer_t slot)
{
    if (a->in_place)
        return;
    dt_buffer_t mine = coll_buf(a->sendbuf, a->sendcount, a->sendtype);
    sched_copy(s, &mine, &slot);
}

/* Copy src's data stream into dst's now (as many bytes as the shorter
 * has; derived types by dt_buffer_copy).  The shared-memory algorithms
 * copy a process's own block this way in every call: contiguous blocks
 * take no call but the copy's. */
static inline void coll_copy(const dt_buffer_t *src, const dt_buffer_t *dst)
{
    size_t n = src->bytes < dst->bytes ? src->bytes : dst->bytes;
    if (src->dt || dst->dt) {
        dt_buffer_copy(dst, src, n);
        return;
    }
    const char *from = src->base;
    char *to = dst->base;
    if (!n || from == to)
        return;
    /* Not memmove unless the two overlap: glibc's `rep movsb` runs at 2.8
     * GB/s here when the buffers are 4 KiB apart plus a few bytes, as two
     * equal malloc'd buffers usually are (35-46 GB/s otherwise). */
    if (from + n > to && to + n > from)
        memmove(to, from, n);
    else if (dst->stream)
        copy_stream(to, from, n);
    else
        copy_local(to, from, n);
}

/* The largest power of two not above n (n >= 1). */
static inline int coll_pof2(int n)
{
    int p = 1;
    while (p * 2 <= n)
        p *= 2;
    return p;
}

/* The algorithms (one per file under coll/). */
int coll_barrier_dissemination(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_bcast_binomial(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_bcast_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_bcast_scatter_allgather(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_gather_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_gather_binomial(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_gatherv_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_scatter_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_scatter_binomial(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_scatterv_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_allgather_ring(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_allgather_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_allgatherv_ring(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoall_pairwise(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoall_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoall_offered(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoallv_pairwise(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoallv_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoallv_offered(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoallw_pairwise(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoallw_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_alltoallw_offered(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_reduce_binomial(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_reduce_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_reduce_halves(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_allreduce_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_allreduce_ring(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_allreduce_reduce_bcast(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_reduce_scatter_ring(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_reduce_scatter_reduce_scatterv(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_reduce_scatter_block_ring(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_reduce_scatter_block_reduce_scatter(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_scan_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_scan_linear(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_exscan_recursive_doubling(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_exscan_linear(sched_t *s, comm_t *comm, const coll_args_t *a);

/* The shared-memory algorithms (coll/shm.h). */
int coll_barrier_shm(comm_t *comm, const coll_args_t *a);
int coll_bcast_shm(comm_t *comm, const coll_args_t *a);
/* coll_bcast_shm for bytes of contiguous data at buf that fit the root's
 * cell, as coll_run_bcast_cell (select.c) calls it. */
int coll_bcast_cell(comm_t *comm, void *buf, size_t bytes, int root);
int coll_gather_shm(comm_t *comm, const coll_args_t *a);
int coll_scatter_shm(comm_t *comm, const coll_args_t *a);
int coll_gatherv_shm(comm_t *comm, const coll_args_t *a);
int coll_scatterv_shm(comm_t *comm, const coll_args_t *a);
int coll_allgather_shm(comm_t *comm, const coll_args_t *a);
int coll_allgatherv_shm(comm_t *comm, const coll_args_t *a);
int coll_alltoall_shm(comm_t *comm, const coll_args_t *a);
int coll_alltoallv_shm(comm_t *comm, const coll_args_t *a);
int coll_alltoallw_shm(comm_t *comm, const coll_args_t *a);
int coll_reduce_shm(comm_t *comm, const coll_args_t *a);
int coll_allreduce_shm(comm_t *comm, const coll_args_t *a);
int coll_reduce_scatter_shm(comm_t *comm, const coll_args_t *a);
int coll_reduce_scatter_block_shm(comm_t *comm, const coll_args_t *a);
int coll_scan_shm(comm_t *comm, const coll_args_t *a);
int coll_exscan_shm(comm_t *comm, const coll_args_t *a);

/* The neighbourhood collectives (coll/neighbor/). */
int coll_neighbor_linear(sched_t *s, comm_t *comm, const coll_args_t *a, enum coll_op op);

/* On intercommunicators, one algorithm per operation (coll/inter/); the
 * alltoall forms use the linear exchange above. */
int coll_inter_barrier(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_bcast(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_gather(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_gatherv(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_scatter(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_scatterv(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_allgather(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_allgatherv(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_reduce(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_allreduce(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_reduce_scatter(sched_t *s, comm_t *comm, const coll_args_t *a);
int coll_inter_reduce_scatter_block(sched_t *s, comm_t *comm, const coll_args_t *a);

/* Pieces shared by several algorithms (alltoall/alltoall_common.c,
 * reduce_scatter/ring_common.c): an exchange where every process sends
 * block j of its data to process j, and the ring reduce-scatter over
 * blocks of given element counts. */
typedef struct coll_block {
    void *buf;
    MPI_Count count;
    datatype_t *dt;
} coll_block_t;
/* Block j of each side of an MPI_Alltoall (form COLL_ALLTOALL), v or w
 * form, for the n processes the blocks go to (send left as it is in
 * place). */
void coll_alltoall_blocks(const coll_args_t *a, int form, int n, coll_block_t *send, coll_block_t *recv);
/* The orders of an exchange (alltoall_common.c describes each). */
typedef enum { EXCHANGE_LINEAR, EXCHANGE_PAIRWISE, EXCHANGE_OFFERED } coll_exchange_t;
int coll_exchange(sched_t *s, comm_t *comm, const coll_block_t *send, const coll_block_t *recv, coll_exchange_t how);
int coll_exchange_in_place(sched_t *s, comm_t *comm, const coll_block_t *recv, coll_exchange_t how);
void coll_ring_reduce_scatter(sched_t *s, comm_t *comm, op_t *op, void *acc, datatype_t *dt, const MPI_Count *counts,
                              const MPI_Count *offsets);

#endif
