/*
 * comm_threads.c -- MPI_THREAD_MULTIPLE communicator creation: the threads
 * of every process make communicators at once, each thread from a parent
 * of its own (dup, split, create_group, an intercommunicator between the
 * halves and its merge) and from groups with a stringtag of its own
 * (MPI_Comm_create_from_group of the world's group,
 * MPI_Intercomm_create_from_groups between the halves), the threads in
 * whatever order they run.
 * Two creations running at once on one process must never settle on one
 * context: every new communicator then carries traffic under the same tag
 * from every thread, and each message must arrive on its own communicator.
 */
#include <pthread.h>
#include <string.h>

#include "mpitest.h"
#include "mt_threads.h"

#define THREADS 4
#define ROUNDS 8

static int rank, size;
static MPI_Comm parents[THREADS];

/* A ring shift on comm under tag 0: the value from the previous rank must
 * be that rank's (thread, which) pair. */
static void shift(MPI_Comm comm, int t, int which, const char *what)
{
    int n, me;
    MPI_Comm_size(comm, &n);
    MPI_Comm_rank(comm, &me);
    int out[3] = {t, which, me}, in[3] = {-1, -1, -1};
    MPI_Sendrecv(out, 3, MPI_INT, (me + 1) % n, 0, in, 3, MPI_INT, (me + n - 1) % n, 0, comm, MPI_STATUS_IGNORE);
    MT_CHECK(in[0] == t && in[1] == which && in[2] == (me + n - 1) % n,
             "thread %d: %s: got (%d, %d, %d) from its neighbour, expected (%d, %d, %d)", t, what, in[0], in[1], in[2],
             t, which, (me + n - 1) % n);
}

/* Across an intercommunicator: local rank i with remote rank i, under
 * tag 0. */
static void pair_across(MPI_Comm inter, int t, int which, const char *what)
{
    int me, remote;
    MPI_Comm_rank(inter, &me);
    MPI_Comm_remote_size(inter, &remote);
    if (me < remote) {
        int out[2] = {t, which}, in[2] = {-1, -1};
        MPI_Sendrecv(out, 2, MPI_INT, me, 0, in, 2, MPI_INT, me, 0, inter, MPI_STATUS_IGNORE);
        MT_CHECK(in[0] == t && in[1] == which, "thread %d: %s: got (%d, %d), expected (%d, %d)", t, what, in[0], in[1],
                 t, which);
    }
}

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    MPI_Comm parent = parents[t];
    pthread_barrier_wait(&mt_start);
    for (int round = 0; round < ROUNDS; round++) {
        MPI_Comm dup = MPI_COMM_NULL, split = MPI_COMM_NULL, group_comm = MPI_COMM_NULL;
        MPI_Comm inter = MPI_COMM_NULL, merged = MPI_COMM_NULL, from_group = MPI_COMM_NULL;
        MPI_Comm from_groups = MPI_COMM_NULL;
        /* Each parent sees its calls in one order everywhere (MPI asks
         * that of collectives); the threads reach them in any order. */
        if (round % 2 == 0) {
            MPI_Comm_dup(parent, &dup);
            MPI_Comm_split(parent, rank % 2, size - rank, &split);
        } else {
            MPI_Comm_split(parent, rank % 2, size - rank, &split);
            MPI_Comm_dup(parent, &dup);
        }
        MPI_Group world_group, evens, odds;
        MPI_Comm_group(parent, &world_group);
        int ranges[1][3] = {{0, size - 1, 2}};
        MPI_Group_range_incl(world_group, 1, ranges, &evens);
        MPI_Group_difference(world_group, evens, &odds);
        if (rank % 2 == 0)
            MPI_Comm_create_group(parent, evens, 7 + t, &group_comm);
        /* The stringtag is all that tells the threads' calls apart. */
        char stringtag[32];
        snprintf(stringtag, sizeof stringtag, "comm_threads %d", t);
        MT_CHECK(MPI_Comm_create_from_group(world_group, stringtag, MPI_INFO_NULL, MPI_ERRORS_RETURN, &from_group) ==
                     MPI_SUCCESS,
                 "thread %d: MPI_Comm_create_from_group failed", t);
        if (size > 1)
            MT_CHECK(MPI_Intercomm_create_from_groups(rank % 2 == 0 ? evens : odds, 0, rank % 2 == 0 ? odds : evens, 0,
                                                      stringtag, MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                                      &from_groups) == MPI_SUCCESS,
                     "thread %d: MPI_Intercomm_create_from_groups failed", t);
        MPI_Group_free(&evens);
        MPI_Group_free(&odds);
        MPI_Group_free(&world_group);
        if (size > 1) {
            /* The halves: evens and odds, each led by its rank 0 in split,
             * the highest parent rank of its parity (keys go down). */
            int other = rank % 2 == 0 ? 1 : 0, last = size - 1;
            int remote_leader = last % 2 == other ? last : last - 1;
            MPI_Intercomm_create(split, 0, parent, remote_leader, 50 + t, &inter);
            MPI_Intercomm_merge(inter, rank % 2, &merged);
        }

        for (int k = 0; k < 2; k++) { /* twice: the second time nothing is unexpected */
            shift(dup, t, 1, "MPI_Comm_dup");
            shift(split, t, 2, "MPI_Comm_split");
            if (group_comm != MPI_COMM_NULL)
                shift(group_comm, t, 3, "MPI_Comm_create_group");
            if (merged != MPI_COMM_NULL)
                shift(merged, t, 4, "MPI_Intercomm_merge");
            if (from_group != MPI_COMM_NULL)
                shift(from_group, t, 6, "MPI_Comm_create_from_group");
            if (inter != MPI_COMM_NULL)
                pair_across(inter, t, 5, "MPI_Intercomm_create");
            if (from_groups != MPI_COMM_NULL)
                pair_across(from_groups, t, 7, "MPI_Intercomm_create_from_groups");
        }
        int sum = 0, one = 1;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, dup);
        MT_CHECK(sum == size, "thread %d: allreduce on the duplicate gave %d", t, sum);

        MPI_Comm_free(&dup);
        MPI_Comm_free(&split);
        if (group_comm != MPI_COMM_NULL)
            MPI_Comm_free(&group_comm);
        if (inter != MPI_COMM_NULL)
            MPI_Comm_free(&inter);
        if (merged != MPI_COMM_NULL)
            MPI_Comm_free(&merged);
        if (from_group != MPI_COMM_NULL)
            MPI_Comm_free(&from_group);
        if (from_groups != MPI_COMM_NULL)
            MPI_Comm_free(&from_groups);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    mt_init_multiple(&argc, &argv, &rank, &size);
    mt_run_threads_on_duplicates(worker, THREADS, parents);
    return mt_finish();
}
