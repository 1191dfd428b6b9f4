/*
 * group.h -- process groups: ordered sets of processes, named by world rank.
 *
 * A group is an array of world ranks (group rank -> world rank) and, built
 * when first needed, the inverse map over the world (world rank -> group
 * rank or -1), so that membership and MPI_Group_translate_ranks cost O(1)
 * per rank.  Groups are reference counted: each user handle and each
 * communicator built on one holds a reference.  MPI_GROUP_EMPTY is
 * predefined and never goes away.
 */
#ifndef TESSERA_OBJ_GROUP_H
#define TESSERA_OBJ_GROUP_H

#include <stdbool.h>
#include <stdint.h>

#include "mpi.h"

typedef struct group {
    uint32_t handle; /* 0 once the user has freed every handle to it */
    bool predefined;
    unsigned refs;
    int size;
    int rank;           /* this process's rank in the group, or MPI_UNDEFINED */
    int *world_rank_of; /* size entries */
    int *rank_of_world; /* world-size entries, -1 for non-members; NULL until used */
    uint32_t session;   /* the session whose process set it is (its handle value); 0: none */
} group_t;

/* Like the predefined communicators, groups outlive MPI_Finalize. */
void group_init(int world_rank, int world_size);

group_t *group_from_handle(MPI_Group handle);
MPI_Group group_handle(const group_t *g);
group_t *group_empty(void);

/* A new group of n members with these world ranks (copied), holding one
 * reference and a handle; NULL when out of memory or handles. */
group_t *group_new(int n, const int *world_ranks);
void group_ref(group_t *g);
void group_unref(group_t *g);
/* MPI_Group_free: the handle dies now, the object with its last reference. */
void group_release_handle(group_t *g);

/* The rank in g of the process with this world rank, or -1. */
int group_rank_of_world(group_t *g, int world_rank);

#endif
