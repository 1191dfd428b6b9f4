/*
 * datatype.h -- datatype objects: predefined and derived.
 *
 * A datatype answers three questions:
 *   - what the user built it from (combiner and contents, returned as given
 *     by MPI_Type_get_envelope/get_contents);
 *   - its bounds and sizes (size = bytes of data; lb/ub/extent from the
 *     typemap or from MPI_Type_create_resized; true_lb/true_ub from the
 *     data alone);
 *   - where its bytes lie: the layout (dt/layout.h), a small tree of
 *     blocks, strided loops and lists built when the type is committed.
 *
 * Derived types are reference counted: the user's handle, each type built
 * from it and each operation in flight hold one reference, so a type freed
 * by the user stays valid for what already uses it.
 */
#ifndef TESSERA_DT_DATATYPE_H
#define TESSERA_DT_DATATYPE_H

#include <stdbool.h>
#include <stdint.h>

#include "mpi.h"
#include "obj/handle.h"

struct dt_node;

typedef struct datatype {
    uint32_t handle; /* 0 once the user has freed it */
    int combiner;    /* MPI_COMBINER_* */
    bool predefined;
    bool parameterized; /* made by MPI_Type_create_f90_*: treated as predefined (never freed), yet has contents */
    bool committed;
    bool large;           /* made by a _c constructor: contents are large counts */
    bool bounds_set;      /* lb/ub fixed by MPI_Type_create_resized, here or inside */
    bool contiguous;      /* each element's data is one block of size bytes at true_lb, extent == size */
    uint16_t reduce_ops;  /* predefined: bit i set when the predefined op of index i reduces it (op_init) */
    unsigned refs;        /* derived only */
    unsigned handle_refs; /* handles the user holds: from the constructor and MPI_Type_get_contents */
    MPI_Count size;       /* bytes of data per element */
    MPI_Aint lb, ub, extent;
    MPI_Aint true_lb, true_ub;
    MPI_Count nbasic;       /* predefined elements per element, for MPI_Get_elements */
    MPI_Aint align;         /* strictest alignment of the predefined types inside */
    MPI_Aint first_size;    /* pair types: bytes of the first member (the value) */
    MPI_Aint second_offset; /* pair types: where the second member (the int) starts */
    const char *name;       /* predefined: the standard's name */
    char *user_name;        /* set by MPI_Type_set_name */
    /* Contents, exactly as the constructor was called. */
    int nints, naddrs, ncounts, ntypes;
    int *ints;
    MPI_Aint *addrs;
    MPI_Count *counts;
    struct datatype **types;
    /* Signature for MPI_Get_elements: sig_n runs of sig_reps[i] copies of
     * sig_types[i] (which are among `types`), in typemap order. */
    MPI_Count sig_n;
    MPI_Count *sig_reps;
    struct datatype **sig_types;
    struct attr *attrs; /* attributes (obj/attr.h), in the order set */
    /* Where the bytes lie (dt/layout.h); NULL when size is 0. */
    struct dt_node *layout;
    /* Set at commit when one element's data is rows_n rows of rows_block
     * bytes (COPY_ROWS_MIN or more), rows_stride apart from rows_disp (a
     * vector of rows, a 2D or 3D subarray's face): layout.c copies a whole
     * element with one call of copy_rows.  rows_n is 0 otherwise. */
    MPI_Count rows_n;
    MPI_Aint rows_disp, rows_stride;
    size_t rows_block;
    /* Set at commit when one element's data is blocks shorter than a line
     * in loops: the lines they touch (at most a million) and the largest
     * power of two, up to a page, dividing every stride (layout.c: how
     * crowded in the cache sets they are).  sparse_lines is 0 otherwise. */
    MPI_Count sparse_lines;
    MPI_Aint sparse_align;
} datatype_t;

void dt_init(void);
/* Inline, as comm_from_handle (obj/comm.h): every message looks its type up. */
extern obj_table_t dt_table;
static inline datatype_t *dt_from_handle(MPI_Datatype handle)
{
    return (datatype_t *)obj_table_lookup(&dt_table, handle_value(handle));
}
MPI_Datatype dt_handle(const datatype_t *dt);
/* The predefined type at a handle index (used by MPI_Type_match_size). */
datatype_t *dt_predefined_at(uint32_t index);
/* The index of a predefined type, the inverse of dt_predefined_at. */
uint32_t dt_predefined_index(const datatype_t *dt);

/* Derived types: a new type with contents copied from the arguments and a
 * handle; bounds and sizes are the caller's to fill. */
datatype_t *dt_new(int combiner, bool large, int nints, const int *ints, int naddrs, const MPI_Aint *addrs, int ncounts,
                   const MPI_Count *counts, int ntypes, datatype_t *const *types);
void dt_ref(datatype_t *dt);
void dt_unref(datatype_t *dt);
/* MPI_Type_free: one handle reference goes; the handle dies with the last
 * of them, the object with its last reference. */
void dt_release_handle(datatype_t *dt);
/* MPI_Type_get_contents hands out one more handle reference (a new handle
 * if the user had freed them all).  Returns 0, or -1 if no handle is left. */
int dt_add_handle(datatype_t *dt);

/* Committing builds the layout; returns MPI_SUCCESS or MPI_ERR_NO_MEM. */
int dt_commit(datatype_t *dt);

/* Elements and bytes, as MPI_Get_elements and MPI_Status_set_elements see
 * them: the number of predefined elements in the first `bytes` of a stream
 * of this type (-1 when it ends inside one), and the bytes of the first n. */
MPI_Count dt_count_elements(const datatype_t *dt, MPI_Count bytes);
MPI_Count dt_element_bytes(const datatype_t *dt, MPI_Count n);

const char *dt_name(const datatype_t *dt);

#endif
