/*
 * intercomm.c -- intercommunicators: MPI_Intercomm_create,
 * MPI_Intercomm_create_from_groups, MPI_Intercomm_merge, their
 * duplication, and the remote group's size and members.
 *
 * Every call here is collective over two disjoint groups, each with a
 * leader.  One step serves them all (agree): the members tell their
 * leader they are there; the two leaders swap their groups' world ranks
 * and a few bytes of their own (the group's members, or the `high` of a
 * merge); the leader with the lower world rank claims the new context
 * pairs at every process of both groups (comm_claim_contexts) and tells
 * the other; each leader tells its members the pairs and the other
 * leader's bytes.  Then every process builds the same communicators.  An intercommunicator takes two context pairs: one
 * for traffic between the groups, and one for its hidden local group,
 * which both groups can use at once because no process is in both.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/comm_create.h"
#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "err/handler.h"
#include "mpi.h"
#include "obj/group.h"
#include "obj/info.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Intercomm_create, PMPI_Intercomm_create)
TESSERA_WEAK_ALIAS(MPI_Intercomm_create_from_groups, PMPI_Intercomm_create_from_groups)
TESSERA_WEAK_ALIAS(MPI_Intercomm_merge, PMPI_Intercomm_merge)
TESSERA_WEAK_ALIAS(MPI_Comm_remote_size, PMPI_Comm_remote_size)
TESSERA_WEAK_ALIAS(MPI_Comm_remote_group, PMPI_Comm_remote_group)

/* One group's view of a two-group call. */
typedef struct side {
    comm_t *talk;       /* the internal context the group talks on */
    const int *members; /* the group's ranks in talk, in group order; NULL: talk's own ranks */
    int n, me, leader;  /* group size; this process's and the leader's place in it */
    comm_t *bridge;     /* the internal context between the leaders (read at the leader) */
    int remote_leader;  /* the other leader's rank in bridge */
    int tag;
} side_t;

typedef struct agreement {
    int32_t ids[2]; /* the claimed pairs, as context ids (-1: none free) */
    int32_t error;  /* the leader's arguments were wrong: its error class */
    uint32_t n;     /* the leader's group size (between the leaders) */
    uint64_t len;   /* of the bytes that follow */
} agreement_t;

static int member_rank(const side_t *s, int i)
{
    return s->members ? s->members[i] : i;
}

/* Send a header and its bytes; receive them (bytes malloc'd; NULL with
 * MPI_ERR_NO_MEM when that fails, after taking the message anyway). */
static void send_agreement(const agreement_t *a, const void *bytes, int dest, int tag, comm_t *over)
{
    dt_buffer_t head = dt_buffer_bytes(a, sizeof *a), body = dt_buffer_bytes(bytes, a->len);
    p2p_send(&head, dest, tag, over);
    p2p_send(&body, dest, tag, over);
}

static int recv_agreement(agreement_t *a, void **bytes, int source, int tag, comm_t *over)
{
    dt_buffer_t head = dt_buffer_bytes(a, sizeof *a);
    p2p_recv(&head, source, tag, over, MPI_STATUS_IGNORE);
    *bytes = malloc(a->len ? a->len : 1);
    char scratch;
    dt_buffer_t body = dt_buffer_bytes(*bytes ? *bytes : &scratch, *bytes ? a->len : 0);
    p2p_recv(&body, source, tag, over, MPI_STATUS_IGNORE);
    return *bytes ? MPI_SUCCESS
                  : err_set(MPI_ERR_NO_MEM, "out of memory for %zu bytes from the other group", (size_t)a->len);
}

/* The world ranks of a side's group, then of the other group's n (at the
 * leader, malloc'd; NULL when out of memory). */
static int *both_groups(const side_t *s, const int *theirs, uint32_t n)
{
    int *world = malloc(((size_t)s->n + n) * sizeof *world);
    for (int i = 0; world && i < s->n; i++)
        world[i] = comm_world_rank(s->talk, member_rank(s, i));
    if (world && n > 0)
        memcpy(world + s->n, theirs, n * sizeof *world);
    return world;
}

