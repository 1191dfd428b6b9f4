/*
 * datatype.h -- datatype objects.
 *
 * Only the predefined types exist so far.  Each has a size (bytes of data)
 * and an extent (stride between consecutive elements); they differ only for
 * the pair types with padding such as MPI_DOUBLE_INT.  Until the type engine
 * lands, contiguous transfers move count * extent bytes, padding included,
 * which both sides of a transfer agree on.
 */
#ifndef TESSERA_DT_DATATYPE_H
#define TESSERA_DT_DATATYPE_H

#include <stdint.h>

#include "mpi.h"

typedef struct datatype {
    uint32_t handle;
    MPI_Count size;
    MPI_Aint extent;
    MPI_Aint first_size; /* pair types: bytes of the first member (the value) */
    const char *name;
} datatype_t;

void dt_init(void);
datatype_t *dt_from_handle(MPI_Datatype handle);

#endif
