/*
 * test_ring.c -- the shm ring on its own, with p2p_incoming replaced by a
 * recorder.  A child process sends, the parent receives.  First one
 * message at a time, each taken before the next is sent (a sender whose
 * receiver keeps up starts over at the data ring's beginning and leaves
 * the rest of the ring untouched) or, in a run of its own, in bursts of
 * 4 KiB messages that fill the sender's first window exactly, each burst
 * taken before the next (a stream: the sender goes round the whole ring
 * although the receiver has caught up at the window's end; sent as a
 * large message's chunks instead, they are no stream and start over),
 * then in lock step (the child fills the ring until it refuses, the parent
 * drains it: full ring, wrap-around, the inline/data-ring boundary, a
 * sender's window widening), then free running to exercise the memory
 * ordering with both ends busy at once.  With a data ring smaller than a
 * sender's first window and with a larger one.
 */
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "p2p/p2p.h"
#include "unit.h"
#include "runtime/tunables.h"
#include "transport/shm/segment.h"
#include "transport/shm/shm.h"
#include "transport/transport.h"

#define SLOTS 16
#define LOCKSTEP_ROUNDS 60
#define ONE_AT_A_TIME 200
#define BURST 16 /* messages of 4 KiB: four bursts fill the first window */
#define BURSTS 40
#define FREE_RUN 300000

/* This run begins with bursts instead of messages one at a time, sent as
 * messages of burst_type. */
static bool bursts;
static uint8_t burst_type;
static int received;

static unsigned char pattern(int msg, size_t i)
{
    return (unsigned char)(msg * 7 + i * 13 + (i >> 7));
}

static bool in_burst(int msg)
{
    return bursts && msg < BURST * BURSTS;
}

static uint8_t msg_type(int msg)
{
    return in_burst(msg) ? burst_type : WIRE_EAGER;
}

static size_t msg_len(int msg)
{
    static const size_t lens[] = {0, 1, 47, 48, 49, 64, 65, 1000, 4096, 7000, 3, 8000};
    if (in_burst(msg))
        return 4096;
    return lens[msg % 12];
}

void p2p_incoming(int src, const wire_hdr_t *hdr, const wire_payload_t *payload)
{
    int msg = hdr->tag;
    CHECK(src == 0, "message from %d", src);
    CHECK(msg == received, "message %d arrived as number %d", msg, received);
    CHECK(hdr->type == msg_type(msg) && hdr->context_id == 7, "header type %d context %d", hdr->type, hdr->context_id);
    size_t len = wire_payload_length(payload);
    CHECK(len == msg_len(msg), "message %d: %zu bytes", msg, len);
    unsigned char copy[8192];
    wire_payload_copy(copy, payload, len);
    for (size_t i = 0; i < len; i++) {
        if (copy[i] != pattern(msg, i)) {
            CHECK(0, "message %d byte %zu", msg, i);
            break;
        }
    }
    received++;
}

static int send_one(int msg)
{
    size_t len = msg_len(msg);
    unsigned char buf[8192];
    for (size_t i = 0; i < len; i++)
        buf[i] = pattern(msg, i);
    wire_hdr_t hdr = {.type = msg_type(msg), .context_id = 7, .tag = msg};
    return transport_shm.send(1, &hdr, buf, len);
}

/* Sends up to most messages, as many as fit, tells the parent how many
 * and waits for it to take them. */
static void send_batch(int *sent, int most, int to_parent, int from_parent)
{
    int batch = 0;
    char go;
    while (batch < most && send_one(*sent)) {
        (*sent)++;
        batch++;
    }
    if (write(to_parent, &batch, sizeof batch) != sizeof batch || read(from_parent, &go, 1) != 1)
        _exit(2);
}

static void sender(void *base, int to_parent, int from_parent)
{
    shm_transport_init(base, 0, 2, 0);
    int sent = 0;
    char go;
    while (bursts && sent < BURST * BURSTS)
        send_batch(&sent, BURST, to_parent, from_parent);
    for (; !bursts && sent < ONE_AT_A_TIME; sent++) {
        if (!send_one(sent) || write(to_parent, &sent, sizeof sent) != sizeof sent)
            _exit(2);
        if (read(from_parent, &go, 1) != 1)
            _exit(2);
    }
    for (int round = 0; round < LOCKSTEP_ROUNDS; round++)
        send_batch(&sent, INT_MAX, to_parent, from_parent);
    for (int n = 0; n < FREE_RUN; n++) {
        while (!send_one(sent))
            ;
        sent++;
    }
    _exit(0);
}

/* The highest byte of the data ring from rank 0 to rank 1 that is not
 * zero, plus one (the segment starts zeroed). */
