/*
 * datatype.c -- the datatype chapter: constructors, queries, packing.
 *
 * Each constructor is written once over MPI_Count and MPI_Aint arrays; the
 * int form converts its arguments and records them as ints, the MPI-4
 * large-count form (_c) records them as large counts, so that
 * MPI_Type_get_contents gives back exactly what the program passed.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/weak.h"
#include "check/check.h"
#include "dt/construct.h"
#include "dt/datatype.h"
#include "dt/layout.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/attr.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Type_size, PMPI_Type_size)
TESSERA_WEAK_ALIAS(MPI_Type_size_x, PMPI_Type_size_x)
TESSERA_WEAK_ALIAS(MPI_Type_size_c, PMPI_Type_size_c)
TESSERA_WEAK_ALIAS(MPI_Type_get_extent, PMPI_Type_get_extent)
TESSERA_WEAK_ALIAS(MPI_Type_get_extent_x, PMPI_Type_get_extent_x)
TESSERA_WEAK_ALIAS(MPI_Type_get_extent_c, PMPI_Type_get_extent_c)
TESSERA_WEAK_ALIAS(MPI_Type_get_true_extent, PMPI_Type_get_true_extent)
TESSERA_WEAK_ALIAS(MPI_Type_get_true_extent_x, PMPI_Type_get_true_extent_x)
TESSERA_WEAK_ALIAS(MPI_Type_get_true_extent_c, PMPI_Type_get_true_extent_c)
TESSERA_WEAK_ALIAS(MPI_Type_commit, PMPI_Type_commit)
TESSERA_WEAK_ALIAS(MPI_Type_free, PMPI_Type_free)
TESSERA_WEAK_ALIAS(MPI_Type_dup, PMPI_Type_dup)
TESSERA_WEAK_ALIAS(MPI_Type_contiguous, PMPI_Type_contiguous)
TESSERA_WEAK_ALIAS(MPI_Type_contiguous_c, PMPI_Type_contiguous_c)
TESSERA_WEAK_ALIAS(MPI_Type_vector, PMPI_Type_vector)
TESSERA_WEAK_ALIAS(MPI_Type_vector_c, PMPI_Type_vector_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_hvector, PMPI_Type_create_hvector)
TESSERA_WEAK_ALIAS(MPI_Type_create_hvector_c, PMPI_Type_create_hvector_c)
TESSERA_WEAK_ALIAS(MPI_Type_indexed, PMPI_Type_indexed)
TESSERA_WEAK_ALIAS(MPI_Type_indexed_c, PMPI_Type_indexed_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_hindexed, PMPI_Type_create_hindexed)
TESSERA_WEAK_ALIAS(MPI_Type_create_hindexed_c, PMPI_Type_create_hindexed_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_indexed_block, PMPI_Type_create_indexed_block)
TESSERA_WEAK_ALIAS(MPI_Type_create_indexed_block_c, PMPI_Type_create_indexed_block_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_hindexed_block, PMPI_Type_create_hindexed_block)
TESSERA_WEAK_ALIAS(MPI_Type_create_hindexed_block_c, PMPI_Type_create_hindexed_block_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_struct, PMPI_Type_create_struct)
TESSERA_WEAK_ALIAS(MPI_Type_create_struct_c, PMPI_Type_create_struct_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_subarray, PMPI_Type_create_subarray)
TESSERA_WEAK_ALIAS(MPI_Type_create_subarray_c, PMPI_Type_create_subarray_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_darray, PMPI_Type_create_darray)
TESSERA_WEAK_ALIAS(MPI_Type_create_darray_c, PMPI_Type_create_darray_c)
TESSERA_WEAK_ALIAS(MPI_Type_create_resized, PMPI_Type_create_resized)
TESSERA_WEAK_ALIAS(MPI_Type_create_resized_c, PMPI_Type_create_resized_c)
TESSERA_WEAK_ALIAS(MPI_Type_get_envelope, PMPI_Type_get_envelope)
TESSERA_WEAK_ALIAS(MPI_Type_get_envelope_c, PMPI_Type_get_envelope_c)
TESSERA_WEAK_ALIAS(MPI_Type_get_contents, PMPI_Type_get_contents)
TESSERA_WEAK_ALIAS(MPI_Type_get_contents_c, PMPI_Type_get_contents_c)
TESSERA_WEAK_ALIAS(MPI_Type_set_name, PMPI_Type_set_name)
TESSERA_WEAK_ALIAS(MPI_Type_get_name, PMPI_Type_get_name)
TESSERA_WEAK_ALIAS(MPI_Type_match_size, PMPI_Type_match_size)
TESSERA_WEAK_ALIAS(MPI_Type_get_value_index, PMPI_Type_get_value_index)
TESSERA_WEAK_ALIAS(MPI_Type_create_f90_integer, PMPI_Type_create_f90_integer)
TESSERA_WEAK_ALIAS(MPI_Type_create_f90_real, PMPI_Type_create_f90_real)
TESSERA_WEAK_ALIAS(MPI_Type_create_f90_complex, PMPI_Type_create_f90_complex)
TESSERA_WEAK_ALIAS(MPI_Get_address, PMPI_Get_address)
TESSERA_WEAK_ALIAS(MPI_Address, PMPI_Address)
TESSERA_WEAK_ALIAS(MPI_Type_hvector, PMPI_Type_hvector)
TESSERA_WEAK_ALIAS(MPI_Type_hindexed, PMPI_Type_hindexed)
TESSERA_WEAK_ALIAS(MPI_Type_struct, PMPI_Type_struct)
TESSERA_WEAK_ALIAS(MPI_Type_extent, PMPI_Type_extent)
TESSERA_WEAK_ALIAS(MPI_Type_lb, PMPI_Type_lb)
TESSERA_WEAK_ALIAS(MPI_Type_ub, PMPI_Type_ub)
TESSERA_WEAK_ALIAS(MPI_Aint_add, PMPI_Aint_add)
TESSERA_WEAK_ALIAS(MPI_Aint_diff, PMPI_Aint_diff)

/* ---- queries ---- */

