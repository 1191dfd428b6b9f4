/*
 * ring.c -- per-pair single-writer rings: the shm transport's message path.
 *
 * For each ordered pair (sender, receiver) there is a ring of 64-byte header
 * slots and a data ring (segment.h).  Only the sender writes slots and data;
 * only the receiver writes the pair's control line.  A slot holds the wire
 * header and up to SHM_INLINE_BYTES of payload, so a small message is one
 * cache line moving from one core to another.  Longer payloads go to the
 * data ring, in the same order as their slots, so the receiver finds each
 * one where the previous one ended, or at the ring's beginning when the
 * slot says the sender started over there (shm_window_end).
 *
 * A slot is valid when its seq is the lap number (position / slots) plus
 * one: zeroed memory is never valid, and a slot left from the previous lap
 * carries the previous lap's number.  The sender writes the slot and then
 * publishes seq with a release store; the receiver reads seq with an
 * acquire load and then the slot.  No read-modify-write on either side.
 */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "p2p/p2p.h"
#include "runtime/threads.h"
#include "runtime/tunables.h"
#include "transport/shm/segment.h"
#include "transport/shm/shm.h"
#include "transport/transport.h"
#include "util/atomics.h"
#include "util/copy.h"
#include "util/log.h"

#define SHM_INLINE_BYTES WIRE_INLINE_BYTES

typedef struct shm_slot {
    _Atomic uint32_t seq;
    uint32_t len;
    wire_hdr_t hdr;
    uint8_t payload[SHM_INLINE_BYTES];
} shm_slot_t;

static_assert(sizeof(shm_slot_t) == CACHE_LINE, "a slot is one cache line");

/* Where a message's payload goes: the slot, or up to two pieces of the data
 * ring (split where it wraps). */
typedef struct shm_space {
    void *part[2];
    size_t len[2];
} shm_space_t;

/* One direction of one pair, as seen by the process that owns that end. */
typedef struct shm_channel {
    shm_pair_ctl_t *ctl;
    shm_slot_t *slots;
    uint8_t *data;
    uint64_t slot_pos;       /* sender: next slot to write; receiver: next to read */
    uint64_t data_pos;       /* same, in data-ring bytes */
    uint64_t slots_consumed; /* sender: last value read from ctl */
    uint64_t data_consumed;
    uint64_t slots_published; /* receiver: last value written to ctl */
    uint64_t data_published;
    uint64_t window;   /* sender: how far into the data ring it writes before asking to start over */
    bool started_over; /* sender: the message being written goes to the ring's beginning */
    /* Receiver: the seq of the slot at slot_pos and the value that says it
     * holds a message, kept as slot_pos moves so that a look costs a load
     * and a compare (shm_watch_next). */
    const _Atomic uint32_t *next_seq;
    uint32_t next_lap;
    int peer; /* receiver: the sender */
    /* Sender: messages shm_send wrote since the last one received from
     * this peer.  From the second on the peer is most likely still busy
     * with the first (a stream, not a ping-pong): ring_copy. */
    uint32_t unanswered;
    /* Sender: since the window's last end, a message found the receiver
     * still busy with earlier ones (shm_note_stream). */
    bool streamed;
} shm_channel_t;

static struct {
    void *base;
    int rank;
    int nranks;
    uint32_t slot_count;
    uint32_t lap_shift; /* log2(slot_count) */
    uint64_t data_bytes;
    int sleep_enabled;
    _Atomic unsigned sleepers; /* this process's threads in shm_doorbell_wait */
    shm_channel_t *tx;         /* indexed by destination rank */
    shm_channel_t *rx;         /* indexed by source rank */
    shm_channel_t **watched;   /* the rx channels of the other ranks, in rank order */
    shm_rank_slot_t *me;
    shm_header_t *hdr;
} shm;

static uint64_t round_to_line(uint64_t n)
{
    return (n + CACHE_LINE - 1) & ~(uint64_t)(CACHE_LINE - 1);
}