/* At the leaders: swap headers, bytes and groups; the one with the lower
 * world rank claims k pairs at every process of both groups and sends
 * their ids across.  *b gets the other leader's header, with the ids. */
static int swap_and_claim(const side_t *s, agreement_t *a, const void *mine, int k, agreement_t *b, void **theirs)
{
    int *group = both_groups(s, NULL, 0);
    if (!group)
        a->n = 0;
    /* Both leaders send before receiving: the sends must not wait. */
    request_t *req[3];
    dt_buffer_t head = dt_buffer_bytes(a, sizeof *a), body = dt_buffer_bytes(mine, a->len);
    dt_buffer_t ranks = dt_buffer_bytes(group, a->n * sizeof *group);
    p2p_isend(&head, s->remote_leader, s->tag, s->bridge, &req[0]);
    p2p_isend(&body, s->remote_leader, s->tag, s->bridge, &req[1]);
    p2p_isend(&ranks, s->remote_leader, s->tag, s->bridge, &req[2]);
    int rc = recv_agreement(b, theirs, s->remote_leader, s->tag, s->bridge);
    int *other = malloc(b->n ? b->n * sizeof *other : 1), *world = NULL;
    int scratch;
    dt_buffer_t their_ranks = dt_buffer_bytes(other ? (void *)other : &scratch, other ? b->n * sizeof *other : 0);
    p2p_recv(&their_ranks, s->remote_leader, s->tag, s->bridge, MPI_STATUS_IGNORE);
    for (int i = 0; i < 3; i++) {
        progress_wait(req[i]);
        request_free(req[i]);
    }
    free(group);
    b->ids[0] = b->ids[1] = -1;
    dt_buffer_t ids = dt_buffer_bytes(b->ids, sizeof b->ids);
    int me = comm_world_rank(s->talk, member_rank(s, s->leader)), peer = comm_world_rank(s->bridge, s->remote_leader);
    if (me <= peer) {
        /* A group missing (out of memory) claims nothing: the build fails. */
        if (k > 0 && other && a->n == (uint32_t)s->n && (world = both_groups(s, other, b->n)) &&
            comm_claim_contexts(world, s->n + (int)b->n, k, b->ids) != 0)
            b->ids[0] = b->ids[1] = -1;
        /* A leader named as its own remote leader (the groups overlap,
         * which the build reports) tells no one. */
        if (me != peer)
            p2p_send(&ids, s->remote_leader, s->tag, s->bridge);
    } else {
        p2p_recv(&ids, s->remote_leader, s->tag, s->bridge, MPI_STATUS_IGNORE);
    }
    free(world);
    free(other);
    return rc;
}

/* The k new context pairs (ids, -1 where none was free at every process
 * of both groups), and the other leader's `len` bytes (*theirs, malloc'd,
 * *their_len long).  A leader whose own arguments are wrong (leader_rc)
 * still hears its members and tells them, so that the whole group fails
 * rather than hangs.  Every process of both groups then settles the ids
 * (settle_ids). */
static int agree(const side_t *s, int leader_rc, const void *mine, size_t len, int k, int ids[2], void **theirs,
                 size_t *their_len)
{
    agreement_t a = {.ids = {-1, -1}, .n = (uint32_t)s->n, .len = len};
    *theirs = NULL;
    ids[0] = ids[1] = -1;
    int leader = member_rank(s, s->leader), rc, here = 0;
    dt_buffer_t present = dt_buffer_bytes(&here, sizeof here);
    if (s->me != s->leader) {
        p2p_send(&present, leader, s->tag, s->talk);
        rc = recv_agreement(&a, theirs, leader, s->tag, s->talk);
        if (a.error)
            return err_set(a.error,
                           "invalid arguments at the local leader (rank %d of the group): the call failed there",
                           s->leader);
    } else {
        for (int i = 0; i < s->n; i++)
            if (i != s->leader)
                p2p_recv(&present, member_rank(s, i), s->tag, s->talk, MPI_STATUS_IGNORE);
        if (leader_rc != MPI_SUCCESS) {
            agreement_t refusal = {.error = leader_rc};
            for (int i = 0; i < s->n; i++)
                if (i != s->leader)
                    send_agreement(&refusal, &refusal, member_rank(s, i), s->tag, s->talk);
            return leader_rc;
        }
        agreement_t b;
        rc = swap_and_claim(s, &a, mine, k, &b, theirs);
        if (!*theirs)
            b.len = 0;
        for (int i = 0; i < s->n; i++)
            if (i != s->leader)
                send_agreement(&b, *theirs ? *theirs : &b, member_rank(s, i), s->tag, s->talk);
        a = b;
    }
    ids[0] = a.ids[0];
    ids[1] = a.ids[1];
    *their_len = a.len;
    return rc;
}

