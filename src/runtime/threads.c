#include "runtime/threads.h"

#include <linux/futex.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "transport/transport.h"

bool threads_lock_on;
_Thread_local unsigned threads_depth THREADS_TLS;

/* The lock: 0 free, 1 held, 2 held with threads perhaps asleep on it
 * (Drepper, "Futexes are tricky", the third mutex).  Taking it free and
 * leaving it with nobody asleep are one atomic each: mpi4py and many
 * hybrid codes ask for MPI_THREAD_MULTIPLE and then call from one thread,
 * and a pthread mutex cost them some 30 instructions a side per call. */
static _Atomic uint32_t lock_word;
/* Threads blocked in threads_lock, and how many times the lock has been
 * taken: a thread handing the lock over waits until one of them has it. */
static _Atomic unsigned waiters;
static _Atomic unsigned long taken;
/* Threads asleep on this process's doorbell with the lock let go. */
static _Atomic unsigned sleepers;

void threads_enable(void)
{
    threads_lock_on = true;
}

static void futex(_Atomic uint32_t *word, int op, uint32_t val)
{
    syscall(SYS_futex, (uint32_t *)word, op, val, NULL, NULL, 0);
}

static void lock_contended(void)
{
    atomic_fetch_add(&waiters, 1);
    while (atomic_exchange(&lock_word, 2) != 0)
        futex(&lock_word, FUTEX_WAIT_PRIVATE, 2);
    atomic_fetch_sub(&waiters, 1);
}

void threads_lock(void)
{
    uint32_t free = 0;
    if (!atomic_compare_exchange_strong_explicit(&lock_word, &free, 1, memory_order_acquire, memory_order_relaxed))
        lock_contended();
    /* Written only by the holder: no atomic read-modify-write needed. */
    atomic_store_explicit(&taken, atomic_load_explicit(&taken, memory_order_relaxed) + 1, memory_order_relaxed);
}

static void release(void)
{
    if (atomic_exchange_explicit(&lock_word, 0, memory_order_release) == 2)
        futex(&lock_word, FUTEX_WAKE_PRIVATE, 1);
}

void threads_unlock(void)
{
    release();
    /* What this call did (a message sent to ourselves, a request completed
     * by progress) may be what a sleeping thread waits for. */
    if (atomic_load(&sleepers))
        threads_wake_sleepers();
}

void threads_hand_over(void)
{
    if (!atomic_load_explicit(&waiters, memory_order_relaxed) || !threads_depth)
        return;
    unsigned long before = atomic_load_explicit(&taken, memory_order_relaxed);
    release();
    /* Unlocking wakes a waiter, but this thread, still running, would take
     * the lock back before the woken one is scheduled. */
    while (atomic_load_explicit(&taken, memory_order_relaxed) == before && atomic_load(&waiters))
        sched_yield();
    threads_lock();
}

void threads_sleep_begin(void)
{
    if (!threads_holding())
        return;
    atomic_fetch_add(&sleepers, 1);
    release();
}

void threads_sleep_end(void)
{
    if (!threads_holding())
        return;
    atomic_fetch_sub(&sleepers, 1);
    threads_lock();
}

void threads_wake_sleepers(void)
{
    shm_doorbell_wake_own();
}

void threads_wake_if_sleeping(void)
{
    if (atomic_load_explicit(&sleepers, memory_order_relaxed))
        threads_wake_sleepers();
}