/*
 * A sender keeps to the first SHM_WINDOW_FIRST bytes of its data ring
 * while the receiver keeps up: at the window's end it looks whether the
 * ring is empty, and if so starts over at the beginning, else widens the
 * window (to the whole ring for a pair that streams).  The data ring is
 * mapped untouched, and going round the whole megabyte every page of the
 * first lap costs two page faults (the sender's zeroes it): a pair trading
 * 1-2 KiB messages paid one every two or three messages, and QR on 256 x
 * 256 at 2 ranks (an allreduce of 1-2 KiB a column) stayed within that
 * lap for all its factorizations, 2.09-2.71 ms against 1.86-1.92 with the
 * window (docs/perf.md).  A window's end comes once in 256 KiB of data, so
 * the look at the receiver's line costs nothing per message.  Not smaller:
 * with 64 KiB a 4 KiB ping-pong took 1.15-1.18 us one way against
 * 0.95-1.02, the sender writing lines the receiver still held.
 *
 * A pair that streams goes round the whole ring even when the receiver
 * has caught up by the window's end: a stream sent in bursts of exactly
 * the window (64 messages of 4 KiB, then an answer) started over every
 * time and wrote, message after message, lines the receiver had read
 * moments before and still held, where round the whole ring it writes
 * lines both caches have let go.  Zen 5 host, windowed bandwidth, medians
 * of 3-5 launches alternating (GB/s), a buffer per message: 1 KiB 14.5 ->
 * 14.9, 2 KiB 21.4 -> 23.9, 4 KiB 27.0 -> 31.4 (MPICH 24.6); one buffer:
 * 16.3 -> 16.9, 21.5 -> 23.0, 26.4 -> 28.3 (MPICH 24.9); 8-64 KiB level.
 * Ping-pongs never stream and keep their window (latency and 2-rank
 * collectives level); a large message's chunks are not a stream
 * (shm_note_stream).
 */
/* In a slot's len: the payload starts at the data ring's beginning. */
#define SHM_STARTED_OVER (1u << 31)

/* The data ring position where the lap after pos's begins. */
static inline uint64_t shm_next_lap(uint64_t pos)
{
    return (pos | (shm.data_bytes - 1)) + 1;
}

/* A receiver's next slot to look at, after slot_pos moved. */
static inline void shm_watch_next(shm_channel_t *ch)
{
    ch->next_seq = &ch->slots[ch->slot_pos & (shm.slot_count - 1)].seq;
    ch->next_lap = (uint32_t)(ch->slot_pos >> shm.lap_shift) + 1;
}

static void shm_channel_attach(shm_channel_t *ch, int sender, int receiver)
{
    char *area = shm_pair_area(shm.base, (uint32_t)sender, (uint32_t)receiver);
    ch->ctl = (shm_pair_ctl_t *)area;
    ch->slots = (shm_slot_t *)(area + CACHE_LINE);
    ch->data = (uint8_t *)area + shm_pair_data_offset(shm.slot_count);
    ch->window = SHM_WINDOW_FIRST < shm.data_bytes ? SHM_WINDOW_FIRST : shm.data_bytes;
    ch->peer = sender;
    shm_watch_next(ch);
}

int shm_transport_init(void *segment, int rank, int nranks, int sleep_enabled)
{
    shm_header_t *hdr = segment;
    shm.hdr = hdr;
    shm.base = segment;
    shm.rank = rank;
    shm.nranks = nranks;
    shm.slot_count = hdr->ring_slots;
    shm.lap_shift = (uint32_t)__builtin_ctz(hdr->ring_slots);
    shm.data_bytes = hdr->ring_data_bytes;
    shm.sleep_enabled = sleep_enabled;
    shm.me = shm_rank_slot(segment, (uint32_t)rank);
    atomic_store_explicit(&shm.me->cpu, sched_getcpu(), memory_order_relaxed);
    atomic_store_explicit(&shm.me->awaits, -1, memory_order_relaxed);
    /* An eager message must fit the data ring with room to spare for the
     * next one; a pipeline chunk is a quarter ring so two can be in flight. */
    size_t eager = tunables.eager_limit;
    if (eager > shm.data_bytes / 2)
        eager = shm.data_bytes / 2;
    transport_shm.eager_limit = eager;
    transport_shm.chunk_limit = shm.data_bytes / 4;
    transport_shm.ring_bytes = shm.data_bytes;
    shm.tx = calloc((size_t)nranks, sizeof *shm.tx);
    shm.rx = calloc((size_t)nranks, sizeof *shm.rx);
    shm.watched = calloc((size_t)nranks, sizeof *shm.watched);
    if (!shm.tx || !shm.rx || !shm.watched)
        return -1;
    /* Attaching computes addresses only; no page of a pair area is touched
     * until a message crosses it. */
    for (int peer = 0; peer < nranks; peer++) {
        if (peer == rank)
            continue;
        shm_channel_attach(&shm.tx[peer], rank, peer);
        shm_channel_attach(&shm.rx[peer], peer, rank);
        shm.watched[peer < rank ? peer : peer - 1] = &shm.rx[peer];
    }
    return 0;
}