/* Every process of both groups, after its part: claimed pairs it did not
 * take go back. */
static void settle_ids(const int ids[2])
{
    comm_settle_context(ids[0]);
    comm_settle_context(ids[1]);
}

/* The k pairs agreed on, or why there are none. */
static int agreed_pairs(const int ids[2], int k)
{
    for (int i = 0; i < k; i++)
        if (ids[i] < 0)
            return err_set(MPI_ERR_INTERN,
                           "no context id is free on every member of both groups (%d are in use here: free "
                           "communicators that are no longer needed)",
                           CONTEXT_PAIRS);
    return MPI_SUCCESS;
}

/* This process's intercommunicator, from both groups' world ranks (the
 * local ones in local rank order) and the agreed mask. */
static int build_inter(int local_n, const int *local_world, int my_rank, int remote_n, const int *remote_world,
                       const int ids[2], MPI_Errhandler errhandler, comm_t **out)
{
    for (int i = 0; i < remote_n; i++)
        for (int j = 0; j < local_n; j++)
            if (remote_world[i] == local_world[j])
                return err_set(MPI_ERR_COMM,
                               "invalid groups: the process with world rank %d is in both (they must be disjoint)",
                               remote_world[i]);
    int rc = agreed_pairs(ids, 2);
    if (rc != MPI_SUCCESS)
        return rc;
    comm_t *local = comm_new(local_n, local_world, my_rank, (uint16_t)ids[1]);
    comm_t *inter = local ? comm_new_inter(local, remote_n, remote_world, (uint16_t)ids[0]) : NULL;
    if (!inter) {
        if (local)
            comm_destroy(local);
        return err_set(MPI_ERR_NO_MEM, "out of memory (or communicator handles) for an intercommunicator");
    }
    comm_adopt(local, errhandler);
    comm_adopt(inter, errhandler);
    *out = inter;
    return MPI_SUCCESS;
}

/* The world ranks of a communicator's ranks (malloc'd). */
static int *world_ranks_of(const comm_t *comm, int n)
{
    int *ranks = malloc((size_t)(n ? n : 1) * sizeof *ranks);
    for (int r = 0; ranks && r < n; r++)
        ranks[r] = comm_world_rank(comm, r);
    return ranks;
}

static int check_intercomm(MPI_Comm handle, comm_t **out)
{
    int rc = check_comm(handle, out);
    if (rc == MPI_SUCCESS && !(*out)->inter)
        rc = err_set(MPI_ERR_COMM, "invalid communicator %s (an intracommunicator; this needs an intercommunicator)",
                     (*out)->name[0] ? (*out)->name : "given");
    return rc;
}

/* The members exchange with the leader of their group, the leaders over
 * peer_comm's internal context: this group's world ranks go across. */
static int create(const side_t *s, int leader_rc, const int *local_world, MPI_Errhandler errhandler, comm_t **out)
{
    int ids[2];
    void *remote = NULL;
    size_t remote_len = 0;
    int rc = agree(s, leader_rc, local_world, (size_t)s->n * sizeof *local_world, 2, ids, &remote, &remote_len);
    if (rc == MPI_SUCCESS)
        rc = build_inter(s->n, local_world, s->me, (int)(remote_len / sizeof(int)), remote, ids, errhandler, out);
    settle_ids(ids);
    free(remote);
    return rc;
}

