/* op.c -- reduction operations: MPI_Op_create, MPI_Op_free,
 * MPI_Op_commutative. */
#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "op/op.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Op_create, PMPI_Op_create)
TESSERA_WEAK_ALIAS(MPI_Op_create_c, PMPI_Op_create_c)
TESSERA_WEAK_ALIAS(MPI_Op_free, PMPI_Op_free)
TESSERA_WEAK_ALIAS(MPI_Op_commutative, PMPI_Op_commutative)

static int op_create(const char *call, MPI_User_function *fn, MPI_User_function_c *fn_c, int commute, MPI_Op *op)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(fn ? (void *)fn : (void *)fn_c, "user_fn");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(op, "op");
    if (rc == MPI_SUCCESS) {
        op_t *o = op_new(fn, fn_c, commute != 0);
        if (o)
            *op = op_handle(o);
        else
            rc = err_set(MPI_ERR_NO_MEM, "out of memory or operation handles");
    }
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
    return THREADS_CALL(op_create("MPI_Op_create", user_fn, NULL, commute, op));
}

int PMPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op)
{
    return THREADS_CALL(op_create("MPI_Op_create_c", NULL, user_fn, commute, op));
}

int PMPI_Op_free(MPI_Op *op)
{
    THREADS_ENTER();
    op_t *o = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(op, "op");
    if (rc == MPI_SUCCESS)
        rc = check_op_handle(*op, &o);
    if (rc == MPI_SUCCESS && o->predefined)
        rc = err_set(MPI_ERR_OP, "%s is predefined and cannot be freed", op_name(o));
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Op_free", rc);
    op_release_handle(o);
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}

int PMPI_Op_commutative(MPI_Op op, int *commute)
{
    THREADS_ENTER();
    op_t *o = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_op_handle(op, &o);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(commute, "commute");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Op_commutative", rc);
    *commute = o->commute;
    return MPI_SUCCESS;
}
