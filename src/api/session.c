/*
 * session.c -- the sessions model (MPI-4): MPI_Session_init and its
 * queries, process sets and groups from them, a session's error handler
 * and its buffer for buffered sends.
 *
 * A session may be opened before, during or after the world model's
 * MPI_Init; the runtime starts with the first user and stops with the
 * last (runtime/runtime.h).  Errors in a call on a session go to the
 * session's handler; before a session exists, to MPI_ERRORS_ARE_FATAL
 * or the handler given to MPI_Session_init.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/buffer.h"
#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "err/handler.h"
#include "mpi.h"
#include "obj/group.h"
#include "obj/info.h"
#include "obj/session.h"
#include "p2p/p2p.h"
#include "runtime/runtime.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Session_init, PMPI_Session_init)
TESSERA_WEAK_ALIAS(MPI_Session_finalize, PMPI_Session_finalize)
TESSERA_WEAK_ALIAS(MPI_Session_get_info, PMPI_Session_get_info)
TESSERA_WEAK_ALIAS(MPI_Session_get_num_psets, PMPI_Session_get_num_psets)
TESSERA_WEAK_ALIAS(MPI_Session_get_nth_pset, PMPI_Session_get_nth_pset)
TESSERA_WEAK_ALIAS(MPI_Session_get_pset_info, PMPI_Session_get_pset_info)
TESSERA_WEAK_ALIAS(MPI_Group_from_session_pset, PMPI_Group_from_session_pset)
TESSERA_WEAK_ALIAS(MPI_Session_create_errhandler, PMPI_Session_create_errhandler)
TESSERA_WEAK_ALIAS(MPI_Session_set_errhandler, PMPI_Session_set_errhandler)
TESSERA_WEAK_ALIAS(MPI_Session_get_errhandler, PMPI_Session_get_errhandler)
TESSERA_WEAK_ALIAS(MPI_Session_call_errhandler, PMPI_Session_call_errhandler)
TESSERA_WEAK_ALIAS(MPI_Session_attach_buffer, PMPI_Session_attach_buffer)
TESSERA_WEAK_ALIAS(MPI_Session_attach_buffer_c, PMPI_Session_attach_buffer_c)
TESSERA_WEAK_ALIAS(MPI_Session_detach_buffer, PMPI_Session_detach_buffer)
TESSERA_WEAK_ALIAS(MPI_Session_detach_buffer_c, PMPI_Session_detach_buffer_c)
TESSERA_WEAK_ALIAS(MPI_Session_flush_buffer, PMPI_Session_flush_buffer)
TESSERA_WEAK_ALIAS(MPI_Session_iflush_buffer, PMPI_Session_iflush_buffer)

static const char *const psets[] = {"mpi://WORLD", "mpi://SELF"};
enum { PSET_COUNT = 2 };

/* The index of a process set name, -1 when there is none of that name.
 * Any case: programs written for MPICH ask for "mpi://self". */
static int pset_index(const char *name)
{
    for (int i = 0; i < PSET_COUNT; i++)
        if (strcasecmp(name, psets[i]) == 0)
            return i;
    return -1;
}

static int pset_size(int index)
{
    if (index == 1)
        return 1;
    int size;
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

/* A live session, with MPI running; errors go to the default handler,
 * since there is no session to take them. */
static int check_session(const char *call, MPI_Session handle, session_t **out)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS && !(*out = session_from_handle(handle)))
        rc = err_set(MPI_ERR_SESSION, "invalid session %#x (not a live session handle)", (unsigned)(uintptr_t)handle);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, call, rc);
    return MPI_SUCCESS;
}

static int raise_on(const session_t *s, const char *call, int code)
{
    return err_raise_session(session_handle(s), s->errhandler, call, code);
}

/* The thread level asked for with the "thread_level" hint (the standard's
 * key, valued MPI_THREAD_SINGLE ... MPI_THREAD_MULTIPLE). */
static int thread_level_hint(const info_t *hints)
{
    static const char *const names[] = {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED",
                                        "MPI_THREAD_MULTIPLE"};
    const char *value = hints ? info_get(hints, "thread_level") : NULL;
    for (int i = 0; value && i < 4; i++)
        if (strcmp(value, names[i]) == 0)
            return MPI_THREAD_SINGLE + i;
    return MPI_THREAD_SINGLE;
}