void shm_transport_finalize(void)
{
    free(shm.tx);
    free(shm.rx);
    free(shm.watched);
    shm.tx = shm.rx = NULL;
    shm.watched = NULL;
}

shm_coll_slot_t *shm_coll_slot_of(int rank, unsigned slot)
{
    return shm.base ? shm_coll_slot(shm.base, (uint32_t)rank, slot) : NULL;
}

_Atomic uint32_t *shm_idup_users_of_job(void)
{
    return shm_idup_users(shm.base);
}

_Atomic uint64_t *shm_claim_table_of_job(void)
{
    return shm_claim_table(shm.base);
}

void shm_rank_domains(int rank, long ids[TOPO_LEVELS])
{
    shm_rank_slot_t *slot = shm_rank_slot(shm.base, (uint32_t)rank);
    /* MPI_Init is not a barrier: a peer may still be starting. */
    while (atomic_load_explicit(&slot->state, memory_order_acquire) == SHM_RANK_STARTED)
        sched_yield();
    for (int i = 0; i < TOPO_LEVELS; i++)
        ids[i] = (long)slot->domain[i];
}

int shm_rank_pid(int rank)
{
    return atomic_load_explicit(&shm_rank_slot(shm.base, (uint32_t)rank)->pid, memory_order_relaxed);
}

static long futex(_Atomic uint32_t *word, int op, uint32_t val, const struct timespec *timeout)
{
    return syscall(SYS_futex, (uint32_t *)word, op, val, timeout, NULL, 0);
}

/* Wake dest if it sleeps.  Pairs with shm_doorbell_wait(): we published a
 * slot and then look at `sleeping`; the sleeper stored `sleeping` and then
 * looks at its rings.  With a seq_cst fence between store and load on both
 * sides, at least one of us sees the other's store, so no wake-up is lost. */
void shm_doorbell_ring(int dest)
{
    if (!shm.sleep_enabled)
        return;
    shm_rank_slot_t *peer = shm_rank_slot(shm.base, (uint32_t)dest);
    atomic_thread_fence(memory_order_seq_cst);
    /* Clearing `sleeping` here, not only when the sleeper wakes, shows
     * the woken rank as awake to waiters on its CPU before it gets to run:
     * they yield to it instead of spinning it out. */
    if (atomic_load_explicit(&peer->sleeping, memory_order_relaxed) &&
        atomic_exchange_explicit(&peer->sleeping, 0, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&peer->bell, 1, memory_order_relaxed);
        /* All: under MPI_THREAD_MULTIPLE several threads may sleep there. */
        futex(&peer->bell, FUTEX_WAKE, INT_MAX, NULL);
    }
}

void shm_doorbell_wake_own(void)
{
    if (!shm.base)
        return;
    atomic_fetch_add_explicit(&shm.me->bell, 1, memory_order_seq_cst);
    futex(&shm.me->bell, FUTEX_WAKE, INT_MAX, NULL);
}

/* Pairs with shm_doorbell_wait() as shm_doorbell_ring() does: a sleeper
 * counts itself in `asleep` before it looks a last time at what it waits
 * for, so either it sees what we published or we see it counted. */
