/* comm.c -- the communicator chapter (so far: rank and size). */
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"

#pragma weak MPI_Comm_rank = PMPI_Comm_rank
#pragma weak MPI_Comm_size = PMPI_Comm_size

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(rank, "rank");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_rank", rc);
    *rank = c->rank;
    return MPI_SUCCESS;
}

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(size, "size");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_size", rc);
    *size = c->size;
    return MPI_SUCCESS;
}
