/*
 * attr.h -- attributes: values a program (or a library) hangs on a
 * communicator or a datatype under a key it created, with callbacks that
 * run when the object is duplicated (copy) and when the value goes
 * (delete).
 *
 * A keyval is an int.  The predefined ones (MPI_TAG_UB ... MPI_APPNUM) are
 * read-only attributes of MPI_COMM_WORLD; created keyvals count up from
 * ATTR_FIRST_KEYVAL.  A keyval freed by the program lives on while values
 * use it.  An object's attributes are a list, newest first, which is the
 * order copy and delete callbacks run in.
 */
#ifndef TESSERA_OBJ_ATTR_H
#define TESSERA_OBJ_ATTR_H

#include <stdbool.h>

#include "mpi.h"

enum attr_kind {
    ATTR_COMM = 1,
    ATTR_TYPE = 2,
};

#define ATTR_FIRST_KEYVAL 100

typedef struct attr {
    int keyval;
    void *value;
    struct attr *next;
} attr_t;

/* Callbacks as the user gave them (MPI_Comm_... or MPI_Type_... types). */
typedef void (*attr_callback_t)(void);

int keyval_create(int kind, attr_callback_t copy_fn, attr_callback_t delete_fn, void *extra_state, int *keyval);
int keyval_free(int kind, int *keyval);

/* The operations on an object's list; `object` is the handle the callbacks
 * receive.  Each returns MPI_SUCCESS or an error class (a callback's own
 * error code is passed on). */
int attr_set(attr_t **list, int kind, void *object, int keyval, void *value);
int attr_get(const attr_t *list, int kind, int keyval, void **value, bool *found);
int attr_delete(attr_t **list, int kind, void *object, int keyval);
/* Copy what the copy callbacks allow from `from` (on object old) to *to. */
int attr_copy_all(const attr_t *from, int kind, void *old, attr_t **to);
/* Delete every value, running the delete callbacks (object freed). */
int attr_delete_all(attr_t **list, int kind, void *object);

/* Predefined attributes of MPI_COMM_WORLD; false when keyval is not one. */
bool attr_predefined(int keyval, void **value);
/* command: MPI_APPNUM, the index of this process's command when mpirun
 * started several (0 otherwise). */
void attr_init_predefined(int world_size, int command);

#endif
