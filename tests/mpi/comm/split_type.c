/*
 * split_type.c -- MPI_Comm_split_type: shared memory (the whole job, on
 * one node), hardware levels named by "mpi_hw_resource_type", the
 * unguided split, and what gives MPI_COMM_NULL.  The hardware domains are
 * checked against this test's own reading of sysfs and of the process's
 * affinity: every member of a package (core, hardware thread) communicator
 * is in the same one, and every process of that one is a member.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "mpitest.h"

static long read_long(const char *path)
{
    long v = -1;
    FILE *f = fopen(path, "r");
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = -1;
        fclose(f);
    }
    return v;
}

/* This process's package, core or hardware thread (its CPU): -1 when its
 * affinity spans several. */
static long my_domain(const char *level)
{
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    long id = -2;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &set))
            continue;
        char path[96];
        long d = cpu;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
        long package = read_long(path);
        if (strcmp(level, "Package") == 0)
            d = package;
        else if (strcmp(level, "Core") == 0) {
            snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/core_id", cpu);
            d = package * 100000 + read_long(path);
        }
        if (id != -2 && d != id)
            return -1;
        id = d;
    }
    return id;
}

/* Check the communicator of one hardware level against the domains of
 * every process in the world. */
static void check_level(const char *level, MPI_Comm c)
{
    int rank, n;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    long mine = my_domain(level), everyone[64];
    everyone[rank] = mine;
    /* everyone's domain, passed around the world ring */
    for (int step = 1; step < n; step++) {
        int to = (rank + step) % n, from = (rank - step + n) % n;
        MPI_Sendrecv(&mine, 1, MPI_LONG, to, 40, &everyone[from], 1, MPI_LONG, from, 40, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
    }
    int same = 0;
    for (int r = 0; r < n; r++)
        same += mine >= 0 && everyone[r] == mine;
    if (mine < 0) {
        MT_CHECK(c == MPI_COMM_NULL, "%s: a process spanning several gets MPI_COMM_NULL", level);
        return;
    }
    int size = -1;
    MT_CHECK(c != MPI_COMM_NULL, "%s: a process inside one gets a communicator", level);
    if (c == MPI_COMM_NULL)
        return;
    MPI_Comm_size(c, &size);
    MT_CHECK(size == same, "%s: %d members, %d processes share domain %ld", level, size, same, mine);
}

static MPI_Comm guided(const char *resource)
{
    MPI_Info info;
    MPI_Comm c;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_hw_resource_type", resource);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, 0, info, &c);
    MPI_Info_free(&info);
    return c;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, n, r, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    MPI_Comm shared, node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, -rank, MPI_INFO_NULL, &shared);
    MPI_Comm_rank(shared, &r);
    MPI_Comm_size(shared, &size);
    MT_CHECK(size == n && r == n - 1 - rank, "shared: size %d rank %d", size, r);
    node = guided("mpi_shared_memory");
    MPI_Comm_size(node, &size);
    MT_CHECK(size == n, "mpi_shared_memory: size %d", size);
    MPI_Comm_free(&shared);
    MPI_Comm_free(&node);

    const char *levels[] = {"Package", "Core", "HWThread"};
    for (int i = 0; i < 3; i++) {
        MPI_Comm c = guided(levels[i]);
        check_level(levels[i], c);
        if (c != MPI_COMM_NULL)
            MPI_Comm_free(&c);
    }
    MPI_Comm none = guided("no such resource");
    MT_CHECK(none == MPI_COMM_NULL, "an unknown resource type gives MPI_COMM_NULL");

    MPI_Comm unguided;
    MPI_Info asked;
    MPI_Info_create(&asked);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, 0, asked, &unguided);
    if (unguided != MPI_COMM_NULL) {
        int asked_flag = 0, asked_len = 0;
        MPI_Info_get_valuelen(asked, "mpi_hw_resource_type", &asked_len, &asked_flag);
        MT_CHECK(asked_flag, "an unguided split names its level in the caller's info too");
    }
    MPI_Info_free(&asked);
    if (unguided != MPI_COMM_NULL) {
        MPI_Info used;
        char value[64] = "";
        int buflen = sizeof value, flag = 0;
        MPI_Comm_size(unguided, &size);
        MPI_Comm_get_info(unguided, &used);
        MPI_Info_get_string(used, "mpi_hw_resource_type", &buflen, value, &flag);
        MPI_Info_free(&used);
        MT_CHECK(size < n && flag, "unguided: size %d of %d, level '%s'", size, n, value);
        if (strcmp(value, "Package") == 0 || strcmp(value, "Core") == 0 || strcmp(value, "HWThread") == 0)
            check_level(value, unguided);
        MPI_Comm_free(&unguided);
    }
    if (n == 1)
        MT_CHECK(unguided == MPI_COMM_NULL, "unguided on one process: no strict subset, MPI_COMM_NULL");
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_UNDEFINED, 0, MPI_INFO_NULL, &none);
    MT_CHECK(none == MPI_COMM_NULL, "split_type MPI_UNDEFINED gives MPI_COMM_NULL");
    MT_EXPECT_CLASS(MPI_Comm_split_type(MPI_COMM_WORLD, 12345, 0, MPI_INFO_NULL, &none), MPI_ERR_ARG,
                    "split_type 12345");
    return mt_finish();
}
