/* status.c -- what a status says: counts, elements, cancellation; and the
 * setters that generalized requests and tools use to fill one in. */
#include <stdbool.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Get_count, PMPI_Get_count)
TESSERA_WEAK_ALIAS(MPI_Get_elements, PMPI_Get_elements)
TESSERA_WEAK_ALIAS(MPI_Get_elements_x, PMPI_Get_elements_x)
TESSERA_WEAK_ALIAS(MPI_Get_count_c, PMPI_Get_count_c)
TESSERA_WEAK_ALIAS(MPI_Get_elements_c, PMPI_Get_elements_c)
TESSERA_WEAK_ALIAS(MPI_Status_set_elements, PMPI_Status_set_elements)
TESSERA_WEAK_ALIAS(MPI_Status_set_elements_x, PMPI_Status_set_elements_x)
TESSERA_WEAK_ALIAS(MPI_Test_cancelled, PMPI_Test_cancelled)
TESSERA_WEAK_ALIAS(MPI_Status_set_cancelled, PMPI_Status_set_cancelled)
TESSERA_WEAK_ALIAS(MPI_Status_set_elements_c, PMPI_Status_set_elements_c)
TESSERA_WEAK_ALIAS(MPI_Status_get_source, PMPI_Status_get_source)
TESSERA_WEAK_ALIAS(MPI_Status_set_source, PMPI_Status_set_source)
TESSERA_WEAK_ALIAS(MPI_Status_get_tag, PMPI_Status_get_tag)
TESSERA_WEAK_ALIAS(MPI_Status_set_tag, PMPI_Status_set_tag)
TESSERA_WEAK_ALIAS(MPI_Status_get_error, PMPI_Status_get_error)
TESSERA_WEAK_ALIAS(MPI_Status_set_error, PMPI_Status_set_error)

static int check_status_args(const void *status, MPI_Datatype datatype, datatype_t **dt, const void *out,
                             const char *out_name)
{
    int rc = check_pointer(status, "status");
    if (rc == MPI_SUCCESS)
        rc = check_datatype(datatype, "datatype", dt);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(out, out_name);
    return rc;
}

/* Whole elements of dt in bytes of data, or -1 when the bytes end inside
 * one.  A type with no data counts 0, as the standard says. */
static MPI_Count whole_count(MPI_Count bytes, const datatype_t *dt)
{
    if (dt->size == 0)
        return 0;
    if (bytes % dt->size != 0)
        return -1;
    return bytes / dt->size;
}

static int count_as_int(MPI_Count count)
{
    return count < 0 || count > 0x7fffffff ? MPI_UNDEFINED : (int)count;
}

int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = check_status_args(status, datatype, &dt, count, "count");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Get_count", rc);
    *count = count_as_int(whole_count(status->tessera_count, dt));
    return MPI_SUCCESS;
}

int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    THREADS_ENTER();
    datatype_t *dt;
    int rc = check_status_args(status, datatype, &dt, count, "count");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Get_elements", rc);
    *count = count_as_int(dt_count_elements(dt, status->tessera_count));
    return MPI_SUCCESS;
}

static int get_elements_large(const char *call, const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count,
                              bool whole)
{
    datatype_t *dt;
    int rc = check_status_args(status, datatype, &dt, count, "count");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    MPI_Count n = whole ? whole_count(status->tessera_count, dt) : dt_count_elements(dt, status->tessera_count);
    *count = n < 0 ? MPI_UNDEFINED : n;
    return MPI_SUCCESS;
}

int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    return THREADS_CALL(get_elements_large("MPI_Get_elements_x", status, datatype, count, false));
}

int PMPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    return THREADS_CALL(get_elements_large("MPI_Get_elements_c", status, datatype, count, false));
}

int PMPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    return THREADS_CALL(get_elements_large("MPI_Get_count_c", status, datatype, count, true));
}

static int set_elements(const char *call, MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    datatype_t *dt;
    int rc = check_status_args(status, datatype, &dt, status, "status");
    if (rc == MPI_SUCCESS && count < 0)
        rc = err_set(MPI_ERR_COUNT, "invalid count %lld (must be non-negative)", (long long)count);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    status->tessera_count = dt_element_bytes(dt, count);
    return MPI_SUCCESS;
}

int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count)
{
    return THREADS_CALL(set_elements("MPI_Status_set_elements", status, datatype, count));
}

int PMPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    return THREADS_CALL(set_elements("MPI_Status_set_elements_x", status, datatype, count));
}

int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
    THREADS_ENTER();
    int rc = check_pointer(status, "status");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Test_cancelled", rc);
    *flag = status->tessera_cancelled != 0;
    return MPI_SUCCESS;
}

int PMPI_Status_set_cancelled(MPI_Status *status, int flag)
{
    THREADS_ENTER();
    int rc = check_pointer(status, "status");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Status_set_cancelled", rc);
    status->tessera_cancelled = flag != 0;
    return MPI_SUCCESS;
}

int PMPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    return THREADS_CALL(set_elements("MPI_Status_set_elements_c", status, datatype, count));
}

/* MPI-4.1's accessors for the public fields, for languages and tools that
 * cannot reach into the struct. */
static int status_field(const char *call, const MPI_Status *status, bool getter, const int *out)
{
    int rc = check_pointer(status, "status");
    if (rc == MPI_SUCCESS && getter)
        rc = check_pointer(out, "the result");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Status_get_source(MPI_Status *status, int *source)
{
    THREADS_ENTER();
    int rc = status_field("MPI_Status_get_source", status, true, source);
    if (rc == MPI_SUCCESS)
        *source = status->MPI_SOURCE;
    return rc;
}

int PMPI_Status_set_source(MPI_Status *status, int source)
{
    THREADS_ENTER();
    int rc = status_field("MPI_Status_set_source", status, false, NULL);
    if (rc == MPI_SUCCESS)
        status->MPI_SOURCE = source;
    return rc;
}

int PMPI_Status_get_tag(MPI_Status *status, int *tag)
{
    THREADS_ENTER();
    int rc = status_field("MPI_Status_get_tag", status, true, tag);
    if (rc == MPI_SUCCESS)
        *tag = status->MPI_TAG;
    return rc;
}

int PMPI_Status_set_tag(MPI_Status *status, int tag)
{
    THREADS_ENTER();
    int rc = status_field("MPI_Status_set_tag", status, false, NULL);
    if (rc == MPI_SUCCESS)
        status->MPI_TAG = tag;
    return rc;
}

int PMPI_Status_get_error(MPI_Status *status, int *error)
{
    THREADS_ENTER();
    int rc = status_field("MPI_Status_get_error", status, true, error);
    if (rc == MPI_SUCCESS)
        *error = status->MPI_ERROR;
    return rc;
}

int PMPI_Status_set_error(MPI_Status *status, int error)
{
    THREADS_ENTER();
    int rc = status_field("MPI_Status_set_error", status, false, NULL);
    if (rc == MPI_SUCCESS)
        status->MPI_ERROR = error;
    return rc;
}
