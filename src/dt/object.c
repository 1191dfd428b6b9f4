/* object.c -- life of a derived datatype: contents, references, handle. */
#include <stdlib.h>
#include <string.h>

#include "dt/datatype.h"
#include "dt/layout.h"
#include "obj/handle.h"

static void *copy_array(const void *src, size_t n, size_t elem)
{
    if (n == 0)
        return NULL;
    void *dst = malloc(n * elem);
    if (dst)
        memcpy(dst, src, n * elem);
    return dst;
}

datatype_t *dt_new(int combiner, bool large, int nints, const int *ints, int naddrs, const MPI_Aint *addrs, int ncounts,
                   const MPI_Count *counts, int ntypes, datatype_t *const *types)
{
    datatype_t *dt = calloc(1, sizeof *dt);
    if (!dt)
        return NULL;
    dt->combiner = combiner;
    dt->large = large;
    dt->refs = 1;
    dt->handle_refs = 1;
    dt->nints = nints;
    dt->naddrs = naddrs;
    dt->ncounts = ncounts;
    dt->ntypes = ntypes;
    dt->ints = copy_array(ints, (size_t)nints, sizeof *ints);
    dt->addrs = copy_array(addrs, (size_t)naddrs, sizeof *addrs);
    dt->counts = copy_array(counts, (size_t)ncounts, sizeof *counts);
    dt->types = copy_array(types, (size_t)ntypes, sizeof *types);
    if ((nints && !dt->ints) || (naddrs && !dt->addrs) || (ncounts && !dt->counts) || (ntypes && !dt->types)) {
        dt->ntypes = 0;
        dt_unref(dt);
        return NULL;
    }
    for (int i = 0; i < ntypes; i++)
        dt_ref(types[i]);
    dt->handle = obj_table_insert(&dt_table, dt);
    if (dt->handle == 0) {
        dt_unref(dt);
        return NULL;
    }
    return dt;
}

void dt_ref(datatype_t *dt)
{
    if (!dt->predefined)
        dt->refs++;
}

void dt_unref(datatype_t *dt)
{
    if (dt->predefined || --dt->refs > 0)
        return;
    if (dt->handle)
        obj_table_remove(&dt_table, dt->handle);
    for (int i = 0; i < dt->ntypes; i++)
        dt_unref(dt->types[i]);
    dt_node_free(dt->layout);
    free(dt->ints);
    free(dt->addrs);
    free(dt->counts);
    free(dt->types);
    free(dt->user_name);
    free(dt->sig_reps);
    free(dt->sig_types);
    free(dt);
}

void dt_release_handle(datatype_t *dt)
{
    if (--dt->handle_refs == 0) {
        obj_table_remove(&dt_table, dt->handle);
        dt->handle = 0;
    }
    dt_unref(dt);
}

int dt_add_handle(datatype_t *dt)
{
    if (dt->handle_refs == 0 && (dt->handle = obj_table_insert(&dt_table, dt)) == 0)
        return -1;
    dt->handle_refs++;
    dt_ref(dt);
    return 0;
}

MPI_Datatype dt_handle(const datatype_t *dt)
{
    return (MPI_Datatype)(uintptr_t)dt->handle;
}

const char *dt_name(const datatype_t *dt)
{
    if (dt->user_name)
        return dt->user_name;
    return dt->name ? dt->name : "";
}

int dt_commit(datatype_t *dt)
{
    /* Constructors build the layout from their inner types' layouts, so
     * there is nothing left to do but note whether it is rows or small
     * blocks in loops and allow communication. */
    if (!dt->predefined && !dt->contiguous && dt->layout) {
        dt_layout_note_rows(dt);
        dt_layout_note_sparse(dt);
    }
    dt->committed = true;
    return MPI_SUCCESS;
}
