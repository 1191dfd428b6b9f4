/*
 * message.h -- MPI_Message: a message taken out of matching by
 * MPI_Mprobe/MPI_Improbe, waiting for MPI_Mrecv/MPI_Imrecv.  The handle
 * owns the unexpected-queue entry; nothing else can match it any more.
 */
#ifndef TESSERA_OBJ_MESSAGE_H
#define TESSERA_OBJ_MESSAGE_H

#include <stdint.h>

#include "mpi.h"

struct comm;
struct unexpected;

typedef struct message {
    uint32_t handle;
    struct comm *comm;
    struct unexpected *msg;
} message_t;

void message_init(void);
/* A handle for msg, taken from comm's queue. */
MPI_Message message_create(struct comm *comm, struct unexpected *msg);
/* The object behind a handle; MPI_MESSAGE_NO_PROC and invalid ones give NULL. */
message_t *message_from_handle(MPI_Message handle);
void message_free(message_t *message);

#endif
