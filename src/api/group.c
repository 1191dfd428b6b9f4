/*
 * group.c -- the group chapter: a communicator's group, queries, and new
 * groups made from old ones.  Groups are local objects: nothing here talks
 * to another process.  A result with no members is MPI_GROUP_EMPTY.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/group.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Comm_group, PMPI_Comm_group)
TESSERA_WEAK_ALIAS(MPI_Group_size, PMPI_Group_size)
TESSERA_WEAK_ALIAS(MPI_Group_rank, PMPI_Group_rank)
TESSERA_WEAK_ALIAS(MPI_Group_translate_ranks, PMPI_Group_translate_ranks)
TESSERA_WEAK_ALIAS(MPI_Group_compare, PMPI_Group_compare)
TESSERA_WEAK_ALIAS(MPI_Group_union, PMPI_Group_union)
TESSERA_WEAK_ALIAS(MPI_Group_intersection, PMPI_Group_intersection)
TESSERA_WEAK_ALIAS(MPI_Group_difference, PMPI_Group_difference)
TESSERA_WEAK_ALIAS(MPI_Group_incl, PMPI_Group_incl)
TESSERA_WEAK_ALIAS(MPI_Group_excl, PMPI_Group_excl)
TESSERA_WEAK_ALIAS(MPI_Group_range_incl, PMPI_Group_range_incl)
TESSERA_WEAK_ALIAS(MPI_Group_range_excl, PMPI_Group_range_excl)
TESSERA_WEAK_ALIAS(MPI_Group_free, PMPI_Group_free)

/* Hand out a group of n members with these world ranks. */
static int new_group(int n, const int *world_ranks, MPI_Group *out)
{
    if (n == 0) {
        *out = MPI_GROUP_EMPTY;
        return MPI_SUCCESS;
    }
    group_t *g = group_new(n, world_ranks);
    if (!g)
        return err_set(MPI_ERR_NO_MEM, "out of memory (or group handles) for a group of %d", n);
    *out = group_handle(g);
    return MPI_SUCCESS;
}

int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(group, "group");
    int *ranks = NULL;
    if (rc == MPI_SUCCESS && !(ranks = malloc((size_t)c->size * sizeof *ranks)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a group of %d", c->size);
    if (rc == MPI_SUCCESS) {
        for (int r = 0; r < c->size; r++)
            ranks[r] = comm_world_rank(comm_local_group(c), r);
        rc = new_group(c->size, ranks, group);
    }
    free(ranks);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_group", rc);
    return MPI_SUCCESS;
}

int PMPI_Group_size(MPI_Group group, int *size)
{
    THREADS_ENTER();
    group_t *g = NULL;
    int rc = check_group(group, "group", &g);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(size, "size");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Group_size", rc);
    *size = g->size;
    return MPI_SUCCESS;
}

int PMPI_Group_rank(MPI_Group group, int *rank)
{
    THREADS_ENTER();
    group_t *g = NULL;
    int rc = check_group(group, "group", &g);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(rank, "rank");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Group_rank", rc);
    *rank = g->rank;
    return MPI_SUCCESS;
}

int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[])
{
    THREADS_ENTER();
    group_t *g1 = NULL, *g2 = NULL;
    int rc = check_group(group1, "group1", &g1);
    if (rc == MPI_SUCCESS)
        rc = check_group(group2, "group2", &g2);
    if (rc == MPI_SUCCESS && n < 0)
        rc = err_set(MPI_ERR_ARG, "invalid n %d (must be non-negative)", n);
    if (rc == MPI_SUCCESS && n > 0 && (!ranks1 || !ranks2))
        rc = err_set(MPI_ERR_ARG, "invalid argument: ranks1 and ranks2 must not be NULL");
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
        if (ranks1[i] != MPI_PROC_NULL && (ranks1[i] < 0 || ranks1[i] >= g1->size))
            rc = err_set(MPI_ERR_RANK, "invalid ranks1[%d] = %d (group1 has %d members)", i, ranks1[i], g1->size);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Group_translate_ranks", rc);
    for (int i = 0; i < n; i++) {
        if (ranks1[i] == MPI_PROC_NULL) {
            ranks2[i] = MPI_PROC_NULL;
            continue;
        }
        int r = group_rank_of_world(g2, g1->world_rank_of[ranks1[i]]);
        ranks2[i] = r < 0 ? MPI_UNDEFINED : r;
    }
    return MPI_SUCCESS;
}

