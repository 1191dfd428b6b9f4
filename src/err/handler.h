/*
 * handler.h -- error handler objects and the error classes, codes and
 * strings a program adds.
 *
 * MPI_ERRORS_ARE_FATAL, MPI_ERRORS_RETURN and MPI_ERRORS_ABORT are
 * predefined; MPI_Comm_create_errhandler makes the others.  A handler is
 * reference counted: the user's handle and every communicator using it
 * hold one, and MPI_Comm_get_errhandler hands out another.  Its handle
 * stays valid until the last reference goes.
 *
 * Added classes and codes take numbers above MPI_ERR_LASTCODE, from one
 * counter, so no code is ever two things.
 */
#ifndef TESSERA_ERR_HANDLER_H
#define TESSERA_ERR_HANDLER_H

#include <stdbool.h>

#include "mpi.h"

bool errhandler_is_predefined(MPI_Errhandler h);
/* Whether h is a live handler (predefined or made by the user). */
bool errhandler_valid(MPI_Errhandler h);
/* A new handler calling fn; MPI_ERRHANDLER_NULL when out of memory. */
MPI_Errhandler errhandler_create(MPI_Comm_errhandler_function *fn);
void errhandler_ref(MPI_Errhandler h);
void errhandler_unref(MPI_Errhandler h);
/* The user's function behind a handler made by MPI_Comm_create_errhandler,
 * or NULL for the predefined ones. */
MPI_Comm_errhandler_function *errhandler_function(MPI_Errhandler h);

/* Added error classes and codes (MPI_Add_error_class and friends). */
int errcode_add_class(int *errorclass);
int errcode_add_code(int errorclass, int *errorcode);
int errcode_set_string(int errorcode, const char *string);
int errcode_remove_class(int errorclass);
int errcode_remove_code(int errorcode);
int errcode_remove_string(int errorcode);
/* For any code, predefined or added: its class, and its string; -1 and
 * NULL when the code is neither. */
int errcode_class(int code);
/* The largest error code or class in use (MPI_LASTUSEDCODE). */
int errcode_last_used(void);
const char *errcode_string(int code);

#endif
