#include "progress/progress.h"

#include <sched.h>

#include "p2p/p2p.h"
#include "runtime/tunables.h"
#include "transport/transport.h"
#include "util/atomics.h"

static struct {
    bool shm_active; /* other ranks exist */
    unsigned spin;   /* idle polls before the first yield */
    unsigned yield;  /* idle polls (after spinning) before sleeping */
    bool sleep;      /* whether to sleep on the doorbell at all */
} wait_policy;

bool progress_init(int mode, bool oversubscribed, bool shm_active)
{
    wait_policy.shm_active = shm_active;
    wait_policy.spin = tunables.spin_count;
    wait_policy.yield = tunables.yield_count;
    if (mode == WAIT_AUTO)
        mode = oversubscribed ? WAIT_SLEEP : WAIT_YIELD;
    /* With more ranks than cores, every poll spent spinning is a time slice
     * taken from the rank we are waiting for: give the core away at once. */
    if (oversubscribed)
        wait_policy.spin = 0;
    wait_policy.sleep = mode == WAIT_SLEEP && shm_active;
    if (mode == WAIT_SPIN)
        wait_policy.spin = ~0u;
    return wait_policy.sleep;
}

int progress_poll(void)
{
    int n = 0;
    if (wait_policy.shm_active)
        n = transport_shm.poll();
    if (p2p_has_pending())
        n += p2p_push_pending();
    return n;
}

void progress_wait_until(bool (*done)(void *arg), void *arg)
{
    unsigned idle = 0;
    while (!done(arg)) {
        if (progress_poll()) {
            idle = 0;
            continue;
        }
        if (done(arg))
            return;
        idle++;
        if (idle <= wait_policy.spin) {
            cpu_relax();
        } else if (!wait_policy.sleep || idle - wait_policy.spin <= wait_policy.yield || p2p_has_pending()) {
            /* Sleeping with sends still queued could wait forever: the
             * receiver frees ring space without ringing our doorbell. */
            sched_yield();
        } else {
            shm_doorbell_wait();
        }
    }
}

static bool flag_is_set(void *flag)
{
    return *(const bool *)flag;
}

void progress_wait(const bool *done)
{
    progress_wait_until(flag_is_set, (void *)done);
}
