#include "p2p/match.h"

#include <stdlib.h>

#include "mpi.h"
#include "obj/comm.h"
#include "util/log.h"

typedef struct match_queues {
    request_t *posted_head;
    request_t *posted_tail;
    unexpected_t *unexpected_head;
    unexpected_t *unexpected_tail;
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
    }
    free(match_table);
    match_table = NULL;
    match_table_size = 0;
    while (nreuse > 0)
        free(reuse[--nreuse]);
    while (nsmall)
        free(small[--nsmall]);
}

static match_queues_t *match_queues(uint16_t context_id)
{
    if (context_id >= match_table_size) {
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
    }
    return &match_table[context_id];
}

static int match_envelope(int want_source, int want_tag, int source, int tag)
{
    /* MPI_ANY_TAG takes the user's tags only: the negative ones carry
     * partitioned messages, which only their partitioned receive takes. */
    return (want_source == source || want_source == MPI_ANY_SOURCE) &&
           (want_tag == tag || (want_tag == MPI_ANY_TAG && tag >= 0));
}

static request_t *posted_unlink(match_queues_t *q, request_t *prev, request_t *req)
{
    if (prev)
        prev->next = req->next;
    else
        q->posted_head = req->next;
    if (q->posted_tail == req)
        q->posted_tail = prev;
    req->next = NULL;
    return req;
}

request_t *match_posted_take(uint16_t context_id, int source, int tag, uint32_t part_seq)
{
    match_queues_t *q = match_queues(context_id);
    request_t *prev = NULL;
    for (request_t *req = q->posted_head; req; prev = req, req = req->next)
        if (match_envelope(req->peer, req->tag, source, tag) && req->part_seq == part_seq)
            return posted_unlink(q, prev, req);
    return NULL;
}

bool match_posted_remove(uint16_t context_id, request_t *req)
{
    match_queues_t *q = match_queues(context_id);
    request_t *prev = NULL;
    for (request_t *r = q->posted_head; r; prev = r, r = r->next)
        if (r == req) {
            posted_unlink(q, prev, r);
            return true;
        }
    return false;
}

void match_posted_append(uint16_t context_id, request_t *req)
{
    match_queues_t *q = match_queues(context_id);
    req->next = NULL;
    if (q->posted_tail)
        q->posted_tail->next = req;
    else
        q->posted_head = req;
    q->posted_tail = req;
}

void match_resolve_sources(uint16_t context_id, const struct comm *comm)
{
    match_queues_t *q = match_queues(context_id);
    for (unexpected_t *msg = q->unexpected_head; msg; msg = msg->next)
        if (msg->source == MATCH_SOURCE_UNRESOLVED)
            msg->source = comm_rank_of_world(comm, msg->world_source);
}

const unexpected_t *match_unexpected_peek(uint16_t context_id, int source, int tag)
{
    match_queues_t *q = match_queues(context_id);
    for (unexpected_t *msg = q->unexpected_head; msg; msg = msg->next)
        if (match_envelope(source, tag, msg->source, msg->tag))
            return msg;
    return NULL;
}

static unexpected_t *unexpected_unlink(match_queues_t *q, unexpected_t *prev, unexpected_t *msg)
{
    if (prev)
        prev->next = msg->next;
    else
        q->unexpected_head = msg->next;
    if (q->unexpected_tail == msg)
        q->unexpected_tail = prev;
    msg->next = NULL;
    return msg;
}

unexpected_t *match_unexpected_take(uint16_t context_id, int source, int tag, uint32_t part_seq)
{
    match_queues_t *q = match_queues(context_id);
    unexpected_t *prev = NULL;
    for (unexpected_t *msg = q->unexpected_head; msg; prev = msg, msg = msg->next)
        if (match_envelope(source, tag, msg->source, msg->tag) && msg->rts.part_seq == part_seq)
            return unexpected_unlink(q, prev, msg);
    return NULL;
}

unexpected_t *match_unexpected_withdraw(uint16_t context_id, int world_source, uint32_t send_handle)
{
    match_queues_t *q = match_queues(context_id);
    unexpected_t *prev = NULL;
    for (unexpected_t *msg = q->unexpected_head; msg; prev = msg, msg = msg->next)
        if (msg->world_source == world_source && (msg->type == WIRE_RTS || msg->ack) &&
            msg->rts.send_handle == send_handle)
            return unexpected_unlink(q, prev, msg);
    return NULL;
}

void match_unexpected_append(uint16_t context_id, unexpected_t *msg)
{
    match_queues_t *q = match_queues(context_id);
    msg->next = NULL;
    if (q->unexpected_tail)
        q->unexpected_tail->next = msg;
    else
        q->unexpected_head = msg;
    q->unexpected_tail = msg;
}
