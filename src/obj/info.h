/*
 * info.h -- info objects: ordered (key, value) string pairs.
 *
 * Keys keep the order in which they were first set (MPI_Info_get_nthkey
 * counts in that order); setting a key again replaces its value in place.
 * MPI_INFO_ENV is predefined and describes how the process was started.
 */
#ifndef TESSERA_OBJ_INFO_H
#define TESSERA_OBJ_INFO_H

#include <stdbool.h>
#include <stdint.h>

#include "mpi.h"

typedef struct info_entry {
    char *key;
    char *value;
} info_entry_t;

typedef struct info {
    uint32_t handle;
    bool predefined;
    int n, capacity;
    info_entry_t *entries;
} info_t;

/* The handle table is made on first use: MPI_Info_create_env may come
 * before MPI_Init. */
info_t *info_from_handle(MPI_Info handle);
MPI_Info info_handle(const info_t *info);

/* A new empty info object with a handle; NULL when out of memory. */
info_t *info_new(void);
/* A copy of src with a handle; NULL when out of memory. */
info_t *info_dup(const info_t *src);
void info_free(info_t *info);

/* Set key to value (copied); false when out of memory. */
bool info_set(info_t *info, const char *key, const char *value);
/* The value of key, or NULL. */
const char *info_get(const info_t *info, const char *key);
/* Remove key; false if it was not there. */
bool info_delete(info_t *info, const char *key);

/* The keys MPI_INFO_ENV holds for this process (command, argv, maxprocs,
 * host, wdir, thread_level), filled into info. */
bool info_fill_env(info_t *info, int argc, char **argv);
/* MPI_INFO_ENV itself, filled at MPI_Init. */
info_t *info_env(void);
/* command_size: maxprocs, the processes started for this process's
 * command (the world's size unless mpirun started several commands). */
void info_init_env(int command_size, int thread_level);

#endif
