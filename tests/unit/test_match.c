/* test_match.c -- posted and unexpected queues: wildcards, order, contexts,
 * partitioned inits, the bins by source and tag. */
#include <stdio.h>
#include <stdlib.h>

#include "mpi.h"
#include "obj/comm.h"
#include "p2p/match.h"
#include "request/request.h"
#include "unit.h"

static request_t *post(uint16_t ctx, int source, int tag)
{
    request_t *req = request_alloc(REQUEST_RECV);
    req->peer = source;
    req->tag = tag;
    CHECK(match_take_or_post(ctx, req) == NULL, "(%d,%d) posted, no message waiting for it", source, tag);
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

    /* Bins: a message takes the receive posted first among those in its
     * bin and the wildcards, whichever list it is in. */
    request_t *s1 = post(9, 1, 5), *w1 = post(9, MPI_ANY_SOURCE, MPI_ANY_TAG), *s2 = post(9, 1, 5);
    request_t *w2 = post(9, MPI_ANY_SOURCE, 5), *s3 = post(9, 1, 5);
    CHECK(match_posted_take(9, 1, 5, 0) == s1, "the specific receive posted first");
    CHECK(match_posted_take(9, 1, 5, 0) == w1, "the wildcard posted before the second specific one");
    CHECK(match_posted_take(9, 1, 5, 0) == s2, "the second specific one, posted before the ANY_SOURCE one");
    CHECK(match_posted_take(9, 1, 5, 0) == w2, "the ANY_SOURCE receive");
    CHECK(match_posted_take(9, 1, 5, 0) == s3, "the last");
    CHECK(match_posted_take(9, 1, 5, 0) == NULL, "none left");
    /* Many receives of distinct tags and sources, met in the reverse
     * order, each by its own message; one cancelled on the way. */
    request_t *many[300];
    for (int i = 0; i < 300; i++)
        many[i] = post(9, i % 7, 1000 + i);
    CHECK(match_posted_remove(9, many[150]), "a binned receive can be cancelled");
    CHECK(!match_posted_remove(9, many[150]), "a cancelled receive is no longer posted");
    for (int i = 299; i >= 0; i--) {
        request_t *r = match_posted_take(9, i % 7, 1000 + i, 0);
        CHECK(r == (i == 150 ? NULL : many[i]), "receive %d met by another message", i);
        CHECK(match_posted_take(9, (i + 1) % 7, 1000 + i, 0) == NULL, "tag %d from another source", i);
    }
    for (int i = 0; i < 300; i++)
        request_free(many[i]);
    request_t *wc = post(9, MPI_ANY_SOURCE, MPI_ANY_TAG);
    CHECK(match_posted_remove(9, wc) && match_posted_take(9, 1, 1, 0) == NULL, "a wildcard receive cancelled");
    request_free(wc);

    /* Unexpected messages: a specific receive looks in its bin, a wildcard
     * in arrival order, and either removes the message from both. */
    unexpected_t *e1 = arrive(9, 1, 5), *e2 = arrive(9, 2, 5), *e3 = arrive(9, 1, 5), *e4 = arrive(9, 1, 6);
    CHECK(match_unexpected_peek(9, 1, 5) == e1, "a probe sees the first of its bin");
    CHECK(match_unexpected_take(9, MPI_ANY_SOURCE, MPI_ANY_TAG, 0) == e1, "the first to arrive");
    CHECK(match_unexpected_take(9, 1, 5, 0) == e3, "(1,5) after the first was taken by a wildcard");
    CHECK(match_unexpected_take(9, 1, 5, 0) == NULL, "no (1,5) left");
    CHECK(match_unexpected_take(9, 1, MPI_ANY_TAG, 0) == e4, "(1,ANY)");
    CHECK(match_unexpected_take(9, 2, 5, 0) == e2, "(2,5)");
    CHECK(match_unexpected_take(9, MPI_ANY_SOURCE, MPI_ANY_TAG, 0) == NULL, "all taken");
    free(e1);
    free(e2);
    free(e3);
    free(e4);

    /* A receive starting takes a waiting message or is posted. */
    unexpected_t *e5 = arrive(9, 3, 7);
    request_t *r5 = request_alloc(REQUEST_RECV), *r6 = request_alloc(REQUEST_RECV);
    r5->peer = r6->peer = 3;
    r5->tag = r6->tag = 7;
    CHECK(match_take_or_post(9, r5) == e5, "the waiting message");
    CHECK(match_take_or_post(9, r6) == NULL && match_posted_take(9, 3, 7, 0) == r6, "posted when none waits");
    request_free(r5);
    request_free(r6);
    free(e5);

    /* Withdrawn by its sender: gone from its bin too. */
    unexpected_t *rts = arrive(9, 4, 8);
    rts->type = WIRE_RTS;
    rts->world_source = 4;
    rts->rts.send_handle = 77;
    CHECK(match_unexpected_withdraw(9, 4, 77) == rts, "the sender's RTS withdrawn");
    CHECK(match_unexpected_take(9, 4, 8, 0) == NULL, "a withdrawn message is not received");
    free(rts);

    /* Messages before their communicator: no source, searched in arrival
     * order; once the communicator appears, binned in that order. */
    unexpected_t *u[4];
    u[0] = arrive(11, 2, 5);
    for (int i = 1; i < 4; i++) {
        u[i] = arrive(11, MATCH_SOURCE_UNRESOLVED, 5);
        u[i]->world_source = i % 2 + 1;
    }
    comm_t world = {0};
    world.size = 4;
    match_resolve_sources(11, &world);
    CHECK(u[1]->source == 2 && u[2]->source == 1, "sources resolved");
    CHECK(match_unexpected_take(11, 2, 5, 0) == u[0], "(2,5) first the one that came first");
    CHECK(match_unexpected_take(11, 2, 5, 0) == u[1], "(2,5) then a resolved one");
    CHECK(match_unexpected_take(11, 2, 5, 0) == u[3], "(2,5) in arrival order");
    CHECK(match_unexpected_take(11, 1, 5, 0) == u[2], "(1,5)");
    for (int i = 0; i < 4; i++)
        free(u[i]);

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
