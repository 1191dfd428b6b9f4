/*
 * sched.h -- collective operations as schedules of point-to-point steps.
 *
 * An algorithm does not move data itself: it writes down, once, what
 * each round of the operation does on this process (sends, receives,
 * local copies and reductions), and the engine runs the rounds.  Every
 * step of a round starts together; the next round starts when all of the
 * round's messages have completed.  Local steps run when their round
 * starts, so a reduction of data received in round k goes in round k+1.
 *
 * The same schedule serves the three ways MPI calls a collective: the
 * blocking call runs it to the end (sched_run), the nonblocking call
 * hands it to the progress engine behind a request (sched_start), and
 * the persistent call keeps it and runs it again at each MPI_Start.
 *
 * Messages travel on the communicator's internal context (never seen by
 * user point-to-point), under a tag drawn from a per-communicator
 * sequence: every process calls collectives on a communicator in the
 * same order, so the n-th collective gets the same tag everywhere and
 * any number may be outstanding at once without their messages mixing.
 */
#ifndef TESSERA_COLL_SCHED_H
#define TESSERA_COLL_SCHED_H

#include <stdbool.h>
#include <stddef.h>

#include "dt/buffer.h"
#include "obj/comm.h"
#include "op/op.h"
#include "p2p/p2p.h"
#include "progress/progress.h"
#include "request/request.h"

typedef struct sched sched_t;

/* A new empty schedule for a collective on comm, with the next tag of
 * comm's sequence.  NULL when out of memory. */
sched_t *sched_new(comm_t *comm);
/* The next tag of comm's sequence, for a blocking algorithm that sends
 * messages of its own; every process must take it in the same call. */
int sched_next_tag(comm_t *comm);
/* A collective's completed message: MPI_SUCCESS, its error, or
 * MPI_ERR_TRUNCATE (described) for a receive whose message was of
 * another length than expected -- every receive of a collective knows
 * exactly how much data to expect. */
int sched_message_outcome(const request_t *req);
/* Wait for n messages that an algorithm posted itself (a shared-memory
 * one sending large blocks as messages) as a schedule waits for a
 * round's, on whichever process moves next rather than on one peer at a
 * time, then free them.  Returns the first outcome that is not
 * MPI_SUCCESS, or MPI_SUCCESS. */
int sched_wait_messages(request_t **req, int n);
/* Withdraw and free a receive that such an algorithm posted ahead and
 * that no message will match (its block came through shared memory). */
void sched_withdraw(request_t *req);
void sched_free(sched_t *s);

/* The steps, in order.  Ranks are ranks of the group the messages go to
 * (the communicator's, or the remote group of an intercommunicator).
 * The data must stay valid until the schedule completes; sched_alloc and
 * sched_tmp give memory that lives exactly as long as the schedule. */
void sched_send(sched_t *s, const dt_buffer_t *data, int peer);
void sched_recv(sched_t *s, const dt_buffer_t *data, int peer);
/* A receive from a process that serves several in the same round (a
 * root): a large message is read with one copy where allowed, the
 * receivers copying in parallel instead of the sender for each (with
 * more than two processes; between two the pipeline is faster). */
void sched_recv_pull(sched_t *s, const dt_buffer_t *data, int peer);
/* A receive at a process that takes one from every other at once while
 * they only wait (a gather's root): a large message is split between
 * the two sides even where ranks outnumber cores (RECV_GATHERING, p2p.h). */
void sched_recv_gathering(sched_t *s, const dt_buffer_t *data, int peer);
/* A receive, posted before this process gets busy, of data its sender
 * has just written and then only waits: a large message is written whole
 * by the sender where allowed (RECV_PUSHED, p2p.h). */
void sched_recv_pushed(sched_t *s, const dt_buffer_t *data, int peer);
/* A block of an exchange, where every process serves all the others:
 * pulled as sched_recv_pull, but through the rings when sched_stream
 * finds them cached. */
void sched_recv_exchange(sched_t *s, const dt_buffer_t *data, int peer);
/* A send from a process that serves several in the same round (a root's
 * block for each process): with four processes or more, blocks within the
 * eager limit are offered too, for the receiver to read with one copy
 * (p2p_isend_offer), instead of the sender copying each in turn. */
void sched_send_offer(sched_t *s, const dt_buffer_t *data, int peer);
/* A send that goes by rendezvous even within the eager limit (a
 * synchronous send: the receiver posts a plain receive), so that where a
 * rendezvous is split (rndv.c) each side copies half instead of each
 * copying the whole through the rings. */
void sched_send_split(sched_t *s, const dt_buffer_t *data, int peer);
/* A send straight from the caller's send buffer (data this call has not
 * written) and the receive its partner posts for it: between two processes
 * offered and pulled where that pays (sched_pair_pulls), as plain messages
 * elsewhere.  Only for such data: lines the sender has just written come
 * from its core's cache, and pulling those cost more than the rings on
 * the machine where pulls won (512 KiB: 73 us against 21 from a buffer
 * only read, docs/perf.md).  Both ends must use them, or neither. */
