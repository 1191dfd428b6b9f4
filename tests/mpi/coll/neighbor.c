/*
 * neighbor.c -- the neighbourhood collectives on a periodic ring, a 2-D
 * grid with one non-periodic dimension, a graph and a distributed graph:
 * which block lands in which slot (on a grid, the block sent in the
 * negative direction arrives in the receiver's positive slot, also when
 * both neighbours are one process), the v and w forms, the nonblocking
 * and persistent forms, and bad input.
 */
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

static int rank, size;

/* The value of element e of the block that process p sends as block k. */
static int val(int p, int k, int e)
{
    return p * 1000 + k * 10 + e;
}

/* Ring of all processes, periodic: each sends block 0 left and block 1
 * right, and receives left's block 1 in slot 0 and right's block 0 in
 * slot 1 -- with one or two processes too. */
static void test_ring(void)
{
    MPI_Comm ring;
    int dims[1] = {size}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    int send[4] = {val(rank, 0, 0), val(rank, 0, 1), val(rank, 1, 0), val(rank, 1, 1)}, recv[4];
    MPI_Neighbor_alltoall(send, 2, MPI_INT, recv, 2, MPI_INT, ring);
    MT_CHECK(recv[0] == val(left, 1, 0) && recv[1] == val(left, 1, 1), "ring slot 0 got %d %d, not %d %d", recv[0],
             recv[1], val(left, 1, 0), val(left, 1, 1));
    MT_CHECK(recv[2] == val(right, 0, 0) && recv[3] == val(right, 0, 1), "ring slot 1 got %d %d, not %d %d", recv[2],
             recv[3], val(right, 0, 0), val(right, 0, 1));
    /* The same through the nonblocking and persistent forms. */
    MPI_Request req;
    memset(recv, 0, sizeof recv);
    MPI_Ineighbor_alltoall(send, 2, MPI_INT, recv, 2, MPI_INT, ring, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MT_CHECK(recv[0] == val(left, 1, 0) && recv[2] == val(right, 0, 0), "ring ineighbor_alltoall got %d %d", recv[0],
             recv[2]);
    MPI_Neighbor_alltoall_init(send, 2, MPI_INT, recv, 2, MPI_INT, ring, MPI_INFO_NULL, &req);
    for (int round = 0; round < 50; round++) {
        send[0] = val(rank, 0, 0) + round;
        send[2] = val(rank, 1, 0) + round;
        memset(recv, 0, sizeof recv);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MT_CHECK(recv[0] == val(left, 1, 0) + round && recv[2] == val(right, 0, 0) + round,
                 "persistent round %d got %d %d", round, recv[0], recv[2]);
    }
    MPI_Request_free(&req);
    MPI_Comm_free(&ring);
}

/* A 2-D grid, non-periodic in dimension 0: slots past an end are left
 * alone. */
static void test_grid(void)
{
    int dims[2] = {0, 0}, periods[2] = {0, 1}, coords[2];
    MPI_Dims_create(size, 2, dims);
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Cart_coords(grid, rank, 2, coords);
    int nb[4];
    MPI_Cart_shift(grid, 0, 1, &nb[0], &nb[1]);
    MPI_Cart_shift(grid, 1, 1, &nb[2], &nb[3]);
    int mine[2] = {val(rank, 0, 0), val(rank, 0, 1)}, got[8];
    for (int i = 0; i < 8; i++)
        got[i] = -7;
    MPI_Neighbor_allgather(mine, 2, MPI_INT, got, 2, MPI_INT, grid);
    for (int i = 0; i < 4; i++) {
        if (nb[i] == MPI_PROC_NULL)
            MT_CHECK(got[2 * i] == -7 && got[2 * i + 1] == -7, "grid slot %d past the edge was written", i);
        else
            MT_CHECK(got[2 * i] == val(nb[i], 0, 0) && got[2 * i + 1] == val(nb[i], 0, 1),
                     "grid allgather slot %d got %d, not %d", i, got[2 * i], val(nb[i], 0, 0));
    }
    /* Alltoallv: block k has k + 1 elements, received in reverse order. */
    int scounts[4], sdispls[4], rcounts[4], rdispls[4], send[10], recv[10], at = 0;
    for (int k = 0; k < 4; k++) {
        scounts[k] = k + 1;
        sdispls[k] = at;
        for (int e = 0; e <= k; e++)
            send[at + e] = val(rank, k, e);
        at += k + 1;
    }
    at = 0;
    for (int k = 3; k >= 0; k--) {
        rcounts[k] = (k ^ 1) + 1; /* what the neighbour sends as block k ^ 1 */
        rdispls[k] = at;
        at += rcounts[k];
    }
    for (int i = 0; i < 10; i++)
        recv[i] = -7;
    MPI_Neighbor_alltoallv(send, scounts, sdispls, MPI_INT, recv, rcounts, rdispls, MPI_INT, grid);
    for (int k = 0; k < 4; k++)
        for (int e = 0; e < rcounts[k]; e++) {
            int want = nb[k] == MPI_PROC_NULL ? -7 : val(nb[k], k ^ 1, e);
            MT_CHECK(recv[rdispls[k] + e] == want, "grid alltoallv slot %d element %d got %d, not %d", k, e,
                     recv[rdispls[k] + e], want);
        }
    MPI_Comm_free(&grid);
}

/* Which block of q's arrives in my slot i of `sources`: the k-th edge
 * from q to me matches the k-th edge in q's list to me. */
static int block_from(int q, const int *sources, int i, const int *q_destinations, int q_outdegree)
{
    int occurrence = 0;
    for (int j = 0; j < i; j++)
        occurrence += sources[j] == q;
    for (int j = 0; j < q_outdegree; j++)
        if (q_destinations[j] == rank && occurrence-- == 0)
            return j;
    return -1;
}

/* A graph where each node neighbours the next two and the previous two
 * (repeated edges with few processes). */
static void test_graph(void)
{
    int *index = malloc((size_t)size * sizeof *index), *edges = malloc(4 * (size_t)size * sizeof *edges);
    for (int i = 0; i < size; i++) {
        index[i] = 4 * (i + 1);
        edges[4 * i] = (i + 1) % size;
        edges[4 * i + 1] = (i + 2) % size;
        edges[4 * i + 2] = (i - 1 + size) % size;
        edges[4 * i + 3] = (i - 2 + 2 * size) % size;
    }
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph);
    int send[4], recv[4];
    for (int k = 0; k < 4; k++)
        send[k] = val(rank, k, 0);
    MPI_Neighbor_alltoall(send, 1, MPI_INT, recv, 1, MPI_INT, graph);
    const int *mine = &edges[4 * rank];
    for (int i = 0; i < 4; i++) {
        int q = mine[i], k = block_from(q, mine, i, &edges[4 * q], 4);
        MT_CHECK(recv[i] == val(q, k, 0), "graph slot %d got %d, not %d", i, recv[i], val(q, k, 0));
    }
    MPI_Comm_free(&graph);
    free(index);
    free(edges);
}

