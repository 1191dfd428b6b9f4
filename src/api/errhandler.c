/* errhandler.c -- error classes and strings, and choosing error handlers. */
#include <string.h>

#include "check/check.h"
#include "err/err.h"
#include "mpi.h"

#pragma weak MPI_Error_string = PMPI_Error_string
#pragma weak MPI_Error_class = PMPI_Error_class
#pragma weak MPI_Comm_set_errhandler = PMPI_Comm_set_errhandler
#pragma weak MPI_Comm_get_errhandler = PMPI_Comm_get_errhandler

int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
    int rc = check_pointer(string, "string");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(resultlen, "resultlen");
    const char *text = err_class_string(errorcode);
    if (rc == MPI_SUCCESS && !text)
        rc = err_set(MPI_ERR_ARG, "invalid error code %d", errorcode);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Error_string", rc);
    size_t len = strlen(text);
    if (len > MPI_MAX_ERROR_STRING - 1)
        len = MPI_MAX_ERROR_STRING - 1;
    memcpy(string, text, len);
    string[len] = '\0';
    *resultlen = (int)len;
    return MPI_SUCCESS;
}

int PMPI_Error_class(int errorcode, int *errorclass)
{
    int rc = check_pointer(errorclass, "errorclass");
    if (rc == MPI_SUCCESS && !err_class_string(errorcode))
        rc = err_set(MPI_ERR_ARG, "invalid error code %d", errorcode);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Error_class", rc);
    *errorclass = errorcode; /* every code Tessera returns is a class */
    return MPI_SUCCESS;
}

static int check_errhandler(MPI_Errhandler handler)
{
    if (handler == MPI_ERRORS_ARE_FATAL || handler == MPI_ERRORS_RETURN || handler == MPI_ERRORS_ABORT)
        return MPI_SUCCESS;
    if (handler == MPI_ERRHANDLER_NULL)
        return err_set(MPI_ERR_ARG, "invalid error handler MPI_ERRHANDLER_NULL");
    return err_set(MPI_ERR_ARG, "invalid error handler %#x", (unsigned)(uintptr_t)handler);
}

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_errhandler(errhandler);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_set_errhandler", rc);
    c->errhandler = errhandler;
    c->errhandler_set_by_user = true;
    return MPI_SUCCESS;
}

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(errhandler, "errhandler");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_get_errhandler", rc);
    *errhandler = c->errhandler;
    return MPI_SUCCESS;
}
