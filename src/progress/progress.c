#include "progress/progress.h"

#include <sched.h>
#include <string.h>

#include "coll/sched.h"
#include "p2p/p2p.h"
#include "runtime/threads.h"
#include "runtime/tunables.h"
#include "transport/transport.h"
#include "util/atomics.h"

static struct {
    bool shm_active;     /* other ranks exist */
    bool oversubscribed; /* more ranks than cores */
    unsigned spin;       /* idle polls before the first yield */
    unsigned yield;      /* idle polls (after spinning) before sleeping */
    bool sleep;          /* whether to sleep on the doorbell at all */
    bool stall_hints;    /* see progress_stall_hints */
} wait_policy;

/*
 * Oversubscribed (more ranks than CPUs), the waiting rank spins only while
 * the rank it waits for is awake on another CPU: then the reply comes
 * within a microsecond, and two partners on two CPUs exchange at full speed
 * for a whole time slice while the other ranks wait their turn.  Yielding
 * at every message instead costs a context switch per message (about 1 us
 * here, what Open MPI pays).  If the rank waited for is awake on this CPU,
 * it cannot run until we step aside, so we yield at once; if that keeps
 * happening, the scheduler has put partners together and we move away.
 * If it is on another CPU but has yielded that one, it cannot answer
 * before it is scheduled again either, and we yield at once too; and so
 * when its latest wait was on several ranks or in a collective (a halo's
 * middle rank waits on both neighbours, then computes): what it sends us
 * next waits on others, perhaps on the rank beside us, while a partner
 * exchanging messages with us alone waits on us alone.  Measured with
 * bench/oversub.c and examples/cg.c in docs/perf.md.
 */
/* Idle polls between looks at where the awaited rank is: often enough to
 * step aside within a microsecond, rarely enough to cost nothing. */
#define CPU_CHECK_INTERVAL 64u
/* Polls before yielding when the awaited rank runs elsewhere: longer than
 * a woken rank takes to be scheduled, far shorter than a time slice. */
#define OVERSUBSCRIBED_SPIN_COUNT 5000u
/* Polls before yielding when the awaited rank runs elsewhere but another
 * rank is awake on this CPU: that rank may have work (a computing
 * neighbour) the spinning takes the CPU from.  Replies from a partner
 * exchanging messages come within it (bench/oversub.c: 500 polls as fast
 * as 5000, 50 slower); CG and QR at 4 ranks on 2 cores ran 8-9% faster
 * than with 5000 (docs/perf.md).  The most; see crowded_spin. */
#define CROWDED_SPIN_COUNT 500u
/* The least: one look at where the ranks are, about what stepping aside
 * costs (64 idle polls take 1.3-1.6 us on the Intel host, a context
 * switch 1.9). */
#define CROWDED_SPIN_MIN CPU_CHECK_INTERVAL
/* Yields a wait makes before it tells mpirun it waits long (the watch
 * for deadlocks, segment.h: long_wait): the waits of a job that runs,
 * even ranks outnumbering cores, rarely get there. */
#define LONG_WAIT_YIELDS 64u
/* Waits in a row that find the partner on our CPU before we move. */
#define SHARED_STREAK_MOVE 1000u

/*
 * A waiter steps aside for another rank awake on its CPU, but a rank
 * stalled in a shared-memory collective (waiting for a member's counter)
 * would only hand the CPU back: two context switches for nothing, 1.7 us
 * each on the 2-core host.  So collective waits say what they wait for
 * (shm_stall_begin) and waiters skip such ranks, where a CPU holds at
 * most two ranks and its one other rank either has work or not.  At 4
 * ranks on 2 cores (docs/perf.md) the best launches of small barrier,
 * allreduce, allgather, alltoall and broadcast got 1.25-1.4x faster and
 * the medians 1.0-1.3x, scatter's 0.9-1.15x; which two ranks the
 * scheduler puts together decides more than the rule.  With four ranks
 * to a CPU it made small broadcast, reduce and allreduce 3-12% slower,
 * so there waiters step aside as before.
 */
bool progress_init(int mode, bool oversubscribed, int nranks, int ncpus)
{
    bool shm_active = nranks > 1;
    wait_policy.shm_active = shm_active;
    wait_policy.spin = tunables.spin_count;
    wait_policy.yield = tunables.yield_count;
    if (mode == WAIT_AUTO)
        mode = oversubscribed ? WAIT_SLEEP : WAIT_YIELD;
    wait_policy.oversubscribed = oversubscribed && shm_active;
    if (wait_policy.oversubscribed && !tunables_is_set("TESSERA_SPIN_COUNT"))
        wait_policy.spin = OVERSUBSCRIBED_SPIN_COUNT;
    wait_policy.sleep = mode == WAIT_SLEEP && shm_active;
    if (mode == WAIT_SPIN)
        wait_policy.spin = ~0u;
    wait_policy.stall_hints = wait_policy.oversubscribed && nranks <= 2 * ncpus;
    return wait_policy.sleep;
}

bool progress_oversubscribed(void)
{
    return wait_policy.oversubscribed;
}

