/* p2p.c -- setting up and tearing down the point-to-point layer. */
#include "p2p/p2p.h"

#include "p2p/match.h"

void rndv_init(int world_size, bool single_copy, bool coll_single_copy, bool pulls_pay, bool cma_allowed);
void rndv_finalize(void);

void p2p_init(int world_rank, int world_size, bool single_copy, bool coll_single_copy, bool pulls_pay, bool cma_allowed)
{
    match_init();
    p2p_send_init(world_rank, world_size);
    p2p_recv_init(world_size);
    rndv_init(world_size, single_copy, coll_single_copy, pulls_pay, cma_allowed);
}

void p2p_finalize(void)
{
    rndv_finalize();
    p2p_recv_finalize();
    p2p_send_finalize();
    match_finalize();
}

bool p2p_begin(request_t *req)
{
    req->complete = false;
    req->done = 0;
    req->split = false;
    req->fins = 0;
    request_status_empty(&req->status);
    if (req->peer != MPI_PROC_NULL)
        return true;
    /* Nothing to move: done at once, as MPI says for MPI_PROC_NULL. */
    req->status.MPI_SOURCE = MPI_PROC_NULL;
    request_complete(req);
    return false;
}
