/*
 * bsend.c -- buffered sends: the message is copied into the buffer the user
 * attached, and sent from there, so the call returns at once whatever the
 * receiver does.
 *
 * The attached buffer holds blocks kept in address order: a header (within
 * MPI_BSEND_OVERHEAD bytes) and the copy.  A new block goes into the first
 * gap that fits; blocks whose send has completed are reclaimed before each
 * allocation.  With MPI_BUFFER_AUTOMATIC each block is its own allocation
 * instead.  Detaching waits until every buffered send has completed.
 */
#include <stdlib.h>
#include <string.h>

#include "err/err.h"
#include "p2p/p2p.h"
#include "progress/progress.h"

typedef struct bsend_block {
    struct bsend_block *next; /* in address order within the buffer */
    size_t size;              /* header and data, rounded */
    request_t *req;           /* the send from this block */
} bsend_block_t;

#define BSEND_ALIGN 16
_Static_assert(sizeof(bsend_block_t) <= MPI_BSEND_OVERHEAD, "a block header fits MPI_BSEND_OVERHEAD");

static struct {
    char *buffer; /* NULL: nothing attached; MPI_BUFFER_AUTOMATIC: malloc per block */
    size_t size;
    bsend_block_t *blocks;
} bsend;

static size_t round_up(size_t n)
{
    return (n + BSEND_ALIGN - 1) & ~(size_t)(BSEND_ALIGN - 1);
}

static bool bsend_automatic(void)
{
    return bsend.buffer == (char *)MPI_BUFFER_AUTOMATIC;
}

/* Free the blocks whose sends have completed. */
static void bsend_reclaim(void)
{
    bsend_block_t **link = &bsend.blocks;
    while (*link) {
        bsend_block_t *b = *link;
        if (!b->req->complete) {
            link = &b->next;
            continue;
        }
        *link = b->next;
        request_free(b->req);
        if (bsend_automatic())
            free(b);
    }
}

/* Room for size bytes: the first gap between blocks that fits. */
static bsend_block_t *bsend_place(size_t size)
{
    if (bsend_automatic()) {
        bsend_block_t *b = malloc(size);
        if (b) {
            b->next = bsend.blocks;
            bsend.blocks = b;
        }
        return b;
    }
    char *start = (char *)round_up((uintptr_t)bsend.buffer);
    char *end = bsend.buffer + bsend.size;
    bsend_block_t **link = &bsend.blocks;
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
        start = (char *)*link + (*link)->size;
        link = &(*link)->next;
    }
}

static size_t bsend_in_use(void)
{
    size_t used = 0;
    for (bsend_block_t *b = bsend.blocks; b; b = b->next)
        used += b->size;
    return used;
}

int p2p_bsend(const dt_buffer_t *data, int dest, int tag, comm_t *comm)
{
    size_t bytes = data->bytes;
    if (dest == MPI_PROC_NULL)
        return MPI_SUCCESS;
    if (!bsend.buffer)
        return err_set(MPI_ERR_BUFFER, "buffered send of %zu bytes with no buffer attached (MPI_Buffer_attach)", bytes);
    bsend_reclaim();
    size_t size = round_up(MPI_BSEND_OVERHEAD + bytes);
    bsend_block_t *b = bsend_place(size);
    if (!b)
        return err_set(MPI_ERR_BUFFER,
                       "buffered send of %zu bytes does not fit: %zu of the %zu attached bytes are in use by "
                       "earlier buffered sends, and each needs MPI_BSEND_OVERHEAD (%d) more",
                       bytes, bsend_in_use(), bsend.size, MPI_BSEND_OVERHEAD);
    b->size = size;
    char *copy = (char *)b + MPI_BSEND_OVERHEAD;
    dt_buffer_pack(data, 0, bytes, copy);
    dt_buffer_t packed = dt_buffer_bytes(copy, bytes);
    p2p_isend(&packed, dest, tag, comm, &b->req);
    return MPI_SUCCESS;
}

int p2p_buffer_attach(void *buffer, size_t size)
{
    if (bsend.buffer)
        return err_set(MPI_ERR_BUFFER, "a buffer is already attached (detach it first)");
    bsend.buffer = buffer;
    bsend.size = buffer == MPI_BUFFER_AUTOMATIC ? 0 : size;
    bsend.blocks = NULL;
    return MPI_SUCCESS;
}

static bool bsend_all_complete(void *arg)
{
    (void)arg;
    for (bsend_block_t *b = bsend.blocks; b; b = b->next)
        if (!b->req->complete)
            return false;
    return true;
}

void p2p_bsend_flush(void)
{
    if (!bsend.buffer)
        return;
    progress_wait_until(bsend_all_complete, NULL, PROGRESS_ANY_PEER);
    bsend_reclaim();
}

void p2p_buffer_detach(void **buffer, size_t *size)
{
    p2p_bsend_flush();
    *buffer = bsend.buffer;
    *size = bsend.size;
    bsend.buffer = NULL;
    bsend.size = 0;
}
