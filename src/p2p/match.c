#include "p2p/match.h"

#include <stdlib.h>
#include <string.h>

#include "mpi.h"
#include "obj/comm.h"
#include "util/log.h"

/* Receives naming both source and tag, and unexpected messages with a
 * source, also sit in one of MATCH_BINS lists by (source, tag), so that a
 * message or receive searches only those that could match it.  One list
 * of everything was searched from its head: 64 receives posted for
 * distinct tags and met in the reverse order took 540 instructions a
 * message in the search (docs/perf.md, "Deep queues").  Receives with a
 * wildcard sit in a list of their own; every posted receive has a number
 * in posting order, and a message takes whichever of the first match in
 * its bin and the first wildcard match was posted first.  A receive with
 * a wildcard searches the unexpected messages in arrival order. */
#define MATCH_BINS 64

typedef struct match_bins {
    struct {
        request_t *head, *tail;
    } posted[MATCH_BINS];
    struct {
        unexpected_t *head, *tail;
    } unexpected[MATCH_BINS];
} match_bins_t;

typedef struct match_queues {
    match_bins_t *bins; /* made at the context's first binned entry */
    request_t *wild_head, *wild_tail;
    uint32_t posted_seq;                             /* the next posted receive's number */
    unsigned unresolved;                             /* unexpected messages with no source yet (not binned) */
    unexpected_t *unexpected_head, *unexpected_tail; /* every unexpected message, in arrival order */
} match_queues_t;

static match_queues_t *match_table;
static size_t match_table_size;

/* Freed unexpected messages of UNEXPECTED_REUSE_MIN bytes and more, kept
 * for the next ones.  A root that runs ahead of its receivers (a scatter
 * or broadcast from a fixed root through point-to-point) leaves each of
 * them several messages of up to the eager limit to queue; freeing them
 * returned the top of the heap to the system and the next ones faulted it
 * in again (64 KiB blocks to 7 processes on 2 cores: 18-34 thousand page
 * faults a run and 116-125 us a call; kept for reuse, 5 thousand and 35-47
 * us).  Smaller ones come from malloc's bins anyway. */
#define UNEXPECTED_REUSE_MIN 4096
#define UNEXPECTED_REUSE_MAX 16
static unexpected_t *reuse[UNEXPECTED_REUSE_MAX];
static int nreuse;

/* Unexpected messages of up to UNEXPECTED_SMALL bytes all get buffers of
 * that size, and freed ones are kept for the next: malloc and free cost
 * about 170 instructions a message, a quarter of an MPI_Mprobe and
 * MPI_Mrecv of 100 bytes (mpi4py receives every object so). */
#define UNEXPECTED_SMALL 256
#define UNEXPECTED_SMALL_MAX 64
static unexpected_t *small[UNEXPECTED_SMALL_MAX];
static int nsmall;

unexpected_t *match_unexpected_alloc(size_t data_bytes)
{
    if (data_bytes <= UNEXPECTED_SMALL) {
        if (nsmall)
            return small[--nsmall];
        data_bytes = UNEXPECTED_SMALL;
    } else if (data_bytes >= UNEXPECTED_REUSE_MIN) {
        for (int i = 0; i < nreuse; i++)
            if (reuse[i]->capacity >= data_bytes) {
                unexpected_t *msg = reuse[i];
                reuse[i] = reuse[--nreuse];
                return msg;
            }
    }
    unexpected_t *msg = malloc(sizeof *msg + data_bytes);
    if (msg)
        msg->capacity = data_bytes;
    return msg;
}

void match_unexpected_free(unexpected_t *msg)
{
    if (msg->capacity == UNEXPECTED_SMALL && nsmall < UNEXPECTED_SMALL_MAX) {
        small[nsmall++] = msg;
        return;
    }
    if (msg->capacity < UNEXPECTED_REUSE_MIN) {
        free(msg);
        return;
    }
    if (nreuse < UNEXPECTED_REUSE_MAX) {
        reuse[nreuse++] = msg;
        return;
    }
    /* Full: keep the larger.  Otherwise buffers from a phase of smaller
     * messages fill the list for good, and every larger one goes back to
     * malloc and, freed, to the system (MPI_Alltoallv of 32-64 KiB blocks
     * at 8 processes after smaller ones: 150-473 us a call, 93-176 with
     * glibc's trimming off). */
    int smallest = 0;
    for (int i = 1; i < nreuse; i++)
        if (reuse[i]->capacity < reuse[smallest]->capacity)
            smallest = i;
    if (reuse[smallest]->capacity < msg->capacity) {
        free(reuse[smallest]);
        reuse[smallest] = msg;
    } else {
        free(msg);
    }
}

void match_init(void)
{
    match_table_size = 16;
    match_table = calloc(match_table_size, sizeof *match_table);
    if (!match_table)
        log_fatal("out of memory for matching queues");
}

