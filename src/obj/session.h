/*
 * session.h -- MPI sessions (MPI-4): a handle to MPI that a library can
 * open and close by itself, with its own error handler, hints and
 * buffer for buffered sends.  The process sets it offers are those of
 * one node's job: "mpi://WORLD" (every process) and "mpi://SELF".
 */
#ifndef TESSERA_OBJ_SESSION_H
#define TESSERA_OBJ_SESSION_H

#include <stdint.h>

#include "mpi.h"

struct info;
struct bsend_pool;

typedef struct session {
    uint32_t handle;
    MPI_Errhandler errhandler;
    struct info *info;        /* the hints given, and the thread level granted */
    struct bsend_pool *bsend; /* its buffer for buffered sends (p2p/bsend.c); NULL: none yet */
} session_t;

session_t *session_new(void);
void session_free(session_t *s);
session_t *session_from_handle(MPI_Session handle);
session_t *session_from_value(uint32_t value);
static inline MPI_Session session_handle(const session_t *s)
{
    return (MPI_Session)(uintptr_t)s->handle;
}

#endif
