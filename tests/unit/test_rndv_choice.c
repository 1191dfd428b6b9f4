/* test_rndv_choice.c -- the way a large message moves, learnt from its
 * times: stays on the faster way, follows a change of the machine's state
 * both ways, and tries the other way seldom. */
#include "p2p/rndv_choice.h"
#include "unit.h"

#define BYTES (4u << 20)

/* n messages with the rings and a split taking these nanoseconds a byte;
 * returns how many were split. */
static int run(rndv_choice_t *c, int n, double ring_ns, double split_ns)
{
    int split = 0;
    for (int i = 0; i < n; i++) {
        bool s = rndv_choice_split(c);
        split += s;
        rndv_choice_note(c, s, BYTES, BYTES * (s ? split_ns : ring_ns) * 1e-9);
    }
    return split;
}

int main(void)
{
    rndv_choice_t c = {0};
    /* The rings' first message slow (cold), then fast: one split to
     * compare, and the rings from then on. */
    CHECK(!rndv_choice_split(&c), "the first message takes the rings");
    rndv_choice_note(&c, false, BYTES, BYTES * 0.5e-9);
    int splits = run(&c, 1000, 0.04, 0.07);
    CHECK(splits == 1, "rings twice as fast: %d of 1000 split (one, to compare)", splits);

    /* The rings become three times slower (the two CPUs far apart):
     * splitting within a few messages, and splitting nearly all the time. */
    int first = -1;
    for (int i = 0; i < 50 && first < 0; i++)
        if (run(&c, 1, 0.126, 0.072))
            first = i;
    CHECK(first >= 0 && first <= CHOICE_PERIOD_MIN + 4, "the first split %d messages after the rings slowed", first);
    splits = run(&c, 1000, 0.126, 0.072);
    CHECK(splits >= 980, "rings slower: %d of 1000 split", splits);

    /* Back to the fast state: the rings again within a trial period. */
    int back = -1;
    for (int i = 0; i < 2 * CHOICE_PERIOD_MAX && back < 0; i++)
        if (!rndv_choice_split(&c)) {
            rndv_choice_note(&c, false, BYTES, BYTES * 0.04e-9);
            if (!rndv_choice_split(&c))
                back = i;
            else
                rndv_choice_note(&c, true, BYTES, BYTES * 0.07e-9);
        } else {
            rndv_choice_note(&c, true, BYTES, BYTES * 0.07e-9);
        }
    CHECK(back >= 0 && back <= CHOICE_PERIOD_MAX, "rings again %d messages after they sped up", back);
    splits = run(&c, 1000, 0.04, 0.07);
    CHECK(splits == 0, "rings fast again: %d of 1000 split", splits);

    /* The rings slow down and the first split timed comes out slower
     * still (an outlier): splits are tried again, and taken. */
    rndv_choice_t e = {0};
    run(&e, 100, 0.04, 0.07);
    int tried = 0, taken = -1;
    for (int i = 0; i < 2 * CHOICE_PERIOD_MAX && taken < 0; i++) {
        bool s = rndv_choice_split(&e);
        rndv_choice_note(&e, s, BYTES, BYTES * (s ? (tried++ ? 0.1 : 0.5) : 0.2) * 1e-9);
        if (e.splitting)
            taken = i;
    }
    CHECK(taken >= 0 && tried >= 2, "split again after an outlier: taken after %d messages, %d tried", taken, tried);

    /* Two ways within the margin: no switching back and forth. */
    rndv_choice_t d = {0};
    splits = run(&d, 1000, 0.05, 0.045);
    CHECK(splits <= 2, "a split 10%% faster is not worth switching: %d of 1000 split", splits);
    rndv_choice_note(&d, false, 0, 1.0);
    CHECK(d.ring_ns < 1, "an empty message says nothing");
    return unit_result();
}
