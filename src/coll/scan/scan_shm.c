/*
 * scan_shm.c -- MPI_Scan and MPI_Exscan through shared-memory slots.
 *
 * Every process publishes its vector in its slot and folds those of the
 * processes up to itself (MPI_Scan) or below it (MPI_Exscan) into its
 * result, in rank order.  Nobody waits for a process above it and nothing
 * is passed on, so with more processes than cores each one given the CPU
 * takes its turn without a round trip: 8-byte scans at 4 and 8
 * processes on 2 cores, one call after another, ran 10-13x faster than by
 * recursive doubling and 1.4x faster than along the linear chain
 * (docs/perf.md).  Process r does r reductions.  Serves contiguous types
 * (and pair types under the predefined ops), in slot-sized parts.
 */
#include "coll/shm.h"

static int scan_part(comm_t *comm, const coll_args_t *a, bool exclusive)
{
    coll_shm_op_t op;
    int rc = coll_shm_begin(comm, &op);
    if (rc != MPI_SUCCESS)
        return rc;
    int last = comm->rank - (exclusive ? 1 : 0);
    coll_shm_publish_vector(&op, a);
    if (last >= 0) /* MPI_Exscan leaves process 0's recvbuf alone */
        coll_shm_fold(&op, a->op, a->recvtype, a->recvcount, 0, a->recvcount, last, a->recvbuf);
    return coll_shm_end(&op);
}

static int scan_part_inclusive(comm_t *comm, const coll_args_t *a)
{
    return scan_part(comm, a, false);
}

static int scan_part_exclusive(comm_t *comm, const coll_args_t *a)
{
    return scan_part(comm, a, true);
}

int coll_scan_shm(comm_t *comm, const coll_args_t *a)
{
    return coll_shm_in_parts(comm, a, scan_part_inclusive);
}

int coll_exscan_shm(comm_t *comm, const coll_args_t *a)
{
    return coll_shm_in_parts(comm, a, scan_part_exclusive);
}
