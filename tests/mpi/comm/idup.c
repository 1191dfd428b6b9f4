/* idup.c -- MPI_Comm_idup and MPI_Comm_idup_with_info: several under way
 * at once, completed in any order; started in different orders against
 * blocking creations on different processes (no deadlock); attributes,
 * hints and topology carried over; intercommunicators; a parent freed
 * before completion; contexts reused after free, and their exhaustion an
 * MPI_ERR_INTERN at completion. */
#include <stdint.h>
#include <string.h>

#include "../mpitest.h"
#include "mpi.h"

static int rank, size;

/* Each process passes its rank round the ring of comm. */
static void ring(MPI_Comm comm, const char *what)
{
    int r, n, got = -1;
    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &n);
    MPI_Sendrecv(&r, 1, MPI_INT, (r + 1) % n, 3, &got, 1, MPI_INT, (r - 1 + n) % n, 3, comm, MPI_STATUS_IGNORE);
    MT_CHECK(got == (r - 1 + n) % n, "%s: ring gave %d", what, got);
    int sum = 0;
    MPI_Allreduce(&r, &sum, 1, MPI_INT, MPI_SUM, comm);
    MT_CHECK(sum == n * (n - 1) / 2, "%s: allreduce gave %d", what, sum);
}

static int copies;
static int count_copy(MPI_Comm old, int key, void *extra, void *in, void *out, int *flag)
{
    (void)old, (void)key, (void)extra;
    copies++;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static void many_at_once(void)
{
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    enum { N = 6 };
    MPI_Comm made[N];
    MPI_Request reqs[N];
    for (int k = 0; k < N; k++)
        MPI_Comm_idup(k % 2 ? half : MPI_COMM_WORLD, &made[k], &reqs[k]);
    /* Point-to-point and a collective on the parents meanwhile. */
    ring(MPI_COMM_WORLD, "world while idups run");
    for (int k = N - 1; k >= 0; k--)
        MPI_Wait(&reqs[k], MPI_STATUS_IGNORE);
    for (int k = 0; k < N; k++) {
        int cmp;
        MPI_Comm_compare(made[k], k % 2 ? half : MPI_COMM_WORLD, &cmp);
        MT_CHECK(cmp == MPI_CONGRUENT, "idup %d compares %d to its parent, not MPI_CONGRUENT", k, cmp);
        ring(made[k], "a communicator made by MPI_Comm_idup");
    }
    /* Traffic on two of them at once with the same tags stays apart. */
    int a = rank, b = -rank, ga = 99, gb = 99;
    MPI_Request two[4];
    MPI_Irecv(&ga, 1, MPI_INT, MPI_ANY_SOURCE, 7, made[0], &two[0]);
    MPI_Irecv(&gb, 1, MPI_INT, MPI_ANY_SOURCE, 7, made[2], &two[1]);
    MPI_Isend(&b, 1, MPI_INT, (rank + 1) % size, 7, made[2], &two[2]);
    MPI_Isend(&a, 1, MPI_INT, (rank + 1) % size, 7, made[0], &two[3]);
    MPI_Waitall(4, two, MPI_STATUSES_IGNORE);
    int from = (rank - 1 + size) % size;
    MT_CHECK(ga == from && gb == -from, "messages crossed between idup'd communicators: %d %d", ga, gb);
    for (int k = 0; k < N; k++)
        MPI_Comm_free(&made[k]);
    MPI_Comm_free(&half);
}

/* Even ranks start the idup first, odd ranks the blocking dup of another
 * communicator: each side must finish while the other waits for it. */
static void crossed_orders(void)
{
    MPI_Comm other, a = MPI_COMM_NULL, b = MPI_COMM_NULL;
    MPI_Comm_dup(MPI_COMM_WORLD, &other);
    MPI_Request r;
    if (rank % 2 == 0) {
        MPI_Comm_idup(MPI_COMM_WORLD, &a, &r);
        MPI_Comm_dup(other, &b);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        MPI_Comm_dup(other, &b);
        MPI_Comm_idup(MPI_COMM_WORLD, &a, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    ring(a, "idup crossed with a blocking dup");
    ring(b, "blocking dup crossed with an idup");
    /* Two idups on different parents, waited for in opposite orders. */
    MPI_Comm c, d;
    MPI_Request rc, rd;
    MPI_Comm_idup(a, &c, &rc);
    MPI_Comm_idup(b, &d, &rd);
    if (rank % 2) {
        MPI_Wait(&rd, MPI_STATUS_IGNORE);
        MPI_Wait(&rc, MPI_STATUS_IGNORE);
    } else {
        MPI_Wait(&rc, MPI_STATUS_IGNORE);
        MPI_Wait(&rd, MPI_STATUS_IGNORE);
    }
    ring(c, "idup of an idup");
    ring(d, "idup of a dup");
    MPI_Comm_free(&a), MPI_Comm_free(&b), MPI_Comm_free(&c), MPI_Comm_free(&d), MPI_Comm_free(&other);
}

/* Attributes through the copy callbacks, hints, topology, a name not. */
static void carried_over(void)
{
    int key;
    MPI_Comm_create_keyval(count_copy, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    MPI_Comm cart, made;
    int dims[1] = {size}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
    static int value = 17;
    MPI_Comm_set_attr(cart, key, &value);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Request r;
    copies = 0;
    MPI_Comm_idup_with_info(cart, info, &made, &r);
    MPI_Info_free(&info); /* the hints were taken at the call */
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MT_CHECK(copies == 1, "the copy callback ran %d times", copies);
    int *got = NULL, flag = 0;
    MPI_Comm_get_attr(made, key, &got, &flag);
    MT_CHECK(flag && got == &value, "the attribute was not copied (flag %d)", flag);
    int topo;
    MPI_Topo_test(made, &topo);
    MT_CHECK(topo == MPI_CART, "the topology was not carried over (%d)", topo);
    MPI_Info used;
    char v[MPI_MAX_INFO_VAL];
    MPI_Comm_get_info(made, &used);
    MPI_Info_get_string(used, "mpi_assert_no_any_tag", &(int){sizeof v}, v, &flag);
    MT_CHECK(flag && strcmp(v, "true") == 0, "the hint was not carried over");
    MPI_Info_free(&used);
    ring(made, "an idup'd cartesian communicator");
    MPI_Comm_free(&made);
    MPI_Comm_free(&cart);
    MPI_Comm_free_keyval(&key);
}

static void intercomm(void)
{
    if (size < 2)
        return;
    MPI_Comm half, inter, made;
    int color = rank < size / 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, color ? size / 2 : 0, 11, &inter);
    MPI_Request r;
    MPI_Comm_idup(inter, &made, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    int flag, remote, local;
    MPI_Comm_test_inter(made, &flag);
    MPI_Comm_remote_size(made, &remote);
    MPI_Comm_size(made, &local);
    MT_CHECK(flag && remote == (color ? size - size / 2 : size / 2) && local == (color ? size / 2 : size - size / 2),
             "idup'd intercommunicator: inter %d, sizes %d and %d", flag, local, remote);
    /* Each local rank 0 exchanges with the other side's. */
    int me, other = -1;
    MPI_Comm_rank(made, &me);
    if (me == 0)
        MPI_Sendrecv(&rank, 1, MPI_INT, 0, 4, &other, 1, MPI_INT, 0, 4, made, MPI_STATUS_IGNORE);
    if (me == 0)
        MT_CHECK(other == (color ? size / 2 : 0), "intercommunicator leaders: got %d", other);
    int sum = 0, one = 1;
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, made); /* sums the other group */
    MT_CHECK(sum == remote, "allreduce over the idup'd intercommunicator gave %d", sum);
    MPI_Comm_free(&made), MPI_Comm_free(&inter), MPI_Comm_free(&half);
}

/* The parent freed while its duplicate is still being made. */
static void parent_freed_first(void)
{
    MPI_Comm parent, made;
    MPI_Comm_dup(MPI_COMM_WORLD, &parent);
    MPI_Request r;
    MPI_Comm_idup(parent, &made, &r);
    MPI_Comm_free(&parent);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    ring(made, "idup of a parent freed before completion");
    MPI_Comm_free(&made);
}

/* More made and freed than the range has pairs: they come back; more
 * alive than shared-memory slots: collectives still work; and one more
 * than pairs alive is MPI_ERR_INTERN at completion. */
static void reuse_and_exhaustion(void)
{
    for (int k = 0; k < 1100; k++) {
        MPI_Comm c;
        MPI_Request r;
        MPI_Comm_idup(MPI_COMM_WORLD, &c, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        if (k % 100 == 0)
            ring(c, "an idup'd communicator after many freed");
        MPI_Comm_free(&c);
    }
    if (size > 2)
        return; /* one process takes the job's pairs for all */
    static MPI_Comm alive[1100];
    MPI_Request r;
    int made = 0, rc = MPI_SUCCESS;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    while (made < 1100) {
        rc = MPI_Comm_idup(MPI_COMM_WORLD, &alive[made], &r);
        if (rc == MPI_SUCCESS)
            rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            break;
        if (made < 40)
            ring(alive[made], "one of many idup'd communicators alive");
        made++;
    }
    int cls = -1;
    MPI_Error_class(rc, &cls);
    MT_CHECK(cls == MPI_ERR_INTERN, "running out of idup contexts gave class %d after %d", cls, made);
    MT_CHECK(made > 1000 && alive[made] == MPI_COMM_NULL, "%d idup'd communicators before running out", made);
    for (int k = 0; k < made; k++)
        MPI_Comm_free(&alive[k]);
    MPI_Comm again;
    MT_CHECK(MPI_Comm_idup(MPI_COMM_WORLD, &again, &r) == MPI_SUCCESS && MPI_Wait(&r, MPI_STATUS_IGNORE) == MPI_SUCCESS,
             "an idup after freeing them all");
    MPI_Comm_free(&again);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

static void bad_arguments(void)
{
    MPI_Comm c;
    MPI_Request r;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Comm_idup(MPI_COMM_NULL, &c, &r), MPI_ERR_COMM, "MPI_COMM_NULL");
    MT_EXPECT_CLASS(MPI_Comm_idup(MPI_COMM_WORLD, &c, NULL), MPI_ERR_ARG, "a NULL request");
    MT_EXPECT_CLASS(MPI_Comm_idup_with_info(MPI_COMM_WORLD, (MPI_Info)(uintptr_t)0x7fff, &c, &r), MPI_ERR_INFO,
                    "a handle that is no info");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bad_arguments();
    many_at_once();
    crossed_orders();
    carried_over();
    intercomm();
    parent_freed_first();
    reuse_and_exhaustion();
    return mt_finish();
}
