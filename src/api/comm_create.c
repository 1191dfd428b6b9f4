/*
 * comm_create.c -- making and freeing communicators: MPI_Comm_dup,
 * MPI_Comm_split, MPI_Comm_create, MPI_Comm_free, MPI_Comm_disconnect.
 *
 * Every creation call is collective over the parent.  The topology calls
 * (api/topo.c) use the same machinery through api/comm_create.h.  The members exchange
 * what they need (for a split their color and key, their place in the
 * machine) in one all-gather over the parent's internal twin, so the
 * library's messages never meet the user's; the all-gather goes through
 * the first member, which between gathering and sending back claims the
 * new context pair in the segment (comm_claim_contexts) and sends its id
 * with the rest.  Then each computes the same new group.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/comm_create.h"
#include "api/weak.h"
#include "check/check.h"
#include "coll/shm.h"
#include "err/err.h"
#include "err/handler.h"
#include "mpi.h"
#include "obj/attr.h"
#include "obj/group.h"
#include "obj/info.h"
#include "obj/topo.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "runtime/runtime.h"
#include "runtime/threads.h"
#include "runtime/topology.h"
#include "transport/shm/shm.h"

TESSERA_WEAK_ALIAS(MPI_Comm_dup, PMPI_Comm_dup)
TESSERA_WEAK_ALIAS(MPI_Comm_dup_with_info, PMPI_Comm_dup_with_info)
TESSERA_WEAK_ALIAS(MPI_Comm_split, PMPI_Comm_split)
TESSERA_WEAK_ALIAS(MPI_Comm_split_type, PMPI_Comm_split_type)
TESSERA_WEAK_ALIAS(MPI_Comm_create, PMPI_Comm_create)
TESSERA_WEAK_ALIAS(MPI_Comm_create_group, PMPI_Comm_create_group)
TESSERA_WEAK_ALIAS(MPI_Comm_create_from_group, PMPI_Comm_create_from_group)
TESSERA_WEAK_ALIAS(MPI_Comm_free, PMPI_Comm_free)
TESSERA_WEAK_ALIAS(MPI_Comm_disconnect, PMPI_Comm_disconnect)

/* MPI_Comm_split_type, MPI_Comm_create_group and the topology calls take
 * intracommunicators only. */
int check_intracomm(MPI_Comm handle, comm_t **out)
{
    int rc = check_comm(handle, out);
    if (rc == MPI_SUCCESS && (*out)->inter)
        rc = err_set(MPI_ERR_COMM,
                     "invalid communicator %s (an intercommunicator: this call takes only an "
                     "intracommunicator here)",
                     (*out)->name[0] ? (*out)->name : "given");
    return rc;
}

/* What each member contributes to a creation call. */
typedef struct contribution {
    int color, key;
    long domain[TOPO_LEVELS]; /* hardware domains (runtime/topology.h) */
    int context_id;           /* the first member's: the claimed pair, or -1 */
} contribution_t;

/* Every participant's contribution (`one` bytes each), in the order of
 * `members` (their parent ranks; NULL: the whole parent in rank order),
 * at every participant.  The first participant collects and sends back.
 * With lengths (bytes per rank of the whole parent, members NULL),
 * contributions differ in size and lie end to end in `all`.  at_root, when
 * given, sees them all at the first participant before they go back. */
typedef void at_root_t(comm_t *parent, const int *members, int n, void *all);