static int query_type(const char *call, MPI_Datatype datatype, const void *out, datatype_t **dt)
{
    int rc = check_datatype(datatype, "datatype", dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(out, "output argument");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

/* An int output that cannot hold the value is MPI_UNDEFINED, as the
 * standard says for sizes and counts. */
static int int_or_undefined(MPI_Count v)
{
    return v > INT_MAX || v < INT_MIN ? MPI_UNDEFINED : (int)v;
}

int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = query_type("MPI_Type_size", datatype, size, &dt);
    if (rc == MPI_SUCCESS)
        *size = int_or_undefined(dt->size);
    return rc;
}

int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = query_type("MPI_Type_size_x", datatype, size, &dt);
    if (rc == MPI_SUCCESS)
        *size = dt->size;
    return rc;
}

int PMPI_Type_size_c(MPI_Datatype datatype, MPI_Count *size)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = query_type("MPI_Type_size_c", datatype, size, &dt);
    if (rc == MPI_SUCCESS)
        *size = dt->size;
    return rc;
}

#define EXTENT_QUERY(fn, T, lo, len)                                    \
    int P##fn(MPI_Datatype datatype, T *lb, T *extent)                  \
    {                                                                   \
        datatype_t *dt;                                                 \
        int rc = query_type(#fn, datatype, lb, &dt);                    \
        if (rc == MPI_SUCCESS && !extent)                               \
            rc = err_raise(NULL, #fn, check_pointer(extent, "extent")); \
        if (rc == MPI_SUCCESS) {                                        \
            *lb = (T)(lo);                                              \
            *extent = (T)(len);                                         \
        }                                                               \
        return rc;                                                      \
    }
EXTENT_QUERY(MPI_Type_get_extent, MPI_Aint, dt->lb, dt->extent)
EXTENT_QUERY(MPI_Type_get_extent_x, MPI_Count, dt->lb, dt->extent)
EXTENT_QUERY(MPI_Type_get_extent_c, MPI_Count, dt->lb, dt->extent)
EXTENT_QUERY(MPI_Type_get_true_extent, MPI_Aint, dt->true_lb, dt->true_ub - dt->true_lb)
EXTENT_QUERY(MPI_Type_get_true_extent_x, MPI_Count, dt->true_lb, dt->true_ub - dt->true_lb)
EXTENT_QUERY(MPI_Type_get_true_extent_c, MPI_Count, dt->true_lb, dt->true_ub - dt->true_lb)
#undef EXTENT_QUERY

/* MPI-1's queries of one bound each (removed in MPI-3.0). */
#define BOUND_QUERY(fn, value)                        \
    int P##fn(MPI_Datatype datatype, MPI_Aint *out)   \
    {                                                 \
        datatype_t *dt;                               \
        int rc = query_type(#fn, datatype, out, &dt); \
        if (rc == MPI_SUCCESS)                        \
            *out = (value);                           \
        return rc;                                    \
    }
BOUND_QUERY(MPI_Type_extent, dt->extent)
BOUND_QUERY(MPI_Type_lb, dt->lb)
BOUND_QUERY(MPI_Type_ub, dt->ub)
#undef BOUND_QUERY

/* ---- commit and free ---- */

static int check_type_handle_arg(MPI_Datatype *datatype, datatype_t **dt)
{
    int rc = check_pointer(datatype, "datatype");
    if (rc == MPI_SUCCESS)
        rc = check_datatype(*datatype, "datatype", dt);
    return rc;
}

int PMPI_Type_commit(MPI_Datatype *datatype)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_type_handle_arg(datatype, &dt);
    if (rc == MPI_SUCCESS)
        rc = dt_commit(dt);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_commit", rc);
    return MPI_SUCCESS;
}

int PMPI_Type_free(MPI_Datatype *datatype)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_type_handle_arg(datatype, &dt);
    if (rc == MPI_SUCCESS && (dt->predefined || dt->parameterized))
        rc = err_set(MPI_ERR_TYPE, "invalid datatype %s for MPI_Type_free (predefined types cannot be freed)",
                     dt_name(dt));
    /* Attributes go with the type: their delete callbacks run now. */
    if (rc == MPI_SUCCESS)
        rc = attr_delete_all(&dt->attrs, ATTR_TYPE, *datatype);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_free", rc);
    dt_release_handle(dt);
    *datatype = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}

/* ---- constructors ---- */

/* The checks every constructor makes on its old type and output. */
static int check_oldtype(MPI_Datatype oldtype, const char *what, datatype_t **old)
{
    return check_datatype(oldtype, what, old);
}

static int check_nonnegative(MPI_Count n, const char *what, MPI_Count index)
{
    if (n >= 0)
        return MPI_SUCCESS;
    if (index < 0)
        return err_set(MPI_ERR_COUNT, "invalid %s %lld (must be non-negative)", what, (long long)n);
    return err_set(MPI_ERR_ARG, "invalid %s[%lld] = %lld (must be non-negative)", what, (long long)index, (long long)n);
}

/* Hand a built type to the caller, or undo it. */
static int finish(const char *call, datatype_t *dt, int rc, MPI_Datatype *newtype)
{
    if (rc == MPI_SUCCESS && !dt)
        rc = MPI_ERR_NO_MEM;
    if (rc != MPI_SUCCESS) {
        if (dt)
            dt_release_handle(dt);
        if (rc == MPI_ERR_NO_MEM)
            err_set(MPI_ERR_NO_MEM, "out of memory building a datatype");
        return err_raise(NULL, call, rc);
    }
    *newtype = dt_handle(dt);
    return MPI_SUCCESS;
}

static int begin(const char *call, MPI_Datatype *newtype)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newtype, "newtype");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

/* Contents of a constructor whose arguments are a few counts and maybe
 * one address: recorded as ints (and addresses) or as large counts. */
static datatype_t *new_simple(int combiner, bool large, int nints, const MPI_Count *counts, int naddrs,
                              const MPI_Aint *addrs, datatype_t *old)
{
    if (large) {
        MPI_Count all[4];
        for (int i = 0; i < nints; i++)
            all[i] = counts[i];
        for (int i = 0; i < naddrs; i++)
            all[nints + i] = addrs[i];
        return dt_new(combiner, true, 0, NULL, 0, NULL, nints + naddrs, all, old ? 1 : 0, &old);
    }
    int ints[3];
    for (int i = 0; i < nints; i++)
        ints[i] = (int)counts[i];
    return dt_new(combiner, false, nints, ints, naddrs, addrs, 0, NULL, old ? 1 : 0, &old);
}

