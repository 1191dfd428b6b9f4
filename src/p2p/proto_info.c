#include "p2p/proto_info.h"

#include <stdint.h>
#include <stdlib.h>

#include "util/log.h"

bool proto_info_enabled;

/* One protocol per line; clang-format would pack them two lines deep. */
/* clang-format off */
static const char *const proto_names[PROTO_COUNT] = {
    [PROTO_SELF] = "self",
    [PROTO_EAGER_INLINE] = "eager-inline",
    [PROTO_EAGER_RING] = "eager-ring",
    [PROTO_EAGER_SYNC] = "eager-sync",
    [PROTO_RNDV_CMA] = "rndv-cma",
    [PROTO_RNDV_PIPELINE] = "rndv-pipeline",
    [PROTO_RNDV_PUSH] = "rndv-push",
    [PROTO_RNDV_SPLIT] = "rndv-split",
};
/* clang-format on */

static struct {
    int rank;
    uint8_t *reported; /* per peer: bit p set once protocol p was reported */
    const char *single_copy_reason;
} info;

void proto_info_init(int world_rank, int world_size, bool enabled, const char *single_copy_reason)
{
    info.rank = world_rank;
    info.single_copy_reason = single_copy_reason;
    proto_info_enabled = enabled;
    if (enabled)
        info.reported = calloc((size_t)world_size, 1);
    if (enabled && !info.reported)
        proto_info_enabled = false;
}

const char *proto_info_single_copy_reason(void)
{
    return info.single_copy_reason;
}

void proto_info_report(int peer, enum proto p, const char *why)
{
    uint8_t bit = (uint8_t)(1u << p);
    if (info.reported[peer] & bit)
        return;
    info.reported[peer] |= bit;
    log_info("protocol %s with rank %d: %s", proto_names[p], peer, why);
}
