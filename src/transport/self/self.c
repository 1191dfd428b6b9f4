/*
 * self.c -- the transport for messages a process sends to itself.
 *
 * Sending is delivering: the message goes straight to p2p_incoming() (or
 * p2p_incoming_local()), which matches it against posted receives or
 * copies it to the unexpected queue.
 * Every message is eager, whatever its size, so a blocking send to oneself
 * never waits for a receive that can only be posted after it returns.
 */
#include <stdint.h>

#include "p2p/p2p.h"
#include "transport/transport.h"
#include "util/log.h"

/* Data to oneself goes in one message (no pieces, an eager limit of
 * everything), from the send buffer straight to the receive it meets, or
 * into the unexpected queue, by copies within the process
 * (p2p_incoming_local).  A synchronous send's rendezvous with oneself is
 * copied from its buffer at the match (p2p/rndv.c), so no part of a
 * message comes here; control messages go as any transport's do. */
static int self_send(int dest, const wire_hdr_t *hdr, const void *payload, size_t len)
{
    if (hdr->type == WIRE_EAGER) {
        dt_buffer_t data = dt_buffer_bytes(payload, len);
        p2p_incoming_local(dest, hdr, &data);
        return 1;
    }
    wire_payload_t data = {{payload, NULL}, {len, 0}};
    p2p_incoming(dest, hdr, &data);
    return 1;
}

static int self_send_packed(int dest, const wire_hdr_t *hdr, const dt_buffer_t *data, size_t pos, size_t len)
{
    if (hdr->type != WIRE_EAGER || pos != 0 || len != data->bytes)
        log_fatal("internal error: part of a typed message to oneself (message type %u, bytes %zu of %zu)", hdr->type,
                  pos, data->bytes);
    p2p_incoming_local(dest, hdr, data);
    return 1;
}

static int self_poll(void)
{
    return 0;
}

transport_ops_t transport_self = {
    .name = "self",
    .eager_limit = SIZE_MAX,
    .chunk_limit = SIZE_MAX,
    .send = self_send,
    .send_packed = self_send_packed,
    .poll = self_poll,
};