static int type_contiguous(const char *call, bool large, MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    datatype_t *old, *dt = NULL;
    int rc = begin(call, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_nonnegative(count, "count", -1);
    if (rc == MPI_SUCCESS)
        rc = check_oldtype(oldtype, "oldtype", &old);
    if (rc == MPI_SUCCESS && (dt = new_simple(MPI_COMBINER_CONTIGUOUS, large, 1, &count, 0, NULL, old))) {
        dt_piece_t piece = {0, 1, 0, count, old};
        rc = dt_build(dt, &piece, 1);
    }
    return finish(call, dt, rc, newtype);
}

int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(type_contiguous("MPI_Type_contiguous", false, count, oldtype, newtype));
}

int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(type_contiguous("MPI_Type_contiguous_c", true, count, oldtype, newtype));
}

/* vector (stride in elements) and hvector (stride in bytes) */
static int type_vector(const char *call, bool large, bool bytes, MPI_Count count, MPI_Count blocklength,
                       MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    datatype_t *old, *dt = NULL;
    int rc = begin(call, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_nonnegative(count, "count", -1);
    if (rc == MPI_SUCCESS)
        rc = check_nonnegative(blocklength, "blocklength", -1);
    if (rc == MPI_SUCCESS)
        rc = check_oldtype(oldtype, "oldtype", &old);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    MPI_Count args[3] = {count, blocklength, stride};
    if (bytes)
        dt = new_simple(MPI_COMBINER_HVECTOR, large, 2, args, 1, &stride, old);
    else
        dt = new_simple(MPI_COMBINER_VECTOR, large, 3, args, 0, NULL, old);
    MPI_Aint byte_stride = stride;
    if (dt && !bytes && __builtin_mul_overflow(stride, old->extent, &byte_stride))
        rc = err_set(MPI_ERR_ARG, "invalid stride %lld (times the extent it overflows MPI_Aint)", (long long)stride);
    if (dt && rc == MPI_SUCCESS) {
        dt_piece_t piece = {0, count, byte_stride, blocklength, old};
        rc = dt_build(dt, &piece, 1);
    }
    return finish(call, dt, rc, newtype);
}

int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(type_vector("MPI_Type_vector", false, false, count, blocklength, stride, oldtype, newtype));
}

int PMPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                       MPI_Datatype *newtype)
{
    return THREADS_CALL(type_vector("MPI_Type_vector_c", true, false, count, blocklength, stride, oldtype, newtype));
}

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(
        type_vector("MPI_Type_create_hvector", false, true, count, blocklength, stride, oldtype, newtype));
}

int PMPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                               MPI_Datatype *newtype)
{
    return THREADS_CALL(
        type_vector("MPI_Type_create_hvector_c", true, true, count, blocklength, stride, oldtype, newtype));
}

/*
 * The indexed family and struct, in one function.  blocklengths is NULL
 * for the _block forms (one blocklength for all); displacements are in
 * elements of the old type unless `bytes`; types is NULL except for struct.
 */
typedef struct indexed_args {
    int combiner;
    bool large, bytes;
    MPI_Count count;
    const MPI_Count *blocklengths; /* count entries, or NULL */
    MPI_Count blocklength;         /* when blocklengths is NULL */
    const MPI_Aint *displs;
    datatype_t **types; /* count entries for struct; else types[0] */
} indexed_args_t;

static datatype_t *new_indexed(const indexed_args_t *a)
{
    MPI_Count n = a->count, nbl = a->blocklengths ? n : 1;
    int ntypes = a->combiner == MPI_COMBINER_STRUCT ? (int)n : 1;
    datatype_t *dt;
    if (a->large) {
        MPI_Count *c = malloc((size_t)(1 + nbl + n) * sizeof *c);
        if (!c)
            return NULL;
        c[0] = n;
        for (MPI_Count i = 0; i < nbl; i++)
            c[1 + i] = a->blocklengths ? a->blocklengths[i] : a->blocklength;
        for (MPI_Count i = 0; i < n; i++)
            c[1 + nbl + i] = a->displs[i];
        dt = dt_new(a->combiner, true, 0, NULL, 0, NULL, (int)(1 + nbl + n), c, ntypes, a->types);
        free(c);
        return dt;
    }
    /* Element displacements are ints; byte displacements are addresses. */
    MPI_Count nints = 1 + nbl + (a->bytes ? 0 : n);
    int *ints = malloc((size_t)nints * sizeof *ints);
    if (!ints)
        return NULL;
    ints[0] = (int)n;
    for (MPI_Count i = 0; i < nbl; i++)
        ints[1 + i] = (int)(a->blocklengths ? a->blocklengths[i] : a->blocklength);
    if (!a->bytes)
        for (MPI_Count i = 0; i < n; i++)
            ints[1 + nbl + i] = (int)a->displs[i];
    dt = dt_new(a->combiner, false, (int)nints, ints, a->bytes ? (int)n : 0, a->displs, 0, NULL, ntypes, a->types);
    free(ints);
    return dt;
}

static int type_indexed(const char *call, const indexed_args_t *a, MPI_Datatype *newtype)
{
    datatype_t *dt = NULL;
    bool is_struct = a->combiner == MPI_COMBINER_STRUCT;
    int rc = check_nonnegative(a->count, "count", -1);
    if (rc == MPI_SUCCESS && a->count > 0 && !a->displs)
        rc = check_pointer(a->displs, "array_of_displacements");
    for (MPI_Count i = 0; rc == MPI_SUCCESS && i < (a->blocklengths ? a->count : 1); i++)
        rc = check_nonnegative(a->blocklengths ? a->blocklengths[i] : a->blocklength, "array_of_blocklengths",
                               a->blocklengths ? i : -1);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    dt = new_indexed(a);
    dt_piece_t *pieces = dt ? malloc((size_t)(a->count ? a->count : 1) * sizeof *pieces) : NULL;
    if (dt && !pieces)
        rc = MPI_ERR_NO_MEM;
    for (MPI_Count i = 0; dt && pieces && rc == MPI_SUCCESS && i < a->count; i++) {
        datatype_t *t = a->types[is_struct ? i : 0];
        MPI_Aint disp = a->displs[i];
        if (!a->bytes && __builtin_mul_overflow(disp, t->extent, &disp))
            rc = err_set(MPI_ERR_ARG, "invalid displacement %lld (times the extent it overflows MPI_Aint)",
                         (long long)a->displs[i]);
        pieces[i] = (dt_piece_t){disp, 1, 0, a->blocklengths ? a->blocklengths[i] : a->blocklength, t};
    }
    if (dt && pieces && rc == MPI_SUCCESS)
        rc = dt_build(dt, pieces, a->count);
    free(pieces);
    return finish(call, dt, rc, newtype);
}

