/*
 * fortran.c -- handles and statuses as the Fortran bindings hold them.
 *
 * A C handle is a 32-bit value (kind, generation, index) carried in a
 * pointer type, so its Fortran integer is that value and converting back
 * gives the same handle; an integer that is no handle converts to one that
 * every call rejects as invalid.  A Fortran status is MPI_F_STATUS_SIZE
 * integers: source, tag, error, the cancelled flag, and the byte count in
 * two halves (the MPI_F08_status layout is the same).
 */
#include <stdint.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "runtime/threads.h"

#define HANDLE_CONVERSIONS(type, name)                \
    MPI_Fint PMPI_##name##_c2f(type handle)           \
    {                                                 \
        return (MPI_Fint)(uint32_t)(uintptr_t)handle; \
    }                                                 \
    type PMPI_##name##_f2c(MPI_Fint handle)           \
    {                                                 \
        return (type)(uintptr_t)(uint32_t)handle;     \
    }

HANDLE_CONVERSIONS(MPI_Comm, Comm)
HANDLE_CONVERSIONS(MPI_Datatype, Type)
HANDLE_CONVERSIONS(MPI_Group, Group)
HANDLE_CONVERSIONS(MPI_Request, Request)
HANDLE_CONVERSIONS(MPI_Op, Op)
HANDLE_CONVERSIONS(MPI_Info, Info)
HANDLE_CONVERSIONS(MPI_Errhandler, Errhandler)
HANDLE_CONVERSIONS(MPI_Message, Message)
HANDLE_CONVERSIONS(MPI_Session, Session)

TESSERA_WEAK_ALIAS(MPI_Comm_c2f, PMPI_Comm_c2f)
TESSERA_WEAK_ALIAS(MPI_Comm_f2c, PMPI_Comm_f2c)
TESSERA_WEAK_ALIAS(MPI_Type_c2f, PMPI_Type_c2f)
TESSERA_WEAK_ALIAS(MPI_Type_f2c, PMPI_Type_f2c)
TESSERA_WEAK_ALIAS(MPI_Group_c2f, PMPI_Group_c2f)
TESSERA_WEAK_ALIAS(MPI_Group_f2c, PMPI_Group_f2c)
TESSERA_WEAK_ALIAS(MPI_Request_c2f, PMPI_Request_c2f)
TESSERA_WEAK_ALIAS(MPI_Request_f2c, PMPI_Request_f2c)
TESSERA_WEAK_ALIAS(MPI_Op_c2f, PMPI_Op_c2f)
TESSERA_WEAK_ALIAS(MPI_Op_f2c, PMPI_Op_f2c)
TESSERA_WEAK_ALIAS(MPI_Info_c2f, PMPI_Info_c2f)
TESSERA_WEAK_ALIAS(MPI_Info_f2c, PMPI_Info_f2c)
TESSERA_WEAK_ALIAS(MPI_Errhandler_c2f, PMPI_Errhandler_c2f)
TESSERA_WEAK_ALIAS(MPI_Errhandler_f2c, PMPI_Errhandler_f2c)
TESSERA_WEAK_ALIAS(MPI_Message_c2f, PMPI_Message_c2f)
TESSERA_WEAK_ALIAS(MPI_Message_f2c, PMPI_Message_f2c)
TESSERA_WEAK_ALIAS(MPI_Session_c2f, PMPI_Session_c2f)
TESSERA_WEAK_ALIAS(MPI_Session_f2c, PMPI_Session_f2c)
TESSERA_WEAK_ALIAS(MPI_Status_c2f, PMPI_Status_c2f)
TESSERA_WEAK_ALIAS(MPI_Status_f2c, PMPI_Status_f2c)
TESSERA_WEAK_ALIAS(MPI_Status_c2f08, PMPI_Status_c2f08)
TESSERA_WEAK_ALIAS(MPI_Status_f082c, PMPI_Status_f082c)
TESSERA_WEAK_ALIAS(MPI_Status_f2f08, PMPI_Status_f2f08)
TESSERA_WEAK_ALIAS(MPI_Status_f082f, PMPI_Status_f082f)

_Static_assert(MPI_F_STATUS_SIZE == 6, "a Fortran status is six integers");
_Static_assert(sizeof(MPI_F08_status) == MPI_F_STATUS_SIZE * sizeof(MPI_Fint), "MPI_F08_status has the same layout");

static void status_to_fint(const MPI_Status *c, MPI_Fint *f)
{
    uint64_t count = (uint64_t)c->tessera_count;
    f[MPI_F_SOURCE] = c->MPI_SOURCE;
    f[MPI_F_TAG] = c->MPI_TAG;
    f[MPI_F_ERROR] = c->MPI_ERROR;
    f[3] = c->tessera_cancelled;
    f[4] = (MPI_Fint)(uint32_t)count;
    f[5] = (MPI_Fint)(uint32_t)(count >> 32);
}

static void status_from_fint(const MPI_Fint *f, MPI_Status *c)
{
    c->MPI_SOURCE = f[MPI_F_SOURCE];
    c->MPI_TAG = f[MPI_F_TAG];
    c->MPI_ERROR = f[MPI_F_ERROR];
    c->tessera_cancelled = f[3];
    c->tessera_count = (MPI_Count)((uint64_t)(uint32_t)f[4] | (uint64_t)(uint32_t)f[5] << 32);
}

/* The standard makes the ignore constants erroneous here. */
static int check_status_pair(const char *call, const void *from, const void *to)
{
    int rc = check_pointer(from, "the status to convert");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(to, "the status to fill in");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status)
{
    THREADS_ENTER();
    int rc = check_status_pair("MPI_Status_c2f", c_status, f_status);
    if (rc == MPI_SUCCESS)
        status_to_fint(c_status, f_status);
    return rc;
}

int PMPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status)
{
    THREADS_ENTER();
    int rc = check_status_pair("MPI_Status_f2c", f_status, c_status);
    if (rc == MPI_SUCCESS)
        status_from_fint(f_status, c_status);
    return rc;
}

int PMPI_Status_c2f08(const MPI_Status *c_status, MPI_F08_status *f08_status)
{
    THREADS_ENTER();
    int rc = check_status_pair("MPI_Status_c2f08", c_status, f08_status);
    if (rc == MPI_SUCCESS)
        status_to_fint(c_status, (MPI_Fint *)f08_status);
    return rc;
}

int PMPI_Status_f082c(const MPI_F08_status *f08_status, MPI_Status *c_status)
{
    THREADS_ENTER();
    int rc = check_status_pair("MPI_Status_f082c", f08_status, c_status);
    if (rc == MPI_SUCCESS)
        status_from_fint((const MPI_Fint *)f08_status, c_status);
    return rc;
}

int PMPI_Status_f2f08(const MPI_Fint *f_status, MPI_F08_status *f08_status)
{
    THREADS_ENTER();
    int rc = check_status_pair("MPI_Status_f2f08", f_status, f08_status);
    if (rc == MPI_SUCCESS)
        for (int i = 0; i < MPI_F_STATUS_SIZE; i++)
            ((MPI_Fint *)f08_status)[i] = f_status[i];
    return rc;
}

int PMPI_Status_f082f(const MPI_F08_status *f08_status, MPI_Fint *f_status)
{
    THREADS_ENTER();
    int rc = check_status_pair("MPI_Status_f082f", f08_status, f_status);
    if (rc == MPI_SUCCESS)
        for (int i = 0; i < MPI_F_STATUS_SIZE; i++)
            f_status[i] = ((const MPI_Fint *)f08_status)[i];
    return rc;
}
