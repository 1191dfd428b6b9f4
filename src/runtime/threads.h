/*
 * threads.h -- MPI_THREAD_MULTIPLE: one lock around the library.
 *
 * Every entry point takes the lock for the length of the call
 * (THREADS_ENTER, first line of each PMPI_ function), so the library's
 * state is touched by one thread at a time, as under
 * MPI_THREAD_SERIALIZED.  A call that waits lets the lock go while it
 * waits (threads_let_others_in, from the progress loop), so that a thread
 * blocked in MPI_Recv never keeps another from sending the message it
 * waits for.  MPICH's default build does the same ("global" critical
 * section); finer locks would let two threads copy payloads at once, but
 * on one node the copies of one process already share its core's caches.
 *
 * Before MPI_Init_thread grants MPI_THREAD_MULTIPLE the lock is off and
 * an entry point pays one predictable branch.  Nested entries (a user's
 * error handler, reduction or attribute callback calling MPI) count
 * depth per thread and do not take the lock again.
 */
#ifndef TESSERA_RUNTIME_THREADS_H
#define TESSERA_RUNTIME_THREADS_H

#include <stdbool.h>

extern bool threads_lock_on;
/* Initial-exec: read at every entry, and the default model for a shared
 * library calls __tls_get_addr each time (60 instructions of a send and
 * receive to oneself).  Four bytes of glibc's reserve for libraries that
 * are dlopen'd, as libmpi is under mpi4py. */
#define THREADS_TLS __attribute__((tls_model("initial-exec")))
extern _Thread_local unsigned threads_depth THREADS_TLS;

void threads_lock(void);
void threads_unlock(void);
/* MPI_THREAD_MULTIPLE granted: the lock is on from the next call. */
void threads_enable(void);

static inline bool threads_enter(void)
{
    if (__builtin_expect(!threads_lock_on, 1))
        return false;
    if (threads_depth++ == 0)
        threads_lock();
    return true;
}

static inline void threads_leave(const bool *entered)
{
    if (__builtin_expect(*entered, 0) && --threads_depth == 0)
        threads_unlock();
}

/* The first statement of an entry point: the lock until it returns. */
#define THREADS_ENTER() const bool threads_entered_ __attribute__((cleanup(threads_leave), unused)) = threads_enter()

/* An entry point that is one call, `return THREADS_CALL(f(...));`: with the
 * lock off, f is a tail call (THREADS_ENTER's check on return would keep
 * the caller's frame alive: 2% of a send and receive to oneself). */
#define THREADS_CALL(call)                                            \
    (__builtin_expect(!threads_lock_on, 1) ? (call) : __extension__({ \
        THREADS_ENTER();                                              \
        (call);                                                       \
    }))

/* From a wait that found nothing to do: when another thread is waiting for
 * the lock, hand it over and take it back after that thread's call or
 * wait.  Nothing when the lock is off or nobody waits. */
void threads_hand_over(void);
static inline void threads_let_others_in(void)
{
    if (__builtin_expect(threads_lock_on, 0))
        threads_hand_over();
}

/* Whether the lock is on and this thread holds it (a wait may release it). */
static inline bool threads_holding(void)
{
    return threads_lock_on && threads_depth > 0;
}

/* A wait that sleeps: the lock goes for the length of the sleep.  Threads
 * that sleep are woken whenever another thread of this process leaves the
 * library or makes progress in a wait (threads_wake_sleepers), since that
 * thread may have completed what they sleep on without any peer's
 * doorbell ringing. */
void threads_sleep_begin(void);
void threads_sleep_end(void);
void threads_wake_sleepers(void);
/* A wait's poll did something: wake the sleepers, if any. */
void threads_wake_if_sleeping(void);
static inline void threads_progress_made(void)
{
    if (__builtin_expect(threads_lock_on, 0))
        threads_wake_if_sleeping();
}

#endif
