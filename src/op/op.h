/*
 * op.h -- reduction operations: the predefined ones and the user's.
 *
 * An operation combines two buffers elementwise, inout[i] = in[i] op
 * inout[i], with the buffers laid out as the datatype describes (the
 * user's layout, extent apart).  Predefined operations run compiled
 * kernels on the predefined types inside the datatype; user operations
 * get the buffers as they are, in chunks their length argument can hold.
 * User operations are reference counted: a reduction in flight keeps
 * one alive after MPI_Op_free.
 */
#ifndef TESSERA_OP_OP_H
#define TESSERA_OP_OP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dt/datatype.h"
#include "mpi.h"
#include "obj/handle.h"

/* The predefined operations by handle index, as mpi.h numbers them. */
enum op_index {
    OP_MAX = 1,
    OP_MIN,
    OP_SUM,
    OP_PROD,
    OP_LAND,
    OP_BAND,
    OP_LOR,
    OP_BOR,
    OP_LXOR,
    OP_BXOR,
    OP_MAXLOC,
    OP_MINLOC, /* the last one that reduces */
    OP_REPLACE,
    OP_NO_OP,
};

typedef struct op {
    uint32_t handle; /* 0 once the user has freed it */
    bool predefined;
    bool commute;
    bool large; /* made by MPI_Op_create_c: the function takes MPI_Count */
    int index;  /* predefined: its enum op_index */
    unsigned refs;
    MPI_User_function *fn;
    MPI_User_function_c *fn_c;
} op_t;

void op_init(void);
/* Inline, as comm_from_handle (obj/comm.h): every reduction looks its op up. */
extern obj_table_t op_table;
static inline op_t *op_from_handle(MPI_Op handle)
{
    return (op_t *)obj_table_lookup(&op_table, handle_value(handle));
}
MPI_Op op_handle(const op_t *op);
const char *op_name(const op_t *op);

/* MPI_Op_create: a new operation holding one reference and a handle;
 * NULL when out of memory or handles.  Exactly one of fn, fn_c is set. */
op_t *op_new(MPI_User_function *fn, MPI_User_function_c *fn_c, bool commute);
void op_ref(op_t *op);
void op_unref(op_t *op);
/* MPI_Op_free: the handle dies now, the object with its last reference. */
void op_release_handle(op_t *op);

/* MPI_SUCCESS when op is defined on every predefined type inside dt,
 * else MPI_ERR_OP with the detail line set.  User operations take any
 * type; MPI_REPLACE and MPI_NO_OP are for one-sided accumulates only. */
int op_check_type_slow(const op_t *op, const datatype_t *dt);
static inline int op_check_type(const op_t *op, const datatype_t *dt)
{
    /* A predefined op on a predefined type is one bit (every reduction
     * asks); derived types and refusals take the long way. */
    if (!op->predefined || (dt->reduce_ops >> op->index & 1))
        return MPI_SUCCESS;
    return op_check_type_slow(op, dt);
}

/* inout = in op inout, for count elements of dt at in and inout (each
 * as the user would pass it: the start of the first element). */
void op_apply(const op_t *op, const void *in, void *inout, MPI_Count count, datatype_t *dt);

/* The same for a predefined op with both operands in dt's packed form
 * (the data bytes end to end, as MPI_Pack writes them): what collectives
 * that reduce in shared memory fold when dt has gaps (a pair type). */
void op_apply_packed(const op_t *op, const void *in, void *inout, MPI_Count count, datatype_t *dt);

/* The kernels (kernels.c): n predefined elements of the type at this
 * handle index, packed end to end (any alignment), or for the pair types
 * `stride` bytes apart with the int `second` bytes into each.  Return
 * false when op is not defined on the type. */
bool op_kernel_allowed(int op_index, uint32_t type_index);
void op_kernel(int op_index, uint32_t type_index, const void *in, void *inout, size_t n);
void op_kernel_pair(int op_index, uint32_t type_index, const void *in, void *inout, size_t n, size_t stride,
                    size_t second);
bool op_type_is_pair(uint32_t type_index);

#endif
