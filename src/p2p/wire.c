/* wire.c -- reading a payload out of the transport's memory. */
#include "p2p/wire.h"

#include "util/copy.h"

void wire_payload_copy(void *dst, const wire_payload_t *payload, size_t max)
{
    size_t first = payload->len[0] < max ? payload->len[0] : max;
    copy_bytes(dst, payload->part[0], first);
    if (first < max && payload->len[1]) {
        size_t second = payload->len[1] < max - first ? payload->len[1] : max - first;
        copy_bytes((char *)dst + first, payload->part[1], second);
    }
}
