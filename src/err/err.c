#include "err/err.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "err/handler.h"
#include "obj/comm.h"
#include "runtime/runtime.h"
#include "util/log.h"

/* One detail line per thread: it belongs to the call that is returning,
 * and under MPI_THREAD_MULTIPLE calls on two threads may fail at once. */
static _Thread_local char err_detail_line[512];

int err_set(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err_detail_line, sizeof err_detail_line, fmt, ap);
    va_end(ap);
    return code;
}

const char *err_detail(void)
{
    return err_detail_line;
}

static const char *const err_class_strings[TESSERA_ERR_CLASS_COUNT_] = {
    [MPI_SUCCESS] = "MPI_SUCCESS: no error",
    [MPI_ERR_BUFFER] = "MPI_ERR_BUFFER: invalid buffer pointer",
    [MPI_ERR_COUNT] = "MPI_ERR_COUNT: invalid count argument",
    [MPI_ERR_TYPE] = "MPI_ERR_TYPE: invalid datatype",
    [MPI_ERR_TAG] = "MPI_ERR_TAG: invalid tag",
    [MPI_ERR_COMM] = "MPI_ERR_COMM: invalid communicator",
    [MPI_ERR_RANK] = "MPI_ERR_RANK: invalid rank",
    [MPI_ERR_REQUEST] = "MPI_ERR_REQUEST: invalid request",
    [MPI_ERR_ROOT] = "MPI_ERR_ROOT: invalid root",
    [MPI_ERR_GROUP] = "MPI_ERR_GROUP: invalid group",
    [MPI_ERR_OP] = "MPI_ERR_OP: invalid reduction operation",
    [MPI_ERR_TOPOLOGY] = "MPI_ERR_TOPOLOGY: invalid communicator topology",
    [MPI_ERR_DIMS] = "MPI_ERR_DIMS: invalid dimension argument",
    [MPI_ERR_ARG] = "MPI_ERR_ARG: invalid argument",
    [MPI_ERR_UNKNOWN] = "MPI_ERR_UNKNOWN: unknown error",
    [MPI_ERR_TRUNCATE] = "MPI_ERR_TRUNCATE: message truncated",
    [MPI_ERR_OTHER] = "MPI_ERR_OTHER: known error not in this list",
    [MPI_ERR_INTERN] = "MPI_ERR_INTERN: internal error",
    [MPI_ERR_PENDING] = "MPI_ERR_PENDING: pending request",
    [MPI_ERR_IN_STATUS] = "MPI_ERR_IN_STATUS: error code is in status",
    [MPI_ERR_ACCESS] = "MPI_ERR_ACCESS: permission denied",
    [MPI_ERR_AMODE] = "MPI_ERR_AMODE: invalid access mode",
    [MPI_ERR_ASSERT] = "MPI_ERR_ASSERT: invalid assertion",
    [MPI_ERR_BAD_FILE] = "MPI_ERR_BAD_FILE: invalid file name",
    [MPI_ERR_BASE] = "MPI_ERR_BASE: invalid base address",
    [MPI_ERR_CONVERSION] = "MPI_ERR_CONVERSION: error in data conversion",
    [MPI_ERR_DISP] = "MPI_ERR_DISP: invalid displacement",
    [MPI_ERR_DUP_DATAREP] = "MPI_ERR_DUP_DATAREP: data representation already defined",
    [MPI_ERR_FILE_EXISTS] = "MPI_ERR_FILE_EXISTS: file exists",
    [MPI_ERR_FILE_IN_USE] = "MPI_ERR_FILE_IN_USE: file in use",
    [MPI_ERR_FILE] = "MPI_ERR_FILE: invalid file handle",
    [MPI_ERR_INFO_KEY] = "MPI_ERR_INFO_KEY: info key too long",
    [MPI_ERR_INFO_NOKEY] = "MPI_ERR_INFO_NOKEY: info key not defined",
    [MPI_ERR_INFO_VALUE] = "MPI_ERR_INFO_VALUE: info value too long",
    [MPI_ERR_INFO] = "MPI_ERR_INFO: invalid info object",
    [MPI_ERR_IO] = "MPI_ERR_IO: I/O error",
    [MPI_ERR_KEYVAL] = "MPI_ERR_KEYVAL: invalid attribute key",
    [MPI_ERR_LOCKTYPE] = "MPI_ERR_LOCKTYPE: invalid lock type",
    [MPI_ERR_NAME] = "MPI_ERR_NAME: service name not published",
    [MPI_ERR_NO_MEM] = "MPI_ERR_NO_MEM: out of memory",
    [MPI_ERR_NOT_SAME] = "MPI_ERR_NOT_SAME: arguments differ between processes",
    [MPI_ERR_NO_SPACE] = "MPI_ERR_NO_SPACE: not enough space",
    [MPI_ERR_NO_SUCH_FILE] = "MPI_ERR_NO_SUCH_FILE: file does not exist",
    [MPI_ERR_PORT] = "MPI_ERR_PORT: invalid port name",
    [MPI_ERR_QUOTA] = "MPI_ERR_QUOTA: quota exceeded",
    [MPI_ERR_READ_ONLY] = "MPI_ERR_READ_ONLY: file is read-only",
    [MPI_ERR_RMA_CONFLICT] = "MPI_ERR_RMA_CONFLICT: conflicting accesses to window",
    [MPI_ERR_RMA_SYNC] = "MPI_ERR_RMA_SYNC: wrong synchronisation of RMA calls",
    [MPI_ERR_SERVICE] = "MPI_ERR_SERVICE: invalid service name",
    [MPI_ERR_SIZE] = "MPI_ERR_SIZE: invalid size",
    [MPI_ERR_SPAWN] = "MPI_ERR_SPAWN: could not spawn processes",
    [MPI_ERR_UNSUPPORTED_DATAREP] = "MPI_ERR_UNSUPPORTED_DATAREP: unsupported data representation",
    [MPI_ERR_UNSUPPORTED_OPERATION] = "MPI_ERR_UNSUPPORTED_OPERATION: operation not supported",
    [MPI_ERR_WIN] = "MPI_ERR_WIN: invalid window",
    [MPI_ERR_RMA_RANGE] = "MPI_ERR_RMA_RANGE: target memory outside the window",
    [MPI_ERR_RMA_ATTACH] = "MPI_ERR_RMA_ATTACH: memory cannot be attached",
    [MPI_ERR_RMA_SHARED] = "MPI_ERR_RMA_SHARED: memory cannot be shared",
    [MPI_ERR_RMA_FLAVOR] = "MPI_ERR_RMA_FLAVOR: wrong window flavor",
    [MPI_ERR_PROC_ABORTED] = "MPI_ERR_PROC_ABORTED: operation involved an aborted process",
    [MPI_ERR_VALUE_TOO_LARGE] = "MPI_ERR_VALUE_TOO_LARGE: value too large for the output argument",
    [MPI_ERR_SESSION] = "MPI_ERR_SESSION: invalid session",
    [MPI_ERR_ERRHANDLER] = "MPI_ERR_ERRHANDLER: invalid error handler",
    [MPI_T_ERR_MEMORY] = "MPI_T_ERR_MEMORY: out of memory",
    [MPI_T_ERR_NOT_INITIALIZED] = "MPI_T_ERR_NOT_INITIALIZED: tool interface not initialized",
    [MPI_T_ERR_CANNOT_INIT] = "MPI_T_ERR_CANNOT_INIT: tool interface cannot be initialized",
    [MPI_T_ERR_INVALID_INDEX] = "MPI_T_ERR_INVALID_INDEX: index out of range",
    [MPI_T_ERR_INVALID_ITEM] = "MPI_T_ERR_INVALID_ITEM: item index out of range",
    [MPI_T_ERR_INVALID_HANDLE] = "MPI_T_ERR_INVALID_HANDLE: invalid handle",
    [MPI_T_ERR_OUT_OF_HANDLES] = "MPI_T_ERR_OUT_OF_HANDLES: no more handles",
    [MPI_T_ERR_OUT_OF_SESSIONS] = "MPI_T_ERR_OUT_OF_SESSIONS: no more sessions",
    [MPI_T_ERR_INVALID_SESSION] = "MPI_T_ERR_INVALID_SESSION: invalid session",
    [MPI_T_ERR_CVAR_SET_NOT_NOW] = "MPI_T_ERR_CVAR_SET_NOT_NOW: variable cannot be set now",
    [MPI_T_ERR_CVAR_SET_NEVER] = "MPI_T_ERR_CVAR_SET_NEVER: variable cannot be set",
    [MPI_T_ERR_PVAR_NO_STARTSTOP] = "MPI_T_ERR_PVAR_NO_STARTSTOP: variable cannot be started or stopped",
    [MPI_T_ERR_PVAR_NO_WRITE] = "MPI_T_ERR_PVAR_NO_WRITE: variable cannot be written",
    [MPI_T_ERR_PVAR_NO_ATOMIC] = "MPI_T_ERR_PVAR_NO_ATOMIC: variable cannot be read and written atomically",
    [MPI_T_ERR_INVALID_NAME] = "MPI_T_ERR_INVALID_NAME: invalid name",
    [MPI_T_ERR_INVALID] = "MPI_T_ERR_INVALID: invalid use of the tool interface",
    [MPI_T_ERR_NOT_ACCESSIBLE] = "MPI_T_ERR_NOT_ACCESSIBLE: not accessible",
    [MPI_T_ERR_NOT_SUPPORTED] = "MPI_T_ERR_NOT_SUPPORTED: not supported",
};

