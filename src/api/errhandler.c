/* errhandler.c -- error classes, codes and strings (predefined and added),
 * and error handlers (predefined and the user's). */
#include <stdint.h>
#include <string.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "err/handler.h"
#include "mpi.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Error_string, PMPI_Error_string)
TESSERA_WEAK_ALIAS(MPI_Error_class, PMPI_Error_class)
TESSERA_WEAK_ALIAS(MPI_Comm_set_errhandler, PMPI_Comm_set_errhandler)
TESSERA_WEAK_ALIAS(MPI_Comm_get_errhandler, PMPI_Comm_get_errhandler)
TESSERA_WEAK_ALIAS(MPI_Comm_create_errhandler, PMPI_Comm_create_errhandler)
TESSERA_WEAK_ALIAS(MPI_Errhandler_create, PMPI_Errhandler_create)
TESSERA_WEAK_ALIAS(MPI_Errhandler_set, PMPI_Errhandler_set)
TESSERA_WEAK_ALIAS(MPI_Errhandler_get, PMPI_Errhandler_get)
TESSERA_WEAK_ALIAS(MPI_Comm_call_errhandler, PMPI_Comm_call_errhandler)
TESSERA_WEAK_ALIAS(MPI_Errhandler_free, PMPI_Errhandler_free)
TESSERA_WEAK_ALIAS(MPI_Add_error_class, PMPI_Add_error_class)
TESSERA_WEAK_ALIAS(MPI_Add_error_code, PMPI_Add_error_code)
TESSERA_WEAK_ALIAS(MPI_Add_error_string, PMPI_Add_error_string)
TESSERA_WEAK_ALIAS(MPI_Remove_error_class, PMPI_Remove_error_class)
TESSERA_WEAK_ALIAS(MPI_Remove_error_code, PMPI_Remove_error_code)
TESSERA_WEAK_ALIAS(MPI_Remove_error_string, PMPI_Remove_error_string)

int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
    THREADS_ENTER();
    int rc = check_pointer(string, "string");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(resultlen, "resultlen");
    const char *text = errcode_string(errorcode);
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
    THREADS_ENTER();
    int rc = check_pointer(errorclass, "errorclass");
    if (rc == MPI_SUCCESS && errcode_class(errorcode) < 0)
        rc = err_set(MPI_ERR_ARG, "invalid error code %d", errorcode);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Error_class", rc);
    *errorclass = errcode_class(errorcode);
    return MPI_SUCCESS;
}

static int check_errhandler(MPI_Errhandler handler)
{
    if (errhandler_valid(handler))
        return MPI_SUCCESS;
    if (handler == MPI_ERRHANDLER_NULL)
        return err_set(MPI_ERR_ARG, "invalid error handler MPI_ERRHANDLER_NULL");
    return err_set(MPI_ERR_ARG, "invalid error handler %#x", (unsigned)(uintptr_t)handler);
}

static int comm_set_errhandler(const char *call, MPI_Comm comm, MPI_Errhandler errhandler)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_errhandler(errhandler);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    errhandler_ref(errhandler);
    errhandler_unref(c->errhandler);
    c->errhandler = errhandler;
    c->errhandler_set_by_user = true;
    return MPI_SUCCESS;
}

static int comm_get_errhandler(const char *call, MPI_Comm comm, MPI_Errhandler *errhandler)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(errhandler, "errhandler");
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    /* A new reference: the caller frees it with MPI_Errhandler_free. */
    errhandler_ref(c->errhandler);
    *errhandler = c->errhandler;
    return MPI_SUCCESS;
}

static int comm_create_errhandler(const char *call, MPI_Comm_errhandler_function *comm_errhandler_fn,
                                  MPI_Errhandler *errhandler)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer((const void *)(uintptr_t)comm_errhandler_fn, "comm_errhandler_fn");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(errhandler, "errhandler");
    MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    if (rc == MPI_SUCCESS && (h = errhandler_create(comm_errhandler_fn)) == MPI_ERRHANDLER_NULL)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory (or handles) for an error handler");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    *errhandler = h;
    return MPI_SUCCESS;
}

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    return THREADS_CALL(comm_set_errhandler("MPI_Comm_set_errhandler", comm, errhandler));
}

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    return THREADS_CALL(comm_get_errhandler("MPI_Comm_get_errhandler", comm, errhandler));
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn, MPI_Errhandler *errhandler)
{
    return THREADS_CALL(comm_create_errhandler("MPI_Comm_create_errhandler", comm_errhandler_fn, errhandler));
}

/* MPI-1's names (removed in MPI-3.0): the same calls. */
int PMPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler)
{
    return THREADS_CALL(comm_create_errhandler("MPI_Errhandler_create", function, errhandler));
}

int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler)
{
    return THREADS_CALL(comm_set_errhandler("MPI_Errhandler_set", comm, errhandler));
}

int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    return THREADS_CALL(comm_get_errhandler("MPI_Errhandler_get", comm, errhandler));
}

/* The handler runs as if a call on comm had failed with errorcode; when
 * it returns, so does this call, with success. */
int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_call_errhandler", rc);
    err_set(errorcode, "error %d raised by MPI_Comm_call_errhandler", errorcode);
    err_raise(c, "MPI_Comm_call_errhandler", errorcode);
    return MPI_SUCCESS;
}

/* Predefined handlers may be freed too: the handle becomes null. */
int PMPI_Errhandler_free(MPI_Errhandler *errhandler)
{
    THREADS_ENTER();
    int rc = check_pointer(errhandler, "errhandler");
    if (rc == MPI_SUCCESS)
        rc = check_errhandler(*errhandler);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Errhandler_free", rc);
    errhandler_unref(*errhandler);
    *errhandler = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}

int PMPI_Add_error_class(int *errorclass)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(errorclass, "errorclass");
    if (rc == MPI_SUCCESS)
        rc = errcode_add_class(errorclass);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Add_error_class", rc);
    return MPI_SUCCESS;
}

int PMPI_Add_error_code(int errorclass, int *errorcode)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(errorcode, "errorcode");
    if (rc == MPI_SUCCESS)
        rc = errcode_add_code(errorclass, errorcode);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Add_error_code", rc);
    return MPI_SUCCESS;
}

int PMPI_Add_error_string(int errorcode, const char *string)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(string, "string");
    if (rc == MPI_SUCCESS)
        rc = errcode_set_string(errorcode, string);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Add_error_string", rc);
    return MPI_SUCCESS;
}

int PMPI_Remove_error_class(int errorclass)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = errcode_remove_class(errorclass);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Remove_error_class", rc);
    return MPI_SUCCESS;
}

int PMPI_Remove_error_code(int errorcode)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = errcode_remove_code(errorcode);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Remove_error_code", rc);
    return MPI_SUCCESS;
}

int PMPI_Remove_error_string(int errorcode)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = errcode_remove_string(errorcode);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Remove_error_string", rc);
    return MPI_SUCCESS;
}
