/*
 * wire.h -- what point-to-point messages look like between two ranks.
 *
 * Every message is an 8-byte wire header plus a payload.  The transport
 * carries both (the shm ring puts header and up to 48 payload bytes in one
 * cache line).  Control messages put their extra fields in the payload.
 *
 *   EAGER  payload is the user data; tag and context are the envelope
 *   RTS    ready to send a large message: payload is wire_rts_t
 *   CTS    clear to send (no single copy): tag = sender's request handle,
 *          payload = wire_cts_t; the sender then streams DATA, or with
 *          WIRE_CTS_SPLIT writes the second half (rndv_split_at) into the
 *          receiver's buffer while the receiver reads the first (with
 *          WIRE_CTS_PUSH all of it, the receiver reading nothing), answers
 *          PUSHED and waits for FIN
 *   DATA   one chunk of a large message, in order: tag = receiver's request
 *   FIN    the receiver is done with the sender's buffer: tag = sender's request
 *   PIECES an eager message that follows in pieces: tag and context are the
 *          envelope, payload is its length (uint64_t); its PIECE messages
 *          come next from this sender, in order, with nothing in between
 *   PIECE  the next piece of the message this sender announced
 *   EAGER_SYNC  a small synchronous send: payload is the sender's request
 *          handle (uint32_t) and then the data; the receive that takes it
 *          answers FIN, and only then is the MPI_Ssend complete
 *   CANCEL the sender cancels a send still waiting for its reply (after an
 *          RTS or an EAGER_SYNC): tag = sender's request, payload = the
 *          message's context id (uint32_t)
 *   CANCELLED  the answer, after whatever CTS or FIN the message already
 *          had: tag = sender's request, payload = whether the message was
 *          withdrawn before any receive took it (uint32_t 1 or 0)
 *   PUSHED a streaming sender whose receiver stopped draining the ring wrote
 *          the rest of the message straight into the receiver's buffer
 *          (process_vm_writev): tag = receiver's request, payload = the
 *          offset (uint64_t) from which it did; DATA before it covers the rest.
 *          After a split CTS: the sender's half is written, or, with
 *          WIRE_PUSHED_NOTHING, could not be (the receiver reads it)
 *
 * Pieces let the receiver unpack (or copy out) one piece while the sender
 * packs (or copies in) the next: a message costs about one of the two
 * copies instead of both, one after the other.
 */
#ifndef TESSERA_P2P_WIRE_H
#define TESSERA_P2P_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "dt/buffer.h"

/* Payload bytes that travel in the same cache line as the header (shm). */
#define WIRE_INLINE_BYTES 48

enum wire_type {
    WIRE_EAGER = 1,
    WIRE_RTS = 2,
    WIRE_CTS = 3,
    WIRE_DATA = 4,
    WIRE_FIN = 5,
    WIRE_PIECES = 6,
    WIRE_PIECE = 7,
    WIRE_EAGER_SYNC = 8,
    WIRE_PUSHED = 9,
    WIRE_CANCEL = 10,
    WIRE_CANCELLED = 11,
};

/* Data that fits one ring slot beside the handle of an EAGER_SYNC. */
#define WIRE_SYNC_INLINE_BYTES (WIRE_INLINE_BYTES - 4)

typedef struct wire_hdr {
    uint8_t type;
    uint8_t flags;
    uint16_t context_id;
    int32_t tag;
} wire_hdr_t;

typedef struct wire_rts {
    uint64_t bytes;       /* message length */
    uint64_t address;     /* the sender's buffer, for a single-copy read */
    uint32_t send_handle; /* the sender's request, named in FIN or CTS */
    uint32_t flags;       /* WIRE_RTS_* */
    uint32_t part_seq;    /* a partitioned send's place among its envelope's (request.h) */
    uint32_t unused;
} wire_rts_t;

/* The sender's data lies contiguous at address: a single-copy read can take
 * it.  Without it the data must be streamed (CTS, then DATA). */
#define WIRE_RTS_CONTIGUOUS 1u
/* The sender serves several receivers at once and asks this one to read
 * the data itself (p2p_isend_offer), though it may be within the eager
 * limit: the receiver reads it with one copy where allowed. */
#define WIRE_RTS_OFFERED 2u

typedef struct wire_cts {
    uint32_t recv_handle; /* the receiver's request, named in DATA and PUSHED */
    uint32_t flags;       /* WIRE_CTS_* */
    uint64_t address;     /* the receiver's buffer, with WIRE_CTS_WRITABLE */
    uint64_t room;        /* bytes of the message that fit there */
} wire_cts_t;

/* The receiver's buffer is contiguous at address and the sender may write
 * into it with process_vm_writev should the receiver stop draining. */
#define WIRE_CTS_WRITABLE 1u
/* The receiver reads the first half of the message and asks the sender to
 * write the rest (p2p/rndv.c). */
#define WIRE_CTS_SPLIT 2u
/* With WIRE_CTS_SPLIT: the sender writes all of it, the receiver reads
 * nothing (RECV_PUSHED, p2p.h). */
#define WIRE_CTS_PUSH 4u
#define WIRE_PUSHED_NOTHING UINT64_MAX

/* A received payload as the transport holds it: at most two pieces, because
 * a ring may wrap in the middle of a message. */
typedef struct wire_payload {
    const void *part[2];
    size_t len[2];
} wire_payload_t;

static inline size_t wire_payload_length(const wire_payload_t *payload)
{
    return payload->len[0] + payload->len[1];
}

/* Copy up to max bytes of the payload into bytes [pos, pos + max) of
 * data's packed stream, across the wrap if any. */
static inline void wire_payload_unpack(const dt_buffer_t *data, size_t pos, const wire_payload_t *payload, size_t max)
{
    size_t first = payload->len[0] < max ? payload->len[0] : max;
    dt_buffer_unpack(data, pos, first, payload->part[0]);
    if (first < max && payload->len[1]) {
        size_t second = payload->len[1] < max - first ? payload->len[1] : max - first;
        dt_buffer_unpack(data, pos + first, second, payload->part[1]);
    }
}

/* The payload without its first n bytes (n within the first part). */
static inline wire_payload_t wire_payload_skip(const wire_payload_t *payload, size_t n)
{
    wire_payload_t rest = *payload;
    rest.part[0] = (const char *)payload->part[0] + n;
    rest.len[0] -= n;
    return rest;
}

/* The same to contiguous memory at dst. */
static inline void wire_payload_copy(void *dst, const wire_payload_t *payload, size_t max)
{
    dt_buffer_t bytes = dt_buffer_bytes(dst, max);
    wire_payload_unpack(&bytes, 0, payload, max);
}

#endif