static void exchange(comm_t *parent, const int *members, int n, int tag, const void *mine, size_t one,
                     const size_t *lengths, void *all, at_root_t *at_root)
{
    comm_t *in = parent->internal;
    size_t every = 0;
    for (int i = 0; i < n; i++)
        every += lengths ? lengths[i] : one;
    int root = members ? members[0] : 0;
    if (parent->rank != root) {
        dt_buffer_t out = dt_buffer_bytes(mine, lengths ? lengths[parent->rank] : one);
        dt_buffer_t back = dt_buffer_bytes(all, every);
        p2p_send(&out, root, tag, in);
        p2p_recv(&back, root, tag, in, MPI_STATUS_IGNORE);
        return;
    }
    size_t at = lengths ? lengths[0] : one;
    memcpy(all, mine, at);
    for (int i = 1; i < n; i++) {
        size_t len = lengths ? lengths[i] : one;
        dt_buffer_t slot = dt_buffer_bytes((char *)all + at, len);
        p2p_recv(&slot, members ? members[i] : i, tag, in, MPI_STATUS_IGNORE);
        at += len;
    }
    if (at_root)
        at_root(parent, members, n, all);
    dt_buffer_t everything = dt_buffer_bytes(all, every);
    for (int i = 1; i < n; i++)
        p2p_send(&everything, members ? members[i] : i, tag, in);
}

/* The pair the first member claimed, as a context id; -1 if none was
 * free at every participant. */
static int agree_context(const contribution_t *all)
{
    return all[0].context_id;
}

/* Every participant, after its part of the creation: a claimed pair it
 * did not take goes back. */
static void contributions_done(contribution_t *all)
{
    if (all)
        comm_settle_context(agree_context(all));
    free(all);
}

void comm_adopt(comm_t *c, MPI_Errhandler errhandler)
{
    c->errhandler = c->internal->errhandler = errhandler;
    errhandler_ref(errhandler);
    p2p_context_ready(c);
}

/* Make this process's part of a new communicator whose members, in new
 * rank order, have these world ranks. */
static int build(comm_t *parent, int n, const int *world_ranks, int context_id, comm_t **out)
{
    if (context_id < 0)
        return err_set(MPI_ERR_INTERN,
                       "no context id is free on every member of the parent communicator (%d are in use here: "
                       "free communicators that are no longer needed)",
                       CONTEXT_PAIRS);
    int me = -1;
    for (int r = 0; r < n; r++)
        if (world_ranks[r] == comm_world_rank(parent, parent->rank))
            me = r;
    comm_t *c = comm_new(n, world_ranks, me, (uint16_t)context_id);
    if (!c)
        return err_set(MPI_ERR_NO_MEM, "out of memory (or communicator handles) for a communicator of %d", n);
    comm_adopt(c, parent->errhandler);
    *out = c;
    return MPI_SUCCESS;
}

/* At the first participant: claim a pair free at every participant. */
static void claim_context(comm_t *parent, const int *members, int n, void *gathered)
{
    contribution_t *all = gathered;
    int *world = malloc((size_t)n * sizeof *world), id = -1;
    for (int i = 0; world && i < n; i++)
        world[i] = comm_world_rank(parent, members ? members[i] : i);
    if (!world || comm_claim_contexts(world, n, 1, &id) != 0)
        id = -1;
    all[0].context_id = id;
    free(world);
}

/* Over the whole parent (members NULL, n its size) or some of it.  The
 * caller ends with contributions_done. */
static contribution_t *gather_contributions(comm_t *parent, const int *members, int n, int tag, int color, int key)
{
    contribution_t mine = {.color = color, .key = key};
    topology_domains(mine.domain);
    contribution_t *all = malloc((size_t)n * sizeof *all);
    if (all)
        exchange(parent, members, n, tag, &mine, sizeof mine, NULL, all, claim_context);
    return all;
}

int check_dup_args(MPI_Comm comm, bool with_info, MPI_Info hints_handle, MPI_Comm *newcomm, comm_t **parent,
                   struct info **hints)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, parent);
    /* MPI_INFO_NULL gives the duplicate no hints at all, as the other
     * implementations (and mpi4py's tests) take it. */
    *hints = NULL;
    if (rc == MPI_SUCCESS && with_info && hints_handle != MPI_INFO_NULL && !(*hints = info_from_handle(hints_handle)))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)hints_handle);
    if (rc == MPI_SUCCESS && !with_info)
        *hints = (*parent)->info;
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newcomm, "newcomm");
    return rc;
}

