/* attr.c -- keyvals, attribute lists and their callbacks. */
#include "obj/attr.h"

#include <stdlib.h>

#include "check/check.h"
#include "err/err.h"
#include "err/handler.h"

typedef struct keyval {
    int kind;
    attr_callback_t copy_fn, delete_fn;
    void *extra_state;
    unsigned refs; /* the user's keyval and each value set under it */
    bool freed;    /* by the user: no longer usable, alive for its values */
} keyval_t;

static keyval_t **keyvals; /* index: keyval - ATTR_FIRST_KEYVAL */
static int keyval_count;

static keyval_t *keyval_lookup(int kind, int keyval)
{
    int i = keyval - ATTR_FIRST_KEYVAL;
    if (i < 0 || i >= keyval_count || !keyvals[i] || keyvals[i]->kind != kind)
        return NULL;
    return keyvals[i];
}

/* A keyval the program may still use (not freed by it). */
static keyval_t *keyval_live(int kind, int keyval)
{
    keyval_t *k = keyval_lookup(kind, keyval);
    return k && !k->freed ? k : NULL;
}

static void keyval_unref(int keyval)
{
    int i = keyval - ATTR_FIRST_KEYVAL;
    if (--keyvals[i]->refs == 0) {
        free(keyvals[i]);
        keyvals[i] = NULL;
    }
}

