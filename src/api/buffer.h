/*
 * buffer.h -- what the calls on buffers for buffered sends share, whoever
 * holds the buffer: the process and communicators (api/pt2pt.c) or a
 * session (api/session.c).  Each checks its arguments, does the work and
 * returns an error code described with err_set; the caller raises it on
 * its own object.
 */
#ifndef TESSERA_API_BUFFER_H
#define TESSERA_API_BUFFER_H

#include <stddef.h>

#include "mpi.h"
#include "p2p/p2p.h"

/* MPI_*_attach_buffer: size is checked unless the buffer is
 * MPI_BUFFER_AUTOMATIC. */
int buffer_attach_checked(bsend_pool_t *pool, void *buffer, MPI_Count size);
/* MPI_*_detach_buffer: waits for the buffered sends, then hands the buffer
 * back (NULL and 0 when none is attached; pool may be NULL for a holder
 * that never had one). */
int buffer_detach_checked(bsend_pool_t *pool, void *buffer_addr, const void *size_arg, size_t *bytes);
/* MPI_*_iflush_buffer: a request on comm (NULL for the process's or a
 * session's buffer). */
int buffer_iflush_checked(bsend_pool_t *pool, comm_t *comm, MPI_Request *request);
/* The int forms of detach say MPI_UNDEFINED for a size an int cannot hold. */
static inline int buffer_size_int(size_t bytes)
{
    return bytes > 0x7fffffff ? MPI_UNDEFINED : (int)bytes;
}

#endif