static const char *thread_level_name(int level)
{
    switch (level) {
    case MPI_THREAD_SINGLE:
        return "MPI_THREAD_SINGLE";
    case MPI_THREAD_FUNNELED:
        return "MPI_THREAD_FUNNELED";
    case MPI_THREAD_SERIALIZED:
        return "MPI_THREAD_SERIALIZED";
    default:
        return "MPI_THREAD_MULTIPLE";
    }
}

int PMPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session)
{
    THREADS_ENTER();
    info_t *hints = NULL;
    int rc = check_pointer(session, "session");
    if (rc == MPI_SUCCESS && info != MPI_INFO_NULL && !(hints = info_from_handle(info)))
        rc = err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    if (rc == MPI_SUCCESS && !errhandler_valid(errhandler))
        rc = err_set(MPI_ERR_ARG, "invalid errhandler %#x", (unsigned)(uintptr_t)errhandler);
    int provided = MPI_THREAD_SINGLE;
    if (rc == MPI_SUCCESS)
        rc = runtime_session_open(thread_level_hint(hints), &provided);
    if (rc != MPI_SUCCESS) {
        MPI_Errhandler handler = errhandler_valid(errhandler) ? errhandler : MPI_ERRORS_ARE_FATAL;
        return err_raise_session(MPI_SESSION_NULL, handler, "MPI_Session_init", rc);
    }
    session_t *s = session_new();
    bool ok = s && (s->info = hints ? info_dup(hints) : info_new()) &&
              info_set(s->info, "thread_level", thread_level_name(provided));
    if (!ok) {
        if (s && s->info)
            info_free(s->info);
        if (s)
            session_free(s);
        runtime_session_close();
        return err_raise_session(MPI_SESSION_NULL, errhandler, "MPI_Session_init",
                                 err_set(MPI_ERR_NO_MEM, "out of memory for a session"));
    }
    s->errhandler = errhandler;
    errhandler_ref(errhandler);
    *session = session_handle(s);
    return MPI_SUCCESS;
}

/* Buffered sends on the session's communicators leave first; the
 * communicators themselves the user must have freed (the standard makes
 * finalizing with them still in use erroneous). */
int PMPI_Session_finalize(MPI_Session *session)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc = check_pointer(session, "session");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Session_finalize", rc);
    rc = check_session("MPI_Session_finalize", *session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    p2p_bsend_pool_free(s->bsend);
    info_free(s->info);
    errhandler_unref(s->errhandler);
    session_free(s);
    *session = MPI_SESSION_NULL;
    return runtime_session_close();
}

int PMPI_Session_get_info(MPI_Session session, MPI_Info *info_used)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc = check_session("MPI_Session_get_info", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    info_t *copy = NULL;
    rc = check_pointer(info_used, "info_used");
    if (rc == MPI_SUCCESS && !(copy = info_dup(s->info)))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for an info object");
    if (rc != MPI_SUCCESS)
        return raise_on(s, "MPI_Session_get_info", rc);
    *info_used = info_handle(copy);
    return MPI_SUCCESS;
}

int PMPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int *npset_names)
{
    THREADS_ENTER();
    (void)info; /* no hint narrows the sets here */
    session_t *s = NULL;
    int rc = check_session("MPI_Session_get_num_psets", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(npset_names, "npset_names");
    if (rc != MPI_SUCCESS)
        return raise_on(s, "MPI_Session_get_num_psets", rc);
    *npset_names = PSET_COUNT;
    return MPI_SUCCESS;
}

/* With *pset_len 0 the call only says how long the name is (with its
 * terminating null); otherwise it copies as much as fits. */
int PMPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int *pset_len, char *pset_name)
{
    THREADS_ENTER();
    (void)info;
    session_t *s = NULL;
    int rc = check_session("MPI_Session_get_nth_pset", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(pset_len, "pset_len");
    if (rc == MPI_SUCCESS && (n < 0 || n >= PSET_COUNT))
        rc = err_set(MPI_ERR_ARG, "invalid n %d (there are %d process sets)", n, PSET_COUNT);
    if (rc == MPI_SUCCESS && *pset_len < 0)
        rc = err_set(MPI_ERR_ARG, "invalid pset_len %d", *pset_len);
    if (rc == MPI_SUCCESS && *pset_len > 0)
        rc = check_pointer(pset_name, "pset_name");
    if (rc != MPI_SUCCESS)
        return raise_on(s, "MPI_Session_get_nth_pset", rc);
    int len = (int)strlen(psets[n]) + 1;
    if (*pset_len > 0)
        snprintf(pset_name, (size_t)*pset_len, "%s", psets[n]);
    *pset_len = len;
    return MPI_SUCCESS;
}

static int check_pset(const char *name, int *index)
{
    int rc = check_pointer(name, "pset_name");
    if (rc == MPI_SUCCESS && (*index = pset_index(name)) < 0)
        rc = err_set(MPI_ERR_ARG, "invalid pset_name '%s' (the process sets are mpi://WORLD and mpi://SELF)", name);
    return rc;
}

int PMPI_Session_get_pset_info(MPI_Session session, const char *pset_name, MPI_Info *info)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc = check_session("MPI_Session_get_pset_info", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    int index = -1;
    rc = check_pset(pset_name, &index);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(info, "info");
    info_t *made = NULL;
    char size[16];
    if (rc == MPI_SUCCESS) {
        snprintf(size, sizeof size, "%d", pset_size(index));
        if (!(made = info_new()) || !info_set(made, "mpi_size", size)) {
            if (made)
                info_free(made);
            rc = err_set(MPI_ERR_NO_MEM, "out of memory for an info object");
        }
    }
    if (rc != MPI_SUCCESS)
        return raise_on(s, "MPI_Session_get_pset_info", rc);
    *info = info_handle(made);
    return MPI_SUCCESS;
}

int PMPI_Group_from_session_pset(MPI_Session session, const char *pset_name, MPI_Group *newgroup)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc = check_session("MPI_Group_from_session_pset", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    int index = -1;
    rc = check_pset(pset_name, &index);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newgroup, "newgroup");
    group_t *g = NULL;
    if (rc == MPI_SUCCESS) {
        int me, size = pset_size(index);
        PMPI_Comm_rank(MPI_COMM_WORLD, &me);
        int *ranks = malloc((size_t)size * sizeof *ranks);
        for (int r = 0; ranks && r < size; r++)
            ranks[r] = index == 1 ? me : r;
        if (!ranks || !(g = group_new(size, ranks)))
            rc = err_set(MPI_ERR_NO_MEM, "out of memory for a group of %d", size);
        free(ranks);
    }
    if (rc != MPI_SUCCESS)
        return raise_on(s, "MPI_Group_from_session_pset", rc);
    g->session = s->handle;
    *newgroup = group_handle(g);
    return MPI_SUCCESS;
}

int PMPI_Session_create_errhandler(MPI_Session_errhandler_function *session_errhandler_fn, MPI_Errhandler *errhandler)
{
    THREADS_ENTER();
    int rc = check_pointer((const void *)(uintptr_t)session_errhandler_fn, "session_errhandler_fn");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(errhandler, "errhandler");
    /* Kept as the communicator form; err_raise_session calls it back in
     * the session form it was made with. */
    MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    if (rc == MPI_SUCCESS &&
        (h = errhandler_create((MPI_Comm_errhandler_function *)(void (*)(void))session_errhandler_fn)) ==
            MPI_ERRHANDLER_NULL)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory (or handles) for an error handler");
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Session_create_errhandler", rc);
    *errhandler = h;
    return MPI_SUCCESS;
}

int PMPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc = check_session("MPI_Session_set_errhandler", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!errhandler_valid(errhandler))
        return raise_on(s, "MPI_Session_set_errhandler",
                        err_set(MPI_ERR_ARG, "invalid errhandler %#x", (unsigned)(uintptr_t)errhandler));
    errhandler_ref(errhandler);
    errhandler_unref(s->errhandler);
    s->errhandler = errhandler;
    return MPI_SUCCESS;
}

int PMPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc = check_session("MPI_Session_get_errhandler", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = check_pointer(errhandler, "errhandler");
    if (rc != MPI_SUCCESS)
        return raise_on(s, "MPI_Session_get_errhandler", rc);
    errhandler_ref(s->errhandler);
    *errhandler = s->errhandler;
    return MPI_SUCCESS;
}

int PMPI_Session_call_errhandler(MPI_Session session, int errorcode)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc = check_session("MPI_Session_call_errhandler", session, &s);
    if (rc != MPI_SUCCESS)
        return rc;
    err_set(errorcode, "error %d raised by MPI_Session_call_errhandler", errorcode);
    raise_on(s, "MPI_Session_call_errhandler", errorcode);
    return MPI_SUCCESS;
}

/* ---- the session's buffer for buffered sends (MPI-4.1) ---- */

static bsend_pool_t *session_pool(const char *call, MPI_Session session, bool create, session_t **s, int *rc)
{
    *rc = check_session(call, session, s);
    if (*rc != MPI_SUCCESS)
        return NULL;
    if (create && !(*s)->bsend && !((*s)->bsend = p2p_bsend_pool_new())) {
        *rc = raise_on(*s, call, err_set(MPI_ERR_NO_MEM, "out of memory for a session's buffer"));
        return NULL;
    }
    return (*s)->bsend;
}

static int attach(const char *call, MPI_Session session, void *buffer, MPI_Count size)
{
    session_t *s = NULL;
    int rc;
    bsend_pool_t *pool = session_pool(call, session, true, &s, &rc);
    if (!pool)
        return rc;
    rc = buffer_attach_checked(pool, buffer, size);
    if (rc != MPI_SUCCESS)
        return raise_on(s, call, rc);
    return MPI_SUCCESS;
}

static int detach(const char *call, MPI_Session session, void *buffer_addr, size_t *bytes, const void *size)
{
    session_t *s = NULL;
    int rc;
    bsend_pool_t *pool = session_pool(call, session, false, &s, &rc);
    if (rc == MPI_SUCCESS && (rc = buffer_detach_checked(pool, buffer_addr, size, bytes)) != MPI_SUCCESS)
        return raise_on(s, call, rc);
    return rc;
}

int PMPI_Session_attach_buffer(MPI_Session session, void *buffer, int size)
{
    return THREADS_CALL(attach("MPI_Session_attach_buffer", session, buffer, size));
}

int PMPI_Session_attach_buffer_c(MPI_Session session, void *buffer, MPI_Count size)
{
    return THREADS_CALL(attach("MPI_Session_attach_buffer_c", session, buffer, size));
}

int PMPI_Session_detach_buffer(MPI_Session session, void *buffer_addr, int *size)
{
    THREADS_ENTER();
    size_t bytes;
    int rc = detach("MPI_Session_detach_buffer", session, buffer_addr, &bytes, size);
    if (rc == MPI_SUCCESS)
        *size = buffer_size_int(bytes);
    return rc;
}

int PMPI_Session_detach_buffer_c(MPI_Session session, void *buffer_addr, MPI_Count *size)
{
    THREADS_ENTER();
    size_t bytes;
    int rc = detach("MPI_Session_detach_buffer_c", session, buffer_addr, &bytes, size);
    if (rc == MPI_SUCCESS)
        *size = (MPI_Count)bytes;
    return rc;
}

int PMPI_Session_flush_buffer(MPI_Session session)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc;
    bsend_pool_t *pool = session_pool("MPI_Session_flush_buffer", session, false, &s, &rc);
    if (pool)
        p2p_bsend_flush(pool);
    return rc;
}

int PMPI_Session_iflush_buffer(MPI_Session session, MPI_Request *request)
{
    THREADS_ENTER();
    session_t *s = NULL;
    int rc;
    bsend_pool_t *pool = session_pool("MPI_Session_iflush_buffer", session, true, &s, &rc);
    if (pool && (rc = buffer_iflush_checked(pool, NULL, request)) != MPI_SUCCESS)
        return raise_on(s, "MPI_Session_iflush_buffer", rc);
    return rc;
}