int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result)
{
    THREADS_ENTER();
    group_t *g1 = NULL, *g2 = NULL;
    int rc = check_group(group1, "group1", &g1);
    if (rc == MPI_SUCCESS)
        rc = check_group(group2, "group2", &g2);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(result, "result");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Group_compare", rc);
    if (g1->size != g2->size) {
        *result = MPI_UNEQUAL;
        return MPI_SUCCESS;
    }
    bool same_order = true;
    for (int r = 0; r < g1->size; r++) {
        int other = group_rank_of_world(g2, g1->world_rank_of[r]);
        if (other < 0) {
            *result = MPI_UNEQUAL;
            return MPI_SUCCESS;
        }
        same_order &= other == r;
    }
    *result = same_order ? MPI_IDENT : MPI_SIMILAR;
    return MPI_SUCCESS;
}

enum set_op { SET_UNION, SET_INTERSECTION, SET_DIFFERENCE };

/* Union: group1's members in order, then group2's that are not in group1.
 * Intersection and difference: group1's members, in group1's order, that
 * are (not) in group2. */
static int set_operation(const char *call, enum set_op op, MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    group_t *g1 = NULL, *g2 = NULL;
    int rc = check_group(group1, "group1", &g1);
    if (rc == MPI_SUCCESS)
        rc = check_group(group2, "group2", &g2);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newgroup, "newgroup");
    int *ranks = NULL;
    if (rc == MPI_SUCCESS && !(ranks = malloc((size_t)(g1->size + g2->size + 1) * sizeof *ranks)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a group of %d", g1->size + g2->size);
    if (rc == MPI_SUCCESS) {
        int n = 0;
        for (int r = 0; r < g1->size; r++) {
            bool in2 = group_rank_of_world(g2, g1->world_rank_of[r]) >= 0;
            if (op == SET_UNION || (op == SET_INTERSECTION) == in2)
                ranks[n++] = g1->world_rank_of[r];
        }
        for (int r = 0; op == SET_UNION && r < g2->size; r++)
            if (group_rank_of_world(g1, g2->world_rank_of[r]) < 0)
                ranks[n++] = g2->world_rank_of[r];
        rc = new_group(n, ranks, newgroup);
    }
    free(ranks);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return THREADS_CALL(set_operation("MPI_Group_union", SET_UNION, group1, group2, newgroup));
}

int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return THREADS_CALL(set_operation("MPI_Group_intersection", SET_INTERSECTION, group1, group2, newgroup));
}

int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)
{
    return THREADS_CALL(set_operation("MPI_Group_difference", SET_DIFFERENCE, group1, group2, newgroup));
}

/* Mark the ranks one incl/excl argument names in `chosen` (group size
 * entries), refusing ranks out of range and ranks named twice. */
static int choose_ranks(const group_t *g, int n, const int ranks[], bool *chosen)
{
    if (n < 0 || n > g->size)
        return err_set(MPI_ERR_ARG, "invalid n %d (must be between 0 and the group size %d)", n, g->size);
    if (n > 0 && !ranks)
        return err_set(MPI_ERR_ARG, "invalid argument ranks NULL with n %d", n);
    for (int i = 0; i < n; i++) {
        if (ranks[i] < 0 || ranks[i] >= g->size)
            return err_set(MPI_ERR_RANK, "invalid ranks[%d] = %d (the group has %d members)", i, ranks[i], g->size);
        if (chosen[ranks[i]])
            return err_set(MPI_ERR_RANK, "invalid ranks[%d] = %d (named twice)", i, ranks[i]);
        chosen[ranks[i]] = true;
    }
    return MPI_SUCCESS;
}

/* The same for (first, last, stride) triplets; order[] receives the ranks
 * in the order the triplets name them, *count how many. */