bool progress_stall_hints(void)
{
    return wait_policy.stall_hints;
}

/* progress_poll calls that moved something; see progress_test_idle. */
static unsigned long progress_made;

int progress_poll(void)
{
    int n = 0;
    if (comm_released)
        comm_reap();
    if (wait_policy.shm_active)
        n = transport_shm.poll();
    if (p2p_has_pending())
        n += p2p_push_pending();
    n += sched_progress_all();
    n += p2p_bsend_flushes_progress();
    if (n)
        progress_made++;
    return n;
}

static unsigned shared_streak; /* see SHARED_STREAK_MOVE */

/*
 * How long a single-peer wait spins while another rank is awake on this
 * CPU, learnt from the waits before.  A peer exchanging messages with us
 * answers within a look or two (bench/oversub.c: nearly all of 60000
 * waits within 16 polls), and spinning on keeps both on their CPUs for a
 * whole time slice.  A peer that computes between its messages answers
 * late or not before we step aside (CG's halo on 4 ranks, ranks 0 and 2
 * sharing a CPU: a fifth of rank 0's waits answered after 256-512 polls,
 * over a third not within 500), and that spinning was taken from the
 * rank beside us, which had work.  So a quick answer doubles the limit
 * and a late one, or none, halves it (CG there 37.2 -> 33.6 us an
 * iteration, medians of 20 launches; the ping-pong pairs as before).
 */
static unsigned crowded_spin = CROWDED_SPIN_COUNT;

static void crowded_spin_learn(bool quick)
{
    if (quick)
        crowded_spin = crowded_spin * 2 < CROWDED_SPIN_COUNT ? crowded_spin * 2 : CROWDED_SPIN_COUNT;
    else
        crowded_spin = crowded_spin / 2 > CROWDED_SPIN_MIN ? crowded_spin / 2 : CROWDED_SPIN_MIN;
}

/* Leave this CPU for another one this rank may use.  The scheduler places
 * unbound ranks without knowing who talks to whom; two partners left on
 * one CPU hand it back and forth once a message while another CPU runs the
 * other pair the same way.  After a move the load balancer pulls some rank
 * back, usually one that is not our partner. */
static void move_off_this_cpu(void)
{
    cpu_set_t allowed, others;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) < 2)
        return;
    memcpy(&others, &allowed, sizeof others);
    int cpu = sched_getcpu();
    if (cpu >= 0 && cpu < CPU_SETSIZE)
        CPU_CLR(cpu, &others);
    if (sched_setaffinity(0, sizeof others, &others) == 0)
        sched_setaffinity(0, sizeof allowed, &allowed);
}

static bool peer_shares_cpu(int world_peer, bool skip_stalled)
{
    if (!shm_cpu_shared(world_peer, skip_stalled)) {
        shared_streak = 0;
        return false;
    }
    /* Not away from a peer that waits on several ranks: a master taking
     * requests from any worker serves the others too, and with every
     * worker gone it sat alone on its CPU, spinning, while the other CPU
     * ran all the workers (8 ranks on 2 cores: 1.84-1.97 us a task
     * against 1.12-1.25 staying; docs/perf.md). */
    if (world_peer >= 0 && ++shared_streak >= SHARED_STREAK_MOVE) {
        shared_streak = 0;
        if (!shm_rank_awaits_several(world_peer))
            move_off_this_cpu();
    }
    return true;
}

/* Where the waits of progress_wait_until stand on crowded_spin. */
typedef struct {
    unsigned polls; /* idle polls so far */
    bool crowded;   /* another rank was seen awake on this CPU */
    bool yielded;
} wait_state_t;

/* Whether a waiter that has polled idle times since the last progress
 * should step aside now, oversubscribed. */
static bool should_step_aside(int world_peer, unsigned idle, wait_state_t *w)
{
    /* Stalled ranks are skipped only for a while: the CPU a rank shows
     * is where it last waited, and one that moved while preempted would
     * leave us spinning to the end. */
    if (peer_shares_cpu(world_peer, idle <= CROWDED_SPIN_COUNT))
        return true;
    if (world_peer < 0)
        return false;
    /* The peer runs on another CPU but has given that up (it yielded, or
     * sleeps), or it last waited on several ranks: it cannot answer
     * before it is scheduled again or they have answered it, so the rank
     * beside us gets this CPU at once instead of after a spin; with nobody
     * beside us, spinning takes nothing from anyone, and the later look
     * would find the same.  CG on 4 ranks, 2 cores, neighbours on
     * different CPUs: the end ranks wait on middle ones, and their spins
     * kept the other middle rank, which both neighbours wait for, off the
     * CPU (us an iteration, medians of 12-14 launches: 110.8-119.3 ->
     * 99.5-110.9).  Saying it only while that wait lasts lost the gain: a
     * middle rank computing between its waits answers late too. */
    if (shm_rank_answers_late(world_peer)) {
        w->crowded = shm_cpu_shared(PROGRESS_ANY_PEER, false);
        return w->crowded;
    }
    /* The peer itself waits on a rank awake beside us that waits on us, so
     * most likely has our message to take: it runs only when we step
     * aside, and the peer answers only after it (a ring of MPI_Sendrecv on
     * three ranks and two CPUs, where each spin ran out its crowded limit
     * every step).  Without the last condition a ring of four, ranks
     * alternating between the CPUs, stepped aside back and forth for
     * ranks with nothing to do, 20% slower. */
    if (shm_rank_awaits_us_beside(shm_rank_awaited(world_peer)))
        return true;
    if (idle <= CROWDED_SPIN_MIN)
        return false;
    w->crowded = shm_cpu_shared(PROGRESS_ANY_PEER, false);
    if (!w->crowded || idle <= crowded_spin)
        return false;
    crowded_spin_learn(false);
    return true;
}

