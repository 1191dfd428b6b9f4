/*
 * coll_threads.c -- MPI_THREAD_MULTIPLE collectives: each thread of every
 * process runs collectives on a communicator of its own (duplicates of
 * MPI_COMM_WORLD made beforehand), all threads at once, blocking and
 * nonblocking, small (shared-memory cells) and large (message-based and
 * slot-sized parts); every result is checked.
 */
#include <pthread.h>
#include <string.h>

#include "mpitest.h"
#include "mt_threads.h"

#define THREADS 4
#define ROUNDS 20

static int rank, size;
static MPI_Comm comms[THREADS];

static void check_collectives(int t, int round, int n)
{
    MPI_Comm comm = comms[t];
    int root = (round + t) % size;
    int *buf = malloc((size_t)n * size * sizeof *buf), *out = malloc((size_t)n * size * sizeof *out);

    /* Broadcast: the root's values everywhere. */
    for (int i = 0; i < n; i++)
        buf[i] = rank == root ? root * 7 + i + t * 100000 + round : -1;
    MPI_Bcast(buf, n, MPI_INT, root, comm);
    for (int i = 0; i < n; i++)
        if (buf[i] != root * 7 + i + t * 100000 + round) {
            MT_CHECK(0, "thread %d round %d bcast of %d: [%d] = %d", t, round, n, i, buf[i]);
            break;
        }

    /* Allreduce: sum of rank + i + t over the ranks. */
    for (int i = 0; i < n; i++)
        buf[i] = rank + i + t;
    MPI_Allreduce(buf, out, n, MPI_INT, MPI_SUM, comm);
    for (int i = 0; i < n; i++)
        if (out[i] != size * (size - 1) / 2 + size * (i + t)) {
            MT_CHECK(0, "thread %d round %d allreduce of %d: [%d] = %d", t, round, n, i, out[i]);
            break;
        }

    /* Allgather of each rank's block, then alltoall. */
    for (int i = 0; i < n; i++)
        buf[i] = rank * 1000 + i + t;
    MPI_Allgather(buf, n, MPI_INT, out, n, MPI_INT, comm);
    for (int r = 0; r < size; r++)
        for (int i = 0; i < n; i++)
            if (out[r * n + i] != r * 1000 + i + t) {
                MT_CHECK(0, "thread %d round %d allgather of %d: from %d [%d] = %d", t, round, n, r, i, out[r * n + i]);
                r = size;
                break;
            }
    for (int r = 0; r < size; r++)
        for (int i = 0; i < n; i++)
            buf[r * n + i] = rank * 10000 + r * 100 + t + i;
    MPI_Request req;
    MPI_Ialltoall(buf, n, MPI_INT, out, n, MPI_INT, comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (int r = 0; r < size; r++)
        for (int i = 0; i < n; i++)
            if (out[r * n + i] != r * 10000 + rank * 100 + t + i) {
                MT_CHECK(0, "thread %d round %d alltoall of %d: from %d [%d] = %d", t, round, n, r, i, out[r * n + i]);
                r = size;
                break;
            }
    MPI_Ibarrier(comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    free(buf);
    free(out);
}

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    pthread_barrier_wait(&mt_start);
    for (int round = 0; round < ROUNDS; round++) {
        check_collectives(t, round, 1 + round % 3);
        if (round % 5 == 0)
            check_collectives(t, round, 40000); /* beyond the shared-memory cells */
    }
    return NULL;
}

int main(int argc, char **argv)
{
    mt_init_multiple(&argc, &argv, &rank, &size);
    mt_run_threads_on_duplicates(worker, THREADS, comms);
    return mt_finish();
}
