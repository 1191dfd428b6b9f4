/*
 * mt_threads.h -- what the MPI_THREAD_MULTIPLE tests share: start MPI
 * asking for MPI_THREAD_MULTIPLE, run n threads of fn (each given its
 * index) that start together at mt_start, and wait for them.
 */
#ifndef TESSERA_TESTS_MT_THREADS_H
#define TESSERA_TESTS_MT_THREADS_H

#include <pthread.h>
#include <stdint.h>

#include "mpi.h"
#include "mpitest.h"

#define MT_MAX_THREADS 16

static pthread_barrier_t mt_start;

/* MPI_Init_thread for MPI_THREAD_MULTIPLE, which must be granted. */
static inline void mt_init_multiple(int *argc, char ***argv, int *rank, int *size)
{
    int provided = -1;
    MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    MT_CHECK(provided == MPI_THREAD_MULTIPLE, "provided %d", provided);
}

static inline void mt_run_threads(void *(*fn)(void *), int n)
{
    pthread_t tid[MT_MAX_THREADS];
    pthread_barrier_init(&mt_start, NULL, (unsigned)n);
    for (int t = 0; t < n; t++)
        pthread_create(&tid[t], NULL, fn, (void *)(intptr_t)t);
    for (int t = 0; t < n; t++)
        pthread_join(tid[t], NULL);
    pthread_barrier_destroy(&mt_start);
}

/* The same with a duplicate of MPI_COMM_WORLD for each thread (comms[t],
 * made before the threads start and freed after they end). */
static inline void mt_run_threads_on_duplicates(void *(*fn)(void *), int n, MPI_Comm *comms)
{
    for (int t = 0; t < n; t++)
        MPI_Comm_dup(MPI_COMM_WORLD, &comms[t]);
    mt_run_threads(fn, n);
    for (int t = 0; t < n; t++)
        MPI_Comm_free(&comms[t]);
}

#endif
