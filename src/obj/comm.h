/*
 * comm.h -- the communicator object.
 *
 * A communicator is a group of processes (ranks 0..size-1, each mapped to a
 * world rank) and a context id that keeps its messages apart from every other
 * communicator's.  Only MPI_COMM_WORLD and MPI_COMM_SELF exist so far; the
 * rank maps already carry what MPI_Comm_split and friends will need.
 */
#ifndef TESSERA_OBJ_COMM_H
#define TESSERA_OBJ_COMM_H

#include <stdbool.h>
#include <stdint.h>

#include "mpi.h"

#define CONTEXT_WORLD 0
#define CONTEXT_SELF 1

typedef struct comm {
    uint32_t handle;
    uint16_t context_id; /* point-to-point traffic */
    int rank;            /* this process's rank in the communicator */
    int size;
    int *world_rank_of; /* comm rank -> world rank; NULL means identity */
    MPI_Errhandler errhandler;
    bool errhandler_set_by_user;
    char name[MPI_MAX_OBJECT_NAME];
} comm_t;

/* The predefined communicators outlive MPI_Finalize so that a call made
 * after it still reaches the error handler the user chose. */
int comm_init_predefined(int world_rank, int world_size);

comm_t *comm_from_handle(MPI_Comm handle);
comm_t *comm_world(void);
comm_t *comm_self(void);

static inline int comm_world_rank(const comm_t *comm, int rank)
{
    return comm->world_rank_of ? comm->world_rank_of[rank] : rank;
}

/* The same for a rank argument that may be MPI_ANY_SOURCE or MPI_PROC_NULL:
 * those have no one world rank, and give -1. */
static inline int comm_world_peer(const comm_t *comm, int rank)
{
    return rank >= 0 ? comm_world_rank(comm, rank) : -1;
}

/* The rank in comm of the process with this world rank, or -1. */
int comm_rank_of_world(const comm_t *comm, int world_rank);

/* The communicator whose point-to-point context is this id, or NULL. */
comm_t *comm_from_context(uint16_t context_id);

#endif
