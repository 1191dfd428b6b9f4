/*
 * comm_create.h -- the communicator-making machinery of comm_create.c,
 * for the other calls that make communicators (the topology calls).
 * Each is collective over the parent and returns an error code already
 * described with err_set; the caller raises it.
 */
#ifndef TESSERA_API_COMM_CREATE_H
#define TESSERA_API_COMM_CREATE_H

#include <stdbool.h>
#include <stddef.h>

#include "obj/comm.h"

/* The tags of the library's messages on internal contexts: creation
 * calls over a whole communicator, the group-level and leader-to-leader
 * steps of intercommunicator calls, and calls that the user keys with a
 * tag (MPI_Comm_create_group, MPI_Intercomm_create) or a stringtag (the
 * MPI-4 calls from groups), which the tag tells apart.  Keyed tags fold
 * into the negative range below MPI_ANY_TAG and MPI_ANY_SOURCE, so the
 * three largest user tags share with 0, 1, 2. */
#define TAG_CREATE 1
#define TAG_INTER 2
#define TAG_TAGGED(tag) (-3 - ((tag) % 0x7ffffffd))

/* The tag of an MPI-4 creation from groups over the world's internal
 * context.  Calls running at once on one process must differ in stringtag
 * or group (MPI-4.1 7.4.2), so both go into it where every member passes
 * the same group (g; MPI_Comm_create_from_group): the members of one call
 * compute the same tag and their messages meet no other call's.  g NULL:
 * the stringtag alone (MPI_Intercomm_create_from_groups, whose remote
 * group counts only at the leaders and whose sides pass different local
 * groups). */
struct group;
int tag_of_stringtag(const char *stringtag, const struct group *g);

/* A new communicator's last step: it takes this error handler, and
 * messages that arrived for it before it existed find it. */
void comm_adopt(comm_t *c, MPI_Errhandler errhandler);

/* The arguments of the dup forms: the parent, and the hints the duplicate
 * takes (the given info's with with_info, else the parent's; NULL:
 * none). */
struct info;
int check_dup_args(MPI_Comm comm, bool with_info, MPI_Info hints_handle, MPI_Comm *newcomm, comm_t **parent,
                   struct info **hints);

/* A duplicate's last step: c takes the hints given and the parent's
 * topology and attributes (through their copy callbacks).  On failure c
 * is destroyed and the error returned. */
int dup_carry_over(comm_t *parent, MPI_Comm parent_handle, const struct info *hints, comm_t *c);

/* A live intracommunicator; an intercommunicator is MPI_ERR_COMM. */
int check_intracomm(MPI_Comm handle, comm_t **out);

/* MPI_Comm_dup of an intercommunicator (intercomm.c). */
int intercomm_dup(comm_t *parent, comm_t **out);

/* MPI_Comm_split and MPI_Comm_create of an intercommunicator: the new
 * one joins the local and remote processes of the same color (group);
 * *out is NULL where that side has no one. */
int intercomm_split(comm_t *inter, int color, int key, comm_t **out);
struct group;
int intercomm_create_sub(comm_t *inter, const struct group *g, comm_t **out);

/* Return only once every process of both groups has called it. */
int intercomm_sync(comm_t *inter);

/* MPI_Comm_split's work: *out is NULL for MPI_UNDEFINED. */
int comm_split_internal(comm_t *parent, int color, int key, comm_t **out);

/* A new communicator of the first n of the parent's processes: node j of
 * the structure (node_order[j], or j when node_order is NULL) goes to the
 * j-th process, taken in rank order, or with reorder in the order of
 * where they run, so that consecutive nodes share caches where the
 * machine has them.  *out is NULL on the processes left out. */
int comm_create_placed(comm_t *parent, int n, bool reorder, const int *node_order, comm_t **out);
/* The rank comm_create_placed with reorder gives the calling process,
 * MPI_UNDEFINED when it is left out; -1 when out of memory.  Local: it
 * reads where the others run from their affinity (MPI_Cart_map and
 * MPI_Graph_map, which must agree with the create calls). */
int comm_placed_rank(comm_t *parent, int n, const int *node_order);

/* Every process's `len` bytes, end to end in *all (malloc'd; the caller
 * frees it), process r's from offsets[r] to offsets[r + 1]. */
int comm_allgather_var(comm_t *parent, const void *mine, size_t len, void **all, size_t *offsets);

#endif
