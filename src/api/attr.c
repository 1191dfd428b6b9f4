/*
 * attr.c -- attribute caching on communicators and datatypes: keyvals,
 * set/get/delete, and the predefined copy and delete callbacks.  The
 * predefined attributes (MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL,
 * MPI_UNIVERSE_SIZE, MPI_LASTUSEDCODE, MPI_APPNUM) read on any
 * communicator and cannot be set or deleted.
 */
#include <stdbool.h>
#include <stdint.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/attr.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_COMM_NULL_COPY_FN, PMPI_COMM_NULL_COPY_FN)
TESSERA_WEAK_ALIAS(MPI_COMM_DUP_FN, PMPI_COMM_DUP_FN)
TESSERA_WEAK_ALIAS(MPI_COMM_NULL_DELETE_FN, PMPI_COMM_NULL_DELETE_FN)
TESSERA_WEAK_ALIAS(MPI_TYPE_NULL_COPY_FN, PMPI_TYPE_NULL_COPY_FN)
TESSERA_WEAK_ALIAS(MPI_TYPE_DUP_FN, PMPI_TYPE_DUP_FN)
TESSERA_WEAK_ALIAS(MPI_TYPE_NULL_DELETE_FN, PMPI_TYPE_NULL_DELETE_FN)
TESSERA_WEAK_ALIAS(MPI_Comm_create_keyval, PMPI_Comm_create_keyval)
TESSERA_WEAK_ALIAS(MPI_Comm_free_keyval, PMPI_Comm_free_keyval)
TESSERA_WEAK_ALIAS(MPI_Comm_set_attr, PMPI_Comm_set_attr)
TESSERA_WEAK_ALIAS(MPI_Comm_get_attr, PMPI_Comm_get_attr)
TESSERA_WEAK_ALIAS(MPI_Comm_delete_attr, PMPI_Comm_delete_attr)
TESSERA_WEAK_ALIAS(MPI_Keyval_create, PMPI_Keyval_create)
TESSERA_WEAK_ALIAS(MPI_Keyval_free, PMPI_Keyval_free)
TESSERA_WEAK_ALIAS(MPI_Attr_put, PMPI_Attr_put)
TESSERA_WEAK_ALIAS(MPI_Attr_get, PMPI_Attr_get)
TESSERA_WEAK_ALIAS(MPI_Attr_delete, PMPI_Attr_delete)
TESSERA_WEAK_ALIAS(MPI_Type_create_keyval, PMPI_Type_create_keyval)
TESSERA_WEAK_ALIAS(MPI_Type_free_keyval, PMPI_Type_free_keyval)
TESSERA_WEAK_ALIAS(MPI_Type_set_attr, PMPI_Type_set_attr)
TESSERA_WEAK_ALIAS(MPI_Type_get_attr, PMPI_Type_get_attr)
TESSERA_WEAK_ALIAS(MPI_Type_delete_attr, PMPI_Type_delete_attr)

/* ---- the predefined callbacks ---- */

int PMPI_COMM_NULL_COPY_FN(MPI_Comm oldcomm, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    THREADS_ENTER();
    (void)oldcomm, (void)keyval, (void)extra_state, (void)in, (void)out;
    *flag = 0;
    return MPI_SUCCESS;
}

int PMPI_COMM_DUP_FN(MPI_Comm oldcomm, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    THREADS_ENTER();
    (void)oldcomm, (void)keyval, (void)extra_state;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

int PMPI_COMM_NULL_DELETE_FN(MPI_Comm comm, int keyval, void *value, void *extra_state)
{
    THREADS_ENTER();
    (void)comm, (void)keyval, (void)value, (void)extra_state;
    return MPI_SUCCESS;
}

int PMPI_TYPE_NULL_COPY_FN(MPI_Datatype oldtype, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    THREADS_ENTER();
    (void)oldtype, (void)keyval, (void)extra_state, (void)in, (void)out;
    *flag = 0;
    return MPI_SUCCESS;
}

int PMPI_TYPE_DUP_FN(MPI_Datatype oldtype, int keyval, void *extra_state, void *in, void *out, int *flag)
{
    THREADS_ENTER();
    (void)oldtype, (void)keyval, (void)extra_state;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

int PMPI_TYPE_NULL_DELETE_FN(MPI_Datatype type, int keyval, void *value, void *extra_state)
{
    THREADS_ENTER();
    (void)type, (void)keyval, (void)value, (void)extra_state;
    return MPI_SUCCESS;
}

/* ---- communicators ---- */

static int comm_create_keyval(const char *call, MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                              MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval, void *extra_state)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_keyval, "comm_keyval");
    if (rc == MPI_SUCCESS)
        rc = keyval_create(ATTR_COMM, (attr_callback_t)comm_copy_attr_fn, (attr_callback_t)comm_delete_attr_fn,
                           extra_state, comm_keyval);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

static int comm_free_keyval(const char *call, int *comm_keyval)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_keyval, "comm_keyval");
    if (rc == MPI_SUCCESS)
        rc = keyval_free(ATTR_COMM, comm_keyval);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

