/* handler.c -- error handler objects, and added error classes and codes. */
#include "err/handler.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err/err.h"
#include "obj/handle.h"

typedef struct errhandler {
    unsigned refs;
    MPI_Comm_errhandler_function *fn;
} errhandler_t;

static obj_table_t handler_table;

static void table_ready(void)
{
    if (!handler_table.objects)
        obj_table_init(&handler_table, TESSERA_KIND_ERRHANDLER_, 4); /* 1-3 are the predefined ones */
}

bool errhandler_is_predefined(MPI_Errhandler h)
{
    return h == MPI_ERRORS_ARE_FATAL || h == MPI_ERRORS_RETURN || h == MPI_ERRORS_ABORT;
}

static errhandler_t *lookup(MPI_Errhandler h)
{
    table_ready();
    return obj_table_lookup(&handler_table, handle_value(h));
}

bool errhandler_valid(MPI_Errhandler h)
{
    return errhandler_is_predefined(h) || lookup(h) != NULL;
}

MPI_Errhandler errhandler_create(MPI_Comm_errhandler_function *fn)
{
    table_ready();
    errhandler_t *e = malloc(sizeof *e);
    if (!e)
        return MPI_ERRHANDLER_NULL;
    *e = (errhandler_t){1, fn};
    uint32_t handle = obj_table_insert(&handler_table, e);
    if (!handle) {
        free(e);
        return MPI_ERRHANDLER_NULL;
    }
    return (MPI_Errhandler)(uintptr_t)handle;
}

void errhandler_ref(MPI_Errhandler h)
{
    errhandler_t *e = errhandler_is_predefined(h) ? NULL : lookup(h);
    if (e)
        e->refs++;
}

void errhandler_unref(MPI_Errhandler h)
{
    errhandler_t *e = errhandler_is_predefined(h) ? NULL : lookup(h);
    if (!e || --e->refs > 0)
        return;
    obj_table_remove(&handler_table, handle_value(h));
    free(e);
}

MPI_Comm_errhandler_function *errhandler_function(MPI_Errhandler h)
{
    errhandler_t *e = errhandler_is_predefined(h) ? NULL : lookup(h);
    return e ? e->fn : NULL;
}

/* ---- added classes and codes ---- */

typedef struct added {
    bool used;
    bool is_class;
    int class; /* a code's class; a class's own number */
    char *string;
} added_t;

static added_t *added;
static int added_count; /* numbers MPI_ERR_LASTCODE + 1 ... + added_count handed out */

static added_t *find(int code)
{
    int i = code - MPI_ERR_LASTCODE - 1;
    return i >= 0 && i < added_count && added[i].used ? &added[i] : NULL;
}

static int add(bool is_class, int class, int *out)
{
    added_t *grown = realloc(added, (size_t)(added_count + 1) * sizeof *grown);
    if (!grown)
        return err_set(MPI_ERR_NO_MEM, "out of memory adding an error code");
    added = grown;
    int code = MPI_ERR_LASTCODE + 1 + added_count;
    added[added_count++] = (added_t){true, is_class, is_class ? code : class, NULL};
    *out = code;
    return MPI_SUCCESS;
}

int errcode_add_class(int *errorclass)
{
    return add(true, 0, errorclass);
}

int errcode_add_code(int errorclass, int *errorcode)
{
    added_t *a = find(errorclass);
    bool predefined_class = err_class_string(errorclass) != NULL;
    if (!predefined_class && !(a && a->is_class))
        return err_set(MPI_ERR_ARG, "invalid errorclass %d (not an error class)", errorclass);
    return add(false, errorclass, errorcode);
}

int errcode_set_string(int errorcode, const char *string)
{
    added_t *a = find(errorcode);
    if (!a)
        return err_set(MPI_ERR_ARG, "invalid errorcode %d (only added classes and codes take strings)", errorcode);
    if (strlen(string) >= MPI_MAX_ERROR_STRING)
        return err_set(MPI_ERR_ARG, "invalid string of %zu characters (at most %d)", strlen(string),
                       MPI_MAX_ERROR_STRING - 1);
    char *copy = strdup(string);
    if (!copy)
        return err_set(MPI_ERR_NO_MEM, "out of memory for an error string");
    free(a->string);
    a->string = copy;
    return MPI_SUCCESS;
}

int errcode_remove_class(int errorclass)
{
    added_t *a = find(errorclass);
    if (!a || !a->is_class)
        return err_set(MPI_ERR_ARG, "invalid errorclass %d (not an added error class)", errorclass);
    for (int i = 0; i < added_count; i++)
        if (added[i].used && !added[i].is_class && added[i].class == errorclass)
            return err_set(MPI_ERR_ARG, "invalid errorclass %d (code %d still belongs to it)", errorclass,
                           MPI_ERR_LASTCODE + 1 + i);
    if (a->string)
        return err_set(MPI_ERR_ARG, "invalid errorclass %d (remove its string first: MPI_Remove_error_string)",
                       errorclass);
    *a = (added_t){0};
    return MPI_SUCCESS;
}

int errcode_remove_code(int errorcode)
{
    added_t *a = find(errorcode);
    if (!a || a->is_class)
        return err_set(MPI_ERR_ARG, "invalid errorcode %d (not an added error code)", errorcode);
    if (a->string)
        return err_set(MPI_ERR_ARG, "invalid errorcode %d (remove its string first: MPI_Remove_error_string)",
                       errorcode);
    *a = (added_t){0};
    return MPI_SUCCESS;
}

int errcode_remove_string(int errorcode)
{
    added_t *a = find(errorcode);
    if (!a || !a->string)
        return err_set(MPI_ERR_ARG, "invalid errorcode %d (no string was added for it)", errorcode);
    free(a->string);
    a->string = NULL;
    return MPI_SUCCESS;
}

int errcode_last_used(void)
{
    return MPI_ERR_LASTCODE + added_count;
}

int errcode_class(int code)
{
    if (err_class_string(code))
        return code;
    added_t *a = find(code);
    return a ? a->class : -1;
}

const char *errcode_string(int code)
{
    const char *s = err_class_string(code);
    if (s)
        return s;
    added_t *a = find(code);
    return a ? (a->string ? a->string : "") : NULL;
}
