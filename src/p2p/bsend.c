/*
 * bsend.c -- buffered sends: the message is copied into a buffer the user
 * attached, and sent from there, so the call returns at once whatever the
 * receiver does.
 *
 * A buffer belongs to the process (MPI_Buffer_attach) or, since MPI-4.1,
 * to one communicator or session; a send uses its communicator's buffer,
 * else its session's, else the process's.  Each buffer is a pool of
 * blocks kept in address order: a header (within MPI_BSEND_OVERHEAD
 * bytes) and the copy.  A new block goes into the first gap that fits;
 * blocks whose send has completed are reclaimed before each allocation.
 * With MPI_BUFFER_AUTOMATIC each block is its own allocation instead.
 * Detaching and flushing wait until the pool's sends have completed; a
 * nonblocking flush is a request that completes when the sends buffered
 * before it have (checked from the progress engine).
 */
#include <stdlib.h>
#include <string.h>

#include "err/err.h"
#include "obj/comm.h"
#include "obj/session.h"
#include "p2p/p2p.h"
#include "progress/progress.h"

typedef struct bsend_block {
    struct bsend_block *next; /* in address order within the buffer */
    size_t size;              /* header and data */
    request_t *req;           /* the send from this block */
    uint64_t seq;             /* the pool's count of blocks before this one */
} bsend_block_t;

/* A block's header starts at the next 8-byte boundary and its data right
 * after the header (packed bytes need no alignment).  So a message of n
 * bytes takes at most BSEND_ALIGN - 1 + BSEND_HEADER + n bytes, within
 * the n + MPI_BSEND_OVERHEAD that the standard tells users to provide. */
#define BSEND_ALIGN 8
#define BSEND_HEADER ((sizeof(bsend_block_t) + BSEND_ALIGN - 1) & ~(size_t)(BSEND_ALIGN - 1))
_Static_assert(BSEND_ALIGN - 1 + BSEND_HEADER <= MPI_BSEND_OVERHEAD, "a block's header fits MPI_BSEND_OVERHEAD");

struct bsend_pool {
    char *buffer; /* NULL: nothing attached; MPI_BUFFER_AUTOMATIC: malloc per block */
    size_t size;
    bsend_block_t *blocks;
    uint64_t placed; /* blocks handed out so far */
};

static bsend_pool_t process_pool;

/* Nonblocking flushes still waiting, linked through request next; each
 * owns a flush_t. */
typedef struct flush {
    bsend_pool_t *pool;
    uint64_t upto; /* complete when every block numbered below is */
} flush_t;
static request_t *flushes;

static size_t round_up(size_t n)
{
    return (n + BSEND_ALIGN - 1) & ~(size_t)(BSEND_ALIGN - 1);
}

static bool bsend_automatic(const bsend_pool_t *pool)
{
    return pool->buffer == (char *)MPI_BUFFER_AUTOMATIC;
}

/* Free the blocks whose sends have completed. */
static void bsend_reclaim(bsend_pool_t *pool)
{
    bsend_block_t **link = &pool->blocks;
    while (*link) {
        bsend_block_t *b = *link;
        if (!b->req->complete) {
            link = &b->next;
            continue;
        }
        *link = b->next;
        request_free(b->req);
        if (bsend_automatic(pool))
            free(b);
    }
}

/* Room for size bytes: the first gap between blocks that fits. */
static bsend_block_t *bsend_place(bsend_pool_t *pool, size_t size)
{
    if (bsend_automatic(pool)) {
        bsend_block_t *b = malloc(size);
        if (b) {
            b->next = pool->blocks;
            pool->blocks = b;
        }
        return b;
    }
    char *start = (char *)round_up((uintptr_t)pool->buffer);
    char *end = pool->buffer + pool->size;
    bsend_block_t **link = &pool->blocks;
    for (;;) {
        char *gap_end = *link ? (char *)*link : end;
        if (gap_end >= start && (size_t)(gap_end - start) >= size) {
            bsend_block_t *b = (bsend_block_t *)start;
            b->next = *link;
            *link = b;
            return b;
        }
        if (!*link)
            return NULL;
        start = (char *)round_up((uintptr_t)*link + (*link)->size);
        link = &(*link)->next;
    }
}

static size_t bsend_in_use(const bsend_pool_t *pool)
{
    size_t used = 0;
    for (bsend_block_t *b = pool->blocks; b; b = b->next)
        used += b->size;
    return used;
}

/* The buffer a send on comm uses: its own, else its session's, else the
 * process's. */
