/*
 * progress.h -- the progress engine and the wait policy.
 *
 * progress_poll() does one pass: deliver what has arrived, push what waits
 * for room.  progress_wait() polls until a flag turns true, and decides how
 * to wait in between: spin, then yield the core, then (when ranks outnumber
 * cores) sleep on the doorbell that senders ring.
 */
#ifndef TESSERA_PROGRESS_PROGRESS_H
#define TESSERA_PROGRESS_PROGRESS_H

#include <stdbool.h>

enum wait_mode {
    WAIT_AUTO = 0, /* spin and yield; also sleep when oversubscribed */
    WAIT_SPIN = 1, /* never give the core away */
    WAIT_YIELD = 2,
    WAIT_SLEEP = 3,
};

/* Decide the policy; returns whether senders must ring doorbells. */
bool progress_init(int mode, bool oversubscribed, bool shm_active);
int progress_poll(void);
void progress_wait(const bool *done);
/* Wait until done(arg) is true, polling and waiting as progress_wait. */
void progress_wait_until(bool (*done)(void *arg), void *arg);

#endif
