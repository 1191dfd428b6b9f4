/* environment.c -- the environment chapter: init/finalize flags, thread
 * levels, versions, names and clocks, on MPI_COMM_WORLD and MPI_COMM_SELF. */
#include <string.h>

#include "mpitest.h"

int main(int argc, char **argv)
{
    int flag = -1;
    MPI_Initialized(&flag);
    MT_CHECK(flag == 0, "MPI_Initialized before init gave %d", flag);
    MPI_Finalized(&flag);
    MT_CHECK(flag == 0, "MPI_Finalized before init gave %d", flag);

    int provided = -1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MT_CHECK(provided >= MPI_THREAD_FUNNELED && provided <= MPI_THREAD_MULTIPLE, "provided %d", provided);
    int queried = -1;
    MPI_Query_thread(&queried);
    MT_CHECK(queried == provided, "MPI_Query_thread %d, MPI_Init_thread provided %d", queried, provided);
    MPI_Is_thread_main(&flag);
    MT_CHECK(flag == 1, "MPI_Is_thread_main on the main thread gave %d", flag);

    MPI_Initialized(&flag);
    MT_CHECK(flag == 1, "MPI_Initialized after init gave %d", flag);

    int rank, size, self_rank, self_size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_SELF, &self_rank);
    MPI_Comm_size(MPI_COMM_SELF, &self_size);
    MT_CHECK(rank >= 0 && rank < size, "rank %d of %d", rank, size);
    MT_CHECK(self_rank == 0 && self_size == 1, "MPI_COMM_SELF rank %d size %d", self_rank, self_size);

    int version, subversion;
    MPI_Get_version(&version, &subversion);
    MT_CHECK(version == MPI_VERSION && subversion == MPI_SUBVERSION, "version %d.%d", version, subversion);

    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = -1;
    MPI_Get_library_version(lib, &len);
    MT_CHECK(len > 0 && len == (int)strlen(lib) && strstr(lib, "Tessera"), "library version '%s' (%d)", lib, len);

    char host[MPI_MAX_PROCESSOR_NAME];
    MPI_Get_processor_name(host, &len);
    MT_CHECK(len > 0 && len == (int)strlen(host), "processor name '%s' (%d)", host, len);

    double tick = MPI_Wtick();
    MT_CHECK(tick > 0 && tick < 1e-3, "MPI_Wtick %g", tick);
    double t0 = MPI_Wtime(), t1 = t0;
    for (int i = 0; i < 1000000 && t1 == t0; i++)
        t1 = MPI_Wtime();
    MT_CHECK(t1 > t0, "MPI_Wtime did not advance (%f)", t0);

    /* Every rank sees the same clock on one node: times sent from rank 0
     * are in the receiver's past. */
    if (size > 1) {
        double sent = MPI_Wtime();
        if (rank == 0) {
            for (int r = 1; r < size; r++)
                MPI_Send(&sent, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD);
        } else {
            MPI_Recv(&sent, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(sent <= MPI_Wtime(), "time from rank 0 is in the future");
        }
    }

    MPI_Errhandler handler;
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &handler);
    MT_CHECK(handler == MPI_ERRORS_ARE_FATAL, "default error handler is not MPI_ERRORS_ARE_FATAL");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &handler);
    MT_CHECK(handler == MPI_ERRORS_RETURN, "error handler did not change to MPI_ERRORS_RETURN");

    int type_size;
    MPI_Type_size(MPI_DOUBLE, &type_size);
    MT_CHECK(type_size == sizeof(double), "MPI_Type_size(MPI_DOUBLE) %d", type_size);
    MPI_Type_size(MPI_DOUBLE_INT, &type_size);
    MT_CHECK(type_size == sizeof(double) + sizeof(int), "MPI_Type_size(MPI_DOUBLE_INT) %d", type_size);

    int rc = mt_finish();
    MPI_Finalized(&flag);
    if (!flag)
        printf("MPI_Finalized after finalize gave 0\n");
    return rc;
}
