/*
 * user_errhandler.c -- error handlers the program makes: called with the
 * communicator and the code when a call fails, by MPI_Comm_call_errhandler,
 * inherited by new communicators, alive while a communicator uses them
 * after the user freed the handle; and error classes, codes and strings
 * the program adds and removes.
 */
#include <string.h>

#include "mpitest.h"

static int calls;
static MPI_Comm last_comm;
static int last_code;

static void record(MPI_Comm *comm, int *code, ...)
{
    calls++;
    last_comm = *comm;
    last_code = *code;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int buf = 0, cls = -1;

    MPI_Errhandler mine, got;
    MPI_Comm_create_errhandler(record, &mine);
    MPI_Comm dup, dup2;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_errhandler(dup, mine);
    MPI_Comm_get_errhandler(dup, &got);
    MT_CHECK(got == mine, "get_errhandler returns the handler set");
    MPI_Errhandler_free(&got);
    MPI_Errhandler_free(&mine); /* dup still holds it */
    MT_CHECK(mine == MPI_ERRHANDLER_NULL, "MPI_Errhandler_free sets MPI_ERRHANDLER_NULL");

    int rc = MPI_Send(&buf, -1, MPI_INT, 0, 0, dup);
    MPI_Error_class(rc, &cls);
    MT_CHECK(calls == 1 && last_comm == dup && last_code == rc && cls == MPI_ERR_COUNT,
             "a failing call runs the handler: %d calls, code %d, class %d", calls, last_code, cls);

    rc = MPI_Comm_call_errhandler(dup, MPI_ERR_OTHER);
    MT_CHECK(rc == MPI_SUCCESS && calls == 2 && last_code == MPI_ERR_OTHER, "call_errhandler: rc %d, code %d", rc,
             last_code);

    MPI_Comm_dup(dup, &dup2);
    MPI_Comm_free(&dup);
    MPI_Recv(&buf, 1, MPI_INT, -7, 0, dup2, MPI_STATUS_IGNORE);
    MT_CHECK(calls == 3 && last_comm == dup2, "a dup inherits the handler, which outlives the parent");

    /* added classes, codes, strings */
    int myclass, mycode, len;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Add_error_class(&myclass);
    MPI_Add_error_code(myclass, &mycode);
    MT_CHECK(myclass > MPI_ERR_LASTCODE && mycode > MPI_ERR_LASTCODE && mycode != myclass, "class %d code %d", myclass,
             mycode);
    MPI_Add_error_string(mycode, "the disk is on fire");
    MPI_Error_string(mycode, text, &len);
    MPI_Error_class(mycode, &cls);
    MT_CHECK(strcmp(text, "the disk is on fire") == 0 && len == 19 && cls == myclass, "added code: '%s', class %d",
             text, cls);
    MPI_Error_string(myclass, text, &len);
    MT_CHECK(len == 0, "an added class without a string: '%s'", text);
    MPI_Comm_call_errhandler(dup2, mycode);
    MT_CHECK(last_code == mycode, "the handler sees the added code");
    int other_code;
    MPI_Add_error_code(MPI_ERR_TAG, &other_code);
    MPI_Error_class(other_code, &cls);
    MT_CHECK(cls == MPI_ERR_TAG, "a code added to a predefined class: class %d", cls);

    MT_EXPECT_CLASS(MPI_Add_error_code(mycode, &other_code), MPI_ERR_ARG, "a code as the class of a code");
    MT_EXPECT_CLASS(MPI_Remove_error_class(myclass), MPI_ERR_ARG, "removing a class that still has a code");
    MT_EXPECT_CLASS(MPI_Remove_error_code(mycode), MPI_ERR_ARG, "removing a code that still has its string");
    MPI_Remove_error_string(mycode);
    MPI_Error_string(mycode, text, &len);
    MT_CHECK(len == 0, "the string removed: '%s'", text);
    MPI_Remove_error_code(mycode);
    MT_CHECK(MPI_Remove_error_class(myclass) == MPI_SUCCESS, "removing the class once its code is gone");
    MT_EXPECT_CLASS(MPI_Error_class(mycode, &cls), MPI_ERR_ARG, "a removed code");

    MPI_Errhandler fatal = MPI_ERRORS_ARE_FATAL;
    MT_CHECK(MPI_Errhandler_free(&fatal) == MPI_SUCCESS && fatal == MPI_ERRHANDLER_NULL,
             "freeing a predefined handler handle");
    MPI_Comm_free(&dup2);
    return mt_finish();
}