int keyval_create(int kind, attr_callback_t copy_fn, attr_callback_t delete_fn, void *extra_state, int *keyval)
{
    keyval_t *k = malloc(sizeof *k);
    keyval_t **grown = k ? realloc(keyvals, (size_t)(keyval_count + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(k);
        return err_set(MPI_ERR_NO_MEM, "out of memory for a keyval");
    }
    keyvals = grown;
    *k = (keyval_t){kind, copy_fn, delete_fn, extra_state, 1, false};
    keyvals[keyval_count] = k;
    *keyval = ATTR_FIRST_KEYVAL + keyval_count++;
    return MPI_SUCCESS;
}

static int bad_keyval(int keyval)
{
    if (keyval >= MPI_TAG_UB && keyval <= MPI_APPNUM)
        return err_set(MPI_ERR_KEYVAL, "invalid keyval %d (predefined attributes are read-only)", keyval);
    return err_set(MPI_ERR_KEYVAL, "invalid keyval %d (not a live keyval of this object kind)", keyval);
}

int keyval_free(int kind, int *keyval)
{
    keyval_t *k = keyval_live(kind, *keyval);
    if (!k)
        return bad_keyval(*keyval);
    k->freed = true;
    keyval_unref(*keyval);
    *keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

/* The user's callbacks, called through their own types. */
static int call_delete(const keyval_t *k, void *object, int keyval, void *value)
{
    if (!k->delete_fn)
        return MPI_SUCCESS;
    if (k->kind == ATTR_COMM)
        return ((MPI_Comm_delete_attr_function *)(void (*)(void))k->delete_fn)((MPI_Comm)object, keyval, value,
                                                                               k->extra_state);
    return ((MPI_Type_delete_attr_function *)(void (*)(void))k->delete_fn)((MPI_Datatype)object, keyval, value,
                                                                           k->extra_state);
}

static int call_copy(const keyval_t *k, void *old, int keyval, void *in, void **out, int *flag)
{
    *flag = 0;
    if (!k->copy_fn)
        return MPI_SUCCESS;
    if (k->kind == ATTR_COMM)
        return ((MPI_Comm_copy_attr_function *)(void (*)(void))k->copy_fn)((MPI_Comm)old, keyval, k->extra_state, in,
                                                                           out, flag);
    return ((MPI_Type_copy_attr_function *)(void (*)(void))k->copy_fn)((MPI_Datatype)old, keyval, k->extra_state, in,
                                                                       out, flag);
}

static int callback_failed(const char *which, int keyval, int code)
{
    err_set(code, "the %s callback of keyval %d returned error %d", which, keyval, code);
    return code;
}

int attr_set(attr_t **list, int kind, void *object, int keyval, void *value)
{
    keyval_t *k = keyval_live(kind, keyval);
    if (!k)
        return bad_keyval(keyval);
    for (attr_t *a = *list; a; a = a->next) {
        if (a->keyval != keyval)
            continue;
        int rc = call_delete(k, object, keyval, a->value);
        if (rc != MPI_SUCCESS)
            return callback_failed("delete", keyval, rc);
        a->value = value;
        return MPI_SUCCESS;
    }
    attr_t *a = malloc(sizeof *a);
    if (!a)
        return err_set(MPI_ERR_NO_MEM, "out of memory for an attribute");
    /* Newest first: MPI_Finalize's deletion of MPI_COMM_SELF's values must
     * run their callbacks in the reverse order they were set (tools use
     * that as an atexit), and every deletion follows the same order. */
    *a = (attr_t){keyval, value, *list};
    *list = a;
    k->refs++;
    return MPI_SUCCESS;
}

/* Reading and deleting take a keyval the program has freed while values
 * still use it: MPI lets those values go by MPI_Comm_delete_attr under the
 * keyval's number, and a library that freed its keyval early still reads
 * what it set.  Setting a new value takes a live keyval only. */
int attr_get(const attr_t *list, int kind, int keyval, void **value, bool *found)
{
    if (!keyval_lookup(kind, keyval))
        return bad_keyval(keyval);
    *found = false;
    for (const attr_t *a = list; a; a = a->next)
        if (a->keyval == keyval) {
            *value = a->value;
            *found = true;
        }
    return MPI_SUCCESS;
}

int attr_delete(attr_t **list, int kind, void *object, int keyval)
{
    keyval_t *k = keyval_lookup(kind, keyval);
    if (!k)
        return bad_keyval(keyval);
    for (attr_t **link = list; *link; link = &(*link)->next) {
        attr_t *a = *link;
        if (a->keyval != keyval)
            continue;
        int rc = call_delete(k, object, keyval, a->value);
        if (rc != MPI_SUCCESS)
            return callback_failed("delete", keyval, rc);
        *link = a->next;
        free(a);
        keyval_unref(keyval);
        return MPI_SUCCESS;
    }
    return MPI_SUCCESS; /* nothing set under it: nothing to delete */
}

int attr_copy_all(const attr_t *from, int kind, void *old, attr_t **to)
{
    attr_t **end = to;
    for (const attr_t *a = from; a; a = a->next) {
        keyval_t *k = keyval_lookup(kind, a->keyval);
        void *value = NULL;
        int flag = 0, rc = call_copy(k, old, a->keyval, a->value, &value, &flag);
        if (rc != MPI_SUCCESS)
            return callback_failed("copy", a->keyval, rc);
        if (!flag)
            continue;
        attr_t *copy = malloc(sizeof *copy);
        if (!copy)
            return err_set(MPI_ERR_NO_MEM, "out of memory copying attributes");
        *copy = (attr_t){a->keyval, value, NULL};
        *end = copy;
        end = &copy->next;
        k->refs++;
    }
    return MPI_SUCCESS;
}

int attr_delete_all(attr_t **list, int kind, void *object)
{
    int first_error = MPI_SUCCESS;
    while (*list) {
        attr_t *a = *list;
        int rc = call_delete(keyval_lookup(kind, a->keyval), object, a->keyval, a->value);
        if (rc != MPI_SUCCESS && first_error == MPI_SUCCESS)
            first_error = callback_failed("delete", a->keyval, rc);
        *list = a->next;
        keyval_unref(a->keyval);
        free(a);
    }
    return first_error;
}

/* ---- the predefined attributes of MPI_COMM_WORLD ---- */

static int tag_ub = TESSERA_TAG_UB, host = MPI_PROC_NULL, io = MPI_ANY_SOURCE, wtime_is_global = 1;
static int universe_size, appnum = 0, lastusedcode;

void attr_init_predefined(int world_size, int command)
{
    universe_size = world_size;
    appnum = command;
}

bool attr_predefined(int keyval, void **value)
{
    switch (keyval) {
    case MPI_TAG_UB:
        *value = &tag_ub;
        return true;
    case MPI_HOST:
        *value = &host;
        return true;
    case MPI_IO:
        *value = &io;
        return true;
    case MPI_WTIME_IS_GLOBAL:
        *value = &wtime_is_global;
        return true;
    case MPI_UNIVERSE_SIZE:
        *value = &universe_size;
        return true;
    case MPI_LASTUSEDCODE:
        lastusedcode = errcode_last_used();
        *value = &lastusedcode;
        return true;
    case MPI_APPNUM:
        *value = &appnum;
        return true;
    default:
        return false;
    }
}
