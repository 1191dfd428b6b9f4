/*
 * err.h -- error classes, the detail line, and the error handlers.
 *
 * The function that detects an error records one line of detail with
 * err_set() and returns the class.  The API entry point that receives a
 * non-success status hands it to err_raise(), which applies the error
 * handler of the communicator the call was made on.
 */
#ifndef TESSERA_ERR_ERR_H
#define TESSERA_ERR_ERR_H

#include "mpi.h"

struct comm;

/* Record the detail line for the error being returned; returns code. */
int err_set(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *err_detail(void);

/* Apply comm's error handler (comm may be NULL when the error belongs to no
 * valid communicator).  Returns code when the handler lets the call return. */
int err_raise(struct comm *comm, const char *call, int code);
/* err_raise for a call that makes a communicator: its output, when the
 * pointer is given, holds MPI_COMM_NULL once the call has failed.  MPI
 * leaves that output undefined, but programs test it after an error
 * (MPICH's test suite does) and MPICH sets it so. */
int err_raise_comm(struct comm *comm, const char *call, int code, MPI_Comm *out);
/* The same under a given handler, for a call with no object to hold one
 * (a user's handler sees MPI_COMM_NULL). */
int err_raise_with(MPI_Errhandler handler, const char *call, int code);
/* The same for a call on a session, under the handler set on it. */
int err_raise_session(MPI_Session session, MPI_Errhandler handler, const char *call, int code);

/* The predefined string for a class, or NULL if code is not a class. */
const char *err_class_string(int code);

#endif
