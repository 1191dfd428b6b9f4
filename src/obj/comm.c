/* comm.c -- communicator objects, their handles and the context-id registry. */
#include "obj/comm.h"

#include <stdlib.h>
#include <string.h>

#include "err/handler.h"
#include "obj/claims.h"
#include "obj/handle.h"
#include "obj/info.h"
#include "obj/topo.h"
#include "request/request.h"
#include "transport/shm/segment.h"
#include "transport/transport.h"

obj_table_t comm_table;
static comm_t comm_world_obj, comm_world_internal;
static comm_t comm_self_obj, comm_self_internal;
static int comm_self_world_rank;
static int world_size_all;

/* Context id -> communicator.  Which pairs this process uses is in its
 * claims in the segment (segment.h), where the process that claims a pair
 * for a new communicator sets it. */
static comm_t *by_context[2 * CONTEXT_PAIRS];

_Static_assert(CONTEXT_IDUP_FIRST / 64 == SHM_CLAIM_WORDS, "a claim bit for every pair of the blocking creations");

static _Atomic uint64_t *claim_table(void)
{
    return shm_claim_table_of_job();
}

static void register_context(comm_t *comm)
{
    by_context[comm->context_id] = comm;
    by_context[comm->context_id + 1] = comm->internal;
    int pair = comm->context_id / 2;
    /* Set already where a creation claimed it; the predefined ones here. */
    if (pair < CONTEXT_IDUP_FIRST)
        claims_set(claim_table(), SHM_CLAIM_WORDS, comm_self_world_rank, pair);
}

/* This process no longer uses the pair: another creation may claim it. */
static void unclaim(int pair)
{
    claims_clear(claim_table(), SHM_CLAIM_WORDS, comm_self_world_rank, pair);
}

static void unregister_context(const comm_t *comm)
{
    by_context[comm->context_id] = NULL;
    by_context[comm->context_id + 1] = NULL;
    int pair = comm->context_id / 2;
    if (pair >= CONTEXT_IDUP_FIRST)
        comm_idup_context_drop(comm->context_id, 1);
    else
        unclaim(pair);
}

_Static_assert(CONTEXT_IDUP_PAIRS == SHM_IDUP_PAIRS, "the segment counts the users of every idup pair");
_Static_assert(CONTEXT_IDUP_FIRST % 64 == 0, "the idup pairs are whole words of the masks");

void comm_idup_context_drop(int context_id, int users)
{
    uint32_t pair = (uint32_t)context_id / 2;
    atomic_fetch_sub_explicit(&shm_idup_users_of_job()[pair - CONTEXT_IDUP_FIRST], (uint32_t)users,
                              memory_order_acq_rel);
}

int comm_idup_context(int users)
{
    _Atomic uint32_t *count = shm_idup_users_of_job();
    for (int i = 0; i < CONTEXT_IDUP_PAIRS; i++) {
        uint32_t none = 0;
        if (atomic_load_explicit(&count[i], memory_order_relaxed) == 0 &&
            atomic_compare_exchange_strong_explicit(&count[i], &none, (uint32_t)users, memory_order_acq_rel,
                                                    memory_order_relaxed))
            return 2 * (CONTEXT_IDUP_FIRST + i);
    }
    return -1;
}

/* The internal twin: the same ranks on the odd context of the pair. */
static void make_twin(comm_t *comm, comm_t *twin)
{
    *twin = *comm;
    twin->handle = 0;
    twin->context_id = (uint16_t)(comm->context_id + 1);
    twin->internal = twin;
    comm->internal = twin;
}

int comm_init_predefined(int world_rank, int world_size)
{
    obj_table_init(&comm_table, TESSERA_KIND_COMM_, 3);
    world_size_all = world_size;
    comm_self_world_rank = world_rank;

    comm_world_obj = (comm_t){
        .context_id = CONTEXT_WORLD,
        .rank = world_rank,
        .size = world_size,
        .predefined = true,
        .errhandler = MPI_ERRORS_ARE_FATAL,
    };
    strcpy(comm_world_obj.name, "MPI_COMM_WORLD");
    comm_world_obj.handle = obj_table_put_at(&comm_table, 1, &comm_world_obj);
    make_twin(&comm_world_obj, &comm_world_internal);
    register_context(&comm_world_obj);

    /* MPI_COMM_SELF maps its one rank to this process's world rank. */
    comm_self_obj = (comm_t){
        .context_id = CONTEXT_SELF,
        .rank = 0,
        .size = 1,
        .world_rank_of = &comm_self_world_rank,
        .predefined = true,
        .errhandler = MPI_ERRORS_ARE_FATAL,
    };
    strcpy(comm_self_obj.name, "MPI_COMM_SELF");
    comm_self_obj.handle = obj_table_put_at(&comm_table, 2, &comm_self_obj);
    make_twin(&comm_self_obj, &comm_self_internal);
    register_context(&comm_self_obj);
    return MPI_SUCCESS;
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
    if (comm->rank_of_world)
        return world_rank >= 0 && world_rank < world_size_all ? comm->rank_of_world[world_rank] : -1;
    if (!comm->world_rank_of)
        return world_rank < comm->size ? world_rank : -1;
    for (int r = 0; r < comm->size; r++)
        if (comm->world_rank_of[r] == world_rank)
            return r;
    return -1;
}