/* Widen an int array; NULL input stays NULL.  Returns false when out of memory. */
static bool widen(MPI_Count n, const int *in, MPI_Count **out)
{
    *out = NULL;
    if (!in || n <= 0)
        return true;
    *out = malloc((size_t)n * sizeof **out);
    if (!*out)
        return false;
    for (MPI_Count i = 0; i < n; i++)
        (*out)[i] = in[i];
    return true;
}

static bool widen_aint(MPI_Count n, const int *in, MPI_Aint **out)
{
    MPI_Count *wide;
    if (!widen(n, in, &wide))
        return false;
    *out = (MPI_Aint *)wide; /* MPI_Aint and MPI_Count are both int64_t here */
    return true;
}

_Static_assert(sizeof(MPI_Aint) == sizeof(MPI_Count), "MPI_Aint and MPI_Count share a representation");

/* The entry points of the indexed family: check the old type(s), widen
 * int arrays, run type_indexed. */
static int indexed_entry(const char *call, int combiner, bool large, bool bytes, MPI_Count count, const MPI_Count *bls,
                         MPI_Count bl, const MPI_Aint *displs, const MPI_Datatype *oldtypes, MPI_Datatype *newtype)
{
    int rc = begin(call, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    bool is_struct = combiner == MPI_COMBINER_STRUCT;
    if (count > 0 && (is_struct || combiner == MPI_COMBINER_INDEXED || combiner == MPI_COMBINER_HINDEXED) && !bls)
        return err_raise(NULL, call, check_pointer(bls, "array_of_blocklengths"));
    if (is_struct && count > 0 && !oldtypes)
        return err_raise(NULL, call, check_pointer(oldtypes, "array_of_types"));
    MPI_Count ntypes = is_struct ? count : 1;
    datatype_t **types = malloc((size_t)(ntypes > 0 ? ntypes : 1) * sizeof *types);
    if (!types)
        return err_raise(NULL, call, err_set(MPI_ERR_NO_MEM, "out of memory building a datatype"));
    for (MPI_Count i = 0; rc == MPI_SUCCESS && i < ntypes; i++)
        rc = check_oldtype(oldtypes[i], is_struct ? "array_of_types" : "oldtype", &types[i]);
    if (rc != MPI_SUCCESS) {
        free(types);
        return err_raise(NULL, call, rc);
    }
    indexed_args_t a = {combiner, large, bytes, count, bls, bl, displs, types};
    rc = type_indexed(call, &a, newtype);
    free(types);
    return rc;
}

static int indexed_int(const char *call, int combiner, bool bytes, int count, const int *bls, int bl, const int *displs,
                       const MPI_Aint *byte_displs, const MPI_Datatype *oldtypes, MPI_Datatype *newtype)
{
    MPI_Count *wide_bls;
    MPI_Aint *wide_displs = NULL;
    if (!widen(count, bls, &wide_bls) || (displs && !widen_aint(count, displs, &wide_displs))) {
        free(wide_bls);
        return err_raise(NULL, call, err_set(MPI_ERR_NO_MEM, "out of memory building a datatype"));
    }
    int rc = indexed_entry(call, combiner, false, bytes, count, bls ? wide_bls : NULL, bl,
                           bytes ? byte_displs : wide_displs, oldtypes, newtype);
    free(wide_bls);
    free(wide_displs);
    return rc;
}

int PMPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[],
                      MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_int("MPI_Type_indexed", MPI_COMBINER_INDEXED, false, count, array_of_blocklengths, 0,
                                    array_of_displacements, NULL, &oldtype, newtype));
}

int PMPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                        const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_entry("MPI_Type_indexed_c", MPI_COMBINER_INDEXED, true, false, count,
                                      array_of_blocklengths, 0, (const MPI_Aint *)array_of_displacements, &oldtype,
                                      newtype));
}

int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                              MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_int("MPI_Type_create_hindexed", MPI_COMBINER_HINDEXED, true, count,
                                    array_of_blocklengths, 0, NULL, array_of_displacements, &oldtype, newtype));
}

int PMPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_entry("MPI_Type_create_hindexed_c", MPI_COMBINER_HINDEXED, true, true, count,
                                      array_of_blocklengths, 0, (const MPI_Aint *)array_of_displacements, &oldtype,
                                      newtype));
}

int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[], MPI_Datatype oldtype,
                                   MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_int("MPI_Type_create_indexed_block", MPI_COMBINER_INDEXED_BLOCK, false, count, NULL,
                                    blocklength, array_of_displacements, NULL, &oldtype, newtype));
}

int PMPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count array_of_displacements[],
                                     MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_entry("MPI_Type_create_indexed_block_c", MPI_COMBINER_INDEXED_BLOCK, true, false, count,
                                      NULL, blocklength, (const MPI_Aint *)array_of_displacements, &oldtype, newtype));
}

int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[],
                                    MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_int("MPI_Type_create_hindexed_block", MPI_COMBINER_HINDEXED_BLOCK, true, count, NULL,
                                    blocklength, NULL, array_of_displacements, &oldtype, newtype));
}

int PMPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count array_of_displacements[],
                                      MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_entry("MPI_Type_create_hindexed_block_c", MPI_COMBINER_HINDEXED_BLOCK, true, true,
                                      count, NULL, blocklength, (const MPI_Aint *)array_of_displacements, &oldtype,
                                      newtype));
}

int PMPI_Type_create_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                            const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_int("MPI_Type_create_struct", MPI_COMBINER_STRUCT, true, count, array_of_blocklengths,
                                    0, NULL, array_of_displacements, array_of_types, newtype));
}

/* MPI-1's names (removed in MPI-3.0), the same constructors. */
int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(type_vector("MPI_Type_hvector", false, true, count, blocklength, stride, oldtype, newtype));
}

int PMPI_Type_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_int("MPI_Type_hindexed", MPI_COMBINER_HINDEXED, true, count, array_of_blocklengths, 0,
                                    NULL, array_of_displacements, &oldtype, newtype));
}

int PMPI_Type_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[],
                     const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_int("MPI_Type_struct", MPI_COMBINER_STRUCT, true, count, array_of_blocklengths, 0, NULL,
                                    array_of_displacements, array_of_types, newtype));
}

int PMPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                              const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[],
                              MPI_Datatype *newtype)
{
    return THREADS_CALL(indexed_entry("MPI_Type_create_struct_c", MPI_COMBINER_STRUCT, true, true, count,
                                      array_of_blocklengths, 0, (const MPI_Aint *)array_of_displacements,
                                      array_of_types, newtype));
}

static int type_resized(const char *call, bool large, int combiner, MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                        MPI_Datatype *newtype)
{
    datatype_t *old, *dt = NULL;
    int rc = begin(call, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_oldtype(oldtype, "oldtype", &old);
    if (rc == MPI_SUCCESS) {
        MPI_Aint bounds[2] = {lb, extent};
        dt = combiner == MPI_COMBINER_DUP ? dt_new(combiner, false, 0, NULL, 0, NULL, 0, NULL, 1, &old)
                                          : new_simple(combiner, large, 0, NULL, 2, bounds, old);
        if (dt)
            rc = dt_build_resized(dt, old, lb, extent);
        if (dt && rc == MPI_SUCCESS && combiner == MPI_COMBINER_DUP)
            rc = old->committed ? dt_commit(dt) : MPI_SUCCESS;
    }
    return finish(call, dt, rc, newtype);
}

int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
    return THREADS_CALL(
        type_resized("MPI_Type_create_resized", false, MPI_COMBINER_RESIZED, oldtype, lb, extent, newtype));
}

int PMPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype)
{
    return THREADS_CALL(
        type_resized("MPI_Type_create_resized_c", true, MPI_COMBINER_RESIZED, oldtype, lb, extent, newtype));
}

/* A duplicate carries the attributes the copy callbacks let through. */
int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    THREADS_ENTER();
    int rc = type_resized("MPI_Type_dup", false, MPI_COMBINER_DUP, oldtype, 0, 0, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    datatype_t *old = dt_from_handle(oldtype), *dt = dt_from_handle(*newtype);
    rc = attr_copy_all(old->attrs, ATTR_TYPE, oldtype, &dt->attrs);
    if (rc != MPI_SUCCESS) {
        attr_delete_all(&dt->attrs, ATTR_TYPE, *newtype);
        dt_release_handle(dt);
        *newtype = MPI_DATATYPE_NULL;
        return err_raise(NULL, "MPI_Type_dup", rc);
    }
    return MPI_SUCCESS;
}

/* ---- subarray and darray ---- */

static int check_order(int order)
{
    if (order == MPI_ORDER_C || order == MPI_ORDER_FORTRAN)
        return MPI_SUCCESS;
    return err_set(MPI_ERR_ARG, "invalid order %d (must be MPI_ORDER_C or MPI_ORDER_FORTRAN)", order);
}

static int type_subarray(const char *call, bool large, int ndims, const MPI_Count *sizes, const MPI_Count *subsizes,
                         const MPI_Count *starts, int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    datatype_t *old, *dt = NULL;
    int rc = begin(call, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    if (ndims <= 0)
        rc = err_set(MPI_ERR_DIMS, "invalid ndims %d (must be positive)", ndims);
    if (rc == MPI_SUCCESS && (!sizes || !subsizes || !starts))
        rc = err_set(MPI_ERR_ARG, "invalid argument: array_of_sizes, array_of_subsizes and array_of_starts must "
                                  "not be NULL");
    for (int d = 0; rc == MPI_SUCCESS && d < ndims; d++) {
        if (sizes[d] <= 0)
            rc = err_set(MPI_ERR_ARG, "invalid array_of_sizes[%d] = %lld (must be positive)", d, (long long)sizes[d]);
        else if (subsizes[d] < 0 || subsizes[d] > sizes[d])
            rc = err_set(MPI_ERR_ARG, "invalid array_of_subsizes[%d] = %lld (must be between 0 and size %lld)", d,
                         (long long)subsizes[d], (long long)sizes[d]);
        else if (starts[d] < 0 || starts[d] > sizes[d] - subsizes[d])
            rc = err_set(MPI_ERR_ARG, "invalid array_of_starts[%d] = %lld (must be between 0 and %lld)", d,
                         (long long)starts[d], (long long)(sizes[d] - subsizes[d]));
    }
    if (rc == MPI_SUCCESS)
        rc = check_order(order);
    if (rc == MPI_SUCCESS)
        rc = check_oldtype(oldtype, "oldtype", &old);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    if (large) {
        int ints[2] = {ndims, order};
        MPI_Count *c = malloc((size_t)ndims * 3 * sizeof *c);
        if (c) {
            memcpy(c, sizes, (size_t)ndims * sizeof *c);
            memcpy(c + ndims, subsizes, (size_t)ndims * sizeof *c);
            memcpy(c + 2 * ndims, starts, (size_t)ndims * sizeof *c);
            dt = dt_new(MPI_COMBINER_SUBARRAY, true, 2, ints, 0, NULL, 3 * ndims, c, 1, &old);
        }
        free(c);
    } else {
        int *ints = malloc((size_t)(3 * ndims + 2) * sizeof *ints);
        if (ints) {
            ints[0] = ndims;
            for (int d = 0; d < ndims; d++) {
                ints[1 + d] = (int)sizes[d];
                ints[1 + ndims + d] = (int)subsizes[d];
                ints[1 + 2 * ndims + d] = (int)starts[d];
            }
            ints[3 * ndims + 1] = order;
            dt = dt_new(MPI_COMBINER_SUBARRAY, false, 3 * ndims + 2, ints, 0, NULL, 0, NULL, 1, &old);
        }
        free(ints);
    }
    if (dt)
        rc = dt_build_subarray(dt, ndims, sizes, subsizes, starts, order, old);
    return finish(call, dt, rc, newtype);
}

int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                              const int array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    THREADS_ENTER();
    MPI_Count *sizes, *subsizes, *starts;
    bool ok = widen(ndims, array_of_sizes, &sizes);
    ok &= widen(ndims, array_of_subsizes, &subsizes);
    ok &= widen(ndims, array_of_starts, &starts);
    int rc =
        ok ? type_subarray("MPI_Type_create_subarray", false, ndims, sizes, subsizes, starts, order, oldtype, newtype)
           : err_raise(NULL, "MPI_Type_create_subarray", err_set(MPI_ERR_NO_MEM, "out of memory building a datatype"));
    free(sizes);
    free(subsizes);
    free(starts);
    return rc;
}