int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
                          MPI_Comm *newintercomm)
{
    THREADS_ENTER();
    comm_t *local = NULL, *peer = NULL, *c = NULL;
    int *world = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intracomm(local_comm, &local);
    if (rc == MPI_SUCCESS && (local_leader < 0 || local_leader >= local->size))
        rc = err_set(MPI_ERR_RANK, "invalid local_leader %d (local_comm has %d ranks)", local_leader, local->size);
    if (rc == MPI_SUCCESS)
        rc = check_send_tag(tag);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newintercomm, "newintercomm");
    /* peer_comm and remote_leader matter at the local leader only. */
    int leader_rc = MPI_SUCCESS;
    if (rc == MPI_SUCCESS && local->rank == local_leader) {
        leader_rc = check_comm(peer_comm, &peer);
        if (leader_rc == MPI_SUCCESS && (remote_leader < 0 || remote_leader >= comm_peer_count(peer)))
            leader_rc = err_set(MPI_ERR_RANK, "invalid remote_leader %d (peer_comm has %d ranks)", remote_leader,
                                comm_peer_count(peer));
    }
    if (rc == MPI_SUCCESS && !(world = world_ranks_of(local, local->size)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a group of %d", local->size);
    if (rc == MPI_SUCCESS) {
        side_t s = {local->internal, NULL,           local->size,
                    local->rank,     local_leader,   peer ? peer->internal : NULL,
                    remote_leader,   TAG_TAGGED(tag)};
        rc = create(&s, leader_rc, world, local->errhandler, &c);
    }
    free(world);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(local, "MPI_Intercomm_create", rc, newintercomm);
    *newintercomm = (MPI_Comm)(uintptr_t)c->handle;
    return MPI_SUCCESS;
}

/* MPI-4: with no parent communicator, the groups talk over the world's
 * internal context, keyed by the string tag. */
int PMPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                      int remote_leader, const char *stringtag, MPI_Info info,
                                      MPI_Errhandler errhandler, MPI_Comm *newintercomm)
{
    THREADS_ENTER();
    group_t *lg = NULL, *rg = NULL;
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_group(local_group, "local_group", &lg);
    if (rc == MPI_SUCCESS)
        rc = check_group(remote_group, "remote_group", &rg);
    if (rc == MPI_SUCCESS && lg->rank == MPI_UNDEFINED)
        rc = err_set(MPI_ERR_GROUP, "invalid local_group (the calling process is not in it)");
    if (rc == MPI_SUCCESS && (local_leader < 0 || local_leader >= lg->size))
        rc = err_set(MPI_ERR_RANK, "invalid local_leader %d (local_group has %d ranks)", local_leader, lg->size);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(stringtag, "stringtag");
    if (rc == MPI_SUCCESS && info != MPI_INFO_NULL && !info_from_handle(info))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    if (rc == MPI_SUCCESS && !errhandler_valid(errhandler))
        rc = err_set(MPI_ERR_ARG, "invalid errhandler %#x (not a live error handler)", (unsigned)(uintptr_t)errhandler);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newintercomm, "newintercomm");
    /* remote_leader matters at the local leader only; a bad one there
     * fails the leader's whole group. */
    int leader_rc = MPI_SUCCESS;
    if (rc == MPI_SUCCESS && lg->rank == local_leader && (remote_leader < 0 || remote_leader >= rg->size))
        leader_rc =
            err_set(MPI_ERR_RANK, "invalid remote_leader %d (remote_group has %d ranks)", remote_leader, rg->size);
    if (rc == MPI_SUCCESS) {
        comm_t *world = comm_world()->internal;
        side_t s = {world,
                    lg->world_rank_of,
                    lg->size,
                    lg->rank,
                    local_leader,
                    world,
                    lg->rank == local_leader && leader_rc == MPI_SUCCESS ? rg->world_rank_of[remote_leader] : -1,
                    tag_of_stringtag(stringtag, NULL)};
        rc = create(&s, leader_rc, lg->world_rank_of, errhandler, &c);
    }
    if (rc == MPI_SUCCESS && info != MPI_INFO_NULL && !(c->info = info_dup(info_from_handle(info)))) {
        comm_destroy(c);
        rc = err_set(MPI_ERR_NO_MEM, "out of memory copying info hints");
    }
    if (rc != MPI_SUCCESS)
        return err_raise_comm(NULL, "MPI_Intercomm_create_from_groups", rc, newintercomm);
    *newintercomm = (MPI_Comm)(uintptr_t)c->handle;
    return MPI_SUCCESS;
}

