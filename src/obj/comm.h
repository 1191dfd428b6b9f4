/*
 * comm.h -- the communicator object.
 *
 * A communicator is a group of processes (ranks 0..size-1, each mapped to a
 * world rank) and a context id that keeps its messages apart from every other
 * communicator's.  Context ids come in pairs: the even one carries the
 * user's point-to-point traffic, the odd one the library's own messages on
 * that communicator (agreeing on new context ids now, collectives later),
 * through an internal twin communicator with the same ranks.  Each process
 * marks the pairs it uses in the job's segment; one process of a creation
 * claims for a new communicator the lowest pair free at every member
 * (comm_claim_contexts) and tells the others.
 *
 * An intercommunicator joins two disjoint groups.  Its rank and size are
 * those of the local group, but point-to-point names ranks of the remote
 * group: world_rank_of and rank_of_world map the remote group, and the
 * local group is a hidden intracommunicator `local` on a context pair of
 * its own, for the library's traffic within the group.
 */
#ifndef TESSERA_OBJ_COMM_H
#define TESSERA_OBJ_COMM_H

#include <stdbool.h>
#include <stdint.h>

#include "mpi.h"
#include "obj/handle.h"

#define CONTEXT_WORLD 0
#define CONTEXT_SELF 2
/* Context id pairs: 8192, so that thousands of communicators can live at
 * once and ids (up to 16383) fit the wire header's 16 bits. */
#define CONTEXT_PAIRS 8192
/* The last pairs are MPI_Comm_idup's, unique in the whole job rather than
 * agreed among the members (transport/shm/segment.h); the agreement of
 * the blocking creations never offers them. */
#define CONTEXT_IDUP_PAIRS 1024
#define CONTEXT_IDUP_FIRST (CONTEXT_PAIRS - CONTEXT_IDUP_PAIRS)

typedef struct comm {
    uint32_t handle;
    uint16_t context_id;   /* point-to-point traffic */
    int rank;              /* this process's rank in the communicator */
    int size;              /* of the local group */
    bool inter;            /* an intercommunicator */
    int remote_size;       /* of the remote group (intercommunicators) */
    struct comm *local;    /* the local group (intercommunicators), hidden */
    int *world_rank_of;    /* comm rank -> world rank; NULL means identity */
    int *rank_of_world;    /* the inverse, world-size entries (-1: not a member); NULL for world and self */
    struct comm *internal; /* the twin on context_id + 1; the twin's is itself */
    bool predefined;
    MPI_Errhandler errhandler;
    bool errhandler_set_by_user;
    char name[MPI_MAX_OBJECT_NAME];
    struct info *info;              /* hints from MPI_Comm_set_info and friends; NULL: none */
    struct attr *attrs;             /* attributes (obj/attr.h), in the order set */
    struct topo *topo;              /* cartesian or graph structure (obj/topo.h); NULL: none */
    uint32_t coll_seq;              /* collectives started on it: their tags (coll/sched.h) */
    struct coll_shm *coll_shm;      /* shared-memory collective state (coll/shm.h); NULL: not attached */
    struct bsend_pool *bsend;       /* its own buffer for buffered sends (p2p/bsend.c); NULL: none yet */
    uint32_t session;               /* the session it was made from (handle value); 0: the world model */
    struct comm *next_released;     /* in comm_released, once freed by the user while still in use */
    struct part_count *part_counts; /* partitioned inits so far per peer and tag (comm_next_part_seq) */
    void *call_room;                /* the v-form collectives' widened arrays (api/coll.c: call_alloc) */
    size_t call_room_bytes;
    bool call_room_taken; /* by the call in progress */
} comm_t;

/* The place of a new partitioned send (recv false) or receive init with
 * this peer and tag among this process's on comm: 0, 1, 2, ...  UINT32_MAX
 * when out of memory. */
uint32_t comm_next_part_seq(comm_t *comm, int peer, int tag, bool recv);

/* The predefined communicators outlive MPI_Finalize so that a call made
 * after it still reaches the error handler the user chose. */
int comm_init_predefined(int world_rank, int world_size);

/* Every call looks its communicator up: inline.  Before the table is set
 * up and after it is destroyed no index is in use, so no handle is live. */
extern obj_table_t comm_table;
static inline comm_t *comm_from_handle(MPI_Comm handle)
{
    return (comm_t *)obj_table_lookup(&comm_table, handle_value(handle));
}
comm_t *comm_world(void);
comm_t *comm_self(void);

/* How many ranks point-to-point can name: the remote group's size on an
 * intercommunicator. */
static inline int comm_peer_count(const comm_t *comm)
{
    return comm->inter ? comm->remote_size : comm->size;
}

/* The communicator of the caller's own group: itself, or an
 * intercommunicator's local group. */
static inline const comm_t *comm_local_group(const comm_t *comm)
{
    return comm->inter ? comm->local : comm;
}

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

/* The communicator (or internal twin) using this context id, or NULL. */
comm_t *comm_from_context(uint16_t context_id);

/* A new communicator of n ranks with these world ranks (copied; NULL for
 * the identity of MPI_COMM_WORLD's order), this process at rank `rank`, on
 * the context pair starting at context_id, with a handle.  NULL when out
 * of memory or handles. */
comm_t *comm_new(int n, const int *world_ranks, int rank, uint16_t context_id);
/* An intercommunicator to the remote group of remote_n world ranks, on
 * the context pair at context_id, this process at `rank` of `local`
 * (which it takes over).  NULL when out of memory or handles. */
comm_t *comm_new_inter(comm_t *local, int remote_n, const int *remote_world_ranks, uint16_t context_id);
/* The handle, the context pair and the memory go (and an
 * intercommunicator's local group). */
void comm_destroy(comm_t *comm);

/* MPI_Comm_free: the handle goes now; the rest with comm_destroy, now or,
 * while requests still use the communicator (a nonblocking collective
 * running, a receive posted, a persistent request), once the last of
 * them is freed: operations pending on it complete normally, and its
 * context pair stays taken until they have. */
void comm_release(comm_t *comm);
/* Communicators released while in use (usually none): each progress
 * poll calls comm_reap while there are any, at a point where no layer is
 * in the middle of using one. */
extern comm_t *comm_released;
void comm_reap(void);

/* A context pair of MPI_Comm_idup's range for a communicator of `users`
 * processes (each lets it go in comm_destroy), as a context id; -1 when
 * all are taken. */
int comm_idup_context(int users);
/* Undo part of that: `users` fewer processes will use the pair. */
void comm_idup_context_drop(int context_id, int users);

/*
 * The blocking creations' pairs.  One process of a creation claims k pairs
 * free at every process of world_ranks (in any order, repeats allowed):
 * their ids in ids, lowest first; 0, or -1 with none claimed when too few
 * are free.  It needs no other process's help, and two creations claiming
 * at once (on different threads) never get one pair.  Every process named
 * then calls comm_settle_context for each id once its part of the creation
 * is done: a process that made no communicator on the pair (not a member,
 * or the creation failed there) gives it back.
 */
int comm_claim_contexts(const int *world_ranks, int n, int k, int *ids);
void comm_settle_context(int context_id);

#endif