void match_finalize(void)
{
    for (size_t i = 0; i < match_table_size; i++) {
        unexpected_t *msg = match_table[i].unexpected_head;
        while (msg) {
            unexpected_t *next = msg->next;
            free(msg);
            msg = next;
        }
        free(match_table[i].bins);
    }
    free(match_table);
    match_table = NULL;
    match_table_size = 0;
    while (nreuse > 0)
        free(reuse[--nreuse]);
    while (nsmall)
        free(small[--nsmall]);
}

static __attribute__((noinline)) match_queues_t *match_queues_grow(uint16_t context_id)
{
    size_t size = match_table_size;
    while (size <= context_id)
        size *= 2;
    match_queues_t *table = realloc(match_table, size * sizeof *table);
    if (!table)
        log_fatal("out of memory for matching queues");
    for (size_t i = match_table_size; i < size; i++)
        table[i] = (match_queues_t){0};
    match_table = table;
    match_table_size = size;
    return &match_table[context_id];
}

static inline match_queues_t *match_queues(uint16_t context_id)
{
    if (__builtin_expect(context_id < match_table_size, 1))
        return &match_table[context_id];
    return match_queues_grow(context_id);
}

static match_bins_t *bins_of(match_queues_t *q)
{
    if (!q->bins) {
        q->bins = calloc(1, sizeof *q->bins);
        if (!q->bins)
            log_fatal("out of memory for matching queues");
    }
    return q->bins;
}

/* Consecutive tags from one source (Fibonacci hashing spreads them), or
 * one tag from consecutive sources, land in different bins. */
static inline unsigned bin_of(int source, int tag)
{
    return (((uint32_t)tag * 0x9E3779B1u) >> 26 ^ (uint32_t)source) & (MATCH_BINS - 1);
}

static int match_envelope(int want_source, int want_tag, int source, int tag)
{
    /* MPI_ANY_TAG takes the user's tags only: the negative ones carry
     * partitioned messages, which only their partitioned receive takes. */
    return (want_source == source || want_source == MPI_ANY_SOURCE) &&
           (want_tag == tag || (want_tag == MPI_ANY_TAG && tag >= 0));
}

static bool is_wild(const request_t *req)
{
    return req->peer == MPI_ANY_SOURCE || req->tag == MPI_ANY_TAG;
}

/* --- posted receives: singly linked lists ------------------------------ */

static request_t *posted_unlink(request_t **head, request_t **tail, request_t *prev, request_t *req)
{
    if (prev)
        prev->next = req->next;
    else
        *head = req->next;
    if (*tail == req)
        *tail = prev;
    req->next = NULL;
    return req;
}

static void posted_link(request_t **head, request_t **tail, request_t *req)
{
    req->next = NULL;
    if (*tail)
        (*tail)->next = req;
    else
        *head = req;
    *tail = req;
}

request_t *match_posted_take(uint16_t context_id, int source, int tag, uint32_t part_seq)
{
    match_queues_t *q = match_queues(context_id);
    request_t *prev = NULL, *req = NULL;
    unsigned b = bin_of(source, tag);
    if (q->bins)
        for (req = q->bins->posted[b].head; req; prev = req, req = req->next)
            if (req->peer == source && req->tag == tag && req->part_seq == part_seq)
                break;
    if (q->wild_head) {
        request_t *wprev = NULL, *w;
        for (w = q->wild_head; w; wprev = w, w = w->next)
            if (match_envelope(w->peer, w->tag, source, tag) && w->part_seq == part_seq)
                break;
        /* Numbers compared as a difference: they wrap. */
        if (w && (!req || (int32_t)(w->match_seq - req->match_seq) < 0))
            return posted_unlink(&q->wild_head, &q->wild_tail, wprev, w);
    }
    if (!req)
        return NULL;
    return posted_unlink(&q->bins->posted[b].head, &q->bins->posted[b].tail, prev, req);
}

bool match_posted_remove(uint16_t context_id, request_t *req)
{
    match_queues_t *q = match_queues(context_id);
    request_t **head = &q->wild_head, **tail = &q->wild_tail;
    if (!is_wild(req)) {
        if (!q->bins)
            return false;
        unsigned b = bin_of(req->peer, req->tag);
        head = &q->bins->posted[b].head;
        tail = &q->bins->posted[b].tail;
    }
    request_t *prev = NULL;
    for (request_t *r = *head; r; prev = r, r = r->next)
        if (r == req) {
            posted_unlink(head, tail, prev, r);
            return true;
        }
    return false;
}

/* Append a receive that took no unexpected message. */
static void post(match_queues_t *q, request_t *req)
{
    req->match_seq = q->posted_seq++;
    if (is_wild(req)) {
        posted_link(&q->wild_head, &q->wild_tail, req);
        return;
    }
    unsigned b = bin_of(req->peer, req->tag);
    match_bins_t *bins = bins_of(q);
    posted_link(&bins->posted[b].head, &bins->posted[b].tail, req);
}

/* --- unexpected messages: doubly linked, in arrival order and by bin ---- */

