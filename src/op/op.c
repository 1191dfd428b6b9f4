/* op.c -- operation objects, their handles, and applying one to two
 * buffers of any datatype. */
#include "op/op.h"

#include <limits.h>
#include <stdlib.h>

#include "dt/layout.h"
#include "err/err.h"
#include "obj/handle.h"
#include "util/log.h"

#define PREDEFINED_OPS (OP_NO_OP + 1) /* handle indices from 1 */

obj_table_t op_table;
static op_t op_predefined[PREDEFINED_OPS];
static const char *const op_names[PREDEFINED_OPS] = {
    NULL,      "MPI_MAX",  "MPI_MIN",  "MPI_SUM",    "MPI_PROD",   "MPI_LAND",    "MPI_BAND",  "MPI_LOR",
    "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MAXLOC", "MPI_MINLOC", "MPI_REPLACE", "MPI_NO_OP",
};

void op_init(void)
{
    if (op_table.objects)
        return;
    obj_table_init(&op_table, TESSERA_KIND_OP_, PREDEFINED_OPS);
    for (int i = 1; i < PREDEFINED_OPS; i++) {
        op_predefined[i] = (op_t){.predefined = true, .commute = true, .index = i};
        op_predefined[i].handle = obj_table_put_at(&op_table, (uint32_t)i, &op_predefined[i]);
    }
    /* Each predefined type's reductions, for op_check_type. */
    _Static_assert(OP_MINLOC < 16, "reduce_ops holds a bit per reducing op");
    for (uint32_t t = 1; t < TESSERA_DT_PREDEFINED_COUNT_; t++) {
        datatype_t *dt = dt_predefined_at(t);
        dt->reduce_ops = 0;
        for (int i = OP_MAX; i <= OP_MINLOC; i++)
            if (op_kernel_allowed(i, t))
                dt->reduce_ops |= (uint16_t)(1u << i);
    }
}

MPI_Op op_handle(const op_t *op)
{
    return (MPI_Op)(uintptr_t)op->handle;
}

const char *op_name(const op_t *op)
{
    return op->predefined ? op_names[op->index] : "a user operation";
}

op_t *op_new(MPI_User_function *fn, MPI_User_function_c *fn_c, bool commute)
{
    op_t *op = calloc(1, sizeof *op);
    if (!op)
        return NULL;
    op->fn = fn;
    op->fn_c = fn_c;
    op->large = fn_c != NULL;
    op->commute = commute;
    op->refs = 1;
    if (!(op->handle = obj_table_insert(&op_table, op))) {
        free(op);
        return NULL;
    }
    return op;
}

void op_ref(op_t *op)
{
    if (!op->predefined)
        op->refs++;
}

void op_unref(op_t *op)
{
    if (op->predefined || --op->refs > 0)
        return;
    if (op->handle)
        obj_table_remove(&op_table, op->handle);
    free(op);
}

void op_release_handle(op_t *op)
{
    if (op->predefined)
        return;
    obj_table_remove(&op_table, op->handle);
    op->handle = 0;
    op_unref(op);
}

int op_check_type_slow(const op_t *op, const datatype_t *dt)
{
    if (!op->predefined)
        return MPI_SUCCESS;
    if (op->index > OP_MINLOC)
        return err_set(MPI_ERR_OP, "%s is only for one-sided accumulate operations, not reductions", op_name(op));
    if (dt->predefined) {
        if (!op_kernel_allowed(op->index, dt_predefined_index(dt)))
            return err_set(MPI_ERR_OP, "%s is not defined on %s", op_name(op), dt_name(dt));
        return MPI_SUCCESS;
    }
    for (MPI_Count i = 0; i < dt->sig_n; i++)
        if (!op_kernel_allowed(op->index, dt_predefined_index(dt->sig_types[i])))
            return err_set(MPI_ERR_OP, "%s is not defined on %s, which the derived datatype holds", op_name(op),
                           dt_name(dt->sig_types[i]));
    return MPI_SUCCESS;
}

/* n elements of the predefined type t, packed end to end. */
static void apply_packed(int op, const datatype_t *t, const char *in, char *inout, size_t n)
{
    uint32_t index = dt_predefined_index(t);
    if (op_type_is_pair(index))
        op_kernel_pair(op, index, in, inout, n, (size_t)t->size, (size_t)t->first_size);
    else
        op_kernel(op, index, in, inout, n);
}

