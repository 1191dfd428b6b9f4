/*
 * mpitest.h -- what every MPI test program shares: count errors, say what
 * failed, and end with " No Errors" on rank 0 when all ranks agree.  Only
 * point-to-point is used, so the helpers work before collectives exist.
 */
#ifndef TESSERA_TESTS_MPITEST_H
#define TESSERA_TESTS_MPITEST_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int mt_errors;

#define MT_CHECK(cond, ...)                                                                         \
    do {                                                                                            \
        if (!(cond)) {                                                                              \
            int mt_rank_ = -1;                                                                      \
            int mt_init_ = 0;                                                                       \
            MPI_Initialized(&mt_init_);                                                             \
            if (mt_init_)                                                                           \
                MPI_Comm_rank(MPI_COMM_WORLD, &mt_rank_);                                           \
            fprintf(stderr, "[%d] %s:%d: check failed: %s: ", mt_rank_, __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                                           \
            fprintf(stderr, "\n");                                                                  \
            mt_errors++;                                                                            \
        }                                                                                           \
    } while (0)

/* A call under MPI_ERRORS_RETURN returned an error of class want. */
#define MT_EXPECT_CLASS(rc, want, what)                                                          \
    do {                                                                                         \
        int mt_cls_ = -1;                                                                        \
        MPI_Error_class((rc), &mt_cls_);                                                         \
        MT_CHECK(mt_cls_ == (want), "%s: error class %d, expected %d", (what), mt_cls_, (want)); \
    } while (0)

/* MemAvailable from /proc/meminfo, in bytes (0 when unknown): tests of
 * huge transfers skip, saying so, when the machine lacks the memory. */
static inline size_t mt_available_memory(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    size_t kib = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %zu kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib * 1024;
}

/* Collect every rank's error count on rank 0, print the verdict, finalize.
 * Returns the exit status for main. */
static inline int mt_finish(void)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int tag = 32000;
    if (rank == 0) {
        int total = mt_errors;
        for (int r = 1; r < size; r++) {
            int theirs = 0;
            MPI_Recv(&theirs, 1, MPI_INT, r, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += theirs;
        }
        if (total == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", total);
        fflush(stdout);
    } else {
        MPI_Send(&mt_errors, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}

/* A byte pattern that differs for every (source, message, offset). */
static inline unsigned char mt_pattern(int source, int message, size_t offset)
{
    return (unsigned char)((unsigned)source * 131u + (unsigned)message * 31u + (unsigned)(offset * 7u + (offset >> 8)));
}

static inline void mt_fill(unsigned char *buf, size_t len, int source, int message)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = mt_pattern(source, message, i);
}

/* Index of the first byte that differs from the pattern, or -1. */
static inline long mt_verify(const unsigned char *buf, size_t len, int source, int message)
{
    for (size_t i = 0; i < len; i++)
        if (buf[i] != mt_pattern(source, message, i))
            return (long)i;
    return -1;
}

#endif