static void bin_link(match_queues_t *q, unexpected_t *msg)
{
    match_bins_t *bins = bins_of(q);
    unsigned b = bin_of(msg->source, msg->tag);
    msg->bin_next = NULL;
    msg->bin_prev = bins->unexpected[b].tail;
    if (msg->bin_prev)
        msg->bin_prev->bin_next = msg;
    else
        bins->unexpected[b].head = msg;
    bins->unexpected[b].tail = msg;
}

static unexpected_t *unexpected_unlink(match_queues_t *q, unexpected_t *msg)
{
    if (msg->prev)
        msg->prev->next = msg->next;
    else
        q->unexpected_head = msg->next;
    if (msg->next)
        msg->next->prev = msg->prev;
    else
        q->unexpected_tail = msg->prev;
    if (msg->source >= 0) { /* binned */
        unsigned b = bin_of(msg->source, msg->tag);
        if (msg->bin_prev)
            msg->bin_prev->bin_next = msg->bin_next;
        else
            q->bins->unexpected[b].head = msg->bin_next;
        if (msg->bin_next)
            msg->bin_next->bin_prev = msg->bin_prev;
        else
            q->bins->unexpected[b].tail = msg->bin_prev;
    } else if (msg->source == MATCH_SOURCE_UNRESOLVED) {
        q->unresolved--;
    }
    msg->next = msg->prev = NULL;
    return msg;
}

void match_unexpected_append(uint16_t context_id, unexpected_t *msg)
{
    match_queues_t *q = match_queues(context_id);
    msg->next = NULL;
    msg->prev = q->unexpected_tail;
    if (msg->prev)
        msg->prev->next = msg;
    else
        q->unexpected_head = msg;
    q->unexpected_tail = msg;
    if (msg->source >= 0)
        bin_link(q, msg);
    else if (msg->source == MATCH_SOURCE_UNRESOLVED)
        q->unresolved++;
}

void match_resolve_sources(uint16_t context_id, const struct comm *comm)
{
    match_queues_t *q = match_queues(context_id);
    if (!q->unresolved)
        return;
    q->unresolved = 0;
    /* Rebinned in arrival order, so each bin keeps it. */
    if (q->bins)
        memset(q->bins->unexpected, 0, sizeof q->bins->unexpected);
    for (unexpected_t *msg = q->unexpected_head; msg; msg = msg->next) {
        if (msg->source == MATCH_SOURCE_UNRESOLVED)
            msg->source = comm_rank_of_world(comm, msg->world_source);
        if (msg->source >= 0)
            bin_link(q, msg);
    }
}

/* The first unexpected message a receive for (source, tag) would take. */
static unexpected_t *unexpected_find(match_queues_t *q, int source, int tag, bool any_part, uint32_t part_seq)
{
    if (source == MPI_ANY_SOURCE || tag == MPI_ANY_TAG || q->unresolved) {
        for (unexpected_t *msg = q->unexpected_head; msg; msg = msg->next)
            if (match_envelope(source, tag, msg->source, msg->tag) && (any_part || msg->rts.part_seq == part_seq))
                return msg;
        return NULL;
    }
    if (!q->bins)
        return NULL;
    for (unexpected_t *msg = q->bins->unexpected[bin_of(source, tag)].head; msg; msg = msg->bin_next)
        if (msg->source == source && msg->tag == tag && (any_part || msg->rts.part_seq == part_seq))
            return msg;
    return NULL;
}

const unexpected_t *match_unexpected_peek(uint16_t context_id, int source, int tag)
{
    return unexpected_find(match_queues(context_id), source, tag, true, 0);
}

unexpected_t *match_unexpected_take(uint16_t context_id, int source, int tag, uint32_t part_seq)
{
    match_queues_t *q = match_queues(context_id);
    unexpected_t *msg = q->unexpected_head ? unexpected_find(q, source, tag, false, part_seq) : NULL;
    return msg ? unexpected_unlink(q, msg) : NULL;
}

void match_post(uint16_t context_id, request_t *req)
{
    post(match_queues(context_id), req);
}

unexpected_t *match_take_or_post(uint16_t context_id, request_t *req)
{
    match_queues_t *q = match_queues(context_id);
    /* Most receives are posted before their message comes: then nothing
     * waits, and there is nothing to search. */
    unexpected_t *msg = q->unexpected_head ? unexpected_find(q, req->peer, req->tag, false, req->part_seq) : NULL;
    if (msg)
        return unexpected_unlink(q, msg);
    post(q, req);
    return NULL;
}

unexpected_t *match_unexpected_withdraw(uint16_t context_id, int world_source, uint32_t send_handle)
{
    match_queues_t *q = match_queues(context_id);
    for (unexpected_t *msg = q->unexpected_head; msg; msg = msg->next)
        if (msg->world_source == world_source && (msg->type == WIRE_RTS || msg->ack) &&
            msg->rts.send_handle == send_handle)
            return unexpected_unlink(q, msg);
    return NULL;
}
