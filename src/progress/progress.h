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

struct request;

/* A wait names the world rank whose message or reply can end it, or
 * PROGRESS_ANY_PEER when that is not one rank (wildcards, sets of requests;
 * the -1 that comm_world_peer() gives for them).  Oversubscribed, it
 * decides whether spinning can help: not while that rank is awake on this
 * rank's own CPU. */
#define PROGRESS_ANY_PEER (-1)

/* Decide the policy for a job of nranks ranks placed on ncpus CPUs (0
 * when not known); returns whether senders must ring doorbells. */
bool progress_init(int mode, bool oversubscribed, int nranks, int ncpus);
int progress_poll(void);
/* Whether this job has more ranks than CPUs (the same answer everywhere). */
bool progress_oversubscribed(void);
/* Whether a wait for a counter in the segment should say so
 * (shm_stall_begin), for waiters on this rank's CPU to see. */
bool progress_stall_hints(void);
/* A test (MPI_Test, MPI_Iprobe and the like) found nothing: when ranks
 * outnumber cores, a run of these steps aside as a wait would, so that a
 * loop of tests does not keep the ranks it waits for off this CPU. */
void progress_test_idle(int world_peer);
/* Wait until the request is complete. */
void progress_wait(const struct request *req);
/* Wait until done(arg) is true, polling and waiting as progress_wait. */
void progress_wait_until(bool (*done)(void *arg), void *arg, int world_peer);

#endif
