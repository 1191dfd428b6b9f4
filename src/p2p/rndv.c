/*
 * rndv.c -- the rendezvous for messages beyond the eager limit.
 *
 *   sender                         receiver
 *   RTS {bytes, address, handle} ->
 *                                  matches a receive, then either
 *   (rndv-cma)                     reads the sender's buffer with one
 *                                  process_vm_readv into its own
 *                               <- FIN {sender handle}
 *   (rndv-pipeline)             <- CTS {sender handle, receiver handle}
 *   DATA chunks, in order       ->  copied into the buffer as they come
 *
 * With single copy the receiver finishes inside the call that matched, and
 * the sender only needs FIN.  The pipeline is the fallback where single copy
 * is not allowed; chunks are a quarter of the data ring so the sender fills
 * one while the receiver drains another.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "p2p/p2p.h"
#include "p2p/proto_info.h"
#include "util/log.h"

static bool rndv_single_copy;
static bool rndv_coll_single_copy;    /* receives that pull (p2p_irecv_pull) */
static bool *rndv_single_copy_failed; /* per world rank: fell back once */

void rndv_init(int world_size, bool single_copy, bool coll_single_copy)
{
    rndv_single_copy = single_copy;
    rndv_coll_single_copy = coll_single_copy;
    rndv_single_copy_failed = calloc((size_t)world_size, sizeof *rndv_single_copy_failed);
    if (!rndv_single_copy_failed)
        log_fatal("out of memory for rendezvous state");
}

void rndv_finalize(void)
{
    free(rndv_single_copy_failed);
    rndv_single_copy_failed = NULL;
}

void rndv_recv_start(request_t *req, int world_src, const wire_rts_t *rts)
{
    size_t take = (size_t)req->status.tessera_count;
    bool both_contiguous = (rts->flags & WIRE_RTS_CONTIGUOUS) && !req->data.dt;
    bool cma = rndv_single_copy || (req->pull && rndv_coll_single_copy);
    if (cma && both_contiguous && !rndv_single_copy_failed[world_src]) {
        int rc = p2p_transport(world_src)->read_remote(world_src, req->data.base, rts->address, take);
        if (rc == 0) {
            proto_info(world_src, PROTO_RNDV_CMA, "large message read with one process_vm_readv copy");
            p2p_send_control(world_src, WIRE_FIN, (int32_t)rts->send_handle, NULL, 0);
            request_complete(req);
            return;
        }
        /* Not allowed for this peer after all (a container's seccomp
         * policy, another user): pipeline from now on. */
        rndv_single_copy_failed[world_src] = true;
        proto_info(world_src, PROTO_RNDV_PIPELINE, "process_vm_readv failed for this peer; pipelining from now on");
    }
    if (!both_contiguous)
        proto_info(world_src, PROTO_RNDV_PIPELINE,
                   "non-contiguous datatype: packed and unpacked through the data ring");
    else
        proto_info(world_src, PROTO_RNDV_PIPELINE,
                   proto_info_single_copy_reason() ? proto_info_single_copy_reason()
                                                   : "single copy failed for this peer");
    req->done = 0;
    uint32_t mine = req->handle;
    bool empty = req->msg_bytes == 0;
    p2p_send_control(world_src, WIRE_CTS, (int32_t)rts->send_handle, &mine, sizeof mine);
    /* An empty message (a zero-byte MPI_Ssend) has no DATA to wait for. */
    if (empty)
        request_complete(req);
}

void rndv_on_cts(uint32_t send_handle, uint32_t recv_handle)
{
    request_t *req = request_from_value(send_handle);
    if (!req || req->kind != REQUEST_SEND)
        log_fatal("internal error: CTS for unknown send request %#x", send_handle);
    p2p_send_stream(req, recv_handle);
}

void rndv_on_data(uint32_t recv_handle, const wire_payload_t *payload)
{
    request_t *req = request_from_value(recv_handle);
    if (!req || req->kind != REQUEST_RECV)
        log_fatal("internal error: DATA for unknown receive request %#x", recv_handle);
    size_t len = wire_payload_length(payload);
    size_t room = req->data.bytes > req->done ? req->data.bytes - req->done : 0;
    /* A truncated message still arrives whole; what does not fit is dropped. */
    if (room)
        wire_payload_unpack(&req->data, req->done, payload, len < room ? len : room);
    req->done += len;
    if (req->done >= req->msg_bytes)
        request_complete(req);
}

void rndv_on_fin(uint32_t send_handle)
{
    request_t *req = request_from_value(send_handle);
    if (!req)
        log_fatal("internal error: FIN for unknown send request %#x", send_handle);
    p2p_send_finish(req);
}
