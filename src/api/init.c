/* init.c -- the environment chapter: starting, stopping, asking about MPI. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/attr.h"
#include "obj/comm.h"
#include "obj/info.h"
#include "runtime/runtime.h"
#include "runtime/threads.h"
#include "runtime/topology.h"

TESSERA_WEAK_ALIAS(MPI_Init, PMPI_Init)
TESSERA_WEAK_ALIAS(MPI_Init_thread, PMPI_Init_thread)
TESSERA_WEAK_ALIAS(MPI_Finalize, PMPI_Finalize)
TESSERA_WEAK_ALIAS(MPI_Initialized, PMPI_Initialized)
TESSERA_WEAK_ALIAS(MPI_Finalized, PMPI_Finalized)
TESSERA_WEAK_ALIAS(MPI_Abort, PMPI_Abort)
TESSERA_WEAK_ALIAS(MPI_Query_thread, PMPI_Query_thread)
TESSERA_WEAK_ALIAS(MPI_Is_thread_main, PMPI_Is_thread_main)
TESSERA_WEAK_ALIAS(MPI_Get_processor_name, PMPI_Get_processor_name)
TESSERA_WEAK_ALIAS(MPI_Get_version, PMPI_Get_version)
TESSERA_WEAK_ALIAS(MPI_Get_library_version, PMPI_Get_library_version)
TESSERA_WEAK_ALIAS(MPI_Wtime, PMPI_Wtime)
TESSERA_WEAK_ALIAS(MPI_Wtick, PMPI_Wtick)
TESSERA_WEAK_ALIAS(MPI_Pcontrol, PMPI_Pcontrol)
TESSERA_WEAK_ALIAS(MPI_Alloc_mem, PMPI_Alloc_mem)
TESSERA_WEAK_ALIAS(MPI_Free_mem, PMPI_Free_mem)
TESSERA_WEAK_ALIAS(MPI_Get_hw_resource_info, PMPI_Get_hw_resource_info)

static int init_common(const char *call, int required, int *provided)
{
    int rc = runtime_world_init(required, provided);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

int PMPI_Init(int *argc, char ***argv)
{
    THREADS_ENTER();
    (void)argc;
    (void)argv;
    int provided;
    return init_common("MPI_Init", MPI_THREAD_SINGLE, &provided);
}

int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    THREADS_ENTER();
    (void)argc;
    (void)argv;
    if (provided == NULL)
        return err_raise(NULL, "MPI_Init_thread", check_pointer(provided, "provided"));
    if (required < MPI_THREAD_SINGLE || required > MPI_THREAD_MULTIPLE)
        return err_raise(NULL, "MPI_Init_thread",
                         err_set(MPI_ERR_ARG, "invalid thread level %d for required", required));
    return init_common("MPI_Init_thread", required, provided);
}

int PMPI_Finalize(void)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS && (!runtime_world_initialized() || runtime_world_finalized()))
        rc = err_set(MPI_ERR_OTHER, "called without MPI_Init (only sessions are open: close them with "
                                    "MPI_Session_finalize)");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Finalize", rc);
    /* As if MPI_COMM_SELF were freed first: its attributes' delete
     * callbacks run while all of MPI still works; then MPI_COMM_WORLD's. */
    rc = attr_delete_all(&comm_self()->attrs, ATTR_COMM, MPI_COMM_SELF);
    int world_rc = attr_delete_all(&comm_world()->attrs, ATTR_COMM, MPI_COMM_WORLD);
    if (rc == MPI_SUCCESS)
        rc = world_rc;
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Finalize", rc);
    return runtime_world_finalize();
}

int PMPI_Initialized(int *flag)
{
    int rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Initialized", rc);
    *flag = runtime_world_initialized();
    return MPI_SUCCESS;
}

int PMPI_Finalized(int *flag)
{
    int rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Finalized", rc);
    *flag = runtime_world_finalized();
    return MPI_SUCCESS;
}

int PMPI_Abort(MPI_Comm comm, int errorcode)
{
    /* Whatever the communicator, on one node the job is all of it.  An
     * invalid communicator still ends the job: that is what the caller
     * asked for. */
    if (!runtime_launched_by_mpirun() || runtime_phase() != RUNTIME_RUNNING) {
        char name[32];
        fprintf(stderr, "MPI_Abort(%s, %d) called\n", check_comm_name(comm, name, sizeof name), errorcode);
    }
    runtime_abort_job(errorcode, RUNTIME_END_ABORT);
}

