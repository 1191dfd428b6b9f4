#include "runtime/threads.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "transport/transport.h"

bool threads_lock_on;
_Thread_local unsigned threads_depth;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
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

void threads_lock(void)
{
    if (pthread_mutex_trylock(&lock) != 0) {
        atomic_fetch_add(&waiters, 1);
        pthread_mutex_lock(&lock);
        atomic_fetch_sub(&waiters, 1);
    }
    atomic_fetch_add_explicit(&taken, 1, memory_order_relaxed);
}

void threads_unlock(void)
{
    pthread_mutex_unlock(&lock);
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
    pthread_mutex_unlock(&lock);
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
    pthread_mutex_unlock(&lock);
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