/* Within an existing intercommunicator: each group's rank 0 leads, the
 * leaders talk over its internal context. */
static side_t side_of(comm_t *inter)
{
    return (side_t){inter->local->internal, NULL, inter->size, inter->rank, 0, inter->internal, 0, TAG_INTER};
}

int intercomm_dup(comm_t *parent, comm_t **out)
{
    side_t s = side_of(parent);
    int ids[2];
    void *remote = NULL;
    size_t remote_len = 0;
    int *local_world = world_ranks_of(parent->local, parent->size);
    int *remote_world = world_ranks_of(parent, parent->remote_size);
    int rc = agree(&s, MPI_SUCCESS, NULL, 0, 2, ids, &remote, &remote_len);
    if (rc == MPI_SUCCESS && (!local_world || !remote_world))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory duplicating an intercommunicator");
    if (rc == MPI_SUCCESS)
        rc = build_inter(parent->size, local_world, parent->rank, parent->remote_size, remote_world, ids,
                         parent->errhandler, out);
    settle_ids(ids);
    free(remote);
    free(local_world);
    free(remote_world);
    return rc;
}

int intercomm_sync(comm_t *inter)
{
    side_t s = side_of(inter);
    int ids[2];
    void *remote = NULL;
    size_t remote_len = 0;
    int rc = agree(&s, MPI_SUCCESS, NULL, 0, 0, ids, &remote, &remote_len);
    free(remote);
    return rc;
}

/* Members of one color, by key and then rank, as world ranks; returns
 * how many, and this process's place among them in *me (when given). */
typedef struct split_entry {
    int color, key;
} split_entry_t;

static int color_members(const split_entry_t *e, int n, const comm_t *group, int color, int my_rank, int *world,
                         int *me)
{
    int count = 0;
    for (int r = 0; r < n; r++) {
        if (e[r].color != color)
            continue;
        int at = count++; /* insertion sort: stable, by key */
        while (at > 0 && e[world[at - 1]].key > e[r].key) {
            world[at] = world[at - 1];
            at--;
        }
        world[at] = r;
    }
    for (int i = 0; i < count; i++) {
        if (me && world[i] == my_rank)
            *me = i;
        world[i] = comm_world_rank(group, world[i]);
    }
    return count;
}

int intercomm_split(comm_t *inter, int color, int key, comm_t **out)
{
    split_entry_t mine = {color, key}, *local = NULL, *remote = NULL;
    size_t *offsets = malloc(((size_t)inter->size + 1) * sizeof *offsets), remote_len = 0;
    int *local_world = malloc(((size_t)inter->size + 1) * sizeof *local_world);
    int *remote_world = malloc(((size_t)inter->remote_size + 1) * sizeof *remote_world);
    int ids[2];
    *out = NULL;
    int rc = offsets && local_world && remote_world
                 ? comm_allgather_var(inter->local, &mine, sizeof mine, (void **)&local, offsets)
                 : err_set(MPI_ERR_NO_MEM, "out of memory splitting an intercommunicator");
    /* Every process takes part in the agreement, MPI_UNDEFINED included. */
    side_t s = side_of(inter);
    int agreed = agree(&s, MPI_SUCCESS, local, local ? (size_t)inter->size * sizeof mine : 0, 2, ids, (void **)&remote,
                       &remote_len);
    if (rc == MPI_SUCCESS)
        rc = agreed;
    if (rc == MPI_SUCCESS && remote_len != (size_t)inter->remote_size * sizeof mine)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory in the other group splitting an intercommunicator");
    if (rc == MPI_SUCCESS && color != MPI_UNDEFINED) {
        int me = -1;
        int nl = color_members(local, inter->size, inter->local, color, inter->rank, local_world, &me);
        int nr = color_members(remote, inter->remote_size, inter, color, -1, remote_world, NULL);
        /* A color found in one group only connects to no one. */
        if (nr > 0)
            rc = build_inter(nl, local_world, me, nr, remote_world, ids, inter->errhandler, out);
    }
    settle_ids(ids);
    free(offsets);
    free(local_world);
    free(remote_world);
    free(local);
    free(remote);
    return rc;
}