static int comm_set_attr(const char *call, MPI_Comm comm, int comm_keyval, void *attribute_val)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = attr_set(&c->attrs, ATTR_COMM, comm, comm_keyval, attribute_val);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

/* attribute_val is a void ** in all but name: it receives the value. */
static int comm_get_attr(const char *call, MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag)
{
    comm_t *c = NULL;
    bool found = false;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(attribute_val, "attribute_val");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS && attr_predefined(comm_keyval, (void **)attribute_val)) {
        *flag = 1;
        return MPI_SUCCESS;
    }
    if (rc == MPI_SUCCESS)
        rc = attr_get(c->attrs, ATTR_COMM, comm_keyval, (void **)attribute_val, &found);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    *flag = found;
    return MPI_SUCCESS;
}

static int comm_delete_attr(const char *call, MPI_Comm comm, int comm_keyval)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = attr_delete(&c->attrs, ATTR_COMM, comm, comm_keyval);
    if (rc != MPI_SUCCESS)
        return err_raise(c, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                            MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval, void *extra_state)
{
    return THREADS_CALL(
        comm_create_keyval("MPI_Comm_create_keyval", comm_copy_attr_fn, comm_delete_attr_fn, comm_keyval, extra_state));
}

int PMPI_Comm_free_keyval(int *comm_keyval)
{
    return THREADS_CALL(comm_free_keyval("MPI_Comm_free_keyval", comm_keyval));
}

int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val)
{
    return THREADS_CALL(comm_set_attr("MPI_Comm_set_attr", comm, comm_keyval, attribute_val));
}

int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag)
{
    return THREADS_CALL(comm_get_attr("MPI_Comm_get_attr", comm, comm_keyval, attribute_val, flag));
}

int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval)
{
    return THREADS_CALL(comm_delete_attr("MPI_Comm_delete_attr", comm, comm_keyval));
}

/* MPI-1's names (removed in MPI-3.0): the same calls on communicators. */
int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval, void *extra_state)
{
    return THREADS_CALL(comm_create_keyval("MPI_Keyval_create", copy_fn, delete_fn, keyval, extra_state));
}

int PMPI_Keyval_free(int *keyval)
{
    return THREADS_CALL(comm_free_keyval("MPI_Keyval_free", keyval));
}

int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val)
{
    return THREADS_CALL(comm_set_attr("MPI_Attr_put", comm, keyval, attribute_val));
}

int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag)
{
    return THREADS_CALL(comm_get_attr("MPI_Attr_get", comm, keyval, attribute_val, flag));
}

int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return THREADS_CALL(comm_delete_attr("MPI_Attr_delete", comm, keyval));
}

/* ---- datatypes ---- */

int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                            MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(type_keyval, "type_keyval");
    if (rc == MPI_SUCCESS)
        rc = keyval_create(ATTR_TYPE, (attr_callback_t)type_copy_attr_fn, (attr_callback_t)type_delete_attr_fn,
                           extra_state, type_keyval);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_create_keyval", rc);
    return MPI_SUCCESS;
}

int PMPI_Type_free_keyval(int *type_keyval)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(type_keyval, "type_keyval");
    if (rc == MPI_SUCCESS)
        rc = keyval_free(ATTR_TYPE, type_keyval);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_free_keyval", rc);
    return MPI_SUCCESS;
}

int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    THREADS_ENTER();
    datatype_t *dt = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS)
        rc = attr_set(&dt->attrs, ATTR_TYPE, datatype, type_keyval, attribute_val);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_set_attr", rc);
    return MPI_SUCCESS;
}

int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    THREADS_ENTER();
    datatype_t *dt = NULL;
    bool found = false;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(attribute_val, "attribute_val");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS)
        rc = attr_get(dt->attrs, ATTR_TYPE, type_keyval, (void **)attribute_val, &found);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_get_attr", rc);
    *flag = found;
    return MPI_SUCCESS;
}

int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    THREADS_ENTER();
    datatype_t *dt = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS)
        rc = attr_delete(&dt->attrs, ATTR_TYPE, datatype, type_keyval);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_delete_attr", rc);
    return MPI_SUCCESS;
}
