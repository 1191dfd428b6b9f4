#include "obj/message.h"

#include <stdlib.h>

#include "obj/handle.h"
#include "util/log.h"

static obj_table_t message_table;

/* Freed messages kept for the next MPI_Mprobe: a program receiving by
 * MPI_Mprobe and MPI_Mrecv (as mpi4py does for every object) makes and
 * frees one a message, and malloc and free cost as much again as the
 * rest of the handle's work. */
#define MESSAGE_KEEP 16
static message_t *kept[MESSAGE_KEEP];
static int nkept;

void message_init(void)
{
    /* Index 1 is MPI_MESSAGE_NO_PROC, which has no object behind it. */
    obj_table_init(&message_table, TESSERA_KIND_MESSAGE_, 2);
}

MPI_Message message_create(struct comm *comm, struct unexpected *msg)
{
    message_t *message = nkept ? kept[--nkept] : malloc(sizeof *message);
    if (!message)
        log_fatal("out of memory for a matched message");
    message->comm = comm;
    message->msg = msg;
    message->handle = obj_table_insert(&message_table, message);
    if (message->handle == 0)
        log_fatal("more than a million matched messages outstanding");
    return (MPI_Message)(uintptr_t)message->handle;
}

message_t *message_from_handle(MPI_Message handle)
{
    if (!message_table.objects)
        return NULL;
    return obj_table_lookup(&message_table, handle_value(handle));
}

void message_free(message_t *message)
{
    obj_table_remove(&message_table, message->handle);
    if (nkept < MESSAGE_KEEP)
        kept[nkept++] = message;
    else
        free(message);
}
