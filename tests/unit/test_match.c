/* test_match.c -- posted and unexpected queues: wildcards, order, contexts,
 * partitioned inits. */
#include <stdio.h>
#include <stdlib.h>

#include "mpi.h"
#include "p2p/match.h"
#include "request/request.h"
#include "unit.h"

static request_t *post(uint16_t ctx, int source, int tag)
{
    request_t *req = request_alloc(REQUEST_RECV);
    req->peer = source;
    req->tag = tag;
    match_posted_append(ctx, req);
    return req;
}

static unexpected_t *arrive(uint16_t ctx, int source, int tag)
{
    unexpected_t *msg = calloc(1, sizeof *msg);
    msg->source = source;
    msg->tag = tag;
    msg->type = WIRE_EAGER;
    match_unexpected_append(ctx, msg);
    return msg;
}

int main(void)
{
    request_init();
    match_init();

    /* Posted: the first receive that matches wins, wildcards included. */
    request_t *a = post(0, 1, 5);
    request_t *b = post(0, MPI_ANY_SOURCE, 5);
    request_t *c = post(0, 2, MPI_ANY_TAG);
    request_t *d = post(0, MPI_ANY_SOURCE, MPI_ANY_TAG);
    CHECK(match_posted_take(0, 2, 5, 0) == b, "(2,5) should take the ANY_SOURCE receive");
    CHECK(match_posted_take(0, 1, 5, 0) == a, "(1,5) should take the specific receive");
    CHECK(match_posted_take(0, 1, 5, 0) == d, "(1,5) again should take the full wildcard");
    CHECK(match_posted_take(0, 3, 9, 0) == NULL, "(3,9) should match nothing");
    CHECK(match_posted_take(1, 2, 9, 0) == NULL, "another context must not match");
    CHECK(match_posted_take(0, 2, 9, 0) == c, "(2,9) should take the ANY_TAG receive");
    CHECK(match_posted_take(0, 2, 9, 0) == NULL, "queue should be empty");

    /* Unexpected: the first message that the receive accepts, in arrival
     * order, per context. */
    unexpected_t *m1 = arrive(0, 1, 5);
    unexpected_t *m2 = arrive(0, 2, 6);
    unexpected_t *m3 = arrive(0, 1, 6);
    unexpected_t *m4 = arrive(300, 1, 5); /* a context far beyond the first table */
    CHECK(match_unexpected_take(0, 1, 6, 0) == m3, "(1,6)");
    CHECK(match_unexpected_take(0, MPI_ANY_SOURCE, 6, 0) == m2, "(ANY,6)");
    CHECK(match_unexpected_take(0, MPI_ANY_SOURCE, MPI_ANY_TAG, 0) == m1, "(ANY,ANY)");
    CHECK(match_unexpected_take(0, MPI_ANY_SOURCE, MPI_ANY_TAG, 0) == NULL, "context 0 empty");
    CHECK(match_unexpected_take(300, 1, MPI_ANY_TAG, 0) == m4, "context 300");
    free(m1);
    free(m2);
    free(m3);
    free(m4);

    /* Partitioned: a message from the sender's n-th init of an envelope
     * goes to the receiver's n-th, whatever order they were started in. */
    request_t *p0 = post(7, 1, -5), *p1 = post(7, 1, -5);
    p1->part_seq = 1;
    CHECK(match_posted_take(7, 1, -5, 1) == p1, "a second partitioned init's message took another receive");
    CHECK(match_posted_take(7, 1, -5, 1) == NULL, "no second receive of place 1 is posted");
    CHECK(match_posted_take(7, 1, -5, 0) == p0, "the first init's message");
    unexpected_t *u0 = arrive(7, 1, -5), *u1 = arrive(7, 1, -5);
    u1->rts.part_seq = 1;
    CHECK(match_unexpected_take(7, 1, -5, 1) == u1, "a receive of place 1 took another message");
    CHECK(match_unexpected_take(7, 1, -5, 0) == u0, "a receive of place 0");
    free(u0);
    free(u1);

    /* Many entries keep their order. */
    for (int i = 0; i < 10000; i++)
        arrive(5, i % 3, i);
    for (int i = 0; i < 10000; i++) {
        unexpected_t *m = match_unexpected_take(5, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
        CHECK(m && m->tag == i, "entry %d out of order", i);
        free(m);
    }
    /* Freed buffers are kept for the next messages, and a list filled
     * with small ones makes room for a larger one: after sixteen of 8 KiB,
     * seven of 64 KiB freed are what the next seven 64 KiB messages get. */
    unexpected_t *small[16], *large[7];
    for (int i = 0; i < 16; i++)
        small[i] = match_unexpected_alloc(8192);
    for (int i = 0; i < 16; i++)
        match_unexpected_free(small[i]);
    for (int i = 0; i < 7; i++)
        large[i] = match_unexpected_alloc(65536);
    for (int i = 0; i < 7; i++) {
        CHECK(large[i] && large[i]->capacity >= 65536, "a 64 KiB buffer %d", i);
        match_unexpected_free(large[i]);
    }
    /* malloc would hand freed buffers straight back: take its memory of
     * that size first, so that only buffers kept by the queue match. */
    void *grab[7];
    for (int i = 0; i < 7; i++)
        grab[i] = malloc(sizeof(unexpected_t) + 65536);
    for (int i = 0; i < 7; i++) {
        unexpected_t *m = match_unexpected_alloc(65536);
        int kept = 0;
        for (int j = 0; j < 7; j++)
            kept |= m == large[j];
        CHECK(kept, "64 KiB message %d did not get a kept buffer", i);
        match_unexpected_free(m);
    }
    for (int i = 0; i < 7; i++)
        free(grab[i]);

    /* Small messages share one size of buffer, kept when freed: a message
     * of 200 bytes gets the buffer of one of 10 freed before it, even with
     * malloc's memory of that size taken first. */
    unexpected_t *tiny = match_unexpected_alloc(10);
    size_t tiny_capacity = tiny ? tiny->capacity : 0;
    CHECK(tiny_capacity >= 200, "a small message's buffer holds any small message");
    match_unexpected_free(tiny);
    void *grab_small[8];
    for (int i = 0; i < 8; i++)
        grab_small[i] = malloc(sizeof(unexpected_t) + tiny_capacity);
    unexpected_t *again = match_unexpected_alloc(200);
    CHECK(again == tiny, "a freed small buffer is what the next small message gets");
    match_unexpected_free(again);
    for (int i = 0; i < 8; i++)
        free(grab_small[i]);
    match_finalize();
    return unit_result();
}