bool shm_anyone_asleep(void)
{
    atomic_thread_fence(memory_order_seq_cst);
    return atomic_load_explicit(&shm.hdr->asleep, memory_order_relaxed) != 0;
}

bool shm_doorbells_enabled(void)
{
    return shm.sleep_enabled;
}

void shm_stall_begin(const _Atomic uint64_t *counter, uint64_t target)
{
    atomic_store_explicit(&shm.me->stalled_until, target, memory_order_relaxed);
    atomic_store_explicit(&shm.me->stalled_on, (uint64_t)((const char *)counter - (const char *)shm.base),
                          memory_order_release);
}

void shm_stall_end(void)
{
    atomic_store_explicit(&shm.me->stalled_on, 0, memory_order_relaxed);
}

/* Whether the rank of this slot waits for a counter that has not reached
 * its target yet (a snapshot: it may move the moment after). */
static bool shm_rank_stalled(shm_rank_slot_t *slot)
{
    uint64_t on = atomic_load_explicit(&slot->stalled_on, memory_order_acquire);
    if (!on)
        return false;
    uint64_t until = atomic_load_explicit(&slot->stalled_until, memory_order_relaxed);
    const _Atomic uint64_t *counter = (const _Atomic uint64_t *)((const char *)shm.base + on);
    return atomic_load_explicit(counter, memory_order_relaxed) < until;
}

/* Whether the rank is awake on this CPU (and, when asked, not stalled):
 * running it instead of spinning here would move the job on. */
static bool shm_rank_could_run_on(int rank, int cpu, bool skip_stalled)
{
    shm_rank_slot_t *slot = shm_rank_slot(shm.base, (uint32_t)rank);
    return atomic_load_explicit(&slot->cpu, memory_order_relaxed) == cpu &&
           !atomic_load_explicit(&slot->sleeping, memory_order_relaxed) && !(skip_stalled && shm_rank_stalled(slot));
}

bool shm_rank_answers_late(int peer)
{
    shm_rank_slot_t *slot = shm_rank_slot(shm.base, (uint32_t)peer);
    return atomic_load_explicit(&slot->yielded, memory_order_relaxed) ||
           atomic_load_explicit(&slot->sleeping, memory_order_relaxed) ||
           atomic_load_explicit(&slot->awaits_several, memory_order_relaxed);
}

bool shm_rank_awaits_several(int peer)
{
    return atomic_load_explicit(&shm_rank_slot(shm.base, (uint32_t)peer)->awaits_several, memory_order_relaxed);
}

int shm_rank_awaited(int peer)
{
    return atomic_load_explicit(&shm_rank_slot(shm.base, (uint32_t)peer)->awaits, memory_order_relaxed);
}

bool shm_rank_awaits_us_beside(int peer)
{
    return peer >= 0 && shm_rank_awaited(peer) == shm.rank && shm_cpu_shared(peer, false);
}

void shm_await_several(bool on)
{
    if (atomic_load_explicit(&shm.me->awaits_several, memory_order_relaxed) != on)
        atomic_store_explicit(&shm.me->awaits_several, on, memory_order_relaxed);
}

void shm_await_rank(int peer)
{
    if (atomic_load_explicit(&shm.me->awaits, memory_order_relaxed) != peer)
        atomic_store_explicit(&shm.me->awaits, peer, memory_order_relaxed);
}

void shm_long_wait(bool on)
{
    if (on)
        shm_long_wait_moved();
    atomic_store_explicit(&shm.me->long_wait, on, memory_order_release);
}

void shm_long_wait_moved(void)
{
    atomic_fetch_add_explicit(&shm.me->long_wait_moves, 1, memory_order_release);
}

void shm_yield(void)
{
    atomic_store_explicit(&shm.me->yielded, 1, memory_order_relaxed);
    sched_yield();
    atomic_store_explicit(&shm.me->yielded, 0, memory_order_relaxed);
}

