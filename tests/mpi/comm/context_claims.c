/* context_claims.c -- the blocking creations' context pairs come back.
 * Every creation call, made and freed more times than there are pairs,
 * with processes left out of the result (MPI_UNDEFINED colors, groups
 * without them, failed creations): none may keep a pair it did not take.
 * Then running out: MPI_ERR_INTERN at every process, a pair held on one
 * process only (a duplicate of MPI_COMM_SELF) counting against every
 * creation that process is in, and creation working again after frees. */
#include <stdint.h>
#include <string.h>

#include "../mpitest.h"
#include "mpi.h"

static int rank, size;

/* More than the 7168 pairs of the blocking creations. */
#define ROUNDS 7300

static void check_works(MPI_Comm comm, const char *what)
{
    int n, sum = 0, one = 1;
    MPI_Comm_size(comm, &n);
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm);
    MT_CHECK(sum == n, "%s: allreduce gave %d of %d", what, sum, n);
}

static void free_if(MPI_Comm *c)
{
    if (*c != MPI_COMM_NULL)
        MPI_Comm_free(c);
}

/* One creation of kind k % 7, freed at once. */
static void make_and_free(int k, MPI_Group evens)
{
    MPI_Comm c = MPI_COMM_NULL, d = MPI_COMM_NULL, e = MPI_COMM_NULL;
    switch (k % 7) {
    case 0:
        MPI_Comm_dup(MPI_COMM_WORLD, &c);
        break;
    case 1: /* rank 0 left out */
        MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : rank % 2, rank, &c);
        break;
    case 2: /* odd ranks left out */
        MPI_Comm_create(MPI_COMM_WORLD, evens, &c);
        break;
    case 3:
        if (rank % 2 == 0)
            MPI_Comm_create_group(MPI_COMM_WORLD, evens, 5, &c);
        break;
    case 4: /* everyone left out */
        MPI_Comm_split(MPI_COMM_WORLD, MPI_UNDEFINED, 0, &c);
        MT_CHECK(c == MPI_COMM_NULL, "a split with no colors gave a communicator");
        break;
    case 5: /* a failed creation: the groups overlap */
        if (size > 1) {
            MPI_Comm local;
            MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &local);
            MPI_Comm_set_errhandler(local, MPI_ERRORS_RETURN);
            int rc = MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, rank % 2, 9, &c);
            MT_CHECK(rc != MPI_SUCCESS, "an intercommunicator of overlapping groups was made");
            MPI_Comm_free(&local);
        }
        break;
    case 6: /* an intercommunicator, its merge, its split */
        if (size > 1) {
            MPI_Comm local;
            MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &local);
            MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - rank % 2, 9, &c);
            MPI_Intercomm_merge(c, rank % 2, &d);
            MPI_Comm_split(c, rank < 2 ? 0 : MPI_UNDEFINED, rank, &e);
            MPI_Comm_free(&local);
        }
        break;
    }
    if (k % 500 < 7) {
        if (c != MPI_COMM_NULL && k % 7 != 6)
            check_works(c, "a communicator made after many freed");
        if (d != MPI_COMM_NULL)
            check_works(d, "a merge made after many freed");
    }
    free_if(&c);
    free_if(&d);
    free_if(&e);
}

/* Duplicates of MPI_COMM_WORLD until none can be made: how many. */
static MPI_Comm held[8192];
static int dup_until_out(const char *what)
{
    int made = 0, rc = MPI_SUCCESS;
    while (made < 8192 && (rc = MPI_Comm_dup(MPI_COMM_WORLD, &held[made])) == MPI_SUCCESS)
        made++;
    int cls = -1;
    MPI_Error_class(rc, &cls);
    MT_CHECK(cls == MPI_ERR_INTERN, "%s: running out gave class %d after %d", what, cls, made);
    int least = made, most = made;
    MPI_Allreduce(MPI_IN_PLACE, &least, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MT_CHECK(least == most, "%s: processes ran out after %d and %d duplicates", what, least, most);
    if (made > 0)
        check_works(held[made - 1], "the last duplicate before running out");
    return made;
}

static void free_held(int made)
{
    for (int k = 0; k < made; k++)
        MPI_Comm_free(&held[k]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Group world, evens;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int range[1][3] = {{0, size - 1, 2}};
    MPI_Group_range_incl(world, 1, range, &evens);

    for (int k = 0; k < ROUNDS; k++)
        make_and_free(k, evens);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int all = dup_until_out("duplicates of the world");
    MT_CHECK(all > 7000, "only %d duplicates of the world before running out", all);
    free_held(all);

    /* Pairs held by rank 0 alone are not free for creations it is in. */
    enum { MINE = 100 };
    MPI_Comm own[MINE];
    for (int k = 0; rank == 0 && k < MINE; k++)
        MPI_Comm_dup(MPI_COMM_SELF, &own[k]);
    int fewer = dup_until_out("duplicates with rank 0 holding more");
    MT_CHECK(fewer == all - MINE, "%d duplicates with rank 0 holding %d more pairs, %d without", fewer, MINE, all);
    free_held(fewer);
    for (int k = 0; rank == 0 && k < MINE; k++)
        MPI_Comm_free(&own[k]);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    MPI_Comm again;
    MPI_Comm_dup(MPI_COMM_WORLD, &again);
    check_works(again, "a duplicate after freeing them all");
    MPI_Comm_free(&again);
    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    return mt_finish();
}
