/* after_finalize.c -- with MPI_ERRORS_RETURN on MPI_COMM_WORLD, a call after
 * MPI_Finalize returns an error instead of touching freed state; MPI_Init
 * cannot start MPI again. */
#include <string.h>

#include "mpitest.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Finalize();
    int v = 1, errors = 0, cls = -1;
    int rc = MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    if (cls != MPI_ERR_OTHER) {
        printf("MPI_Send after MPI_Finalize: class %d\n", cls);
        errors++;
    }
    rc = MPI_Comm_rank(MPI_COMM_WORLD, &v);
    if (rc == MPI_SUCCESS) {
        printf("MPI_Comm_rank after MPI_Finalize succeeded\n");
        errors++;
    }
    rc = MPI_Init(&argc, &argv);
    if (rc == MPI_SUCCESS) {
        printf("MPI_Init after MPI_Finalize succeeded\n");
        errors++;
    }
    int flag = 0;
    MPI_Finalized(&flag);
    if (!flag) {
        printf("MPI_Finalized says no\n");
        errors++;
    }
    if (rank == 0 && errors == 0)
        printf(" No Errors\n");
    return errors != 0;
}
