/* bad_args.c -- every kind of bad argument gets its error class under
 * MPI_ERRORS_RETURN, and the call has no other effect. */
#include <stdint.h>
#include <string.h>

#include "mpitest.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    int buf[4] = {0};
    MPI_Request req;
    MPI_Status status;

    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, size, 0, MPI_COMM_WORLD), MPI_ERR_RANK, "rank = size");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, -5, 0, MPI_COMM_WORLD), MPI_ERR_RANK, "rank -5");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD), MPI_ERR_RANK, "send to ANY_SOURCE");
    MT_EXPECT_CLASS(MPI_Recv(buf, 1, MPI_INT, size + 3, 0, MPI_COMM_WORLD, &status), MPI_ERR_RANK, "recv rank");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, 0, -1, MPI_COMM_WORLD), MPI_ERR_TAG, "send tag -1 (ANY_TAG)");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, 0, -7, MPI_COMM_WORLD), MPI_ERR_TAG, "send tag -7");
    MT_EXPECT_CLASS(MPI_Irecv(buf, 1, MPI_INT, 0, -7, MPI_COMM_WORLD, &req), MPI_ERR_TAG, "recv tag -7");
    MT_EXPECT_CLASS(MPI_Send(buf, -1, MPI_INT, 0, 0, MPI_COMM_WORLD), MPI_ERR_COUNT, "count -1");
    MT_EXPECT_CLASS(MPI_Recv(buf, -3, MPI_INT, 0, 0, MPI_COMM_WORLD, &status), MPI_ERR_COUNT, "recv count -3");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_DATATYPE_NULL, 0, 0, MPI_COMM_WORLD), MPI_ERR_TYPE, "MPI_DATATYPE_NULL");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, (MPI_Datatype)(uintptr_t)0x30000fff, 0, 0, MPI_COMM_WORLD), MPI_ERR_TYPE,
                    "made-up datatype");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, (MPI_Datatype)MPI_COMM_WORLD, 0, 0, MPI_COMM_WORLD), MPI_ERR_TYPE,
                    "communicator as datatype");
    MT_EXPECT_CLASS(MPI_Send(NULL, 2, MPI_INT, 0, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER, "NULL buffer, count 2");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, 0, 0, MPI_COMM_NULL), MPI_ERR_COMM, "MPI_COMM_NULL");
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, 0, 0, (MPI_Comm)(uintptr_t)0x10000077), MPI_ERR_COMM, "made-up comm");
    MT_EXPECT_CLASS(MPI_Comm_rank(MPI_COMM_NULL, &rank), MPI_ERR_COMM, "Comm_rank(MPI_COMM_NULL)");
    MT_EXPECT_CLASS(MPI_Comm_size(MPI_COMM_WORLD, NULL), MPI_ERR_ARG, "Comm_size NULL");
    MT_EXPECT_CLASS(MPI_Isend(buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, NULL), MPI_ERR_ARG, "Isend NULL request");

    /* Requests: made-up, and already completed and freed. */
    req = (MPI_Request)(uintptr_t)0x70000123;
    MT_EXPECT_CLASS(MPI_Wait(&req, &status), MPI_ERR_REQUEST, "made-up request");
    MPI_Irecv(buf, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
    MPI_Request stale = req;
    MPI_Wait(&req, &status);
    MT_EXPECT_CLASS(MPI_Wait(&stale, &status), MPI_ERR_REQUEST, "freed request");
    int flag;
    MT_EXPECT_CLASS(MPI_Test(&stale, &flag, &status), MPI_ERR_REQUEST, "Test on freed request");
    MPI_Request arr[2] = {MPI_REQUEST_NULL, stale};
    MT_EXPECT_CLASS(MPI_Waitall(2, arr, MPI_STATUSES_IGNORE), MPI_ERR_REQUEST, "Waitall with freed request");
    MT_EXPECT_CLASS(MPI_Waitall(-1, arr, MPI_STATUSES_IGNORE), MPI_ERR_COUNT, "Waitall count -1");

    MT_EXPECT_CLASS(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRHANDLER_NULL), MPI_ERR_ARG, "errhandler NULL");
    int len;
    char text[MPI_MAX_ERROR_STRING];
    MT_EXPECT_CLASS(MPI_Error_string(-4, text, &len), MPI_ERR_ARG, "Error_string(-4)");
    MPI_Error_string(MPI_ERR_RANK, text, &len);
    MT_CHECK(len == (int)strlen(text) && strstr(text, "rank"), "Error_string(MPI_ERR_RANK) '%s'", text);
    for (int c = 0; c <= MPI_ERR_LASTCODE; c++) {
        int cls = -1;
        MT_CHECK(MPI_Error_string(c, text, &len) == MPI_SUCCESS && len > 0, "no string for class %d", c);
        MT_CHECK(MPI_Error_class(c, &cls) == MPI_SUCCESS && cls == c, "class of %d is %d", c, cls);
    }

    /* A receive that failed the checks posted nothing: a message with the
     * same envelope still reaches the next good receive. */
    if (size > 1 && rank < 2) {
        int v = rank == 0 ? 77 : 0;
        if (rank == 0)
            MPI_Send(&v, 1, MPI_INT, 1, 3, MPI_COMM_WORLD);
        else {
            MPI_Recv(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &status);
            MT_CHECK(v == 77, "message after bad calls: %d", v);
        }
    }
    /* The MPI-4.0 and 4.1 additions. */
    MT_EXPECT_CLASS(MPI_Send(buf, 1, MPI_INT, 0, 0x7fffffff, MPI_COMM_WORLD), MPI_ERR_TAG,
                    "tag INT_MAX (above TAG_UB)");
    int value;
    MT_EXPECT_CLASS(MPI_Status_get_source(NULL, &value), MPI_ERR_ARG, "status_get_source of NULL");
    MT_EXPECT_CLASS(MPI_Status_set_tag(NULL, 3), MPI_ERR_ARG, "status_set_tag of NULL");
    MT_EXPECT_CLASS(MPI_Status_get_error(&status, NULL), MPI_ERR_ARG, "status_get_error into NULL");
    MPI_Fint fstatus[MPI_F_STATUS_SIZE];
    MT_EXPECT_CLASS(MPI_Status_c2f(MPI_STATUS_IGNORE, fstatus), MPI_ERR_ARG, "Status_c2f of MPI_STATUS_IGNORE");
    MT_EXPECT_CLASS(MPI_Get_hw_resource_info(NULL), MPI_ERR_ARG, "hw_resource_info into NULL");
    MPI_Request reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int index;
    MT_EXPECT_CLASS(MPI_Request_get_status_all(-1, reqs, &flag, MPI_STATUSES_IGNORE), MPI_ERR_COUNT,
                    "get_status_all count -1");
    MT_EXPECT_CLASS(MPI_Request_get_status_any(2, reqs, &index, NULL, &status), MPI_ERR_ARG,
                    "get_status_any flag NULL");
    MT_EXPECT_CLASS(MPI_Request_get_status_some(2, reqs, NULL, &index, MPI_STATUSES_IGNORE), MPI_ERR_ARG,
                    "get_status_some outcount NULL");
    /* More requests than a call keeps on its stack: the set is allocated,
     * and each call's later argument check must free it (ASan's leak
     * check runs this test). */
    MPI_Request many[100];
    int indices[100];
    for (int i = 0; i < 100; i++)
        many[i] = MPI_REQUEST_NULL;
    MT_EXPECT_CLASS(MPI_Testall(100, many, NULL, MPI_STATUSES_IGNORE), MPI_ERR_ARG, "Testall flag NULL");
    MT_EXPECT_CLASS(MPI_Waitany(100, many, NULL, &status), MPI_ERR_ARG, "Waitany index NULL");
    MT_EXPECT_CLASS(MPI_Testany(100, many, &index, NULL, &status), MPI_ERR_ARG, "Testany flag NULL");
    MT_EXPECT_CLASS(MPI_Waitsome(100, many, &index, NULL, MPI_STATUSES_IGNORE), MPI_ERR_ARG, "Waitsome indices NULL");
    MT_EXPECT_CLASS(MPI_Testsome(100, many, NULL, indices, MPI_STATUSES_IGNORE), MPI_ERR_ARG, "Testsome outcount NULL");
    MT_EXPECT_CLASS(MPI_Request_get_status_all(100, many, NULL, MPI_STATUSES_IGNORE), MPI_ERR_ARG,
                    "get_status_all flag NULL");
    MT_EXPECT_CLASS(MPI_Testsome(100, many, &index, indices, MPI_STATUSES_IGNORE), MPI_SUCCESS, "Testsome of nulls");
    MT_CHECK(index == MPI_UNDEFINED, "Testsome of null requests gives MPI_UNDEFINED, got %d", index);
    MT_EXPECT_CLASS(MPI_Comm_attach_buffer(MPI_COMM_NULL, buf, sizeof buf), MPI_ERR_COMM, "attach to MPI_COMM_NULL");
    MT_EXPECT_CLASS(MPI_Comm_attach_buffer(MPI_COMM_WORLD, buf, -1), MPI_ERR_ARG, "attach size -1");
    MT_EXPECT_CLASS(MPI_Buffer_iflush(NULL), MPI_ERR_ARG, "iflush into NULL");
    MT_EXPECT_CLASS(MPI_Grequest_start(NULL, NULL, NULL, NULL, NULL), MPI_ERR_ARG, "Grequest_start into NULL");
    MPI_Session session;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    len = 0;
    MT_EXPECT_CLASS(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, 2, &len, NULL), MPI_ERR_ARG, "pset 2 of 2");
    MT_EXPECT_CLASS(MPI_Session_get_pset_info(session, NULL, NULL), MPI_ERR_ARG, "pset_info of a NULL name");
    MT_EXPECT_CLASS(MPI_Session_attach_buffer(session, buf, -3), MPI_ERR_ARG, "session attach size -3");
    MT_EXPECT_CLASS(MPI_Session_set_errhandler(session, (MPI_Errhandler)(uintptr_t)0x50000fff), MPI_ERR_ARG,
                    "made-up errhandler");
    MPI_Session_finalize(&session);
    MT_EXPECT_CLASS(MPI_Session_get_num_psets((MPI_Session)(uintptr_t)0xb0000fff, MPI_INFO_NULL, &value),
                    MPI_ERR_SESSION, "made-up session");
    MPI_Group group;
    MT_EXPECT_CLASS(MPI_Comm_group(MPI_COMM_WORLD, &group), MPI_SUCCESS, "world group");
    MPI_Comm made;
    MT_EXPECT_CLASS(MPI_Comm_create_from_group(group, "x", (MPI_Info)(uintptr_t)0x60000fff, MPI_ERRORS_RETURN, &made),
                    MPI_ERR_INFO, "create_from_group with a made-up info");
    MPI_Group_free(&group);
    return mt_finish();
}
