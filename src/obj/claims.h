/*
 * claims.h -- taking a context pair at several processes at once.
 *
 * A claim table has a row of `words` 64-bit words per process, a bit per
 * context pair, set while the process uses the pair (or is about to); it
 * lives in shared memory (transport/shm/segment.h) and every process sets
 * and clears bits with atomics.  claims_take finds the lowest pairs clear
 * at every process named and sets them there, without waiting for anyone:
 * two claims racing for one pair never both get it, and the loser moves on.
 */
#ifndef TESSERA_OBJ_CLAIMS_H
#define TESSERA_OBJ_CLAIMS_H

#include <stdint.h>

#include "util/atomics.h"

/* Claim k pairs clear at every process of ranks (n of them, any order,
 * repeats allowed) into pairs[], lowest first.  0, or -1 with nothing
 * claimed when fewer than k are clear (or out of memory). */
int claims_take(_Atomic uint64_t *table, int words, const int *ranks, int n, int k, int *pairs);

/* One process's bit for pair, set or cleared. */
void claims_set(_Atomic uint64_t *table, int words, int rank, int pair);
void claims_clear(_Atomic uint64_t *table, int words, int rank, int pair);

#endif