void sched_send_sendbuf(sched_t *s, const dt_buffer_t *data, int peer);
void sched_recv_sendbuf(sched_t *s, const dt_buffer_t *data, int peer);
/* The rules of those two for an algorithm that posts its own messages
 * (a shared-memory one sending large blocks as messages): whether a
 * process serving comm's others offers its blocks (p2p_isend_offer), and
 * whether a receiver from it pulls (RECV_PULL, p2p.h).  Between two
 * processes, both where the machine reads another process's memory
 * faster than the rings carry it (p2p_pulls_pay) and each has a core
 * (sched_pair_pulls; oversubscribed pairs not measured).  Among more,
 * the receiver reads only where p2p/rndv.c lets it (rndv_init: with
 * ranks outnumbering cores, where pulls pay); otherwise an offer is a
 * plain message. */
static inline bool sched_pair_pulls(const comm_t *comm)
{
    return comm_peer_count(comm) == 2 && p2p_pulls_pay() && !progress_oversubscribed();
}
static inline bool sched_offers(const comm_t *comm)
{
    return comm_peer_count(comm) >= 4 || sched_pair_pulls(comm);
}
static inline bool sched_pulls(const comm_t *comm)
{
    return comm_peer_count(comm) > 2 || sched_pair_pulls(comm);
}
/* Whether a block of `bytes` sent to a gather's root goes split
 * (sched_send_split) rather than eager: between two processes with a
 * core each where pulls pay, from 64 KiB, so that the root, which copies
 * its own block too, copies only half of the other's.  Intel host, roots
 * rotating, MPI_Gather, us, split / eager: 64 KiB 4.1-4.3 / 4.8-5.5
 * (MPICH 4.75-4.92); below the eager copies win, 32 KiB 3.27-3.31 /
 * 3.14-3.17, 48 KiB read by the root alone 4.19-4.40 / 4.04-4.08
 * (docs/perf.md). */
static inline bool sched_gather_splits(const comm_t *comm, size_t bytes)
{
    return bytes >= 64 * 1024 && sched_pair_pulls(comm);
}
/* Whether an exchange, where every process serves all the others, offers
 * its blocks within the eager limit too: where every process has a core
 * of its own, or where pulls pay (p2p_pulls_pay).  An eager block costs a
 * copy at each end, and in an exchange every process makes both; offered,
 * each makes one.  Oversubscribed, each rendezvous waits for its partner
 * to be scheduled, and on the AMD host the slots won by 1.3-7x; on the
 * Intel host, where pulls pay, offered 64 KiB blocks at 4 processes took
 * 31 us against 51 through the slot (alltoall_common.c, docs/perf.md). */
static inline bool sched_exchange_offers(const comm_t *comm)
{
    return sched_offers(comm) && (!progress_oversubscribed() || p2p_pulls_pay());
}
/* Write the destinations of every receive and copy recorded so far around
 * the caches: the call moves bytes at this process, more than half its
 * share of the last-level cache (dt/buffer.h). */
void sched_stream(sched_t *s, size_t bytes);
/* On an intercommunicator: until turned off again, the messages recorded
 * stay in the caller's own group (its hidden local communicator), and
 * ranks name processes there.  The intercommunicator algorithms use it to
 * run an intracommunicator algorithm on comm->local as one phase. */
void sched_local_group(sched_t *s, bool on);
/* Copy src's data stream into dst's (as many bytes as src has). */
void sched_copy(sched_t *s, const dt_buffer_t *src, const dt_buffer_t *dst);
/* inout = in op inout, count elements of dt. */
void sched_reduce(sched_t *s, op_t *op, const void *in, void *inout, MPI_Count count, datatype_t *dt);
/* Run fn(arg) when the schedule gets there (after the rounds before); an
 * error it returns is the schedule's.  For work that needs what the
 * messages before brought, such as a new communicator's context. */
void sched_call(sched_t *s, int (*fn)(void *arg), void *arg);
/* End the round: later steps wait for every message before them. */
void sched_round(sched_t *s);

/* Memory freed with the schedule; NULL when out of memory (the schedule
 * is then marked failed and sched_run/sched_start report it). */
void *sched_alloc(sched_t *s, size_t bytes);
/* Room for count elements of dt, addressed as the user addresses a
 * buffer of them (the result may point before the allocation when dt's
 * lower bound is positive, as the user's own pointers would). */
void *sched_tmp(sched_t *s, MPI_Count count, const datatype_t *dt);
/* Keep dt and op alive while the schedule exists (the user may free them
 * while a nonblocking collective runs). */
void sched_hold_type(sched_t *s, datatype_t *dt);
void sched_hold_op(sched_t *s, op_t *op);

/* This process's own arguments are wrong in a way only it can see (its
 * send and receive amounts differ): every run of s starts failed, sends
 * messages the others will not expect so that they fail too, and
 * reports rc. */
void sched_fail(sched_t *s, int rc);

/* Run to the end and free the schedule; returns the first error. */
int sched_run(sched_t *s);
/* Start it behind a new request (kind REQUEST_COLL) that completes when
 * the last round does; the schedule is freed then, or kept for the next
 * start when persistent is true (the request is then persistent). */
int sched_start(sched_t *s, comm_t *comm, bool persistent, request_t **out);
/* MPI_Start of a persistent collective request. */
void sched_restart(request_t *req);
/* MPI_Request_free of an inactive persistent collective request. */
void sched_release(request_t *req);

/* One pass over the schedules in flight; returns how many finished. */
int sched_progress_all(void);
/* MPI_Finalize: frees the scratch memory kept for later schedules. */
void sched_finalize(void);

#endif