int PMPI_Query_thread(int *provided)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(provided, "provided");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Query_thread", rc);
    *provided = runtime_thread_level();
    return MPI_SUCCESS;
}

int PMPI_Is_thread_main(int *flag)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Is_thread_main", rc);
    *flag = runtime_is_main_thread();
    return MPI_SUCCESS;
}

int PMPI_Get_processor_name(char *name, int *resultlen)
{
    THREADS_ENTER();
    int rc = check_pointer(name, "name");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(resultlen, "resultlen");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Get_processor_name", rc);
    if (gethostname(name, MPI_MAX_PROCESSOR_NAME) != 0)
        strcpy(name, "localhost");
    name[MPI_MAX_PROCESSOR_NAME - 1] = '\0';
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}

int PMPI_Get_version(int *version, int *subversion)
{
    int rc = check_pointer(version, "version");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(subversion, "subversion");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Get_version", rc);
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}

int PMPI_Get_library_version(char *version, int *resultlen)
{
    int rc = check_pointer(version, "version");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(resultlen, "resultlen");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Get_library_version", rc);
    int n = snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING, "Tessera %s (MPI %d.%d, shared memory)", TESSERA_VERSION,
                     MPI_VERSION, MPI_SUBVERSION);
    *resultlen = n;
    return MPI_SUCCESS;
}

double PMPI_Wtime(void)
{
    return runtime_wtime();
}

double PMPI_Wtick(void)
{
    return 1e-9;
}

/* The standard leaves the levels' meaning to profiling libraries, which
 * intercept MPI_Pcontrol; the library itself only accepts the call. */
int PMPI_Pcontrol(const int level, ...)
{
    (void)level;
    return MPI_SUCCESS;
}

/* Memory for message buffers.  Shared-memory transfers gain nothing from
 * special memory here, so it is ordinary memory aligned to a cache line
 * (whole lines copy fastest); no info key changes that. */
int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS && size < 0)
        rc = err_set(MPI_ERR_SIZE, "invalid size %lld (must be non-negative)", (long long)size);
    if (rc == MPI_SUCCESS && info != MPI_INFO_NULL && !info_from_handle(info))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(baseptr, "baseptr");
    void *memory = NULL;
    if (rc == MPI_SUCCESS && posix_memalign(&memory, 64, size > 0 ? (size_t)size : 1) != 0)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory allocating %lld bytes", (long long)size);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Alloc_mem", rc);
    memcpy(baseptr, &memory, sizeof memory);
    return MPI_SUCCESS;
}

int PMPI_Free_mem(void *base)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Free_mem", rc);
    free(base);
    return MPI_SUCCESS;
}

/* The hardware this process runs on, as the resource types that
 * MPI_COMM_TYPE_RESOURCE_GUIDED splits by: "mpi_shared_memory" (the node,
 * valued by its host name) and each level this process is bound within
 * ("Package", "NUMANode", "L3Cache", ... valued by the domain's id). */
int PMPI_Get_hw_resource_info(MPI_Info *hw_info)
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_pointer(hw_info, "hw_info");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Get_hw_resource_info", rc);
    char host[MPI_MAX_PROCESSOR_NAME];
    int len;
    PMPI_Get_processor_name(host, &len);
    long ids[TOPO_LEVELS];
    topology_domains(ids);
    info_t *info = info_new();
    bool ok = info && info_set(info, "mpi_shared_memory", host);
    for (int level = 0; ok && level < TOPO_LEVELS; level++) {
        char id[24];
        snprintf(id, sizeof id, "%ld", ids[level]);
        if (ids[level] >= 0)
            ok = info_set(info, topology_level_name(level), id);
    }
    if (!ok) {
        if (info)
            info_free(info);
        return err_raise(NULL, "MPI_Get_hw_resource_info",
                         err_set(MPI_ERR_NO_MEM, "out of memory for the hardware info object"));
    }
    *hw_info = info_handle(info);
    return MPI_SUCCESS;
}