/* A single-peer wait answered without stepping aside teaches crowded_spin. */
static void wait_answered(int world_peer, const wait_state_t *w)
{
    if (!wait_policy.oversubscribed || world_peer < 0 || w->yielded || w->polls == 0)
        return;
    if (w->polls <= CROWDED_SPIN_MIN)
        crowded_spin_learn(true);
    else if (w->crowded)
        crowded_spin_learn(false);
}

void progress_wait_until(bool (*done)(void *arg), void *arg, int world_peer)
{
    unsigned idle = 0;
    wait_state_t w = {0};
    /* Every wait says it, answered at once or not: a rank whose receives
     * find their messages waiting would otherwise go on showing the
     * collective it last waited in. */
    if (wait_policy.oversubscribed)
        shm_await_several(world_peer < 0);
    /* Whether this wait has spun out and says so (shm_long_wait); under
     * MPI_THREAD_MULTIPLE another thread may be computing meanwhile. */
    bool long_wait = false;
    while (!done(arg)) {
        if (progress_poll()) {
            threads_progress_made();
            idle = 0;
            if (long_wait)
                shm_long_wait_moved();
            continue;
        }
        if (done(arg))
            break;
        threads_let_others_in();
        idle++;
        if (++w.polls == 1 && wait_policy.oversubscribed)
            shm_await_rank(world_peer);
        if (idle <= wait_policy.spin) {
            if (wait_policy.oversubscribed && idle % CPU_CHECK_INTERVAL == 1 && should_step_aside(world_peer, idle, &w))
                idle = wait_policy.spin;
            cpu_relax();
        } else {
            /* Sleeping with sends still queued could wait forever: the
             * receiver frees ring space without ringing our doorbell. */
            bool sleep = wait_policy.sleep && idle - wait_policy.spin > wait_policy.yield && !p2p_has_pending();
            if (!long_wait && (sleep || idle - wait_policy.spin > LONG_WAIT_YIELDS) && wait_policy.shm_active &&
                !threads_lock_on) {
                long_wait = true;
                shm_long_wait(true);
            }
            if (!sleep) {
                if (wait_policy.oversubscribed)
                    shm_yield();
                else
                    sched_yield();
            } else {
                shm_doorbell_wait(done, arg);
            }
            w.yielded = true;
        }
    }
    if (long_wait)
        shm_long_wait(false);
    wait_answered(world_peer, &w);
}

/*
 * A program that polls with MPI_Test between pieces of work never waits
 * in the library, and ranks outnumbering cores, the ranks it waits for may
 * be the ones beside it, runnable but off the CPU until its time slice
 * ends: a nonblocking allreduce at 4 ranks on 2 cores took 4-5 ms, a time
 * slice, against Open MPI's 7 us (it yields at every idle poll).  So a run
 * of tests that find nothing counts as a wait's idle polls and steps aside
 * by the same rules, looking at every test: the user's work between two
 * tests already outlasts a look.  Progress anywhere starts a new run.
 */
static struct {
    unsigned long progress_made; /* progress_made when the run began */
    int world_peer;              /* what the run's latest test waited on */
    wait_state_t w;              /* w.polls: the idle tests in the run */
} idle_tests;

void progress_test_idle(int world_peer)
{
    if (!wait_policy.oversubscribed)
        return;
    if (idle_tests.progress_made != progress_made) {
        /* The run before ended in progress: an answer, as for a wait. */
        wait_answered(idle_tests.world_peer, &idle_tests.w);
        idle_tests.progress_made = progress_made;
        idle_tests.w = (wait_state_t){0};
    }
    idle_tests.world_peer = world_peer;
    /* What this rank waits on, for its peers' rules, as a wait says it: a
     * loop of tests after a collective otherwise goes on showing the
     * collective, and its single peer steps aside at every look. */
    shm_await_several(world_peer < 0);
    unsigned idle = ++idle_tests.w.polls;
    if (idle == 1)
        shm_await_rank(world_peer);
    if (idle > wait_policy.spin || should_step_aside(world_peer, idle, &idle_tests.w)) {
        shm_yield();
        idle_tests.w.yielded = true;
    }
}

static bool flag_is_set(void *flag)
{
    return *(const bool *)flag;
}

void progress_wait(const request_t *req)
{
    progress_wait_until(flag_is_set, (void *)&req->complete, req->world_peer);
}
