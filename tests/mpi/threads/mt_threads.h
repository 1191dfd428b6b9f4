/*
 * mt_threads.h -- what the MPI_THREAD_MULTIPLE tests share: run n threads
 * of fn (each given its index) that start together at mt_start, and wait
 * for them.
 */
#ifndef TESSERA_TESTS_MT_THREADS_H
#define TESSERA_TESTS_MT_THREADS_H

#include <pthread.h>
#include <stdint.h>

#define MT_MAX_THREADS 16

static pthread_barrier_t mt_start;

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

#endif