int intercomm_create_sub(comm_t *inter, const group_t *g, comm_t **out)
{
    void *remote = NULL;
    size_t remote_len = 0;
    int ids[2];
    *out = NULL;
    int rc = MPI_SUCCESS;
    for (int r = 0; rc == MPI_SUCCESS && r < g->size; r++)
        if (comm_rank_of_world(inter->local, g->world_rank_of[r]) < 0)
            rc = err_set(MPI_ERR_GROUP, "invalid group: its rank %d is not in the local group", r);
    side_t s = side_of(inter);
    /* The leader's group stands for its side, so a bad one fails there. */
    int agreed = agree(&s, rc, g->world_rank_of, (size_t)g->size * sizeof(int), 2, ids, &remote, &remote_len);
    if (rc == MPI_SUCCESS)
        rc = agreed;
    if (rc == MPI_SUCCESS && g->rank != MPI_UNDEFINED && remote_len > 0)
        rc = build_inter(g->size, g->world_rank_of, g->rank, (int)(remote_len / sizeof(int)), remote, ids,
                         inter->errhandler, out);
    settle_ids(ids);
    free(remote);
    return rc;
}

/* The group with high false comes first; when both say the same, the one
 * whose leader has the lower world rank. */
int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
    THREADS_ENTER();
    comm_t *inter = NULL, *c = NULL;
    int *ranks = NULL;
    void *remote = NULL;
    size_t remote_len = 0;
    int ids[2] = {-1, -1};
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intercomm(intercomm, &inter);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newintracomm, "newintracomm");
    int n = rc == MPI_SUCCESS ? inter->size + inter->remote_size : 0;
    if (rc == MPI_SUCCESS && !(ranks = malloc((size_t)n * sizeof *ranks)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory merging groups of %d", n);
    if (rc == MPI_SUCCESS) {
        side_t s = side_of(inter);
        int mine = high != 0;
        rc = agree(&s, MPI_SUCCESS, &mine, sizeof mine, 1, ids, &remote, &remote_len);
    }
    if (rc == MPI_SUCCESS) {
        int theirs;
        memcpy(&theirs, remote, sizeof theirs);
        bool first = (high != 0) != theirs ? !high : comm_world_rank(inter->local, 0) < comm_world_rank(inter, 0);
        int at = 0, me = -1;
        for (int pass = 0; pass < 2; pass++) {
            const comm_t *group = (pass == 0) == first ? inter->local : inter;
            int size = group == inter->local ? inter->size : inter->remote_size;
            for (int r = 0; r < size; r++, at++) {
                ranks[at] = comm_world_rank(group, r);
                if (group == inter->local && r == inter->rank)
                    me = at;
            }
        }
        rc = agreed_pairs(ids, 1);
        if (rc == MPI_SUCCESS && !(c = comm_new(n, ranks, me, (uint16_t)ids[0])))
            rc = err_set(MPI_ERR_NO_MEM, "out of memory (or communicator handles) for a communicator of %d", n);
        if (rc == MPI_SUCCESS)
            comm_adopt(c, inter->errhandler);
    }
    settle_ids(ids);
    free(ranks);
    free(remote);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(inter, "MPI_Intercomm_merge", rc, newintracomm);
    *newintracomm = (MPI_Comm)(uintptr_t)c->handle;
    return MPI_SUCCESS;
}

int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intercomm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(size, "size");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_remote_size", rc);
    *size = c->remote_size;
    return MPI_SUCCESS;
}

int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    group_t *g = NULL;
    int *ranks = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intercomm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(group, "group");
    if (rc == MPI_SUCCESS && (!(ranks = world_ranks_of(c, c->remote_size)) || !(g = group_new(c->remote_size, ranks))))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory (or group handles) for a group of %d", c->remote_size);
    free(ranks);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_remote_group", rc);
    *group = group_handle(g);
    return MPI_SUCCESS;
}
