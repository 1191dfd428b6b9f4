/* group.c -- group objects and their handle table. */
#include "obj/group.h"

#include <stdlib.h>
#include <string.h>

#include "obj/handle.h"

static obj_table_t group_table;
static group_t group_empty_obj = {.predefined = true, .rank = MPI_UNDEFINED};
static int my_world_rank, world_size;

void group_init(int world_rank, int size)
{
    my_world_rank = world_rank;
    world_size = size;
    obj_table_init(&group_table, TESSERA_KIND_GROUP_, 2);
    group_empty_obj.handle = obj_table_put_at(&group_table, 1, &group_empty_obj);
}

group_t *group_from_handle(MPI_Group handle)
{
    if (!group_table.objects)
        return NULL;
    return obj_table_lookup(&group_table, handle_value(handle));
}

MPI_Group group_handle(const group_t *g)
{
    return (MPI_Group)(uintptr_t)g->handle;
}

group_t *group_empty(void)
{
    return &group_empty_obj;
}

group_t *group_new(int n, const int *world_ranks)
{
    group_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->size = n;
    g->refs = 1;
    g->rank = MPI_UNDEFINED;
    g->world_rank_of = malloc((size_t)(n ? n : 1) * sizeof *g->world_rank_of);
    if (!g->world_rank_of || !(g->handle = obj_table_insert(&group_table, g))) {
        free(g->world_rank_of);
        free(g);
        return NULL;
    }
    memcpy(g->world_rank_of, world_ranks, (size_t)n * sizeof *world_ranks);
    for (int r = 0; r < n; r++)
        if (world_ranks[r] == my_world_rank)
            g->rank = r;
    return g;
}

void group_ref(group_t *g)
{
    if (!g->predefined)
        g->refs++;
}

void group_unref(group_t *g)
{
    if (g->predefined || --g->refs > 0)
        return;
    if (g->handle)
        obj_table_remove(&group_table, g->handle);
    free(g->world_rank_of);
    free(g->rank_of_world);
    free(g);
}

void group_release_handle(group_t *g)
{
    if (g->predefined)
        return;
    obj_table_remove(&group_table, g->handle);
    g->handle = 0;
    group_unref(g);
}

int group_rank_of_world(group_t *g, int world_rank)
{
    if (g->size == 0 || world_rank < 0 || world_rank >= world_size)
        return -1;
    if (!g->rank_of_world) {
        g->rank_of_world = malloc((size_t)world_size * sizeof *g->rank_of_world);
        if (!g->rank_of_world) {
            /* Out of memory for the map: search instead. */
            for (int r = 0; r < g->size; r++)
                if (g->world_rank_of[r] == world_rank)
                    return r;
            return -1;
        }
        for (int w = 0; w < world_size; w++)
            g->rank_of_world[w] = -1;
        for (int r = 0; r < g->size; r++)
            g->rank_of_world[g->world_rank_of[r]] = r;
    }
    return g->rank_of_world[world_rank];
}
