/* datatype.c -- the datatype chapter (so far: sizes of predefined types). */
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"

#pragma weak MPI_Type_size = PMPI_Type_size

int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    datatype_t *dt;
    int rc = check_datatype(datatype, "datatype", &dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(size, "size");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Type_size", rc);
    *size = (int)dt->size;
    return MPI_SUCCESS;
}