int PMPI_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[], const MPI_Count array_of_subsizes[],
                                const MPI_Count array_of_starts[], int order, MPI_Datatype oldtype,
                                MPI_Datatype *newtype)
{
    return THREADS_CALL(type_subarray("MPI_Type_create_subarray_c", true, ndims, array_of_sizes, array_of_subsizes,
                                      array_of_starts, order, oldtype, newtype));
}

static int check_darray(int size, int rank, int ndims, const MPI_Count *gsizes, const int *distribs, const int *dargs,
                        const int *psizes, int order)
{
    if (size <= 0)
        return err_set(MPI_ERR_ARG, "invalid size %d (must be positive)", size);
    if (rank < 0 || rank >= size)
        return err_set(MPI_ERR_RANK, "invalid rank %d (must be between 0 and size-1 = %d)", rank, size - 1);
    if (ndims <= 0)
        return err_set(MPI_ERR_DIMS, "invalid ndims %d (must be positive)", ndims);
    if (!gsizes || !distribs || !dargs || !psizes)
        return err_set(MPI_ERR_ARG, "invalid argument: the darray arrays must not be NULL");
    long long procs = 1;
    for (int d = 0; d < ndims; d++) {
        if (gsizes[d] <= 0)
            return err_set(MPI_ERR_ARG, "invalid array_of_gsizes[%d] = %lld (must be positive)", d,
                           (long long)gsizes[d]);
        if (psizes[d] <= 0)
            return err_set(MPI_ERR_ARG, "invalid array_of_psizes[%d] = %d (must be positive)", d, psizes[d]);
        procs *= psizes[d];
        int dist = distribs[d], darg = dargs[d];
        if (dist != MPI_DISTRIBUTE_BLOCK && dist != MPI_DISTRIBUTE_CYCLIC && dist != MPI_DISTRIBUTE_NONE)
            return err_set(MPI_ERR_ARG, "invalid array_of_distribs[%d] = %d", d, dist);
        if (darg != MPI_DISTRIBUTE_DFLT_DARG && darg <= 0)
            return err_set(MPI_ERR_ARG,
                           "invalid array_of_dargs[%d] = %d (must be positive or "
                           "MPI_DISTRIBUTE_DFLT_DARG)",
                           d, darg);
        if (dist == MPI_DISTRIBUTE_NONE && psizes[d] != 1)
            return err_set(MPI_ERR_ARG, "invalid array_of_psizes[%d] = %d (MPI_DISTRIBUTE_NONE needs 1)", d, psizes[d]);
        if (dist == MPI_DISTRIBUTE_BLOCK && darg != MPI_DISTRIBUTE_DFLT_DARG && (long long)darg * psizes[d] < gsizes[d])
            return err_set(MPI_ERR_ARG,
                           "invalid array_of_dargs[%d] = %d (blocks of %d on %d processes do not cover "
                           "%lld elements)",
                           d, darg, darg, psizes[d], (long long)gsizes[d]);
    }
    if (procs != size)
        return err_set(MPI_ERR_ARG, "invalid array_of_psizes (their product %lld is not size %d)", procs, size);
    return check_order(order);
}

static int type_darray(const char *call, bool large, int size, int rank, int ndims, const MPI_Count *gsizes,
                       const int *distribs, const int *dargs, const int *psizes, int order, MPI_Datatype oldtype,
                       MPI_Datatype *newtype)
{
    datatype_t *old, *dt = NULL;
    int rc = begin(call, newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_darray(size, rank, ndims, gsizes, distribs, dargs, psizes, order);
    if (rc == MPI_SUCCESS)
        rc = check_oldtype(oldtype, "oldtype", &old);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    int nints = 3 * ndims + 4 + (large ? 0 : ndims);
    int *ints = malloc((size_t)nints * sizeof *ints);
    if (ints) {
        int k = 0;
        ints[k++] = size;
        ints[k++] = rank;
        ints[k++] = ndims;
        for (int d = 0; !large && d < ndims; d++)
            ints[k++] = (int)gsizes[d];
        memcpy(ints + k, distribs, (size_t)ndims * sizeof *ints);
        memcpy(ints + k + ndims, dargs, (size_t)ndims * sizeof *ints);
        memcpy(ints + k + 2 * ndims, psizes, (size_t)ndims * sizeof *ints);
        ints[k + 3 * ndims] = order;
        dt = dt_new(MPI_COMBINER_DARRAY, large, nints, ints, 0, NULL, large ? ndims : 0, gsizes, 1, &old);
    }
    free(ints);
    if (dt)
        rc = dt_build_darray(dt, size, rank, ndims, gsizes, distribs, dargs, psizes, order, old);
    return finish(call, dt, rc, newtype);
}

int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[], const int array_of_distribs[],
                            const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype,
                            MPI_Datatype *newtype)
{
    THREADS_ENTER();
    MPI_Count *gsizes;
    if (!widen(ndims, array_of_gsizes, &gsizes))
        return err_raise(NULL, "MPI_Type_create_darray", err_set(MPI_ERR_NO_MEM, "out of memory building a datatype"));
    int rc = type_darray("MPI_Type_create_darray", false, size, rank, ndims, gsizes, array_of_distribs, array_of_dargs,
                         array_of_psizes, order, oldtype, newtype);
    free(gsizes);
    return rc;
}

int PMPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                              const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[],
                              int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return THREADS_CALL(type_darray("MPI_Type_create_darray_c", true, size, rank, ndims, array_of_gsizes,
                                    array_of_distribs, array_of_dargs, array_of_psizes, order, oldtype, newtype));
}

/* ---- envelope and contents ---- */

int PMPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses,
                             MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS && (!num_integers || !num_addresses || !num_large_counts || !num_datatypes || !combiner))
        rc = err_set(MPI_ERR_ARG, "invalid argument: an output argument is NULL");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_get_envelope_c", rc);
    *num_integers = dt->nints;
    *num_addresses = dt->naddrs;
    *num_large_counts = dt->ncounts;
    *num_datatypes = dt->ntypes;
    *combiner = dt->combiner;
    return MPI_SUCCESS;
}