static int choose_ranges(const group_t *g, int n, int ranges[][3], bool *chosen, int *order, int *count)
{
    if (n < 0)
        return err_set(MPI_ERR_ARG, "invalid n %d (must be non-negative)", n);
    if (n > 0 && !ranges)
        return err_set(MPI_ERR_ARG, "invalid argument ranges NULL with n %d", n);
    *count = 0;
    for (int i = 0; i < n; i++) {
        int first = ranges[i][0], last = ranges[i][1], stride = ranges[i][2];
        if (stride == 0 || (stride > 0 && first > last) || (stride < 0 && first < last))
            return err_set(MPI_ERR_ARG, "invalid ranges[%d] = (%d, %d, %d) (the stride must step from first to last)",
                           i, first, last, stride);
        if (first < 0 || first >= g->size || last < 0 || last >= g->size)
            return err_set(MPI_ERR_RANK, "invalid ranges[%d] = (%d, %d, %d) (the group has %d members)", i, first, last,
                           stride, g->size);
        for (int64_t r = first; stride > 0 ? r <= last : r >= last; r += stride) {
            if (chosen[r])
                return err_set(MPI_ERR_RANK, "invalid ranges[%d]: rank %d is named twice", i, (int)r);
            chosen[r] = true;
            order[(*count)++] = (int)r;
        }
    }
    return MPI_SUCCESS;
}

enum subset_op { SUBSET_INCL, SUBSET_EXCL, SUBSET_RANGE_INCL, SUBSET_RANGE_EXCL };

/* incl keeps the named ranks in the order named; excl keeps the others in
 * group order. */
static int subset(const char *call, enum subset_op op, MPI_Group group, int n, const int ranks[], int ranges[][3],
                  MPI_Group *newgroup)
{
    group_t *g = NULL;
    int rc = check_group(group, "group", &g);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newgroup, "newgroup");
    bool *chosen = NULL;
    int *order = NULL, *world = NULL;
    if (rc == MPI_SUCCESS) {
        chosen = calloc((size_t)g->size + 1, sizeof *chosen);
        order = malloc(((size_t)g->size + 1) * sizeof *order);
        world = malloc(((size_t)g->size + 1) * sizeof *world);
        if (!chosen || !order || !world)
            rc = err_set(MPI_ERR_NO_MEM, "out of memory for a group of %d", g->size);
    }
    int count = 0;
    if (rc == MPI_SUCCESS && (op == SUBSET_INCL || op == SUBSET_EXCL)) {
        rc = choose_ranks(g, n, ranks, chosen);
        for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
            order[i] = ranks[i];
        count = n;
    } else if (rc == MPI_SUCCESS) {
        rc = choose_ranges(g, n, ranges, chosen, order, &count);
    }
    if (rc == MPI_SUCCESS) {
        int m = 0;
        if (op == SUBSET_INCL || op == SUBSET_RANGE_INCL)
            for (int i = 0; i < count; i++)
                world[m++] = g->world_rank_of[order[i]];
        else
            for (int r = 0; r < g->size; r++)
                if (!chosen[r])
                    world[m++] = g->world_rank_of[r];
        rc = new_group(m, world, newgroup);
    }
    free(chosen);
    free(order);
    free(world);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    return THREADS_CALL(subset("MPI_Group_incl", SUBSET_INCL, group, n, ranks, NULL, newgroup));
}

int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    return THREADS_CALL(subset("MPI_Group_excl", SUBSET_EXCL, group, n, ranks, NULL, newgroup));
}

int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return THREADS_CALL(subset("MPI_Group_range_incl", SUBSET_RANGE_INCL, group, n, NULL, ranges, newgroup));
}

int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
    return THREADS_CALL(subset("MPI_Group_range_excl", SUBSET_RANGE_EXCL, group, n, NULL, ranges, newgroup));
}

int PMPI_Group_free(MPI_Group *group)
{
    THREADS_ENTER();
    group_t *g = NULL;
    int rc = check_pointer(group, "group");
    if (rc == MPI_SUCCESS)
        rc = check_group(*group, "group", &g);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Group_free", rc);
    /* MPI_GROUP_EMPTY may be freed too: the handle becomes null, the
     * predefined group stays. */
    group_release_handle(g);
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}
