/* test_claims.c -- claims_take (obj/claims.h) from several processes at
 * once on one shared table: no pair is ever claimed twice at one process,
 * a claim that loses a race leaves nothing behind, and running out claims
 * nothing. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "obj/claims.h"
#include "unit.h"

#define RANKS 8
#define WORDS 16 /* 1024 pairs */
#define PAIRS (WORDS * 64)
#define CLAIMERS 6
#define EACH 120 /* claims per claimer: 6 * 120 * 3 members < 8 * 1024 */

/* Claimer c claims over ranks c, c+1 and c+3 (mod RANKS): every two
 * claimers share a process with a third, so they race on the lowest pairs. */
static void members_of(int c, int ranks[3])
{
    ranks[0] = c % RANKS;
    ranks[1] = (c + 1) % RANKS;
    ranks[2] = (c + 3) % RANKS;
}

typedef struct shared {
    _Atomic uint64_t table[RANKS * WORDS];
    _Atomic int go;
    int got[CLAIMERS][EACH];
} shared_t;

static void claimer(shared_t *sh, int c)
{
    int ranks[3];
    members_of(c, ranks);
    while (!atomic_load(&sh->go))
        ;
    for (int i = 0; i < EACH; i++) {
        int pair = -1;
        sh->got[c][i] = claims_take(sh->table, WORDS, ranks, 3, 1, &pair) == 0 ? pair : -1;
        /* Every fourth one goes back, so that freed pairs are raced for too. */
        if (i % 4 == 3 && sh->got[c][i] >= 0) {
            for (int m = 0; m < 3; m++)
                claims_clear(sh->table, WORDS, ranks[m], pair);
            sh->got[c][i] = -2;
        }
    }
    _exit(0);
}

static void races(void)
{
    shared_t *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    CHECK(sh != MAP_FAILED, "mmap");
    if (sh == MAP_FAILED)
        return;
    memset(sh, 0, sizeof *sh);
    pid_t pid[CLAIMERS];
    for (int c = 0; c < CLAIMERS; c++)
        if ((pid[c] = fork()) == 0)
            claimer(sh, c);
    atomic_store(&sh->go, 1);
    for (int c = 0; c < CLAIMERS; c++) {
        int status = 0;
        waitpid(pid[c], &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "claimer %d ended with status %#x", c, status);
    }
    /* Who holds each pair at each rank, from what the claimers kept. */
    static int holder[RANKS][PAIRS];
    for (int r = 0; r < RANKS; r++)
        for (int p = 0; p < PAIRS; p++)
            holder[r][p] = -1;
    for (int c = 0; c < CLAIMERS; c++) {
        int ranks[3];
        members_of(c, ranks);
        for (int i = 0; i < EACH; i++) {
            int p = sh->got[c][i];
            CHECK(p != -1, "claimer %d's claim %d found no pair with plenty free", c, i);
            if (p < 0)
                continue;
            for (int m = 0; m < 3; m++) {
                CHECK(holder[ranks[m]][p] < 0, "pair %d claimed at rank %d by claimers %d and %d", p, ranks[m],
                      holder[ranks[m]][p], c);
                holder[ranks[m]][p] = c;
            }
        }
    }
    /* The table says exactly that: nothing left from lost races. */
    for (int r = 0; r < RANKS; r++)
        for (int p = 0; p < PAIRS; p++) {
            int set = (atomic_load(&sh->table[r * WORDS + p / 64]) >> (p % 64)) & 1;
            CHECK(set == (holder[r][p] >= 0), "rank %d pair %d is %s but %s", r, p, set ? "set" : "clear",
                  holder[r][p] >= 0 ? "claimed" : "not claimed");
        }
    munmap(sh, sizeof *sh);
}

static void lowest_first_and_running_out(void)
{
    static _Atomic uint64_t table[RANKS * WORDS];
    int all[RANKS], pairs[3];
    for (int r = 0; r < RANKS; r++)
        all[r] = RANKS - 1 - r; /* any order */
    claims_set(table, WORDS, 2, 0);
    claims_set(table, WORDS, 5, 1);
    CHECK(claims_take(table, WORDS, all, RANKS, 3, pairs) == 0 && pairs[0] == 2 && pairs[1] == 3 && pairs[2] == 4,
          "the lowest pairs clear everywhere: got %d %d %d", pairs[0], pairs[1], pairs[2]);
    int just_two[2] = {2, 2}; /* repeats are one process */
    CHECK(claims_take(table, WORDS, just_two, 2, 1, pairs) == 0 && pairs[0] == 1, "rank 2 alone: got %d", pairs[0]);
    /* Fill rank 7 but for two pairs; asking for three claims none. */
    for (int p = 0; p < PAIRS; p++)
        if (p != 700 && p != 900)
            claims_set(table, WORDS, 7, p);
    int seven_and_zero[2] = {7, 0};
    CHECK(claims_take(table, WORDS, seven_and_zero, 2, 3, pairs) == -1, "three pairs where two are free");
    CHECK(!(atomic_load(&table[0 * WORDS + 700 / 64]) >> (700 % 64) & 1), "a failed claim left pair 700 at rank 0");
    CHECK(claims_take(table, WORDS, seven_and_zero, 2, 2, pairs) == 0 && pairs[0] == 700 && pairs[1] == 900,
          "the last two: got %d %d", pairs[0], pairs[1]);
}

int main(void)
{
    lowest_first_and_running_out();
    for (int round = 0; round < 20; round++)
        races();
    return unit_result();
}