/* A distributed graph: sources rank - 1 and rank - 3, destinations
 * rank + 1 and rank + 3, with alltoallw moving ints and a strided type. */
static void test_dist_graph(void)
{
    int sources[2] = {(rank - 1 + size) % size, (rank - 3 + 3 * size) % size};
    int dests[2] = {(rank + 1) % size, (rank + 3) % size};
    MPI_Comm dg;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, sources, MPI_UNWEIGHTED, 2, dests, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                   0, &dg);
    /* Block 0: 3 ints; block 1: 3 ints every other element. */
    MPI_Datatype every_other;
    MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int send[9], recv[12];
    for (int e = 0; e < 3; e++) {
        send[e] = val(rank, 0, e);
        send[3 + 2 * e] = val(rank, 1, e);
        send[4 + 2 * e] = -1;
    }
    int scounts[2] = {3, 1}, rcounts[2] = {1, 3};
    MPI_Aint sdispls[2] = {0, 3 * sizeof(int)}, rdispls[2] = {0, 6 * sizeof(int)};
    MPI_Datatype stypes[2] = {MPI_INT, every_other}, rtypes[2] = {every_other, MPI_INT};
    for (int i = 0; i < 12; i++)
        recv[i] = -7;
    MPI_Neighbor_alltoallw(send, scounts, sdispls, stypes, recv, rcounts, rdispls, rtypes, dg);
    /* Slot 0 (strided) and slot 1 (contiguous) each get the block the k-th
     * edge rule names: with few processes both sources are one process. */
    int q0 = sources[0], q1 = sources[1];
    int q0_dests[2] = {(q0 + 1) % size, (q0 + 3) % size}, q1_dests[2] = {(q1 + 1) % size, (q1 + 3) % size};
    int k0 = block_from(q0, sources, 0, q0_dests, 2), k1 = block_from(q1, sources, 1, q1_dests, 2);
    for (int e = 0; e < 3; e++) {
        MT_CHECK(recv[2 * e] == val(q0, k0, e), "dist graph slot 0 element %d got %d, not %d", e, recv[2 * e],
                 val(q0, k0, e));
        MT_CHECK(recv[6 + e] == val(q1, k1, e), "dist graph slot 1 element %d got %d, not %d", e, recv[6 + e],
                 val(q1, k1, e));
    }
    /* Allgatherv, nonblocking: each sends rank % 2 + 1 ints. */
    int mine[2] = {val(rank, 0, 0), val(rank, 0, 1)}, counts[2] = {q0 % 2 + 1, q1 % 2 + 1}, displs[2] = {0, 4};
    for (int i = 0; i < 12; i++)
        recv[i] = -7;
    MPI_Request req;
    MPI_Ineighbor_allgatherv(mine, rank % 2 + 1, MPI_INT, recv, counts, displs, MPI_INT, dg, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (int e = 0; e < counts[0]; e++)
        MT_CHECK(recv[e] == val(q0, 0, e), "dist graph allgatherv slot 0 got %d", recv[e]);
    for (int e = 0; e < counts[1]; e++)
        MT_CHECK(recv[4 + e] == val(q1, 0, e), "dist graph allgatherv slot 1 got %d", recv[4 + e]);
    MPI_Type_free(&every_other);
    MPI_Comm_free(&dg);
}

static void test_bad(void)
{
    int a[4] = {0}, b[4];
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Neighbor_allgather(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_TOPOLOGY,
                    "a neighbourhood collective without a topology");
    MPI_Comm ring;
    int dims[1] = {size}, periods[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_set_errhandler(ring, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Neighbor_alltoall(MPI_IN_PLACE, 1, MPI_INT, b, 1, MPI_INT, ring), MPI_ERR_BUFFER,
                    "MPI_IN_PLACE in a neighbourhood collective");
    MT_EXPECT_CLASS(MPI_Neighbor_alltoall(a, -1, MPI_INT, b, 1, MPI_INT, ring), MPI_ERR_COUNT, "a negative count");
    MT_EXPECT_CLASS(MPI_Neighbor_alltoallv(a, NULL, NULL, MPI_INT, b, NULL, NULL, MPI_INT, ring), MPI_ERR_ARG,
                    "NULL sendcounts");
    MPI_Comm_free(&ring);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    test_ring();
    test_grid();
    test_graph();
    test_dist_graph();
    test_bad();
    return mt_finish();
}
