/*
 * rndv_choice.h -- which way a large message from one sender moves now,
 * learnt from the messages' own times.
 *
 * Between two processes with a core each, a large contiguous message can
 * go through the pair's rings (the sender copies in, the receiver out:
 * the pipeline) or be split, each side copying half with one
 * process_vm_readv or process_vm_writev (rndv.c).  mpirun measures which
 * is faster once, at launch, with blocks that stay in the caches
 * (tools/mpirun/probe.c), and its answer held for the whole run.  It does
 * not hold for every pair or every minute: on the Zen 5 host, for minutes
 * at a time the two vCPUs sit far apart, and two processes exchanging 4
 * MiB both ways, each writing its send buffer before each exchange, took
 * 740-990 us through the rings against 406-456 split (Open MPI 515-745),
 * while in the other state the rings are the faster (160-170 against
 * 280-300 with the buffers untouched; docs/perf.md, "Large exchanges:
 * the way learnt per sender").  One message's way is the receiver's to
 * choose, so each receiver times its large receives from each sender, each
 * way, and takes the faster:
 *
 * - the rings first (mpirun's answer), then one split to compare;
 * - the way in use is timed at every message and smoothed; the other is
 *   tried again only when there is reason, the gaps between trials
 *   doubling from CHOICE_PERIOD_MIN to CHOICE_PERIOD_MAX messages while
 *   they confirm the way in use: while splitting, the rings; while on the
 *   rings, a split once the rings have become CHOICE_SLOWER times slower
 *   than the best they have been from this sender (one trial that came
 *   out slow, or a program that changes what it does, is tried again);
 * - the other way must be faster by a margin (CHOICE_MARGIN) to be taken.
 *
 * The times are the receiver's own, from the match to the last byte, or
 * to the end of the last large send to the same process that was still
 * out (rndv.c: an exchange both ways costs until both directions are
 * done); both ways need the sender in MPI.  A message split right after others went
 * through the rings finds the sender's lines in the sender's caches, as
 * a program's freshly written data would be: a split timed then is not
 * flattered by a benchmark's unchanged buffers.
 */
#ifndef TESSERA_P2P_RNDV_CHOICE_H
#define TESSERA_P2P_RNDV_CHOICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Messages from this size up are timed and chosen for; smaller ones keep
 * mpirun's answer (256 KiB both ways through the rings took 9.6 us
 * against 17-21 split, in the state where the rings are fast). */
#define CHOICE_MIN_BYTES (256 * 1024)
#define CHOICE_MARGIN 0.8   /* the other way's time over this way's below which it is taken */
#define CHOICE_SLOWER 1.25  /* rings this much slower than at the last split: time a split again */
#define CHOICE_PERIOD_MIN 8 /* messages between trials */
#define CHOICE_PERIOD_MAX 256

typedef struct rndv_choice {
    double ring_ns, split_ns; /* nanoseconds a byte, each way; 0: not timed yet */
    double ring_best;         /* the lowest ring_ns so far */
    uint32_t rings_timed;     /* messages timed through the rings so far (the first few warm up) */
    uint32_t since;           /* messages since the way not in use was last tried */
    uint32_t period;          /* messages between trials of the way not in use */
    bool splitting;           /* the way in use */
} rndv_choice_t;

/* Whether the next large message from this sender is split. */
bool rndv_choice_split(rndv_choice_t *c);
/* How long (seconds) one of `bytes` took, split or through the rings. */
void rndv_choice_note(rndv_choice_t *c, bool split, size_t bytes, double seconds);

#endif
