#include "p2p/rndv_choice.h"

/* The rings' first messages are timed before the pipeline is warm (the
 * ring's lines, the receive buffer's pages): until this many, the best of
 * them stands for the rings. */
#define CHOICE_WARM_UP 4

bool rndv_choice_split(rndv_choice_t *c)
{
    c->since++;
    if (c->rings_timed < CHOICE_WARM_UP && !c->splitting)
        return false;
    if (c->split_ns == 0)
        return true;
    if (c->splitting)
        return c->since < c->period;
    return c->since >= c->period && c->ring_ns > c->ring_best * CHOICE_SLOWER;
}

void rndv_choice_note(rndv_choice_t *c, bool split, size_t bytes, double seconds)
{
    if (bytes == 0)
        return;
    double ns = seconds * 1e9 / (double)bytes;
    double *way = split ? &c->split_ns : &c->ring_ns;
    bool trial = split != c->splitting;
    if (!split && c->rings_timed < CHOICE_WARM_UP && !c->splitting) {
        *way = *way == 0 || ns < *way ? ns : *way;
        c->rings_timed++;
    } else if (trial || *way == 0) {
        *way = ns; /* the last trial's time was old: this one replaces it */
    } else {
        *way = 0.75 * *way + 0.25 * ns;
    }
    if (!split && (c->ring_best == 0 || c->ring_ns < c->ring_best))
        c->ring_best = c->ring_ns;
    if (trial)
        c->since = 0;
    bool other_faster = c->splitting ? c->ring_ns < c->split_ns * CHOICE_MARGIN
                                     : c->split_ns != 0 && c->split_ns < c->ring_ns * CHOICE_MARGIN;
    if (other_faster) {
        c->splitting = !c->splitting;
        c->since = 0;
        c->period = CHOICE_PERIOD_MIN;
    } else if (trial && c->period < CHOICE_PERIOD_MAX) {
        c->period = c->period ? 2 * c->period : CHOICE_PERIOD_MIN; /* tried, still slower: try less often */
    }
}