int dup_carry_over(comm_t *parent, MPI_Comm parent_handle, const info_t *hints, comm_t *c)
{
    if ((hints && !(c->info = info_dup(hints))) || (parent->topo && !(c->topo = topo_dup(parent->topo)))) {
        comm_destroy(c);
        return err_set(MPI_ERR_NO_MEM, "out of memory copying the communicator's info hints and topology");
    }
    /* A duplicate carries the attributes the copy callbacks let through. */
    int rc = attr_copy_all(parent->attrs, ATTR_COMM, parent_handle, &c->attrs);
    if (rc != MPI_SUCCESS) {
        attr_delete_all(&c->attrs, ATTR_COMM, (MPI_Comm)(uintptr_t)c->handle);
        comm_destroy(c);
    }
    return rc;
}

/* MPI_Comm_dup keeps the parent's hints; MPI_Comm_dup_with_info takes
 * the ones given (hints_handle != MPI_INFO_NULL marks that form). */
static int duplicate(const char *call, MPI_Comm comm, bool with_info, MPI_Info hints_handle, MPI_Comm *newcomm)
{
    comm_t *parent = NULL, *c = NULL;
    info_t *hints = NULL;
    contribution_t *all = NULL;
    int *ranks = NULL;
    int rc = check_dup_args(comm, with_info, hints_handle, newcomm, &parent, &hints);
    if (rc == MPI_SUCCESS && parent->inter)
        rc = intercomm_dup(parent, &c);
    else if (rc == MPI_SUCCESS && (!(ranks = malloc((size_t)parent->size * sizeof *ranks)) ||
                                   !(all = gather_contributions(parent, NULL, parent->size, TAG_CREATE, 0, 0))))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory duplicating a communicator of %d", parent->size);
    else if (rc == MPI_SUCCESS) {
        for (int r = 0; r < parent->size; r++)
            ranks[r] = comm_world_rank(parent, r);
        rc = build(parent, parent->size, ranks, agree_context(all), &c);
    }
    if (rc == MPI_SUCCESS)
        rc = dup_carry_over(parent, comm, hints, c);
    free(ranks);
    contributions_done(all);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, call, rc, newcomm);
    *newcomm = (MPI_Comm)(uintptr_t)c->handle;
    return MPI_SUCCESS;
}

int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    return THREADS_CALL(duplicate("MPI_Comm_dup", comm, false, MPI_INFO_NULL, newcomm));
}

int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    return THREADS_CALL(duplicate("MPI_Comm_dup_with_info", comm, true, info, newcomm));
}

/* Members of one color ordered by key, then by parent rank. */
static const contribution_t *sort_base;
static int by_key_then_rank(const void *a, const void *b)
{
    int ra = *(const int *)a, rb = *(const int *)b;
    int ka = sort_base[ra].key, kb = sort_base[rb].key;
    return ka != kb ? (ka < kb ? -1 : 1) : (ra > rb) - (ra < rb);
}

/* How a split chooses each member's color. */
enum split_how {
    SPLIT_COLOR,       /* the color each member gave (MPI_Comm_split) */
    SPLIT_LEVEL,       /* the member's domain at one hardware level */
    SPLIT_FIRST_LEVEL, /* the same at the first level where members differ */
};

/* A member's color at a hardware level: its domain there, or
 * MPI_UNDEFINED when its CPUs span several. */
static int level_color(const contribution_t *member, int level)
{
    return member->domain[level] < 0 ? MPI_UNDEFINED : (int)member->domain[level];
}

/* The first hardware level at which the members are not all in one
 * domain, or -1: there every member's domain is a strict subset. */
static int first_level_that_splits(const contribution_t *all, int n)
{
    for (int l = 0; l < TOPO_LEVELS; l++)
        for (int r = 1; r < n; r++)
            if (all[r].domain[l] != all[0].domain[l])
                return l;
    return -1;
}