/* A derived type's data, packed: each element is its signature's runs. */
static void apply_signature(int op, const datatype_t *dt, const char *in, char *inout, MPI_Count count)
{
    for (MPI_Count e = 0; e < count; e++)
        for (MPI_Count i = 0; i < dt->sig_n; i++) {
            const datatype_t *t = dt->sig_types[i];
            apply_packed(op, t, in, inout, (size_t)dt->sig_reps[i]);
            size_t run = (size_t)(dt->sig_reps[i] * t->size);
            in += run;
            inout += run;
        }
}

/* Elements of non-contiguous data go through packed copies, this many
 * bytes at a time. */
#define PACK_CHUNK (64 * 1024)

/* A predefined operation on a derived type.  Apart from op_apply so that
 * the common case, a predefined type, needs none of its frame. */
static __attribute__((noinline)) void apply_derived(const op_t *op, const void *in, void *inout, MPI_Count count,
                                                    datatype_t *dt)
{
    if (dt->contiguous && dt->sig_n == 1) {
        /* One predefined type end to end (a pair type here is unpadded). */
        const datatype_t *t = dt->sig_types[0];
        size_t n = (size_t)(count * (dt->size / t->size));
        apply_packed(op->index, t, (const char *)in + dt->true_lb, (char *)inout + dt->true_lb, n);
        return;
    }
    MPI_Count per = PACK_CHUNK / dt->size;
    if (per < 1)
        per = 1;
    char *a = malloc((size_t)(per * dt->size));
    char *b = malloc((size_t)(per * dt->size));
    if (!a || !b) {
        free(a);
        free(b);
        log_fatal("out of memory applying %s to a derived datatype", op_name(op));
    }
    for (MPI_Count done = 0; done < count; done += per) {
        MPI_Count m = count - done < per ? count - done : per;
        MPI_Count pos = done * dt->size, len = m * dt->size;
        dt_pack_range(in, count, dt, pos, len, a);
        dt_pack_range(inout, count, dt, pos, len, b);
        apply_signature(op->index, dt, a, b, m);
        dt_unpack_range(inout, count, dt, pos, len, b);
    }
    free(a);
    free(b);
}

void op_apply_packed(const op_t *op, const void *in, void *inout, MPI_Count count, datatype_t *dt)
{
    if (count == 0 || dt->size == 0)
        return;
    if (dt->predefined)
        apply_packed(op->index, dt, in, inout, (size_t)count);
    else
        apply_signature(op->index, dt, in, inout, count);
}

/* A user's function, called with at most INT_MAX elements at a time
 * unless it takes large counts (the standard's int length).  Apart from
 * op_apply for the same reason as apply_derived. */
static __attribute__((noinline)) void apply_user(const op_t *op, const void *in, void *inout, MPI_Count count,
                                                 datatype_t *dt)
{
    MPI_Datatype handle = dt_handle(dt);
    if (op->large) {
        op->fn_c((void *)(uintptr_t)in, inout, &count, &handle);
        return;
    }
    while (count > 0) {
        int len = count > INT_MAX ? INT_MAX : (int)count;
        op->fn((void *)(uintptr_t)in, inout, &len, &handle);
        in = (const char *)in + (MPI_Aint)len * dt->extent;
        inout = (char *)inout + (MPI_Aint)len * dt->extent;
        count -= len;
    }
}

void op_apply(const op_t *op, const void *in, void *inout, MPI_Count count, datatype_t *dt)
{
    if (op->predefined) {
        if (count == 0 || dt->size == 0)
            return;
        if (!dt->predefined) {
            apply_derived(op, in, inout, count, dt);
            return;
        }
        uint32_t index = dt_predefined_index(dt);
        if (op_type_is_pair(index))
            op_kernel_pair(op->index, index, in, inout, (size_t)count, (size_t)dt->extent, (size_t)dt->second_offset);
        else
            op_kernel(op->index, index, in, inout, (size_t)count);
        return;
    }
    apply_user(op, in, inout, count, dt);
}