static bsend_pool_t *pool_for(const comm_t *comm)
{
    if (comm->bsend && comm->bsend->buffer)
        return comm->bsend;
    session_t *session = comm->session ? session_from_value(comm->session) : NULL;
    if (session && session->bsend && session->bsend->buffer)
        return session->bsend;
    return &process_pool;
}

int p2p_bsend(const dt_buffer_t *data, int dest, int tag, comm_t *comm)
{
    size_t bytes = data->bytes;
    if (dest == MPI_PROC_NULL)
        return MPI_SUCCESS;
    bsend_pool_t *pool = pool_for(comm);
    if (!pool->buffer)
        return err_set(MPI_ERR_BUFFER, "buffered send of %zu bytes with no buffer attached (MPI_Buffer_attach)", bytes);
    bsend_reclaim(pool);
    size_t size = BSEND_HEADER + bytes;
    bsend_block_t *b = bsend_place(pool, size);
    if (!b)
        return err_set(MPI_ERR_BUFFER,
                       "buffered send of %zu bytes does not fit: %zu of the %zu attached bytes are in use by "
                       "earlier buffered sends, and each needs MPI_BSEND_OVERHEAD (%d) more",
                       bytes, bsend_in_use(pool), pool->size, MPI_BSEND_OVERHEAD);
    b->size = size;
    b->seq = pool->placed++;
    char *copy = (char *)b + BSEND_HEADER;
    dt_buffer_t packed = dt_buffer_bytes(copy, bytes);
    dt_buffer_copy(&packed, data, bytes);
    p2p_isend(&packed, dest, tag, comm, &b->req);
    return MPI_SUCCESS;
}

bsend_pool_t *p2p_bsend_process_pool(void)
{
    return &process_pool;
}

bsend_pool_t *p2p_bsend_pool_new(void)
{
    return calloc(1, sizeof(bsend_pool_t));
}

void p2p_bsend_pool_free(bsend_pool_t *pool)
{
    if (!pool)
        return;
    p2p_bsend_flush(pool);
    free(pool);
}

int p2p_buffer_attach(bsend_pool_t *pool, void *buffer, size_t size)
{
    if (pool->buffer)
        return err_set(MPI_ERR_BUFFER, "a buffer is already attached (detach it first)");
    pool->buffer = buffer;
    pool->size = buffer == MPI_BUFFER_AUTOMATIC ? 0 : size;
    pool->blocks = NULL;
    return MPI_SUCCESS;
}

/* Whether every block numbered below upto has been sent. */
static bool sent_upto(const bsend_pool_t *pool, uint64_t upto)
{
    for (const bsend_block_t *b = pool->blocks; b; b = b->next)
        if (b->seq < upto && !b->req->complete)
            return false;
    return true;
}

int p2p_bsend_flushes_progress(void)
{
    /* Every poll comes here: nothing but this test when no flush waits. */
    if (__builtin_expect(!flushes, 1))
        return 0;
    int done = 0;
    request_t **link = &flushes;
    while (*link) {
        request_t *req = *link;
        flush_t *f = req->owned;
        if (!sent_upto(f->pool, f->upto)) {
            link = &req->next;
            continue;
        }
        *link = req->next;
        req->next = NULL;
        request_complete(req);
        done++;
    }
    return done;
}

static bool pool_sent(void *arg)
{
    bsend_pool_t *pool = arg;
    return sent_upto(pool, pool->placed);
}

void p2p_bsend_flush(bsend_pool_t *pool)
{
    if (!pool->buffer)
        return;
    progress_wait_until(pool_sent, pool, PROGRESS_ANY_PEER);
    p2p_bsend_flushes_progress();
    bsend_reclaim(pool);
}

int p2p_bsend_iflush(bsend_pool_t *pool, request_t **out)
{
    flush_t *f = malloc(sizeof *f);
    if (!f)
        return err_set(MPI_ERR_NO_MEM, "out of memory for a flush request");
    *f = (flush_t){pool, pool->placed};
    request_t *req = request_alloc(REQUEST_FLUSH);
    req->owned = f;
    req->world_peer = -1;
    if (!pool->buffer || sent_upto(pool, f->upto))
        request_complete(req);
    else {
        req->next = flushes;
        flushes = req;
    }
    *out = req;
    return MPI_SUCCESS;
}

void p2p_buffer_detach(bsend_pool_t *pool, void **buffer, size_t *size)
{
    p2p_bsend_flush(pool);
    *buffer = pool->buffer;
    *size = pool->size;
    pool->buffer = NULL;
    pool->size = 0;
}