/* Everyone takes part in the exchange, MPI_UNDEFINED included; then each
 * builds its own color's communicator, ordered by key and parent rank, on
 * the one agreed context.  *level says which hardware level was used. */
static int split(comm_t *parent, enum split_how how, int color, int key, int *level, comm_t **out)
{
    int *members = malloc((size_t)parent->size * sizeof *members);
    int *colors = malloc((size_t)parent->size * sizeof *colors);
    contribution_t *all =
        members && colors ? gather_contributions(parent, NULL, parent->size, TAG_CREATE, color, key) : NULL;
    int rc = MPI_SUCCESS, n = 0;
    if (!all)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory splitting a communicator of %d", parent->size);
    if (rc == MPI_SUCCESS && how == SPLIT_FIRST_LEVEL)
        *level = first_level_that_splits(all, parent->size);
    int mine = MPI_UNDEFINED;
    for (int r = 0; rc == MPI_SUCCESS && r < parent->size; r++) {
        colors[r] = how == SPLIT_COLOR ? all[r].color : *level < 0 ? MPI_UNDEFINED : level_color(&all[r], *level);
        if (r == parent->rank)
            mine = colors[r];
    }
    int context_id = rc == MPI_SUCCESS ? agree_context(all) : -1;
    *out = NULL;
    if (rc == MPI_SUCCESS && mine != MPI_UNDEFINED) {
        for (int r = 0; r < parent->size; r++)
            if (colors[r] == mine)
                members[n++] = r;
        sort_base = all;
        qsort(members, (size_t)n, sizeof *members, by_key_then_rank);
        for (int i = 0; i < n; i++)
            members[i] = comm_world_rank(parent, members[i]);
        rc = build(parent, n, members, context_id, out);
    }
    free(members);
    free(colors);
    contributions_done(all);
    return rc;
}

int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    THREADS_ENTER();
    comm_t *parent = NULL, *c = NULL;
    int level = -1;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newcomm, "newcomm");
    if (rc == MPI_SUCCESS && color < 0 && color != MPI_UNDEFINED)
        rc = err_set(MPI_ERR_ARG, "invalid color %d (must be non-negative or MPI_UNDEFINED)", color);
    if (rc == MPI_SUCCESS && parent->inter)
        rc = intercomm_split(parent, color, key, &c);
    else if (rc == MPI_SUCCESS)
        rc = split(parent, SPLIT_COLOR, color, key, &level, &c);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Comm_split", rc, newcomm);
    *newcomm = c ? (MPI_Comm)(uintptr_t)c->handle : MPI_COMM_NULL;
    return MPI_SUCCESS;
}

/* The hardware resource a MPI_COMM_TYPE_HW_GUIDED split asks for: a level,
 * TOPO_LEVELS for the whole node ("mpi_shared_memory"), -1 unknown. */
static int guided_level(const info_t *hints)
{
    const char *kind = hints ? info_get(hints, "mpi_hw_resource_type") : NULL;
    if (!kind)
        return -1;
    if (strcmp(kind, "mpi_shared_memory") == 0)
        return TOPO_LEVELS;
    return topology_level_by_name(kind);
}

/* Every process of a job shares memory with every other: they all run on
 * this node.  So MPI_COMM_TYPE_SHARED keeps everyone, ordered by key.  On
 * an intercommunicator (which the standard does not exclude) a split by
 * type is a split by color: each process's domain, the remote processes
 * of the same domain forming the other side. */
