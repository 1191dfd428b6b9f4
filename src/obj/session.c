/* session.c -- session objects and their handles. */
#include "obj/session.h"

#include <stdlib.h>

#include "obj/handle.h"

static obj_table_t session_table;

static void table_ready(void)
{
    if (!session_table.objects)
        obj_table_init(&session_table, TESSERA_KIND_SESSION_, 1);
}

session_t *session_new(void)
{
    table_ready();
    session_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->handle = obj_table_insert(&session_table, s);
    if (!s->handle) {
        free(s);
        return NULL;
    }
    return s;
}

void session_free(session_t *s)
{
    obj_table_remove(&session_table, s->handle);
    free(s);
}

session_t *session_from_value(uint32_t value)
{
    table_ready();
    return obj_table_lookup(&session_table, value);
}

session_t *session_from_handle(MPI_Session handle)
{
    return session_from_value(handle_value(handle));
}