comm_t *comm_from_context(uint16_t context_id)
{
    return context_id < 2 * CONTEXT_PAIRS ? by_context[context_id] : NULL;
}

comm_t *comm_new(int n, const int *world_ranks, int rank, uint16_t context_id)
{
    comm_t *comm = calloc(1, sizeof *comm);
    comm_t *twin = calloc(1, sizeof *twin);
    int *map = malloc((size_t)n * sizeof *map);
    int *inverse = malloc((size_t)world_size_all * sizeof *inverse);
    if (!comm || !twin || !map || !inverse || !(comm->handle = obj_table_insert(&comm_table, comm))) {
        free(comm);
        free(twin);
        free(map);
        free(inverse);
        return NULL;
    }
    for (int w = 0; w < world_size_all; w++)
        inverse[w] = -1;
    for (int r = 0; r < n; r++) {
        map[r] = world_ranks ? world_ranks[r] : r;
        inverse[map[r]] = r;
    }
    comm->context_id = context_id;
    comm->rank = rank;
    comm->size = n;
    comm->world_rank_of = map;
    comm->rank_of_world = inverse;
    comm->errhandler = MPI_ERRORS_ARE_FATAL;
    make_twin(comm, twin);
    register_context(comm);
    return comm;
}

comm_t *comm_new_inter(comm_t *local, int remote_n, const int *remote_world_ranks, uint16_t context_id)
{
    comm_t *comm = comm_new(remote_n, remote_world_ranks, local->rank, context_id);
    if (!comm)
        return NULL;
    comm->inter = comm->internal->inter = true;
    comm->size = comm->internal->size = local->size;
    comm->remote_size = comm->internal->remote_size = remote_n;
    comm->local = comm->internal->local = local;
    return comm;
}

typedef struct part_count {
    struct part_count *next;
    int peer, tag;
    bool recv;
    uint32_t count;
} part_count_t;

uint32_t comm_next_part_seq(comm_t *comm, int peer, int tag, bool recv)
{
    part_count_t *p = comm->part_counts;
    while (p && !(p->peer == peer && p->tag == tag && p->recv == recv))
        p = p->next;
    if (!p) {
        if (!(p = malloc(sizeof *p)))
            return UINT32_MAX;
        *p = (part_count_t){comm->part_counts, peer, tag, recv, 0};
        comm->part_counts = p;
    }
    return p->count++;
}

void comm_destroy(comm_t *comm)
{
    while (comm->part_counts) {
        part_count_t *p = comm->part_counts;
        comm->part_counts = p->next;
        free(p);
    }
    if (comm->local)
        comm_destroy(comm->local);
    unregister_context(comm);
    if (comm->handle)
        obj_table_remove(&comm_table, comm->handle);
    free(comm->world_rank_of);
    free(comm->rank_of_world);
    if (comm->info)
        info_free(comm->info);
    topo_free(comm->topo);
    free(comm->coll_shm);
    free(comm->call_room);
    errhandler_unref(comm->errhandler);
    free(comm->internal);
    free(comm);
}

comm_t *comm_released;

/* Whether a request still refers to comm, its twin or its local group. */
static bool in_use(const comm_t *comm)
{
    return request_uses(comm) || (comm->local && in_use(comm->local));
}

void comm_release(comm_t *comm)
{
    if (!in_use(comm)) {
        comm_destroy(comm);
        return;
    }
    obj_table_remove(&comm_table, comm->handle);
    comm->handle = 0;
    comm->next_released = comm_released;
    comm_released = comm;
}

void comm_reap(void)
{
    comm_t **link = &comm_released;
    while (*link) {
        comm_t *comm = *link;
        if (in_use(comm)) {
            link = &comm->next_released;
            continue;
        }
        *link = comm->next_released;
        comm_destroy(comm);
    }
}

int comm_claim_contexts(const int *world_ranks, int n, int k, int *ids)
{
    if (claims_take(claim_table(), SHM_CLAIM_WORDS, world_ranks, n, k, ids) != 0)
        return -1;
    for (int i = 0; i < k; i++)
        ids[i] *= 2;
    return 0;
}

void comm_settle_context(int context_id)
{
    if (context_id >= 0 && context_id / 2 < CONTEXT_IDUP_FIRST && !by_context[context_id])
        unclaim(context_id / 2);
}