const char *err_class_string(int code)
{
    if (code < 0 || code >= TESSERA_ERR_CLASS_COUNT_)
        return NULL;
    return err_class_strings[code];
}

/* Errors that belong to no valid communicator go to MPI_COMM_SELF's handler
 * when the user set one there (MPI-4), else to MPI_COMM_WORLD's, which is
 * where most programs set MPI_ERRORS_RETURN. */
static struct comm *err_comm_for(struct comm *comm)
{
    if (comm)
        return comm;
    struct comm *self = comm_self();
    if (self && self->errhandler_set_by_user)
        return self;
    return comm_world();
}

/* MPI_ERRORS_RETURN returns the code; MPI_ERRORS_ARE_FATAL and
 * MPI_ERRORS_ABORT print one line and end the job.  On one node the
 * processes of any communicator are the whole job, so both end
 * everything; the exit status is the error class. */
static int apply_predefined(MPI_Errhandler handler, const char *call, int code)
{
    if (handler == MPI_ERRORS_RETURN) {
        err_detail_line[0] = '\0'; /* the next error brings its own */
        return code;
    }
    const char *detail = err_detail_line[0] ? err_detail_line : err_class_string(code);
    char line[800];
    if (log_rank() >= 0)
        snprintf(line, sizeof line, "%s: %s [rank %d]\n", call, detail ? detail : "error", log_rank());
    else
        snprintf(line, sizeof line, "%s: %s\n", call, detail ? detail : "error");
    fputs(line, stderr);
    fflush(stderr);
    runtime_abort_job(code, RUNTIME_END_ERROR);
}

