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
#include <stdlib.h>
#include <string.h>

#include "p2p/p2p.h"
#include "transport/transport.h"
#include "util/copy.h"
#include "util/log.h"

/* Data to oneself in one message goes from the send buffer straight to
 * the receive it meets, or into the unexpected queue, by copies within the
 * process (p2p_incoming_local); a synchronous send's rendezvous with
 * oneself is copied at the match (p2p/rndv.c).  Control messages go as
 * any transport's do, and so would parts of a message, typed ones packed
 * into a temporary buffer first. */
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
    if (hdr->type == WIRE_EAGER && pos == 0 && len == data->bytes) {
        p2p_incoming_local(dest, hdr, data);
        return 1;
    }
    void *packed = malloc(len ? len : 1);
    if (!packed)
        log_fatal("out of memory packing a %zu-byte message to oneself", len);
    dt_buffer_pack(data, pos, len, packed);
    self_send(dest, hdr, packed, len);
    free(packed);
    return 1;
}

static int self_read_remote(int src, const struct iovec *local, size_t nlocal, uint64_t address, size_t len)
{
    (void)src;
    for (size_t i = 0; i < nlocal && len; i++) {
        size_t n = local[i].iov_len < len ? local[i].iov_len : len;
        copy_local(local[i].iov_base, (const void *)(uintptr_t)address, n);
        address += n;
        len -= n;
    }
    return 0;
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
    .read_remote = self_read_remote,
    .poll = self_poll,
};