int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes,
                           int *combiner)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS && (!num_integers || !num_addresses || !num_datatypes || !combiner))
        rc = err_set(MPI_ERR_ARG, "invalid argument: an output argument is NULL");
    if (rc == MPI_SUCCESS && dt->ncounts)
        rc = err_set(MPI_ERR_TYPE, "invalid datatype for MPI_Type_get_envelope (made by a large-count constructor: "
                                   "use MPI_Type_get_envelope_c)");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_get_envelope", rc);
    *num_integers = dt->nints;
    *num_addresses = dt->naddrs;
    *num_datatypes = dt->ntypes;
    *combiner = dt->combiner;
    return MPI_SUCCESS;
}

static int get_contents(const char *call, MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                        MPI_Count max_large_counts, MPI_Count max_datatypes, int *ints, MPI_Aint *addrs,
                        MPI_Count *counts, MPI_Datatype *types)
{
    datatype_t *dt;
    int rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS && dt->predefined)
        rc = err_set(MPI_ERR_TYPE, "invalid datatype %s for %s (a predefined type has no contents)", dt_name(dt), call);
    if (rc == MPI_SUCCESS && (max_integers < dt->nints || max_addresses < dt->naddrs ||
                              max_large_counts < dt->ncounts || max_datatypes < dt->ntypes))
        rc = err_set(MPI_ERR_ARG,
                     "invalid max_* arguments (the type has %d integers, %d addresses, %d large counts, "
                     "%d datatypes)",
                     dt->nints, dt->naddrs, dt->ncounts, dt->ntypes);
    if (rc == MPI_SUCCESS &&
        ((dt->nints && !ints) || (dt->naddrs && !addrs) || (dt->ncounts && !counts) || (dt->ntypes && !types)))
        rc = err_set(MPI_ERR_ARG, "invalid argument: an output array is NULL");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    if (dt->nints)
        memcpy(ints, dt->ints, (size_t)dt->nints * sizeof *ints);
    if (dt->naddrs)
        memcpy(addrs, dt->addrs, (size_t)dt->naddrs * sizeof *addrs);
    if (dt->ncounts)
        memcpy(counts, dt->counts, (size_t)dt->ncounts * sizeof *counts);
    for (int i = 0; i < dt->ntypes; i++) {
        /* Derived types come back as handles the caller must free. */
        datatype_t *t = dt->types[i];
        if (!t->predefined && dt_add_handle(t) != 0)
            return err_raise(NULL, call, err_set(MPI_ERR_INTERN, "no datatype handle left to return"));
        types[i] = dt_handle(t);
    }
    return MPI_SUCCESS;
}

int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                           int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[])
{
    THREADS_ENTER();
    datatype_t *dt;
    if (check_datatype(datatype, "datatype", &dt) == MPI_SUCCESS && dt->ncounts)
        return err_raise(NULL, "MPI_Type_get_contents",
                         err_set(MPI_ERR_TYPE, "invalid datatype for MPI_Type_get_contents (made by a large-count "
                                               "constructor: use MPI_Type_get_contents_c)"));
    return get_contents("MPI_Type_get_contents", datatype, max_integers, max_addresses, 0, max_datatypes,
                        array_of_integers, array_of_addresses, NULL, array_of_datatypes);
}

int PMPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                             MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[],
                             MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                             MPI_Datatype array_of_datatypes[])
{
    return THREADS_CALL(get_contents("MPI_Type_get_contents_c", datatype, max_integers, max_addresses, max_large_counts,
                                     max_datatypes, array_of_integers, array_of_addresses, array_of_large_counts,
                                     array_of_datatypes));
}

/* ---- names ---- */

int PMPI_Type_set_name(MPI_Datatype datatype, const char *type_name)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(type_name, "type_name");
    char *copy = NULL;
    if (rc == MPI_SUCCESS && !(copy = strndup(type_name, MPI_MAX_OBJECT_NAME - 1)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory naming a datatype");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_set_name", rc);
    free(dt->user_name);
    dt->user_name = copy;
    return MPI_SUCCESS;
}

int PMPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen)
{
    THREADS_ENTER();
    datatype_t *dt = NULL;
    int rc = MPI_SUCCESS;
    /* The null handle is named too, as MPICH and Open MPI do: tools and
     * mpi4py print names without testing for null first. */
    if (datatype != MPI_DATATYPE_NULL)
        rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(type_name, "type_name");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(resultlen, "resultlen");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_get_name", rc);
    const char *name = dt ? dt_name(dt) : "MPI_DATATYPE_NULL";
    size_t len = strnlen(name, MPI_MAX_OBJECT_NAME - 1);
    memcpy(type_name, name, len);
    type_name[len] = '\0';
    *resultlen = (int)len;
    return MPI_SUCCESS;
}

/* ---- addresses and sizes ---- */

static int get_address(const char *call, const void *location, MPI_Aint *address)
{
    int rc = check_pointer(address, "address");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
}

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    return THREADS_CALL(get_address("MPI_Get_address", location, address));
}

int PMPI_Address(const void *location, MPI_Aint *address)
{
    return THREADS_CALL(get_address("MPI_Address", location, address));
}

MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    return THREADS_CALL((MPI_Aint)((uintptr_t)base + (uintptr_t)disp));
}

MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    return THREADS_CALL((MPI_Aint)((uintptr_t)addr1 - (uintptr_t)addr2));
}

/* MPI-4.1: the predefined pair type of a value type and an index type,
 * as MPI_MINLOC and MPI_MAXLOC take them; MPI_DATATYPE_NULL for a
 * combination MPI does not predefine. */
int PMPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type, MPI_Datatype *pair_type)
{
    THREADS_ENTER();
    static const struct {
        MPI_Datatype value, pair;
    } pairs[] = {
        {MPI_FLOAT, MPI_FLOAT_INT}, {MPI_DOUBLE, MPI_DOUBLE_INT}, {MPI_LONG, MPI_LONG_INT},
        {MPI_INT, MPI_2INT},        {MPI_SHORT, MPI_SHORT_INT},   {MPI_LONG_DOUBLE, MPI_LONG_DOUBLE_INT},
    };
    datatype_t *dt;
    int rc = check_datatype(value_type, "value_type", &dt);
    if (rc == MPI_SUCCESS)
        rc = check_datatype(index_type, "index_type", &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(pair_type, "pair_type");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_get_value_index", rc);
    *pair_type = MPI_DATATYPE_NULL;
    for (size_t i = 0; index_type == MPI_INT && i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i].value == value_type)
            *pair_type = pairs[i].pair;
    return MPI_SUCCESS;
}

/* ---- Fortran 90 parameterized types ---- */

