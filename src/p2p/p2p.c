/* p2p.c -- setting up and tearing down the point-to-point layer. */
#include "p2p/p2p.h"

#include "p2p/match.h"

void rndv_init(int world_size, bool single_copy);
void rndv_finalize(void);

void p2p_init(int world_rank, int world_size, bool single_copy)
{
    match_init();
    p2p_send_init(world_rank, world_size);
    rndv_init(world_size, single_copy);
}

void p2p_finalize(void)
{
    rndv_finalize();
    p2p_send_finalize();
    match_finalize();
}
