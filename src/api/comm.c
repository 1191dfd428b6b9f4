/* comm.c -- asking a communicator about itself: rank, size, comparison,
 * name.  Making and freeing them is in comm_create.c. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/info.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Comm_rank, PMPI_Comm_rank)
TESSERA_WEAK_ALIAS(MPI_Comm_size, PMPI_Comm_size)
TESSERA_WEAK_ALIAS(MPI_Comm_compare, PMPI_Comm_compare)
TESSERA_WEAK_ALIAS(MPI_Comm_set_name, PMPI_Comm_set_name)
TESSERA_WEAK_ALIAS(MPI_Comm_get_name, PMPI_Comm_get_name)
TESSERA_WEAK_ALIAS(MPI_Comm_test_inter, PMPI_Comm_test_inter)
TESSERA_WEAK_ALIAS(MPI_Comm_set_info, PMPI_Comm_set_info)
TESSERA_WEAK_ALIAS(MPI_Comm_get_info, PMPI_Comm_get_info)

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    THREADS_ENTER();
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
    THREADS_ENTER();
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

/* How the first na ranks of a compare with the first nb of b (their
 * point-to-point ranks: an intercommunicator's remote group). */
static int compare_groups(const comm_t *a, const comm_t *b, int na, int nb)
{
    if (na != nb)
        return MPI_UNEQUAL;
    bool same_order = true;
    for (int r = 0; r < na; r++) {
        int other = comm_rank_of_world(b, comm_world_rank(a, r));
        if (other < 0)
            return MPI_UNEQUAL;
        same_order &= other == r;
    }
    return same_order ? MPI_CONGRUENT : MPI_SIMILAR;
}

int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    THREADS_ENTER();
    comm_t *a = NULL, *b = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm1, &a);
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm2, &b);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(result, "result");
    if (rc != MPI_SUCCESS)
        return err_raise(a, "MPI_Comm_compare", rc);
    if (a == b)
        *result = MPI_IDENT;
    else if (a->inter != b->inter)
        *result = MPI_UNEQUAL;
    else {
        /* Intercommunicators compare both groups; the worse answer holds
         * (MPI_CONGRUENT < MPI_SIMILAR < MPI_UNEQUAL). */
        *result = compare_groups(comm_local_group(a), comm_local_group(b), a->size, b->size);
        if (a->inter) {
            int remote = compare_groups(a, b, a->remote_size, b->remote_size);
            *result = remote > *result ? remote : *result;
        }
    }
    return MPI_SUCCESS;
}

int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_name, "comm_name");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_set_name", rc);
    /* Longer names are cut to MPI_MAX_OBJECT_NAME - 1 characters. */
    strncpy(c->name, comm_name, sizeof c->name - 1);
    c->name[sizeof c->name - 1] = '\0';
    return MPI_SUCCESS;
}

int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    /* The null handle is named too (see MPI_Type_get_name). */
    if (rc == MPI_SUCCESS && comm != MPI_COMM_NULL)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_name, "comm_name");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(resultlen, "resultlen");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_get_name", rc);
    const char *name = c ? c->name : "MPI_COMM_NULL";
    strcpy(comm_name, name);
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}

int PMPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_test_inter", rc);
    *flag = c->inter;
    return MPI_SUCCESS;
}

/* The hints a communicator keeps are the ones given to it: none of them
 * changes how Tessera works yet, and MPI lets an implementation keep
 * hints it does not act on. */
int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    info_t *hints = NULL, *copy = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS && !(hints = info_from_handle(info)))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    if (rc == MPI_SUCCESS && !(copy = info_dup(hints)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory copying info hints");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_set_info", rc);
    if (c->info)
        info_free(c->info);
    c->info = copy;
    return MPI_SUCCESS;
}

int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    info_t *copy = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(info_used, "info_used");
    if (rc == MPI_SUCCESS && !(copy = c->info ? info_dup(c->info) : info_new()))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for an info object");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Comm_get_info", rc);
    *info_used = info_handle(copy);
    return MPI_SUCCESS;
}
