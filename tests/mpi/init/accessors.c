/* accessors.c -- the small calls of the environment and status chapters:
 * the MPI-4.1 status accessors, Fortran conversions, MPI_Alloc_mem,
 * MPI_Pcontrol, MPI_Get_hw_resource_info and the resource-guided split. */
#include <stdint.h>
#include <string.h>

#include "../mpitest.h"

static void status_accessors(void)
{
    MPI_Status status;
    memset(&status, 0, sizeof status);
    MPI_Status_set_source(&status, 4);
    MPI_Status_set_tag(&status, 11);
    MPI_Status_set_error(&status, MPI_ERR_TAG);
    MPI_Status_set_elements_c(&status, MPI_DOUBLE, 3);
    int source, tag, error;
    MPI_Status_get_source(&status, &source);
    MPI_Status_get_tag(&status, &tag);
    MPI_Status_get_error(&status, &error);
    MPI_Count count;
    MPI_Get_count_c(&status, MPI_DOUBLE, &count);
    MT_CHECK(source == 4 && tag == 11 && error == MPI_ERR_TAG && count == 3, "accessors: %d %d %d %lld", source, tag,
             error, (long long)count);
    MT_CHECK(status.MPI_SOURCE == 4 && status.MPI_TAG == 11, "the setters write the public fields");

    MPI_Fint f[MPI_F_STATUS_SIZE];
    MPI_Status back;
    MPI_Status_set_elements_c(&status, MPI_BYTE, (MPI_Count)1 << 33);
    MPI_Status_c2f(&status, f);
    MPI_Status_f2c(f, &back);
    MPI_Get_count_c(&back, MPI_BYTE, &count);
    MT_CHECK(f[MPI_F_SOURCE] == 4 && f[MPI_F_TAG] == 11 && back.MPI_ERROR == MPI_ERR_TAG && count == (MPI_Count)1 << 33,
             "a status through Fortran: count %lld", (long long)count);
    MPI_F08_status f08;
    MPI_Status_c2f08(&status, &f08);
    MPI_Status_f082f(&f08, f);
    MPI_Status_f2f08(f, &f08);
    MPI_Status_f082c(&f08, &back);
    MT_CHECK(back.MPI_SOURCE == 4 && f08.MPI_TAG == 11, "a status through Fortran 2008");
}

static void handle_conversions(void)
{
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MT_CHECK(MPI_Comm_f2c(MPI_Comm_c2f(dup)) == dup, "a communicator through Fortran");
    MT_CHECK(MPI_Type_f2c(MPI_Type_c2f(MPI_DOUBLE)) == MPI_DOUBLE, "a datatype through Fortran");
    MT_CHECK(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_NULL)) == MPI_COMM_NULL, "the null communicator through Fortran");
    MT_CHECK(MPI_Op_f2c(MPI_Op_c2f(MPI_SUM)) == MPI_SUM &&
                 MPI_Group_f2c(MPI_Group_c2f(MPI_GROUP_EMPTY)) == MPI_GROUP_EMPTY,
             "an op and a group through Fortran");
    MPI_Comm_free(&dup);
    int size;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Comm_size(MPI_Comm_f2c(12345), &size), MPI_ERR_COMM, "an integer that is no communicator");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

static void memory(void)
{
    double *p = NULL;
    MPI_Alloc_mem(1000 * sizeof *p, MPI_INFO_NULL, &p);
    MT_CHECK(p && (uintptr_t)p % 64 == 0, "MPI_Alloc_mem gives aligned memory: %p", (void *)p);
    for (int i = 0; i < 1000; i++)
        p[i] = i;
    MPI_Free_mem(p);
    void *none = NULL;
    MPI_Alloc_mem(0, MPI_INFO_NULL, &none);
    MT_CHECK(none != NULL, "zero bytes still give a pointer to free");
    MPI_Free_mem(none);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Alloc_mem(-1, MPI_INFO_NULL, &none), MPI_ERR_SIZE, "a negative size");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MT_CHECK(MPI_Pcontrol(0) == MPI_SUCCESS && MPI_Pcontrol(2, "extra") == MPI_SUCCESS, "MPI_Pcontrol");
}

static void hardware(void)
{
    MPI_Info hw;
    MPI_Get_hw_resource_info(&hw);
    char value[MPI_MAX_INFO_VAL], host[MPI_MAX_PROCESSOR_NAME];
    int len = sizeof value, flag = 0, hostlen;
    MPI_Info_get_string(hw, "mpi_shared_memory", &len, value, &flag);
    MPI_Get_processor_name(host, &hostlen);
    MT_CHECK(flag && strcmp(value, host) == 0, "mpi_shared_memory names the node: '%s'", value);
    MPI_Info_free(&hw);

    int size, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", "mpi_shared_memory");
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_RESOURCE_GUIDED, rank, info, &node);
    int node_size = -1;
    if (node != MPI_COMM_NULL)
        MPI_Comm_size(node, &node_size);
    MT_CHECK(node_size == size, "the node's communicator has everyone: %d of %d", node_size, size);
    if (node != MPI_COMM_NULL)
        MPI_Comm_free(&node);
    MPI_Info_set(info, "mpi_hw_resource_type", "no-such-resource");
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_RESOURCE_GUIDED, rank, info, &node);
    MT_CHECK(node == MPI_COMM_NULL, "an unknown resource type gives MPI_COMM_NULL");
    MPI_Info_free(&info);
}

/* A session inside the world model: its communicators are separate from
 * MPI_COMM_WORLD's traffic, and closing it leaves the world model up. */
static void session_beside_world(void)
{
    MPI_Session session;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    MPI_Group group;
    MPI_Group_from_session_pset(session, "mpi://WORLD", &group);
    MPI_Comm comm;
    MPI_Comm_create_from_group(group, "accessors", MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm);
    MPI_Group_free(&group);
    int result;
    MPI_Comm_compare(comm, MPI_COMM_WORLD, &result);
    MT_CHECK(result == MPI_CONGRUENT, "the world set's communicator is congruent to MPI_COMM_WORLD: %d", result);
    int rank, size, a = -1, b = -1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Request r;
    MPI_Irecv(&a, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &r);
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 0, &b, 1, MPI_INT, left, 0, comm, MPI_STATUS_IGNORE);
    MPI_Send(&size, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MT_CHECK(b == left && a == size, "same tags on the two communicators stay apart: %d, %d", b, a);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    MPI_Comm bad;
    MPI_Group self;
    MPI_Comm_group(MPI_COMM_SELF, &self);
    MT_EXPECT_CLASS(MPI_Comm_create_from_group(self, NULL, MPI_INFO_NULL, MPI_ERRORS_RETURN, &bad), MPI_ERR_ARG,
                    "a null stringtag");
    MPI_Group_free(&self);
    MPI_Comm_free(&comm);
    MPI_Session_finalize(&session);
    int flag = 0;
    MPI_Initialized(&flag);
    MT_CHECK(flag, "the world model is still up after the session closed");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    status_accessors();
    handle_conversions();
    memory();
    hardware();
    session_beside_world();
    return mt_finish();
}
