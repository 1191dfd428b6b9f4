/*
 * create.c -- MPI_Comm_dup, MPI_Comm_split, MPI_Comm_create and
 * MPI_Comm_free: ranks and sizes of the new communicators, traffic kept
 * apart from the parent's, messages sent on a new communicator before
 * every member has finished creating it, context ids reused after free,
 * comparison and names, and the errors.
 */
#include <string.h>

#include "mpitest.h"

/* Send my world rank around the ring of comm; check what comes from the
 * left against the world rank the caller expects there. */
static void ring(MPI_Comm comm, int expect_left, const char *what)
{
    int r, n, got = -1, world;
    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &n);
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    MPI_Sendrecv(&world, 1, MPI_INT, (r + 1) % n, 3, &got, 1, MPI_INT, (r + n - 1) % n, 3, comm, MPI_STATUS_IGNORE);
    MT_CHECK(got == expect_left, "%s: from the left came world rank %d, expected %d", what, got, expect_left);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, n, result, r, size, rc;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    /* dup: same ranks, separate traffic, the error handler comes along */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_rank(dup, &r);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &result);
    MT_CHECK(r == rank && result == MPI_CONGRUENT, "dup: rank %d, compare %d", r, result);
    int right = (rank + 1) % n, left = (rank + n - 1) % n, a = 100 + rank, b = 200 + rank, got_a = -1, got_b = -1;
    MPI_Request req[2];
    MPI_Isend(&b, 1, MPI_INT, right, 5, dup, &req[0]);
    MPI_Isend(&a, 1, MPI_INT, right, 5, MPI_COMM_WORLD, &req[1]);
    MPI_Recv(&got_a, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&got_b, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, dup, MPI_STATUS_IGNORE);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    MT_CHECK(got_a == 100 + left && got_b == 200 + left, "traffic kept apart: world got %d, dup got %d", got_a, got_b);
    MPI_Errhandler eh;
    MPI_Comm_get_errhandler(dup, &eh);
    MT_CHECK(eh == MPI_ERRORS_RETURN, "dup inherits the error handler");
    char name[MPI_MAX_OBJECT_NAME];
    int len = -1;
    MPI_Comm_get_name(dup, name, &len);
    MT_CHECK(len == 0 && name[0] == '\0', "a new communicator has no name: '%s'", name);
    MPI_Comm_set_name(dup, "my dup");
    MPI_Comm_get_name(dup, name, &len);
    MT_CHECK(len == 6 && strcmp(name, "my dup") == 0, "name set: '%s'", name);
    MPI_Comm_get_name(MPI_COMM_NULL, name, &len);
    MT_CHECK(len == 13 && strcmp(name, "MPI_COMM_NULL") == 0, "name of the null communicator: '%s'", name);

    /* split by parity, keys reversing the order; the new ring runs at
     * once, before the slower members may have finished creating it */
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    MPI_Comm_rank(half, &r);
    MPI_Comm_size(half, &size);
    int same = (n - rank % 2 + 1) / 2; /* ranks with my parity */
    int above = 0;                     /* ranks with my parity above me */
    for (int q = rank + 2; q < n; q += 2)
        above++;
    MT_CHECK(size == same && r == above, "split by parity: size %d rank %d, expected %d %d", size, r, same, above);
    int higher = rank + 2 < n ? rank + 2 : rank % 2; /* new rank r - 1, wrapping to the lowest */
    ring(half, size == 1 ? rank : higher, "parity ring");
    MPI_Comm_compare(MPI_COMM_WORLD, half, &result);
    MT_CHECK(result == (n == 1 ? MPI_SIMILAR : MPI_UNEQUAL) || (n == 1 && result == MPI_CONGRUENT), "world vs half: %d",
             result);

    /* MPI_UNDEFINED: no communicator */
    MPI_Comm some;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, 0, &some);
    MT_CHECK((rank == 0) == (some == MPI_COMM_NULL), "split with MPI_UNDEFINED at rank 0");
    if (some != MPI_COMM_NULL) {
        MPI_Comm_size(some, &size);
        MT_CHECK(size == n - 1, "split without rank 0: size %d", size);
        ring(some, rank == 1 ? n - 1 : rank - 1, "ring without rank 0");
        MPI_Comm_free(&some);
    }

    /* create from the group of even ranks */
    MPI_Group world_group, evens;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int range[1][3] = {{0, n - 1, 2}};
    MPI_Group_range_incl(world_group, 1, range, &evens);
    MPI_Comm even_comm;
    MPI_Comm_create(MPI_COMM_WORLD, evens, &even_comm);
    MT_CHECK((rank % 2 == 0) == (even_comm != MPI_COMM_NULL), "create: members get a communicator");
    if (even_comm != MPI_COMM_NULL) {
        MPI_Comm_rank(even_comm, &r);
        MT_CHECK(r == rank / 2, "create: rank %d, expected %d", r, rank / 2);
        int evens_n = (n + 1) / 2;
        ring(even_comm, 2 * ((rank / 2 + evens_n - 1) % evens_n), "even ring");
        MPI_Comm_free(&even_comm);
    }
    /* create_group: only the members call; evens and odds at once, in
     * reverse order so that the group's first member is not rank 0 */
    MPI_Group mine_group;
    int parity_range[1][3] = {{n - 1 - (n - 1 - rank % 2) % 2, rank % 2, -2}};
    MPI_Group_range_incl(world_group, 1, parity_range, &mine_group);
    MPI_Comm by_group;
    rc = MPI_Comm_create_group(MPI_COMM_WORLD, mine_group, rank % 2 ? 9 : 7, &by_group);
    MT_CHECK(rc == MPI_SUCCESS && by_group != MPI_COMM_NULL, "create_group: rc %d", rc);
    if (by_group != MPI_COMM_NULL) {
        int gsize;
        MPI_Group_size(mine_group, &gsize);
        MPI_Comm_rank(by_group, &r);
        MT_CHECK(r == gsize - 1 - rank / 2, "create_group reversed: rank %d of %d", r, gsize);
        ring(by_group, rank + 2 < n ? rank + 2 : rank % 2, "create_group ring");
        MPI_Comm_free(&by_group);
    }
    MPI_Group_free(&mine_group);
    MPI_Group_free(&evens);
    MPI_Group_free(&world_group);

    /* context ids come back after free: many more than there are */
    for (int i = 0; i < 3000; i++) {
        MPI_Comm c;
        if (MPI_Comm_dup(dup, &c) != MPI_SUCCESS) {
            MT_CHECK(0, "dup number %d failed", i);
            break;
        }
        MPI_Comm_free(&c);
    }
    MPI_Comm live[200];
    for (int i = 0; i < 200; i++)
        MPI_Comm_dup(MPI_COMM_WORLD, &live[i]);
    ring(live[199], left, "the 200th live communicator");
    for (int i = 0; i < 200; i++)
        MPI_Comm_free(&live[i]);

    /* info hints: given, kept by dup, replaced by set_info */
    MPI_Info hints, used, empty;
    MPI_Info_create(&hints);
    MPI_Info_set(hints, "mpi_assert_no_any_tag", "true");
    MPI_Comm with, again;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, hints, &with);
    MPI_Info_free(&hints);
    MPI_Comm_dup(with, &again);
    MPI_Comm_get_info(again, &used);
    char value[16] = "";
    int buflen = sizeof value, flag = 0, nkeys = -1;
    MPI_Info_get_string(used, "mpi_assert_no_any_tag", &buflen, value, &flag);
    MT_CHECK(flag && strcmp(value, "true") == 0, "dup keeps the hints of dup_with_info: '%s'", value);
    MPI_Info_free(&used);
    MPI_Info_create(&empty);
    MPI_Comm_set_info(again, empty);
    MPI_Info_free(&empty);
    MPI_Comm_get_info(again, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    MT_CHECK(nkeys == 0, "set_info with no hints: %d keys", nkeys);
    MPI_Info_free(&used);
    MPI_Comm bare;
    MPI_Comm_dup_with_info(with, MPI_INFO_NULL, &bare);
    MPI_Comm_get_info(bare, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    MT_CHECK(nkeys == 0, "dup_with_info(MPI_INFO_NULL) drops the hints: %d keys", nkeys);
    MPI_Info_free(&used);
    MPI_Comm_free(&bare);
    ring(again, left, "ring on a dup of a dup");
    MPI_Comm_free(&again);
    MPI_Comm_free(&with);

    /* running out of context ids is MPI_ERR_INTERN, and freeing helps
     * (the blocking creations have 7168 pairs, world and self among them:
     * the rest are MPI_Comm_idup's) */
    static MPI_Comm many[9000];
    int made = 0;
    while (made < 9000 && (rc = MPI_Comm_dup(MPI_COMM_WORLD, &many[made])) == MPI_SUCCESS)
        made++;
    MT_EXPECT_CLASS(rc, MPI_ERR_INTERN, "more communicators than context ids");
    MT_CHECK(made > 7000, "%d communicators alive at once before running out", made);
    ring(many[made - 1], left, "the last communicator before running out");
    for (int i = 0; i < made; i++)
        MPI_Comm_free(&many[i]);
    MPI_Comm after;
    MT_CHECK(MPI_Comm_dup(MPI_COMM_WORLD, &after) == MPI_SUCCESS, "a dup after freeing them all");
    MPI_Comm_free(&after);
    /* 2000 dup/free cycles: the same few context ids over and over */
    for (int i = 0; i < 2000; i++) {
        MPI_Comm once;
        if (MPI_Comm_dup(MPI_COMM_WORLD, &once) != MPI_SUCCESS) {
            MT_CHECK(0, "dup %d of 2000 failed", i);
            break;
        }
        if (i % 500 == 0)
            ring(once, left, "one of 2000 dups");
        MPI_Comm_free(&once);
    }

    /* errors */
    MPI_Comm stale = dup, world = MPI_COMM_WORLD;
    MPI_Comm_free(&dup);
    MT_CHECK(dup == MPI_COMM_NULL, "MPI_Comm_free sets MPI_COMM_NULL");
    MT_EXPECT_CLASS(MPI_Comm_rank(stale, &r), MPI_ERR_COMM, "a freed communicator");
    MT_EXPECT_CLASS(MPI_Comm_free(&world), MPI_ERR_COMM, "MPI_Comm_free(MPI_COMM_WORLD)");
    MT_EXPECT_CLASS(MPI_Comm_split(MPI_COMM_WORLD, -5, 0, &some), MPI_ERR_ARG, "split color -5");

    /* A failed constructor leaves MPI_COMM_NULL in its output, whatever
     * was there (MPI leaves it undefined; programs test it). */
    MPI_Comm out = MPI_COMM_WORLD;
    MPI_Request idup_req;
    MT_EXPECT_CLASS(MPI_Comm_split(MPI_COMM_WORLD, -5, 0, &out), MPI_ERR_ARG, "split color -5");
    MT_CHECK(out == MPI_COMM_NULL, "a failed MPI_Comm_split left its output as it was");
    out = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Comm_dup(stale, &out), MPI_ERR_COMM, "MPI_Comm_dup of a freed communicator");
    MT_CHECK(out == MPI_COMM_NULL, "a failed MPI_Comm_dup left its output as it was");
    out = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Comm_idup(stale, &out, &idup_req), MPI_ERR_COMM, "MPI_Comm_idup of a freed communicator");
    MT_CHECK(out == MPI_COMM_NULL, "a failed MPI_Comm_idup left its output as it was");
    out = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Comm_create(MPI_COMM_WORLD, MPI_GROUP_NULL, &out), MPI_ERR_GROUP,
                    "MPI_Comm_create of MPI_GROUP_NULL");
    MT_CHECK(out == MPI_COMM_NULL, "a failed MPI_Comm_create left its output as it was");
    out = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, 12345, 0, MPI_INFO_NULL, &out), MPI_ERR_ARG,
                    "MPI_Comm_split_type of an unknown type");
    MT_CHECK(out == MPI_COMM_NULL, "a failed MPI_Comm_split_type left its output as it was");
    out = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Intercomm_merge(MPI_COMM_WORLD, 0, &out), MPI_ERR_COMM,
                    "MPI_Intercomm_merge of an intracommunicator");
    MT_CHECK(out == MPI_COMM_NULL, "a failed MPI_Intercomm_merge left its output as it was");
    MPI_Comm_free(&half);
    return mt_finish();
}
