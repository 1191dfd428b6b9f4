/*
 * test_stall.c -- who a waiter steps aside for (shm_cpu_shared) when other
 * ranks say what they wait for (shm_stall_begin), and which awaited ranks
 * answer late (shm_rank_answers_late).  One process is rank 0 of a 3-rank
 * segment, pinned to one CPU, and writes ranks 1 and 2's slots by hand as
 * those ranks would: awake or asleep, on this CPU or another, stalled on
 * a counter below or at its target, yielded, last waiting on several.
 */
#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "progress/progress.h"
#include "transport/shm/segment.h"
#include "transport/transport.h"
#include "unit.h"

static void *base;

/* Rank r as it shows itself: where it last waited, asleep or not, and the
 * counter it waits for (NULL: none). */
static void pose(int r, int cpu, int sleeping, _Atomic uint64_t *counter, uint64_t until)
{
    shm_rank_slot_t *slot = shm_rank_slot(base, (uint32_t)r);
    atomic_store(&slot->cpu, cpu);
    atomic_store(&slot->sleeping, (uint32_t)sleeping);
    atomic_store(&slot->stalled_until, until);
    atomic_store(&slot->stalled_on, counter ? (uint64_t)((char *)counter - (char *)base) : 0);
}

static bool always(void *arg)
{
    (void)arg;
    return true;
}

/* Done after *polls more looks. */
static bool after_polls(void *arg)
{
    int *polls = arg;
    return (*polls)-- <= 0;
}