/* The type for a Fortran KIND selected by precision and range, made once
 * per (combiner, p, r) and kept: the standard calls these predefined, so
 * the same arguments give the same handle and MPI_Type_free refuses it.
 * It moves as its storage type and reports its combiner and (p, r). */
static int f90_type(const char *call, int combiner, int p, int r, MPI_Datatype base, MPI_Datatype *newtype)
{
    static struct f90 {
        int combiner, p, r;
        datatype_t *dt;
        struct f90 *next;
    } * made;
    for (struct f90 *f = made; f; f = f->next)
        if (f->combiner == combiner && f->p == p && f->r == r) {
            *newtype = dt_handle(f->dt);
            return MPI_SUCCESS;
        }
    int ints[2] = {p, r};
    int nints = combiner == MPI_COMBINER_F90_INTEGER ? 1 : 2;
    datatype_t *old = dt_from_handle(base);
    datatype_t *dt = dt_new(combiner, false, nints, combiner == MPI_COMBINER_F90_INTEGER ? &ints[1] : ints, 0, NULL, 0,
                            NULL, 0, NULL);
    struct f90 *f = malloc(sizeof *f);
    int rc = dt && f ? dt_build_resized(dt, old, 0, 0) : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS)
        rc = dt_commit(dt);
    if (rc != MPI_SUCCESS) {
        free(f);
        return finish(call, dt, rc, newtype);
    }
    dt->parameterized = true;
    *f = (struct f90){combiner, p, r, dt, made};
    made = f;
    return finish(call, dt, MPI_SUCCESS, newtype);
}

static int f90_unsupported(const char *call, int p, int r)
{
    return err_raise(NULL, call,
                     err_set(MPI_ERR_ARG, "no Fortran kind has precision %d and range %d (MPI_UNDEFINED: any)", p, r));
}

int PMPI_Type_create_f90_integer(int r, MPI_Datatype *newtype)
{
    THREADS_ENTER();
    static const struct {
        int range;
        MPI_Datatype type;
    } kinds[] = {{2, MPI_INTEGER1}, {4, MPI_INTEGER2}, {9, MPI_INTEGER4}, {18, MPI_INTEGER8}, {38, MPI_INTEGER16}};
    int rc = begin("MPI_Type_create_f90_integer", newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    for (size_t k = 0; r >= 0 && k < sizeof kinds / sizeof kinds[0]; k++)
        if (r <= kinds[k].range)
            return f90_type("MPI_Type_create_f90_integer", MPI_COMBINER_F90_INTEGER, MPI_UNDEFINED, r, kinds[k].type,
                            newtype);
    return f90_unsupported("MPI_Type_create_f90_integer", MPI_UNDEFINED, r);
}

/* 0: 4-byte IEEE, 1: 8-byte, 2: 16-byte; -1: none has that much. */
static int real_kind(int p, int r)
{
    static const int precision[] = {6, 15, 33}, range[] = {37, 307, 4931};
    for (int k = 0; k < 3; k++)
        if ((p == MPI_UNDEFINED || p <= precision[k]) && (r == MPI_UNDEFINED || r <= range[k]))
            return k;
    return -1;
}

int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype)
{
    THREADS_ENTER();
    static const MPI_Datatype reals[] = {MPI_REAL4, MPI_REAL8, MPI_REAL16};
    int rc = begin("MPI_Type_create_f90_real", newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    int k = real_kind(p, r);
    if (k < 0)
        return f90_unsupported("MPI_Type_create_f90_real", p, r);
    return f90_type("MPI_Type_create_f90_real", MPI_COMBINER_F90_REAL, p, r, reals[k], newtype);
}

int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype)
{
    THREADS_ENTER();
    static const MPI_Datatype complexes[] = {MPI_COMPLEX8, MPI_COMPLEX16, MPI_COMPLEX32};
    int rc = begin("MPI_Type_create_f90_complex", newtype);
    if (rc != MPI_SUCCESS)
        return rc;
    int k = real_kind(p, r);
    if (k < 0)
        return f90_unsupported("MPI_Type_create_f90_complex", p, r);
    return f90_type("MPI_Type_create_f90_complex", MPI_COMBINER_F90_COMPLEX, p, r, complexes[k], newtype);
}

int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    THREADS_ENTER();
    static const struct {
        int typeclass, size;
        MPI_Datatype type;
    } matches[] = {
        {MPI_TYPECLASS_INTEGER, 1, MPI_INTEGER1},   {MPI_TYPECLASS_INTEGER, 2, MPI_INTEGER2},
        {MPI_TYPECLASS_INTEGER, 4, MPI_INTEGER4},   {MPI_TYPECLASS_INTEGER, 8, MPI_INTEGER8},
        {MPI_TYPECLASS_INTEGER, 16, MPI_INTEGER16}, {MPI_TYPECLASS_REAL, 2, MPI_REAL2},
        {MPI_TYPECLASS_REAL, 4, MPI_REAL4},         {MPI_TYPECLASS_REAL, 8, MPI_REAL8},
        {MPI_TYPECLASS_REAL, 16, MPI_REAL16},       {MPI_TYPECLASS_COMPLEX, 4, MPI_COMPLEX4},
        {MPI_TYPECLASS_COMPLEX, 8, MPI_COMPLEX8},   {MPI_TYPECLASS_COMPLEX, 16, MPI_COMPLEX16},
        {MPI_TYPECLASS_COMPLEX, 32, MPI_COMPLEX32},
    };
    int rc = check_pointer(datatype, "datatype");
    if (rc == MPI_SUCCESS && typeclass != MPI_TYPECLASS_INTEGER && typeclass != MPI_TYPECLASS_REAL &&
        typeclass != MPI_TYPECLASS_COMPLEX)
        rc = err_set(MPI_ERR_ARG, "invalid typeclass %d (must be MPI_TYPECLASS_INTEGER, _REAL or _COMPLEX)", typeclass);
    for (size_t i = 0; rc == MPI_SUCCESS && i < sizeof matches / sizeof matches[0]; i++)
        if (matches[i].typeclass == typeclass && matches[i].size == size) {
            *datatype = matches[i].type;
            return MPI_SUCCESS;
        }
    if (rc == MPI_SUCCESS)
        rc = err_set(MPI_ERR_ARG, "invalid size %d for typeclass %d (no predefined type matches)", size, typeclass);
    return err_raise(NULL, "MPI_Type_match_size", rc);
}

/* ---- packing ---- */