int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
    THREADS_ENTER();
    comm_t *parent = NULL, *c = NULL;
    info_t *hints = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newcomm, "newcomm");
    if (rc == MPI_SUCCESS && info != MPI_INFO_NULL && !(hints = info_from_handle(info)))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    /* MPI-4.1's resource-guided split takes the resource types that
     * MPI_Get_hw_resource_info lists, which are the hardware levels: it
     * is the guided split under another name. */
    if (split_type == MPI_COMM_TYPE_RESOURCE_GUIDED)
        split_type = MPI_COMM_TYPE_HW_GUIDED;
    if (rc == MPI_SUCCESS && split_type != MPI_UNDEFINED && split_type != MPI_COMM_TYPE_SHARED &&
        split_type != MPI_COMM_TYPE_HW_GUIDED && split_type != MPI_COMM_TYPE_HW_UNGUIDED)
        rc = err_set(MPI_ERR_ARG,
                     "invalid split_type %d (MPI_COMM_TYPE_SHARED, MPI_COMM_TYPE_HW_GUIDED, "
                     "MPI_COMM_TYPE_RESOURCE_GUIDED, MPI_COMM_TYPE_HW_UNGUIDED or MPI_UNDEFINED)",
                     split_type);
    if (rc == MPI_SUCCESS && parent->inter && split_type == MPI_COMM_TYPE_HW_UNGUIDED)
        rc = err_set(MPI_ERR_COMM,
                     "invalid communicator %s for MPI_COMM_TYPE_HW_UNGUIDED (a strict subset of the "
                     "group is defined for intracommunicators only)",
                     parent->name);
    int level = -1;
    int guided = split_type == MPI_COMM_TYPE_HW_GUIDED ? guided_level(hints) : -1;
    if (rc == MPI_SUCCESS && parent->inter) {
        int color = 0;
        if (split_type == MPI_UNDEFINED || (split_type == MPI_COMM_TYPE_HW_GUIDED && guided < 0))
            color = MPI_UNDEFINED;
        else if (split_type == MPI_COMM_TYPE_HW_GUIDED && guided < TOPO_LEVELS) {
            long ids[TOPO_LEVELS];
            topology_domains(ids);
            color = ids[guided] < 0 ? MPI_UNDEFINED : (int)ids[guided];
        }
        rc = intercomm_split(parent, color, key, &c);
    } else if (rc == MPI_SUCCESS) {
        if (split_type == MPI_UNDEFINED || (split_type == MPI_COMM_TYPE_HW_GUIDED && guided < 0))
            rc = split(parent, SPLIT_COLOR, MPI_UNDEFINED, key, &level, &c);
        else if (split_type == MPI_COMM_TYPE_SHARED || guided == TOPO_LEVELS)
            rc = split(parent, SPLIT_COLOR, 0, key, &level, &c);
        else if (split_type == MPI_COMM_TYPE_HW_GUIDED) {
            level = guided;
            rc = split(parent, SPLIT_LEVEL, 0, key, &level, &c);
        } else
            rc = split(parent, SPLIT_FIRST_LEVEL, 0, key, &level, &c);
    }
    /* An unguided split says which level it used, as the standard asks:
     * in the info the caller passed (when it can be written) and in the
     * new communicator's. */
    if (rc == MPI_SUCCESS && c && split_type == MPI_COMM_TYPE_HW_UNGUIDED) {
        const char *name = topology_level_name(level);
        if (!(c->info = info_new()) || !info_set(c->info, "mpi_hw_resource_type", name) ||
            (hints && !hints->predefined && !info_set(hints, "mpi_hw_resource_type", name)))
            rc = err_set(MPI_ERR_NO_MEM, "out of memory for the new communicator's info");
    }
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Comm_split_type", rc, newcomm);
    *newcomm = c ? (MPI_Comm)(uintptr_t)c->handle : MPI_COMM_NULL;
    return MPI_SUCCESS;
}

/* The parent ranks of a group's members (into members, when given);
 * MPI_ERR_GROUP if one is not in the parent. */
static int group_in_parent(const comm_t *parent, const group_t *g, int *members)
{
    for (int r = 0; r < g->size; r++) {
        int p = comm_rank_of_world(parent, g->world_rank_of[r]);
        if (p < 0)
            return err_set(MPI_ERR_GROUP, "invalid group: its rank %d is not in the communicator", r);
        if (members)
            members[r] = p;
    }
    return MPI_SUCCESS;
}