/* The user's handler sees the communicator (MPI_COMM_NULL when the call
 * has none) and the code; the call returns the code when the handler
 * returns.  The predefined handlers act as apply_predefined says. */
static int raise_under(MPI_Errhandler handler, MPI_Comm comm, const char *call, int code)
{
    MPI_Comm_errhandler_function *fn = errhandler_function(handler);
    if (fn) {
        int passed = code;
        fn(&comm, &passed);
        err_detail_line[0] = '\0';
        return code;
    }
    return apply_predefined(handler, call, code);
}

int err_raise(struct comm *comm, const char *call, int code)
{
    comm = err_comm_for(comm);
    if (!comm)
        return apply_predefined(runtime_default_errhandler(), call, code);
    return raise_under(comm->errhandler, (MPI_Comm)(uintptr_t)comm->handle, call, code);
}

int err_raise_comm(struct comm *comm, const char *call, int code, MPI_Comm *out)
{
    if (out)
        *out = MPI_COMM_NULL;
    return err_raise(comm, call, code);
}

int err_raise_with(MPI_Errhandler handler, const char *call, int code)
{
    return raise_under(handler, MPI_COMM_NULL, call, code);
}

int err_raise_session(MPI_Session session, MPI_Errhandler handler, const char *call, int code)
{
    /* A handler set on a session was made by MPI_Session_create_errhandler,
     * so its function has the session form. */
    MPI_Session_errhandler_function *fn =
        (MPI_Session_errhandler_function *)(void (*)(void))errhandler_function(handler);
    if (fn) {
        int passed = code;
        fn(&session, &passed);
        err_detail_line[0] = '\0';
        return code;
    }
    return apply_predefined(handler, call, code);
}