static size_t data_touched(void *base, uint64_t data_bytes)
{
    const unsigned char *data = (const unsigned char *)shm_pair_area(base, 0, 1) + shm_pair_data_offset(SLOTS);
    size_t end = data_bytes;
    while (end > 0 && data[end - 1] == 0)
        end--;
    return end;
}

/* Takes a batch send_batch announced on from_child, checks that all of it
 * arrived, and lets the child go on.  Returns the batch's size, -1 when
 * the child is gone. */
static int take_batch(int from_child, int to_child, int *expected)
{
    int batch = 0;
    if (read(from_child, &batch, sizeof batch) != sizeof batch) {
        CHECK(0, "sender died after message %d", *expected);
        return -1;
    }
    *expected += batch;
    while (transport_shm.poll() > 0)
        ;
    CHECK(received == *expected, "sent %d, received %d", *expected, received);
    if (write(to_child, "g", 1) != 1)
        CHECK(0, "cannot let the sender go on after message %d", *expected);
    return batch;
}

static void run(uint64_t data_bytes, bool in_bursts, uint8_t type)
{
    received = 0;
    bursts = in_bursts;
    burst_type = type;
    shm_header_t layout;
    const char *where;
    shm_layout(&layout, 2, SLOTS, data_bytes);
    int fd = shm_segment_create(&layout, &where);
    if (fd < 0) {
        CHECK(0, "cannot create a segment with %s", where);
        return;
    }
    void *base = shm_segment_map(fd, layout.total_bytes);
    close(fd);
    int up[2], down[2];
    if (!base || pipe(up) != 0 || pipe(down) != 0) {
        CHECK(0, "no segment or pipes");
        return;
    }
    pid_t child = fork();
    if (child == 0)
        sender(base, up[1], down[0]);

    shm_transport_init(base, 1, 2, 0);
    int expected = 0;
    if (bursts) {
        while (expected < BURST * BURSTS && failures == 0) {
            int batch = take_batch(up[0], down[1], &expected);
            CHECK(batch == BURST, "a burst of %d messages", batch);
        }
        /* 2.5 MiB in bursts of 64 KiB: the receiver had caught up at each
         * window's end but was behind within the bursts: eager messages
         * went round the whole ring, a large message's chunks kept to the
         * first window. */
        size_t touched = data_touched(base, data_bytes);
        if (burst_type == WIRE_EAGER)
            CHECK(touched == data_bytes, "eager bursts wrote up to byte %zu of a %llu-byte ring", touched,
                  (unsigned long long)data_bytes);
        else
            CHECK(touched <= SHM_WINDOW_FIRST, "bursts of chunks wrote up to byte %zu of a %llu-byte ring", touched,
                  (unsigned long long)data_bytes);
    } else {
        for (int msg = 0; msg < ONE_AT_A_TIME; msg++) {
            int sent;
            if (read(up[0], &sent, sizeof sent) != sizeof sent) {
                CHECK(0, "sender died at message %d", msg);
                break;
            }
            while (transport_shm.poll() > 0)
                ;
            CHECK(received == msg + 1, "message %d: received %d", msg, received);
            if (write(down[1], "g", 1) != 1)
                break;
        }
        /* 200 messages of 0-8000 bytes, about 330 KiB: round and round
         * within the sender's first window. */
        uint64_t window = data_bytes < SHM_WINDOW_FIRST ? data_bytes : SHM_WINDOW_FIRST;
        size_t touched = data_touched(base, data_bytes);
        CHECK(touched <= window, "messages taken one at a time wrote up to byte %zu of a %llu-byte ring", touched,
              (unsigned long long)data_bytes);
    }
    expected = received;
    for (int round = 0; round < LOCKSTEP_ROUNDS && failures == 0; round++) {
        int batch = take_batch(up[0], down[1], &expected);
        CHECK(batch > 0 && batch <= SLOTS, "round %d: %d messages fit a %d-slot ring", round, batch, SLOTS);
    }
    expected += FREE_RUN;
    while (received < expected && failures == 0)
        transport_shm.poll();
    int status;
    if (failures)
        kill(child, SIGKILL); /* it may be waiting for room that is never given */
    waitpid(child, &status, 0);
    CHECK(failures || (WIFEXITED(status) && WEXITSTATUS(status) == 0), "sender failed");
    shm_transport_finalize();
    munmap(base, layout.total_bytes);
    close(up[0]);
    close(up[1]);
    close(down[0]);
    close(down[1]);
}

int main(void)
{
    run(16 * 1024, false, WIRE_EAGER);
    run(1024 * 1024, false, WIRE_EAGER);
    run(1024 * 1024, true, WIRE_EAGER);
    run(1024 * 1024, true, WIRE_DATA);
    return unit_result();
}
