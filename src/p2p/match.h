/*
 * match.h -- posted and unexpected queues, per context id.
 *
 * MPI matches a message to a receive on (context, source, tag), sources and
 * tags possibly wildcards, in the order receives were posted and messages
 * arrived.  Both queues are FIFO lists searched from the head, which gives
 * the non-overtaking rule directly; entries naming a source and a tag are
 * also binned by them, so that a search looks only at those that could
 * match (match.c).  Queues live in a table indexed by
 * context id, so a message for a communicator this rank has not created yet
 * waits in the right unexpected queue.
 */
#ifndef TESSERA_P2P_MATCH_H
#define TESSERA_P2P_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "p2p/wire.h"
#include "request/request.h"

/* The source of a message that arrived before its communicator existed. */
#define MATCH_SOURCE_UNRESOLVED (-3)

/* A message that arrived before its receive was posted. */
typedef struct unexpected {
    struct unexpected *next, *prev;         /* in arrival order */
    struct unexpected *bin_next, *bin_prev; /* in its bin (match.c), when it has a source */
    int world_source;
    int source; /* rank in the communicator */
    int tag;
    uint8_t type;   /* WIRE_EAGER (data below) or WIRE_RTS (rts below) */
    size_t bytes;   /* the message's length */
    size_t arrived; /* eager: bytes of data below so far (pieces still coming) */
    bool ack;       /* EAGER_SYNC: answer FIN to rts.send_handle once received */
    wire_rts_t rts;
    size_t capacity; /* bytes data can hold */
    unsigned char data[];
} unexpected_t;

/* An unexpected message with room for data_bytes of data (NULL when out
 * of memory), and its release once received or dropped. */
unexpected_t *match_unexpected_alloc(size_t data_bytes);
void match_unexpected_free(unexpected_t *msg);

void match_init(void);
void match_finalize(void);

/* Remove and return the first posted receive that matches, or NULL.
 * part_seq: the message's place among its sender's partitioned inits of
 * that envelope, which a partitioned receive's must equal (0 otherwise). */
request_t *match_posted_take(uint16_t context_id, int source, int tag, uint32_t part_seq);
/* Take req out of the posted queue; false if it was not there (matched). */
bool match_posted_remove(uint16_t context_id, request_t *req);

/* Remove and return the first unexpected message a receive for (source,
 * tag) would match, or NULL. */
unexpected_t *match_unexpected_take(uint16_t context_id, int source, int tag, uint32_t part_seq);
void match_unexpected_append(uint16_t context_id, unexpected_t *msg);
/* A receive starting: remove and return the first unexpected message it
 * takes, or else append it to the posted receives and return NULL. */
unexpected_t *match_take_or_post(uint16_t context_id, request_t *req);
/* Append req to the posted receives: its caller found nothing waiting
 * for it (match_unexpected_take) and nothing arrived since. */
void match_post(uint16_t context_id, request_t *req);
/* Remove and return the message that world_source's send request
 * send_handle announced and waits on a reply for (an RTS, or a small
 * synchronous send), if no receive has taken it yet (MPI_Cancel). */
unexpected_t *match_unexpected_withdraw(uint16_t context_id, int world_source, uint32_t send_handle);
/* The same without removing it (MPI_Probe). */
const unexpected_t *match_unexpected_peek(uint16_t context_id, int source, int tag);
/* The communicator on this context now exists: give the messages that
 * came before it their source rank in it. */
struct comm;
void match_resolve_sources(uint16_t context_id, const struct comm *comm);

#endif
