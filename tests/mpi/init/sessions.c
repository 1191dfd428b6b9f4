/* sessions.c -- a program that never calls MPI_Init: it reaches MPI only
 * through sessions (MPI-4).  Process sets, a communicator made from the
 * world set's group, collectives and buffered sends on it through the
 * session's own buffer, the session's error handler, and a second
 * session opened after the first has closed.  MPI ends at exit. */
#include <string.h>

#include "../mpitest.h"

static int handler_calls, handler_code;

static void on_error(MPI_Session *session, int *code, ...)
{
    (void)session;
    handler_calls++;
    handler_code = *code;
}

static MPI_Comm world_from(MPI_Session session, const char *tag)
{
    MPI_Group group;
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    MPI_Comm comm;
    MPI_Comm_create_from_group(group, tag, MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm);
    MPI_Group_free(&group);
    return comm;
}

static void first_session(void)
{
    MPI_Info hints;
    MPI_Info_create_env(0, NULL, &hints); /* an info usable before MPI starts */
    MPI_Info_set(hints, "thread_level", "MPI_THREAD_FUNNELED");
    MPI_Session session;
    MPI_Session_init(hints, MPI_ERRORS_RETURN, &session);
    MPI_Info_free(&hints);
    int flag = 1;
    MPI_Initialized(&flag);
    MT_CHECK(!flag, "a session does not initialize the world model");

    MPI_Info used;
    char value[64];
    int len = sizeof value;
    MPI_Session_get_info(session, &used);
    MPI_Info_get_string(used, "thread_level", &len, value, &flag);
    MT_CHECK(flag && strcmp(value, "MPI_THREAD_FUNNELED") == 0, "granted thread level '%s'", value);
    MPI_Info_free(&used);

    int npsets = 0;
    MPI_Session_get_num_psets(session, MPI_INFO_NULL, &npsets);
    int seen_world = 0, seen_self = 0;
    for (int i = 0; i < npsets; i++) {
        char name[MPI_MAX_PSET_NAME_LEN];
        int name_len = 0;
        MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &name_len, NULL);
        int needed = name_len;
        MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &name_len, name);
        MT_CHECK(needed == (int)strlen(name) + 1, "the length query counts the null: %d for '%s'", needed, name);
        seen_world += strcmp(name, "mpi://WORLD") == 0;
        seen_self += strcmp(name, "mpi://SELF") == 0;
    }
    MT_CHECK(seen_world == 1 && seen_self == 1, "psets listed: %d, world %d, self %d", npsets, seen_world, seen_self);

    MPI_Comm comm = world_from(session, "tests/sessions/world");
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Info info;
    MPI_Session_get_pset_info(session, "mpi://WORLD", &info);
    len = sizeof value;
    MPI_Info_get_string(info, "mpi_size", &len, value, &flag);
    MT_CHECK(flag && atoi(value) == size, "mpi_size of the world set: '%s', communicator of %d", value, size);
    MPI_Info_free(&info);

    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    MT_CHECK(sum == size * (size - 1) / 2, "allreduce on the session's communicator: %d", sum);

    /* The session's buffer serves its communicators' buffered sends. */
    int room = 4 * (MPI_BSEND_OVERHEAD + 64);
    char *buffer = malloc(room);
    MPI_Session_attach_buffer(session, buffer, room);
    int out = rank, in = -1, right = (rank + 1) % size, left = (rank + size - 1) % size;
    MT_CHECK(MPI_Bsend(&out, 1, MPI_INT, right, 0, comm) == MPI_SUCCESS, "Bsend through the session's buffer");
    MPI_Recv(&in, 1, MPI_INT, left, 0, comm, MPI_STATUS_IGNORE);
    MT_CHECK(in == left, "buffered message: %d", in);
    MPI_Session_flush_buffer(session);
    void *back;
    int back_size;
    MPI_Session_detach_buffer(session, &back, &back_size);
    MT_CHECK(back == buffer && back_size == room, "detached from the session: %p/%d", back, back_size);
    free(buffer);

    MPI_Group self_group;
    MPI_Group_from_session_pset(session, "mpi://SELF", &self_group);
    int self_size = 0;
    MPI_Group_size(self_group, &self_size);
    MT_CHECK(self_size == 1, "mpi://SELF has %d members", self_size);
    MPI_Group_free(&self_group);
    MPI_Group world_group;
    MPI_Group_from_session_pset(session, "mpi://world", &world_group);
    int world_size = 0;
    MPI_Group_size(world_group, &world_size);
    MT_CHECK(world_size == size, "mpi://world (any case) has %d members", world_size);
    MPI_Group_free(&world_group);

    MPI_Errhandler mine;
    MPI_Session_create_errhandler(on_error, &mine);
    MPI_Session_set_errhandler(session, mine);
    MPI_Errhandler_free(&mine);
    MPI_Group none;
    int rc = MPI_Group_from_session_pset(session, "mpi://nowhere", &none);
    MT_CHECK(handler_calls == 1 && handler_code == rc && rc != MPI_SUCCESS, "the session's handler saw the error");
    MPI_Session_call_errhandler(session, MPI_ERR_OTHER);
    MT_CHECK(handler_calls == 2 && handler_code == MPI_ERR_OTHER, "MPI_Session_call_errhandler");

    MPI_Comm_free(&comm);
    MPI_Session_finalize(&session);
    MT_CHECK(session == MPI_SESSION_NULL, "finalize nulls the handle");
}

/* A second session, the first closed: it can still start; the error
 * total goes round on its communicator. */
static int second_session(void)
{
    MPI_Session session;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    MPI_Comm comm = world_from(session, "tests/sessions/again");
    int rank, total = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Reduce(&mt_errors, &total, 1, MPI_INT, MPI_SUM, 0, comm);
    MPI_Comm_free(&comm);
    MPI_Session_finalize(&session);
    return rank == 0 ? total : -1;
}

int main(void)
{
    first_session();
    int total = second_session();
    if (total == 0)
        printf(" No Errors\n");
    else if (total > 0)
        printf(" Found %d errors\n", total);
    return 0;
}