bool shm_cpu_shared(int peer, bool skip_stalled)
{
    int cpu = sched_getcpu();
    if (atomic_load_explicit(&shm.me->cpu, memory_order_relaxed) != cpu)
        atomic_store_explicit(&shm.me->cpu, cpu, memory_order_relaxed);
    if (peer >= 0)
        return peer != shm.rank && shm_rank_could_run_on(peer, cpu, skip_stalled);
    for (int r = 0; r < shm.nranks; r++)
        if (r != shm.rank && shm_rank_could_run_on(r, cpu, skip_stalled))
            return true;
    return false;
}

static inline int shm_channel_has_message(const shm_channel_t *ch)
{
    return atomic_load_explicit(ch->next_seq, memory_order_acquire) == ch->next_lap;
}

void shm_doorbell_wait(bool (*done)(void *arg), void *arg)
{
    /* Read before the library lock goes (MPI_THREAD_MULTIPLE): another
     * thread's progress after that moves the bell (threads_wake_sleepers),
     * and the wait below then returns at once. */
    uint32_t bell = atomic_load_explicit(&shm.me->bell, memory_order_seq_cst);
    atomic_fetch_add_explicit(&shm.sleepers, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&shm.hdr->asleep, 1, memory_order_relaxed);
    atomic_store_explicit(&shm.me->sleeping, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
    /* What the waiter waits for may have happened after it last looked and
     * before `sleeping` was visible: look once more. */
    int any = done(arg);
    for (int i = 0; i < shm.nranks - 1 && !any; i++)
        any = shm_channel_has_message(shm.watched[i]);
    if (!any) {
        threads_sleep_begin();
        /* The timeout only bounds the cost of a bug; wake-ups do not rely on it. */
        struct timespec timeout = {.tv_sec = 0, .tv_nsec = 50 * 1000 * 1000};
        futex(&shm.me->bell, FUTEX_WAIT, bell, &timeout);
        threads_sleep_end();
    }
    /* The last of this process's sleepers shows it awake; one still asleep
     * (MPI_THREAD_MULTIPLE) keeps `sleeping` set, or is the one that set
     * it again after we cleared it. */
    atomic_fetch_sub_explicit(&shm.hdr->asleep, 1, memory_order_relaxed);
    if (atomic_fetch_sub_explicit(&shm.sleepers, 1, memory_order_seq_cst) == 1) {
        atomic_store_explicit(&shm.me->sleeping, 0, memory_order_seq_cst);
        if (atomic_load_explicit(&shm.sleepers, memory_order_seq_cst))
            atomic_store_explicit(&shm.me->sleeping, 1, memory_order_seq_cst);
    }
}

/* A message of `need` bytes at `at` would pass the sender's window: start
 * over at the ring's beginning if the receiver has taken everything, and
 * widen the window if it must.  Returns where the message goes. */
static uint64_t shm_window_end(shm_channel_t *ch, uint64_t at, uint64_t need)
{
    bool streamed = ch->streamed;
    ch->streamed = false;
    if (at != 0 && !streamed && atomic_load_acquire_u64(&ch->ctl->data_consumed) == ch->data_pos) {
        /* To the next lap's start: the bytes skipped count as consumed,
         * here at once, for the receiver when it reads the message's place. */
        ch->data_pos = shm_next_lap(ch->data_pos);
        ch->data_consumed = ch->data_pos;
        ch->started_over = true;
        at = 0;
    }
    while (at + need > ch->window && ch->window < shm.data_bytes)
        ch->window *= 2;
    return at;
}

/* Room for one message of len payload bytes to the channel's receiver:
 * returns its slot and says where the payload goes (the slot itself, or
 * one or two pieces of the data ring, split where the ring wraps), or NULL
 * when there is no room now. */
static inline shm_slot_t *shm_reserve(shm_channel_t *ch, size_t len, shm_space_t *space)
{
    if (ch->slot_pos - ch->slots_consumed >= shm.slot_count) {
        ch->slots_consumed = atomic_load_acquire_u64(&ch->ctl->slots_consumed);
        if (ch->slot_pos - ch->slots_consumed >= shm.slot_count)
            return NULL;
    }
    shm_slot_t *slot = &ch->slots[ch->slot_pos & (shm.slot_count - 1)];
    if (len <= SHM_INLINE_BYTES) {
        space->part[0] = slot->payload;
        space->len[0] = len;
        space->part[1] = NULL;
        space->len[1] = 0;
        return slot;
    }
    uint64_t need = round_to_line(len);
    if (ch->data_pos + need - ch->data_consumed > shm.data_bytes) {
        /* After starting over the cached value is ahead of the receiver's
         * until it reads that message. */
        uint64_t consumed = atomic_load_acquire_u64(&ch->ctl->data_consumed);
        if (consumed > ch->data_consumed)
            ch->data_consumed = consumed;
        if (ch->data_pos + need - ch->data_consumed > shm.data_bytes)
            return NULL;
    }
    uint64_t at = ch->data_pos & (shm.data_bytes - 1);
    if (__builtin_expect(at + need > ch->window && ch->window < shm.data_bytes, 0))
        at = shm_window_end(ch, at, need);
    size_t first = len < shm.data_bytes - at ? len : (size_t)(shm.data_bytes - at);
    space->part[0] = ch->data + at;
    space->len[0] = first;
    space->part[1] = ch->data;
    space->len[1] = len - first;
    ch->data_pos += need;
    return slot;
}

/* The payload is in place: make the message visible to the receiver. */
static inline void shm_publish(int dest, shm_channel_t *ch, shm_slot_t *slot, const wire_hdr_t *hdr, size_t len)
{
    slot->len = (uint32_t)len;
    if (__builtin_expect(ch->started_over, 0)) {
        slot->len |= SHM_STARTED_OVER;
        ch->started_over = false;
    }
    slot->hdr = *hdr;
    /* Publish: everything written before happens-before the receiver's
     * acquire load of seq sees this lap. */
    atomic_store_release_u32(&slot->seq, (uint32_t)(ch->slot_pos >> shm.lap_shift) + 1);
    ch->slot_pos++;
    shm_doorbell_ring(dest);
}

/* A payload into the ring; streaming: the receiver will read these lines
 * later, not as they come (util/copy.c: copy_movsb_ring_min). */
static inline void ring_copy(void *dst, const void *src, size_t len, bool streaming)
{
    if (streaming)
        copy_to_ring(dst, src, len);
    else
        copy_bytes(dst, src, len);
}

/* Whether the pair streams (shm_window_end): the second unanswered
 * message to the data ring, and every eighth after, looks whether the
 * receiver has taken everything sent before.  A ping-pong never looks, so
 * the remote line stays off its path.  Only eager messages count: the
 * chunks of one large message starting over keep its footprint in the
 * caches small, which a root taking 512 KiB from each of seven ranks
 * needs (8 ranks, MPI_Gather of 512 KiB: 173-185 us starting over,
 * 238-242 going round the whole ring). */
static __attribute__((noinline, cold)) void shm_note_stream(shm_channel_t *ch, size_t len)
{
    if (len > SHM_INLINE_BYTES && !ch->streamed)
        ch->streamed = atomic_load_acquire_u64(&ch->ctl->slots_consumed) != ch->slot_pos;
}

static int shm_send(int dest, const wire_hdr_t *hdr, const void *payload, size_t len)
{
    shm_channel_t *ch = &shm.tx[dest];
    shm_space_t space;
    shm_slot_t *slot = shm_reserve(ch, len, &space);
    if (!slot)
        return 0;
    uint32_t unanswered = ch->unanswered++;
    bool streaming = unanswered != 0;
    if (__builtin_expect((unanswered & 7) == 1, 0) && hdr->type == WIRE_EAGER)
        shm_note_stream(ch, len);
    if (len <= SHM_INLINE_BYTES) {
        if (len)
            memcpy(space.part[0], payload, len);
    } else {
        ring_copy(space.part[0], payload, space.len[0], streaming);
        if (space.len[1])
            ring_copy(space.part[1], (const uint8_t *)payload + space.len[0], space.len[1], streaming);
    }
    shm_publish(dest, ch, slot, hdr, len);
    return 1;
}

/* The same, packing the payload from typed data straight into the ring. */
static int shm_send_packed(int dest, const wire_hdr_t *hdr, const dt_buffer_t *data, size_t pos, size_t len)
{
    shm_channel_t *ch = &shm.tx[dest];
    shm_space_t space;
    shm_slot_t *slot = shm_reserve(ch, len, &space);
    if (!slot)
        return 0;
    dt_buffer_pack(data, pos, space.len[0], space.part[0]);
    if (space.len[1])
        dt_buffer_pack(data, pos + space.len[0], space.len[1], space.part[1]);
    shm_publish(dest, ch, slot, hdr, len);
    return 1;
}

static bool shm_caught_up(int dest)
{
    shm_channel_t *ch = &shm.tx[dest];
    /* The receiver publishes what it consumed whenever it finds its ring
     * empty, so equality means it has drained everything. */
    ch->slots_consumed = atomic_load_acquire_u64(&ch->ctl->slots_consumed);
    return ch->slots_consumed == ch->slot_pos;
}

static uint64_t shm_consumed(int dest)
{
    /* Published every eighth of the ring and whenever the ring runs dry. */
    return atomic_load_acquire_u64(&shm.tx[dest].ctl->slots_consumed);
}

/* Deliver one message from src if there is one. */
static int shm_poll_channel(int src, shm_channel_t *ch)
{
    if (!shm_channel_has_message(ch))
        return 0;
    shm_slot_t *slot = &ch->slots[ch->slot_pos & (shm.slot_count - 1)];
    wire_hdr_t hdr = slot->hdr;
    uint32_t len = slot->len;
    wire_payload_t payload = {{NULL, NULL}, {0, 0}};
    uint64_t data_used = 0;
    if (len <= SHM_INLINE_BYTES) {
        payload.part[0] = slot->payload;
        payload.len[0] = len;
    } else {
        if (__builtin_expect(len & SHM_STARTED_OVER, 0)) {
            len &= ~SHM_STARTED_OVER;
            ch->data_pos = shm_next_lap(ch->data_pos);
        }
        uint64_t at = ch->data_pos & (shm.data_bytes - 1);
        size_t first = len < shm.data_bytes - at ? len : (size_t)(shm.data_bytes - at);
        payload.part[0] = ch->data + at;
        payload.len[0] = first;
        payload.part[1] = ch->data;
        payload.len[1] = len - first;
        data_used = round_to_line(len);
    }
    shm.tx[src].unanswered = 0;
    p2p_incoming(src, &hdr, &payload);
    ch->slot_pos++;
    shm_watch_next(ch);
    ch->data_pos += data_used;
    /* Hand the space back: our reads of the slot and data happen-before the
     * sender's acquire load of these counters, hence before it reuses them.
     * Only every eighth of a ring, or when the ring runs dry: a sender
     * waiting for room polls this line, and a store on every message would
     * pull it back and forth between the two cores. */
    if (ch->slot_pos - ch->slots_published >= shm.slot_count / 8 ||
        ch->data_pos - ch->data_published >= shm.data_bytes / 8 || !shm_channel_has_message(ch)) {
        ch->slots_published = ch->slot_pos;
        ch->data_published = ch->data_pos;
        atomic_store_release_u64(&ch->ctl->data_consumed, ch->data_pos);
        atomic_store_release_u64(&ch->ctl->slots_consumed, ch->slot_pos);
    }
    return 1;
}

static int shm_poll(void)
{
    int seen = 0, peers = shm.nranks - 1;
    shm_channel_t **watched = shm.watched;
    for (int i = 0; i < peers; i++) {
        shm_channel_t *ch = watched[i];
        if (!shm_channel_has_message(ch))
            continue;
        /* A few messages per peer per pass keeps one chatty peer from
         * starving the others. */
        for (int n = 0; n < 8 && shm_poll_channel(ch->peer, ch); n++)
            seen++;
    }
    return seen;
}

transport_ops_t transport_shm = {
    .name = "shm",
    .pieces = true,
    .send = shm_send,
    .send_packed = shm_send_packed,
    .caught_up = shm_caught_up,
    .read_remote = shm_cma_read,
    .write_remote = shm_cma_write,
    .consumed = shm_consumed,
    .poll = shm_poll,
};