int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    THREADS_ENTER();
    comm_t *parent = NULL, *c = NULL;
    group_t *g = NULL;
    contribution_t *all = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_group(group, "group", &g);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newcomm, "newcomm");
    if (rc == MPI_SUCCESS && parent->inter)
        rc = intercomm_create_sub(parent, g, &c);
    else if (rc == MPI_SUCCESS && (rc = group_in_parent(parent, g, NULL)) == MPI_SUCCESS &&
             !(all = gather_contributions(parent, NULL, parent->size, TAG_CREATE, 0, 0)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory creating a communicator");
    if (rc == MPI_SUCCESS && !parent->inter && g->rank != MPI_UNDEFINED)
        rc = build(parent, g->size, g->world_rank_of, agree_context(all), &c);
    contributions_done(all);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Comm_create", rc, newcomm);
    *newcomm = c ? (MPI_Comm)(uintptr_t)c->handle : MPI_COMM_NULL;
    return MPI_SUCCESS;
}

/* Collective over the group's members only: they exchange among
 * themselves, on the parent's internal context, under the caller's tag. */
int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
    THREADS_ENTER();
    comm_t *parent = NULL, *c = NULL;
    group_t *g = NULL;
    contribution_t *all = NULL;
    int *members = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intracomm(comm, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_group(group, "group", &g);
    if (rc == MPI_SUCCESS)
        rc = check_send_tag(tag);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newcomm, "newcomm");
    if (rc == MPI_SUCCESS && g->size > 0 && !(members = malloc((size_t)g->size * sizeof *members)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory creating a communicator");
    if (rc == MPI_SUCCESS)
        rc = group_in_parent(parent, g, members);
    if (rc == MPI_SUCCESS && g->rank != MPI_UNDEFINED &&
        !(all = gather_contributions(parent, members, g->size, TAG_TAGGED(tag), 0, 0)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory creating a communicator");
    if (rc == MPI_SUCCESS && all)
        rc = build(parent, g->size, g->world_rank_of, agree_context(all), &c);
    free(members);
    contributions_done(all);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Comm_create_group", rc, newcomm);
    *newcomm = c ? (MPI_Comm)(uintptr_t)c->handle : MPI_COMM_NULL;
    return MPI_SUCCESS;
}

/* The checks and the freeing MPI_Comm_free and MPI_Comm_disconnect
 * share; `before` runs between them (NULL: nothing). */
static int release(const char *call, MPI_Comm *comm, int (*before)(comm_t *))
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm, "comm");
    if (rc == MPI_SUCCESS)
        rc = check_comm(*comm, &c);
    if (rc == MPI_SUCCESS && c->predefined)
        rc = err_set(MPI_ERR_COMM, "invalid communicator %s for %s (predefined communicators cannot be freed)", c->name,
                     call);
    if (rc == MPI_SUCCESS && before)
        rc = before(c);
    /* Attributes go first: their delete callbacks see the communicator. */
    if (rc == MPI_SUCCESS)
        rc = attr_delete_all(&c->attrs, ATTR_COMM, *comm);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    coll_shm_detach(c);
    /* A buffer of its own goes with it, once its sends have left. */
    p2p_bsend_pool_free(c->bsend);
    c->bsend = NULL;
    comm_release(c);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

int PMPI_Comm_free(MPI_Comm *comm)
{
    return THREADS_CALL(release("MPI_Comm_free", comm, NULL));
}

static bool quiet(void *comm)
{
    return !request_pending_on(comm);
}

/* MPI_Comm_disconnect: this process's requests on the communicator
 * finish, then every member waits for the others, so that nothing is
 * left in flight on it anywhere. */
static int finish_traffic(comm_t *c)
{
    progress_wait_until(quiet, c, PROGRESS_ANY_PEER);
    if (c->inter)
        return intercomm_sync(c);
    char *all = malloc((size_t)c->size), mine = 0;
    if (!all)
        return err_set(MPI_ERR_NO_MEM, "out of memory disconnecting a communicator of %d", c->size);
    exchange(c, NULL, c->size, TAG_CREATE, &mine, 1, NULL, all, NULL);
    free(all);
    return MPI_SUCCESS;
}

int PMPI_Comm_disconnect(MPI_Comm *comm)
{
    return THREADS_CALL(release("MPI_Comm_disconnect", comm, finish_traffic));
}

int comm_split_internal(comm_t *parent, int color, int key, comm_t **out)
{
    int level = -1;
    return split(parent, SPLIT_COLOR, color, key, &level, out);
}

/* Parent ranks ordered by where they run: package, then NUMA node, then
 * caches, core and hardware thread, then rank. */
static int by_place_then_rank(const void *a, const void *b)
{
    int ra = *(const int *)a, rb = *(const int *)b;
    for (int l = 0; l < TOPO_LEVELS; l++)
        if (sort_base[ra].domain[l] != sort_base[rb].domain[l])
            return sort_base[ra].domain[l] < sort_base[rb].domain[l] ? -1 : 1;
    return (ra > rb) - (ra < rb);
}

/* The parent ranks (0..n-1) in the order of where they run, the domains
 * taken from all. */
static void order_by_place(const contribution_t *all, int n, int *place)
{
    for (int r = 0; r < n; r++)
        place[r] = r;
    sort_base = all;
    qsort(place, (size_t)n, sizeof *place, by_place_then_rank);
}

int comm_placed_rank(comm_t *parent, int n, const int *node_order)
{
    contribution_t *all = calloc((size_t)parent->size, sizeof *all);
    int *place = malloc((size_t)parent->size * sizeof *place);
    int rank = MPI_UNDEFINED;
    if (!all || !place) {
        free(all);
        free(place);
        return -1;
    }
    for (int r = 0; r < parent->size; r++) {
        if (r == parent->rank)
            topology_domains(all[r].domain);
        else
            shm_rank_domains(comm_world_rank(parent, r), all[r].domain);
    }
    order_by_place(all, parent->size, place);
    for (int j = 0; j < n; j++)
        if (place[j] == parent->rank)
            rank = node_order ? node_order[j] : j;
    free(all);
    free(place);
    return rank;
}

int comm_create_placed(comm_t *parent, int n, bool reorder, const int *node_order, comm_t **out)
{
    int *place = malloc((size_t)parent->size * sizeof *place);
    int *members = malloc(((size_t)n + 1) * sizeof *members);
    contribution_t *all = place && members ? gather_contributions(parent, NULL, parent->size, TAG_CREATE, 0, 0) : NULL;
    int rc = MPI_SUCCESS;
    *out = NULL;
    if (!all)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory making a communicator of %d", n);
    if (rc == MPI_SUCCESS) {
        if (reorder)
            order_by_place(all, parent->size, place);
        else
            for (int r = 0; r < parent->size; r++)
                place[r] = r;
        bool member = false;
        for (int j = 0; j < n; j++) {
            members[node_order ? node_order[j] : j] = comm_world_rank(parent, place[j]);
            member |= place[j] == parent->rank;
        }
        if (member)
            rc = build(parent, n, members, agree_context(all), out);
    }
    free(place);
    free(members);
    contributions_done(all);
    return rc;
}

int comm_allgather_var(comm_t *parent, const void *mine, size_t len, void **all, size_t *offsets)
{
    size_t *lengths = malloc((size_t)parent->size * sizeof *lengths);
    if (!lengths)
        return err_set(MPI_ERR_NO_MEM, "out of memory gathering from %d processes", parent->size);
    exchange(parent, NULL, parent->size, TAG_CREATE, &len, sizeof len, NULL, lengths, NULL);
    offsets[0] = 0;
    for (int r = 0; r < parent->size; r++)
        offsets[r + 1] = offsets[r] + lengths[r];
    *all = malloc(offsets[parent->size] ? offsets[parent->size] : 1);
    /* Everyone takes part even when short of memory, or the others hang;
     * the bytes then go to a scratch byte and the caller is told. */
    char scratch;
    exchange(parent, NULL, parent->size, TAG_CREATE, mine, len, lengths, *all ? *all : &scratch, NULL);
    free(lengths);
    return *all ? MPI_SUCCESS : err_set(MPI_ERR_NO_MEM, "out of memory gathering from %d processes", parent->size);
}

/* FNV-1a, continued from h over len bytes. */
static uint32_t fnv1a(uint32_t h, const void *bytes, size_t len)
{
    for (const unsigned char *b = bytes; len--; b++)
        h = (h ^ *b) * 16777619u;
    return h;
}

#define FNV1A_START 2166136261u

int tag_of_stringtag(const char *stringtag, const group_t *g)
{
    uint32_t h = fnv1a(FNV1A_START, stringtag, strlen(stringtag));
    if (g)
        h = fnv1a(h, g->world_rank_of, (size_t)g->size * sizeof *g->world_rank_of);
    return TAG_TAGGED((int)(h & 0x7fffffff));
}

/* MPI-4's way to a communicator without a parent one (the sessions
 * model): collective over the group's members only.  They agree on a
 * context through MPI_COMM_WORLD's hidden twin, which every process has
 * whether or not MPI_Init was called, under a tag made from the stringtag
 * and the group: members that give different stringtags never meet (an
 * erroneous program, which then waits, as under MPICH). */
int PMPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info, MPI_Errhandler errhandler,
                                MPI_Comm *newcomm)
{
    THREADS_ENTER();
    group_t *g = NULL;
    info_t *hints = NULL;
    comm_t *world = comm_world(), *c = NULL;
    contribution_t *all = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_group(group, "group", &g);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(stringtag, "stringtag");
    if (rc == MPI_SUCCESS && strlen(stringtag) >= MPI_MAX_STRINGTAG_LEN)
        rc = err_set(MPI_ERR_ARG, "invalid stringtag of %zu characters (at most %d)", strlen(stringtag),
                     MPI_MAX_STRINGTAG_LEN - 1);
    if (rc == MPI_SUCCESS && info != MPI_INFO_NULL && !(hints = info_from_handle(info)))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    if (rc == MPI_SUCCESS && !errhandler_valid(errhandler))
        rc = err_set(MPI_ERR_ARG, "invalid errhandler %#x", (unsigned)(uintptr_t)errhandler);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newcomm, "newcomm");
    if (rc == MPI_SUCCESS && g->rank == MPI_UNDEFINED)
        rc = err_set(MPI_ERR_GROUP, "invalid group: the calling process is not a member");
    if (rc == MPI_SUCCESS &&
        !(all = gather_contributions(world, g->world_rank_of, g->size, tag_of_stringtag(stringtag, g), 0, 0)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory creating a communicator");
    if (rc == MPI_SUCCESS)
        rc = build(world, g->size, g->world_rank_of, agree_context(all), &c);
    contributions_done(all);
    if (rc == MPI_SUCCESS && hints && !(c->info = info_dup(hints))) {
        comm_destroy(c);
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for the new communicator's info");
    }
    /* There is no communicator yet: the handler given for the new one
     * takes the error (the default one when that handler is invalid). */
    if (rc != MPI_SUCCESS)
        return err_raise_with(errhandler_valid(errhandler) ? errhandler : runtime_default_errhandler(),
                              "MPI_Comm_create_from_group", rc);
    errhandler_unref(c->errhandler);
    c->errhandler = c->internal->errhandler = errhandler;
    errhandler_ref(errhandler);
    c->session = g->session;
    *newcomm = (MPI_Comm)(uintptr_t)c->handle;
    return MPI_SUCCESS;
}
