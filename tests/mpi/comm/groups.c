/*
 * groups.c -- the group chapter: a communicator's group, size and rank,
 * translation, comparison, set operations, inclusion and exclusion by
 * ranks and by ranges, freeing, and the errors.  Groups are local, so every
 * rank checks the same answers computed from its own rank and the size.
 */
#include "mpitest.h"

static int cmp(MPI_Group a, MPI_Group b)
{
    int result = -1;
    MPI_Group_compare(a, b, &result);
    return result;
}

static int size_of(MPI_Group g)
{
    int size = -1;
    MPI_Group_size(g, &size);
    return size;
}

static int rank_in(MPI_Group g)
{
    int rank = -2;
    MPI_Group_rank(g, &rank);
    return rank;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    MPI_Group world, self, world2;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Comm_group(MPI_COMM_SELF, &self);
    MPI_Comm_group(MPI_COMM_WORLD, &world2);
    MT_CHECK(size_of(world) == n && rank_in(world) == rank, "world group: size %d rank %d", size_of(world),
             rank_in(world));
    MT_CHECK(size_of(self) == 1 && rank_in(self) == 0, "self group: size %d rank %d", size_of(self), rank_in(self));
    MT_CHECK(world != world2 && cmp(world, world2) == MPI_IDENT, "two world groups: compare %d", cmp(world, world2));
    MT_CHECK(cmp(world, self) == (n == 1 ? MPI_IDENT : MPI_UNEQUAL), "world vs self: %d", cmp(world, self));

    /* reversed, by ranks and by a negative-stride range */
    int *rev = malloc((size_t)n * sizeof *rev);
    for (int i = 0; i < n; i++)
        rev[i] = n - 1 - i;
    MPI_Group reversed, reversed2;
    MPI_Group_incl(world, n, rev, &reversed);
    int down[1][3] = {{n - 1, 0, -1}};
    MPI_Group_range_incl(world, 1, down, &reversed2);
    MT_CHECK(rank_in(reversed) == n - 1 - rank, "reversed group: rank %d", rank_in(reversed));
    MT_CHECK(cmp(reversed, world) == (n == 1 ? MPI_IDENT : MPI_SIMILAR), "reversed vs world: %d", cmp(reversed, world));
    MT_CHECK(cmp(reversed, reversed2) == MPI_IDENT, "incl and range_incl reversed: %d", cmp(reversed, reversed2));

    /* translation: world -> reversed, with MPI_PROC_NULL */
    int from[3] = {0, n - 1, MPI_PROC_NULL}, to[3] = {-9, -9, -9};
    MPI_Group_translate_ranks(world, 3, from, reversed, to);
    MT_CHECK(to[0] == n - 1 && to[1] == 0 && to[2] == MPI_PROC_NULL, "translate: %d %d %d", to[0], to[1], to[2]);

    /* evens and odds */
    MPI_Group evens, odds, all, none, rest;
    int even_range[1][3] = {{0, n - 1, 2}};
    MPI_Group_range_incl(world, 1, even_range, &evens);
    MPI_Group_range_excl(world, 1, even_range, &odds);
    MT_CHECK(size_of(evens) == (n + 1) / 2 && size_of(odds) == n / 2, "evens %d odds %d", size_of(evens),
             size_of(odds));
    MT_CHECK(rank_in(evens) == (rank % 2 == 0 ? rank / 2 : MPI_UNDEFINED), "rank among evens: %d", rank_in(evens));
    MPI_Group_translate_ranks(world, 1, &rank, odds, to);
    MT_CHECK(to[0] == (rank % 2 ? rank / 2 : MPI_UNDEFINED), "translate into odds: %d", to[0]);
    MPI_Group_union(evens, odds, &all);
    MT_CHECK(size_of(all) == n && cmp(all, world) == (n > 2 ? MPI_SIMILAR : MPI_IDENT), "evens + odds: size %d, %d",
             size_of(all), cmp(all, world));
    MPI_Group_intersection(evens, odds, &none);
    MT_CHECK(none == MPI_GROUP_EMPTY && size_of(none) == 0 && rank_in(none) == MPI_UNDEFINED,
             "evens and odds intersect in MPI_GROUP_EMPTY");
    MPI_Group_difference(world, evens, &rest);
    MT_CHECK(cmp(rest, odds) == MPI_IDENT, "world - evens = odds: %d", cmp(rest, odds));

    /* exclusion keeps group order */
    MPI_Group but_first;
    int zero = 0;
    MPI_Group_excl(world, 1, &zero, &but_first);
    MT_CHECK(size_of(but_first) == n - 1 && rank_in(but_first) == (rank ? rank - 1 : MPI_UNDEFINED),
             "world without 0: size %d rank %d", size_of(but_first), rank_in(but_first));

    /* errors */
    MPI_Group bad = MPI_GROUP_NULL;
    int twice[2] = {0, 0}, out_of_range = n, stride0[1][3] = {{0, 0, 0}};
    MT_EXPECT_CLASS(MPI_Group_incl(world, 2, twice, &bad), n > 1 ? MPI_ERR_RANK : MPI_ERR_ARG, "incl rank twice");
    MT_EXPECT_CLASS(MPI_Group_incl(world, 1, &out_of_range, &bad), MPI_ERR_RANK, "incl rank = size");
    MT_EXPECT_CLASS(MPI_Group_excl(world, n + 1, rev, &bad), MPI_ERR_ARG, "excl n > size");
    MT_EXPECT_CLASS(MPI_Group_range_incl(world, 1, stride0, &bad), MPI_ERR_ARG, "range with stride 0");
    MT_EXPECT_CLASS(MPI_Group_size(MPI_GROUP_NULL, &zero), MPI_ERR_GROUP, "MPI_GROUP_NULL");
    MT_EXPECT_CLASS(MPI_Group_translate_ranks(world, 1, &out_of_range, self, to), MPI_ERR_RANK,
                    "translate a rank outside group1");
    MT_CHECK(bad == MPI_GROUP_NULL, "failed calls left newgroup alone");

    /* freeing: the handle becomes null and dies; MPI_GROUP_EMPTY may be freed */
    MPI_Group stale = reversed;
    MPI_Group_free(&reversed);
    MT_CHECK(reversed == MPI_GROUP_NULL, "MPI_Group_free sets MPI_GROUP_NULL");
    MT_EXPECT_CLASS(MPI_Group_size(stale, &zero), MPI_ERR_GROUP, "a freed group");
    MT_CHECK(MPI_Group_free(&none) == MPI_SUCCESS && none == MPI_GROUP_NULL, "freeing MPI_GROUP_EMPTY");
    MT_CHECK(size_of(MPI_GROUP_EMPTY) == 0, "MPI_GROUP_EMPTY survives being freed");

    /* many groups made and freed: handles are reused */
    for (int i = 0; i < 20000; i++) {
        MPI_Group g;
        MPI_Group_incl(world, 1, &rank, &g);
        if (rank_in(g) != 0) {
            MT_CHECK(0, "group %d of myself: rank %d", i, rank_in(g));
            break;
        }
        MPI_Group_free(&g);
    }

    MPI_Group *mine[] = {&world, &self, &world2, &reversed2, &evens, &odds, &all, &rest, &but_first};
    for (size_t i = 0; i < sizeof mine / sizeof *mine; i++)
        MPI_Group_free(mine[i]);
    free(rev);
    return mt_finish();
}
