/*
 * info.c -- info objects: hints as (key, value) strings.  MPI_INFO_ENV says
 * how the process was started; MPI_Info_create_env makes the same before
 * MPI_Init.  MPI_Info_get and MPI_Info_get_valuelen are deprecated by
 * MPI-4.0 in favour of MPI_Info_get_string, and provided for the programs
 * that still call them.  Like the standard says, every info call works
 * before MPI starts and after it ends (hints for MPI_Session_init are made
 * before anything else).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/info.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Info_create, PMPI_Info_create)
TESSERA_WEAK_ALIAS(MPI_Info_create_env, PMPI_Info_create_env)
TESSERA_WEAK_ALIAS(MPI_Info_set, PMPI_Info_set)
TESSERA_WEAK_ALIAS(MPI_Info_get_string, PMPI_Info_get_string)
TESSERA_WEAK_ALIAS(MPI_Info_get, PMPI_Info_get)
TESSERA_WEAK_ALIAS(MPI_Info_get_valuelen, PMPI_Info_get_valuelen)
TESSERA_WEAK_ALIAS(MPI_Info_delete, PMPI_Info_delete)
TESSERA_WEAK_ALIAS(MPI_Info_get_nkeys, PMPI_Info_get_nkeys)
TESSERA_WEAK_ALIAS(MPI_Info_get_nthkey, PMPI_Info_get_nthkey)
TESSERA_WEAK_ALIAS(MPI_Info_dup, PMPI_Info_dup)
TESSERA_WEAK_ALIAS(MPI_Info_free, PMPI_Info_free)

static int check_info(MPI_Info handle, info_t **out)
{
    if (handle == MPI_INFO_NULL)
        return err_set(MPI_ERR_INFO, "invalid info MPI_INFO_NULL");
    info_t *info = info_from_handle(handle);
    if (!info)
        return err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)handle);
    *out = info;
    return MPI_SUCCESS;
}

/* A live info object the call may change: not MPI_INFO_ENV. */
static int check_info_writable(MPI_Info handle, info_t **out)
{
    int rc = check_info(handle, out);
    if (rc == MPI_SUCCESS && (*out)->predefined)
        return err_set(MPI_ERR_INFO, "invalid info MPI_INFO_ENV (predefined, it cannot be changed or freed)");
    return rc;
}

static int check_key(const char *key)
{
    if (!key)
        return err_set(MPI_ERR_INFO_KEY, "invalid key NULL");
    size_t len = strlen(key);
    if (len == 0 || len >= MPI_MAX_INFO_KEY)
        return err_set(MPI_ERR_INFO_KEY, "invalid key of %zu characters (must be 1 to %d)", len, MPI_MAX_INFO_KEY - 1);
    return MPI_SUCCESS;
}

/* Initialized, a live info object and a valid key: what most calls check. */
static int check_info_key(MPI_Info handle, const char *key, bool writable, info_t **out)
{
    int rc = writable ? check_info_writable(handle, out) : check_info(handle, out);
    if (rc == MPI_SUCCESS)
        rc = check_key(key);
    return rc;
}

static int hand_out(info_t *info, MPI_Info *out)
{
    if (!info)
        return err_set(MPI_ERR_NO_MEM, "out of memory (or info handles) for an info object");
    *out = info_handle(info);
    return MPI_SUCCESS;
}

int PMPI_Info_create(MPI_Info *info)
{
    THREADS_ENTER();
    int rc = check_pointer(info, "info");
    if (rc == MPI_SUCCESS)
        rc = hand_out(info_new(), info);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_create", rc);
    return MPI_SUCCESS;
}

/* May be called before MPI_Init. */
int PMPI_Info_create_env(int argc, char *argv[], MPI_Info *info)
{
    THREADS_ENTER();
    int rc = check_pointer(info, "info");
    info_t *created = NULL;
    if (rc == MPI_SUCCESS && (!(created = info_new()) || !info_fill_env(created, argc, argv))) {
        if (created)
            info_free(created);
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for an info object");
    }
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_create_env", rc);
    *info = info_handle(created);
    return MPI_SUCCESS;
}

int PMPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info_key(info, key, true, &i);
    if (rc == MPI_SUCCESS && !value)
        rc = err_set(MPI_ERR_INFO_VALUE, "invalid value NULL");
    if (rc == MPI_SUCCESS && strlen(value) >= MPI_MAX_INFO_VAL)
        rc = err_set(MPI_ERR_INFO_VALUE, "invalid value of %zu characters (at most %d)", strlen(value),
                     MPI_MAX_INFO_VAL - 1);
    if (rc == MPI_SUCCESS && !info_set(i, key, value))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory setting an info key");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_set", rc);
    return MPI_SUCCESS;
}

/* buflen in: room at value; out: the value's length plus one.  With
 * buflen 0 the value is not touched (it may be NULL). */
int PMPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info_key(info, key, false, &i);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(buflen, "buflen");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS && *buflen < 0)
        rc = err_set(MPI_ERR_ARG, "invalid buflen %d (must be non-negative)", *buflen);
    if (rc == MPI_SUCCESS && *buflen > 0 && !value)
        rc = err_set(MPI_ERR_ARG, "invalid value NULL with buflen %d", *buflen);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_get_string", rc);
    const char *v = info_get(i, key);
    *flag = v != NULL;
    if (!v)
        return MPI_SUCCESS;
    int len = (int)strlen(v);
    if (*buflen > 0) {
        int n = len < *buflen - 1 ? len : *buflen - 1;
        memcpy(value, v, (size_t)n);
        value[n] = '\0';
    }
    *buflen = len + 1;
    return MPI_SUCCESS;
}

int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info_key(info, key, false, &i);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc == MPI_SUCCESS && valuelen < 0)
        rc = err_set(MPI_ERR_ARG, "invalid valuelen %d (must be non-negative)", valuelen);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(value, "value");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_get", rc);
    const char *v = info_get(i, key);
    *flag = v != NULL;
    if (v) {
        /* valuelen characters at most, then the terminator. */
        size_t n = strlen(v) < (size_t)valuelen ? strlen(v) : (size_t)valuelen;
        memcpy(value, v, n);
        value[n] = '\0';
    }
    return MPI_SUCCESS;
}

int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info_key(info, key, false, &i);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(valuelen, "valuelen");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(flag, "flag");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_get_valuelen", rc);
    const char *v = info_get(i, key);
    *flag = v != NULL;
    if (v)
        *valuelen = (int)strlen(v);
    return MPI_SUCCESS;
}

int PMPI_Info_delete(MPI_Info info, const char *key)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info_key(info, key, true, &i);
    if (rc == MPI_SUCCESS && !info_delete(i, key))
        rc = err_set(MPI_ERR_INFO_NOKEY, "invalid key \"%s\" (not set in this info object)", key);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_delete", rc);
    return MPI_SUCCESS;
}

int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info(info, &i);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(nkeys, "nkeys");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_get_nkeys", rc);
    *nkeys = i->n;
    return MPI_SUCCESS;
}

int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info(info, &i);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(key, "key");
    if (rc == MPI_SUCCESS && (n < 0 || n >= i->n))
        rc = err_set(MPI_ERR_ARG, "invalid n %d (the info object has %d keys)", n, i->n);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_get_nthkey", rc);
    strcpy(key, i->entries[n].key);
    return MPI_SUCCESS;
}

int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_info(info, &i);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newinfo, "newinfo");
    if (rc == MPI_SUCCESS)
        rc = hand_out(info_dup(i), newinfo);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_dup", rc);
    return MPI_SUCCESS;
}

int PMPI_Info_free(MPI_Info *info)
{
    THREADS_ENTER();
    info_t *i = NULL;
    int rc = check_pointer(info, "info");
    if (rc == MPI_SUCCESS)
        rc = check_info_writable(*info, &i);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Info_free", rc);
    info_free(i);
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}
