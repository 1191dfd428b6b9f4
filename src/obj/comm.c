#include "obj/comm.h"

#include <stdlib.h>
#include <string.h>

#include "obj/handle.h"

static obj_table_t comm_table;
static comm_t comm_world_obj;
static comm_t comm_self_obj;
static int comm_self_world_rank;

int comm_init_predefined(int world_rank, int world_size)
{
    obj_table_init(&comm_table, TESSERA_KIND_COMM_, 3);

    comm_world_obj = (comm_t){
        .context_id = CONTEXT_WORLD,
        .rank = world_rank,
        .size = world_size,
        .errhandler = MPI_ERRORS_ARE_FATAL,
    };
    strcpy(comm_world_obj.name, "MPI_COMM_WORLD");
    comm_world_obj.handle = obj_table_put_at(&comm_table, 1, &comm_world_obj);

    /* MPI_COMM_SELF maps its one rank to this process's world rank. */
    comm_self_world_rank = world_rank;
    comm_self_obj = (comm_t){
        .context_id = CONTEXT_SELF,
        .rank = 0,
        .size = 1,
        .world_rank_of = &comm_self_world_rank,
        .errhandler = MPI_ERRORS_ARE_FATAL,
    };
    strcpy(comm_self_obj.name, "MPI_COMM_SELF");
    comm_self_obj.handle = obj_table_put_at(&comm_table, 2, &comm_self_obj);
    return MPI_SUCCESS;
}

comm_t *comm_from_handle(MPI_Comm handle)
{
    if (!comm_table.objects)
        return NULL;
    return obj_table_lookup(&comm_table, handle_value(handle));
}

comm_t *comm_world(void)
{
    return comm_table.objects ? &comm_world_obj : NULL;
}

comm_t *comm_self(void)
{
    return comm_table.objects ? &comm_self_obj : NULL;
}

int comm_rank_of_world(const comm_t *comm, int world_rank)
{
    if (!comm->world_rank_of)
        return world_rank < comm->size ? world_rank : -1;
    for (int r = 0; r < comm->size; r++)
        if (comm->world_rank_of[r] == world_rank)
            return r;
    return -1;
}

comm_t *comm_from_context(uint16_t context_id)
{
    if (context_id == CONTEXT_WORLD)
        return &comm_world_obj;
    if (context_id == CONTEXT_SELF)
        return &comm_self_obj;
    return NULL;
}