int main(void)
{
    int cpu = sched_getcpu();
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (cpu < 0 || sched_setaffinity(0, sizeof one, &one) != 0) {
        printf("cannot pin this process to a CPU\n");
        return 77;
    }
    int other = cpu + 1;
    shm_header_t layout;
    const char *where;
    shm_layout(&layout, 3, 16, 16384);
    int fd = shm_segment_create(&layout, &where);
    if (fd < 0) {
        printf("cannot create a segment with %s\n", where);
        return 1;
    }
    base = shm_segment_map(fd, layout.total_bytes);
    close(fd);
    if (!base)
        return 1;
    shm_transport_init(base, 0, 3, 1);
    /* Counters as the collectives use them: a cell of rank 2's slot. */
    _Atomic uint64_t *counter = &shm_coll_slot(base, 2, 5)->cell[3].seq;
    atomic_store(counter, 10);

    pose(1, cpu, 0, NULL, 0);
    pose(2, other, 0, NULL, 0);
    CHECK(shm_cpu_shared(1, true), "rank 1 awake on this CPU, waiting for nothing known");
    CHECK(shm_cpu_shared(PROGRESS_ANY_PEER, true), "some rank awake on this CPU");
    CHECK(!shm_cpu_shared(2, true), "rank 2 is on another CPU");

    pose(1, cpu, 0, counter, 11);
    CHECK(!shm_cpu_shared(1, true), "rank 1 waits for a counter at 10 to reach 11");
    CHECK(!shm_cpu_shared(PROGRESS_ANY_PEER, true), "the only rank on this CPU is stalled");
    CHECK(shm_cpu_shared(1, false), "stalled, rank 1 is still awake on this CPU");
    atomic_store(counter, 11);
    CHECK(shm_cpu_shared(1, true), "rank 1's counter reached its target: it has work");
    atomic_store(counter, 12);
    CHECK(shm_cpu_shared(PROGRESS_ANY_PEER, true), "a counter past the target counts as reached");

    atomic_store(counter, 10);
    pose(2, cpu, 0, NULL, 0);
    CHECK(shm_cpu_shared(PROGRESS_ANY_PEER, true), "rank 2, on this CPU now, has work while rank 1 is stalled");
    pose(2, cpu, 1, NULL, 0);
    CHECK(!shm_cpu_shared(PROGRESS_ANY_PEER, true), "rank 2 asleep, rank 1 stalled");
    pose(1, cpu, 0, NULL, 0);
    CHECK(shm_cpu_shared(PROGRESS_ANY_PEER, true), "rank 1 waiting for nothing known again");

    /* This rank's own word, as the others read it. */
    shm_rank_slot_t *me = shm_rank_slot(base, 0);
    shm_stall_begin(counter, 42);
    CHECK((char *)base + atomic_load(&me->stalled_on) == (char *)counter, "stalled_on is the counter's offset");
    CHECK(atomic_load(&me->stalled_until) == 42, "stalled_until %llu", (unsigned long long)me->stalled_until);
    shm_stall_end();
    CHECK(atomic_load(&me->stalled_on) == 0, "a finished wait clears stalled_on");

    /* An awaited rank on another CPU answers late when it gave that up or
     * last waited on several ranks. */
    shm_rank_slot_t *two = shm_rank_slot(base, 2);
    pose(2, other, 0, NULL, 0);
    CHECK(!shm_rank_answers_late(2), "rank 2 awake elsewhere, last waiting on one rank");
    atomic_store(&two->yielded, 1);
    CHECK(shm_rank_answers_late(2), "rank 2 in sched_yield");
    atomic_store(&two->yielded, 0);
    pose(2, other, 1, NULL, 0);
    CHECK(shm_rank_answers_late(2), "rank 2 asleep");
    pose(2, other, 0, NULL, 0);
    CHECK(!shm_rank_awaits_several(2), "rank 2 last waited on one rank");
    atomic_store(&two->awaits_several, 1);
    CHECK(shm_rank_answers_late(2), "rank 2 last waited on several ranks");
    CHECK(shm_rank_awaits_several(2), "a waiter on rank 2 does not move away from it (a master serving many)");
    atomic_store(&two->awaits_several, 0);

    /* A rank beside us waiting on us, as the peer we wait on may wait on
     * it: stepping aside lets it take what we sent. */
    shm_rank_slot_t *slot1 = shm_rank_slot(base, 1);
    pose(1, cpu, 0, NULL, 0);
    pose(2, other, 0, NULL, 0);
    atomic_store(&slot1->awaits, 0);
    atomic_store(&two->awaits, 0);
    CHECK(shm_rank_awaits_us_beside(1), "rank 1 awake on this CPU, waiting on rank 0");
    CHECK(!shm_rank_awaits_us_beside(2), "rank 2 waits on rank 0 from another CPU");
    CHECK(!shm_rank_awaits_us_beside(-1), "no rank");
    atomic_store(&slot1->awaits, 2);
    CHECK(!shm_rank_awaits_us_beside(1), "rank 1 waits on rank 2, not on us");
    atomic_store(&slot1->awaits, 0);
    pose(1, cpu, 1, NULL, 0);
    CHECK(!shm_rank_awaits_us_beside(1), "rank 1 asleep");
    pose(1, cpu, 0, NULL, 0);
    atomic_store(&slot1->awaits, -1);
    atomic_store(&two->awaits, -1);

    /* Every wait of an oversubscribed rank says which kind it is, even one
     * answered before it polls. */
    CHECK(shm_rank_awaited(0) == -1, "before its first wait a rank awaits nobody in particular");
    progress_init(WAIT_YIELD, true, 3, 1);
    progress_wait_until(always, NULL, PROGRESS_ANY_PEER);
    CHECK(atomic_load(&me->awaits_several) == 1, "a wait on any rank sets awaits_several");
    progress_wait_until(always, NULL, 1);
    CHECK(atomic_load(&me->awaits_several) == 0, "a wait on rank 1 clears it");
    /* The one rank awaited is recorded once a wait finds nothing. */
    CHECK(shm_rank_awaited(0) == -1, "a wait answered at once names nobody");
    int polls = 3;
    progress_wait_until(after_polls, &polls, 1);
    CHECK(shm_rank_awaited(0) == 1, "a wait on rank 1 that had to wait names it");
    polls = 3;
    progress_wait_until(after_polls, &polls, PROGRESS_ANY_PEER);
    CHECK(shm_rank_awaited(0) == -1, "a wait on any rank that had to wait names none");
    /* A run of tests that find nothing says it as a wait does. */
    progress_test_idle(2);
    CHECK(shm_rank_awaited(0) == 2 && atomic_load(&me->awaits_several) == 0,
          "a test of a receive from rank 2 names it");

    shm_transport_finalize();
    munmap(base, layout.total_bytes);
    return unit_result();
}
