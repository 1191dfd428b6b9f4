/*
 * proto_info.h -- TESSERA_PROTO_INFO=1: say which protocol messages take.
 *
 * Once per (protocol, peer), a line on stderr names the path and why it was
 * chosen, e.g. why single copy was not used.  Off by default; when off, the
 * cost is one predictable branch per message.
 */
#ifndef TESSERA_P2P_PROTO_INFO_H
#define TESSERA_P2P_PROTO_INFO_H

#include <stdbool.h>

enum proto {
    PROTO_SELF,          /* to oneself: delivered in place */
    PROTO_EAGER_INLINE,  /* header and data in one ring slot */
    PROTO_EAGER_RING,    /* data in the pair's data ring */
    PROTO_EAGER_SYNC,    /* a small MPI_Ssend: data in one slot, completed by FIN */
    PROTO_RNDV_CMA,      /* rendezvous, receiver reads with process_vm_readv */
    PROTO_RNDV_PIPELINE, /* rendezvous, chunks through the data ring */
    PROTO_RNDV_PUSH,     /* the rest of a pipelined message, or a pushed one, written with process_vm_writev */
    PROTO_RNDV_SPLIT,    /* rendezvous, receiver reads one half, sender writes the other */
    PROTO_COUNT,
};

extern bool proto_info_enabled;

void proto_info_init(int world_rank, int world_size, bool enabled, const char *single_copy_reason);
/* Report that a message to/from world rank peer took protocol p. */
void proto_info_report(int peer, enum proto p, const char *why);
/* Why single copy is not in use, for the pipeline's report. */
const char *proto_info_single_copy_reason(void);

static inline void proto_info(int peer, enum proto p, const char *why)
{
    if (proto_info_enabled)
        proto_info_report(peer, p, why);
}

#endif
