/* claims.c -- taking a context pair at several processes at once (claims.h). */
#include "obj/claims.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static _Atomic uint64_t *word_of(_Atomic uint64_t *table, int words, int rank, int pair)
{
    return table + (size_t)rank * (size_t)words + (size_t)pair / 64;
}

static uint64_t bit_of(int pair)
{
    return (uint64_t)1 << (pair % 64);
}

void claims_set(_Atomic uint64_t *table, int words, int rank, int pair)
{
    atomic_fetch_or_explicit(word_of(table, words, rank, pair), bit_of(pair), memory_order_relaxed);
}

void claims_clear(_Atomic uint64_t *table, int words, int rank, int pair)
{
    /* Release: whatever this process did with the pair comes before its
     * next claimant sees it clear. */
    atomic_fetch_and_explicit(word_of(table, words, rank, pair), ~bit_of(pair), memory_order_release);
}

static int by_rank(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Set the pair's bit at every process of ranks (sorted, distinct), or at
 * none: true when all were clear.  Claims go in rank order, so of two
 * racing for one pair, the one that first reaches the lowest process both
 * name goes on and the other gives up there: they cannot each stop the
 * other. */
static bool take_pair(_Atomic uint64_t *table, int words, const int *ranks, int n, int pair)
{
    for (int i = 0; i < n; i++) {
        if (!(atomic_fetch_or_explicit(word_of(table, words, ranks[i], pair), bit_of(pair), memory_order_acquire) &
              bit_of(pair)))
            continue;
        while (i-- > 0)
            claims_clear(table, words, ranks[i], pair);
        return false;
    }
    return true;
}

/* The lowest pair clear at every process of ranks, from word *w on; -1 if
 * none is. */
static int lowest_clear(_Atomic uint64_t *table, int words, const int *ranks, int n, int *w)
{
    for (; *w < words; ++*w) {
        uint64_t used = 0;
        for (int i = 0; i < n && ~used; i++)
            used |= atomic_load_explicit(word_of(table, words, ranks[i], *w * 64), memory_order_relaxed);
        if (~used)
            return *w * 64 + __builtin_ctzll(~used);
    }
    return -1;
}

int claims_take(_Atomic uint64_t *table, int words, const int *ranks, int n, int k, int *pairs)
{
    int *sorted = malloc((size_t)(n ? n : 1) * sizeof *sorted);
    if (!sorted)
        return -1;
    if (n > 0)
        memcpy(sorted, ranks, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, by_rank);
    int distinct = 0;
    for (int i = 0; i < n; i++)
        if (distinct == 0 || sorted[i] != sorted[distinct - 1])
            sorted[distinct++] = sorted[i];
    int found = 0, w = 0;
    while (found < k) {
        int pair = lowest_clear(table, words, sorted, distinct, &w);
        if (pair < 0)
            break;
        /* Lost to another claim: look again, the pair may be taken now. */
        if (take_pair(table, words, sorted, distinct, pair))
            pairs[found++] = pair;
    }
    if (found < k)
        for (int i = 0; i < found; i++)
            for (int j = 0; j < distinct; j++)
                claims_clear(table, words, sorted[j], pairs[i]);
    free(sorted);
    return found == k ? 0 : -1;
}
