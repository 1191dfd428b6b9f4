/*
 * construct.h -- what the type constructors compute, once their arguments
 * are checked and their contents recorded (dt_new).
 *
 * Every constructor but subarray and darray describes its type as pieces:
 * `outer` blocks, `stride` bytes apart, of `inner` copies of `type` laid
 * one extent after another, the first block at `disp`.  A vector is one
 * piece, an indexed type one piece per block, a struct one per member.
 * dt_build() turns pieces into sizes, bounds and the layout.
 */
#ifndef TESSERA_DT_CONSTRUCT_H
#define TESSERA_DT_CONSTRUCT_H

#include "dt/datatype.h"

typedef struct dt_piece {
    MPI_Aint disp;
    MPI_Count outer;
    MPI_Aint stride;
    MPI_Count inner;
    datatype_t *type;
} dt_piece_t;

/* Fill in dt from its pieces.  Returns MPI_SUCCESS, MPI_ERR_NO_MEM, or
 * MPI_ERR_ARG when sizes or bounds overflow (with an err_set detail). */
int dt_build(datatype_t *dt, const dt_piece_t *pieces, MPI_Count npieces);
/* MPI_Type_create_resized and MPI_Type_dup: the old type's data. */
int dt_build_resized(datatype_t *dt, datatype_t *old, MPI_Aint lb, MPI_Aint extent);
/* Subarray: validated arrays of ndims; order MPI_ORDER_C or _FORTRAN. */
int dt_build_subarray(datatype_t *dt, int ndims, const MPI_Count *sizes, const MPI_Count *subsizes,
                      const MPI_Count *starts, int order, datatype_t *old);
/* Darray: the block of process `rank` of a psizes grid. */
int dt_build_darray(datatype_t *dt, int size, int rank, int ndims, const MPI_Count *gsizes, const int *distribs,
                    const int *dargs, const int *psizes, int order, datatype_t *old);

#endif
