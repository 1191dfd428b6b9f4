/*
 * bad_topo.c -- the topology calls refuse bad input with the right error
 * class under MPI_ERRORS_RETURN, and leave no communicator behind.
 */
#include "mpitest.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm c = MPI_COMM_NULL;
    int dims[2] = {size, 1}, periods[2] = {0, 0}, coords[2], r;

    MT_EXPECT_CLASS(MPI_Cart_create(MPI_COMM_WORLD, -1, dims, periods, 0, &c), MPI_ERR_DIMS, "negative ndims");
    MT_EXPECT_CLASS(MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){size, 0}, periods, 0, &c), MPI_ERR_DIMS,
                    "a zero dimension");
    MT_EXPECT_CLASS(MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){size, 2}, periods, 0, &c), MPI_ERR_ARG,
                    "a grid larger than the communicator");
    MT_EXPECT_CLASS(MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){65536, 65536}, periods, 0, &c), MPI_ERR_ARG,
                    "a grid whose size overflows");
    MT_EXPECT_CLASS(MPI_Cart_create(MPI_COMM_NULL, 2, dims, periods, 0, &c), MPI_ERR_COMM, "MPI_COMM_NULL");
    MT_CHECK(c == MPI_COMM_NULL, "a failed MPI_Cart_create made a communicator");
    MT_EXPECT_CLASS(MPI_Dims_create(0, 2, (int[]){0, 0}), MPI_ERR_ARG, "MPI_Dims_create of 0 nodes");
    MT_EXPECT_CLASS(MPI_Dims_create(6, 2, (int[]){-1, 0}), MPI_ERR_DIMS, "MPI_Dims_create with a negative entry");
    MT_EXPECT_CLASS(MPI_Dims_create(6, 2, (int[]){4, 0}), MPI_ERR_DIMS, "MPI_Dims_create not dividing");

    /* Calls that need a topology the communicator does not have. */
    MT_EXPECT_CLASS(MPI_Cartdim_get(MPI_COMM_WORLD, &r), MPI_ERR_TOPOLOGY, "MPI_Cartdim_get on the world");
    MT_EXPECT_CLASS(MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &r, &r), MPI_ERR_TOPOLOGY, "MPI_Cart_shift on the world");
    MT_EXPECT_CLASS(MPI_Graph_neighbors_count(MPI_COMM_WORLD, 0, &r), MPI_ERR_TOPOLOGY,
                    "MPI_Graph_neighbors_count on the world");
    MT_EXPECT_CLASS(MPI_Dist_graph_neighbors_count(MPI_COMM_WORLD, &r, &r, &r), MPI_ERR_TOPOLOGY,
                    "MPI_Dist_graph_neighbors_count on the world");

    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &c);
    MT_EXPECT_CLASS(MPI_Graphdims_get(c, &r, &r), MPI_ERR_TOPOLOGY, "MPI_Graphdims_get on a grid");
    MT_EXPECT_CLASS(MPI_Cart_rank(c, (int[]){size, 0}, &r), MPI_ERR_ARG, "a coordinate past a non-periodic end");
    MT_EXPECT_CLASS(MPI_Cart_rank(c, (int[]){-1, 0}, &r), MPI_ERR_ARG, "a negative non-periodic coordinate");
    MT_EXPECT_CLASS(MPI_Cart_coords(c, size, 2, coords), MPI_ERR_RANK, "MPI_Cart_coords of a rank past the end");
    MT_EXPECT_CLASS(MPI_Cart_coords(c, 0, 1, coords), MPI_ERR_ARG, "MPI_Cart_coords with too few dims");
    MT_EXPECT_CLASS(MPI_Cart_shift(c, 2, 1, &r, &r), MPI_ERR_ARG, "MPI_Cart_shift in a dimension past the last");
    MT_EXPECT_CLASS(MPI_Cart_shift(c, 0, 1, NULL, &r), MPI_ERR_ARG, "MPI_Cart_shift with a NULL result");
    MPI_Comm_free(&c);

    /* Graphs. */
    int index[2] = {1, 2}, edges[2] = {1, 0};
    if (size >= 2) {
        MT_EXPECT_CLASS(MPI_Graph_create(MPI_COMM_WORLD, 2, (int[]){2, 1}, edges, 0, &c), MPI_ERR_ARG,
                        "a decreasing index");
        MT_EXPECT_CLASS(MPI_Graph_create(MPI_COMM_WORLD, 2, index, (int[]){1, 2}, 0, &c), MPI_ERR_ARG,
                        "an edge to a node that does not exist");
        MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, 0, &c);
        if (c != MPI_COMM_NULL) {
            MT_EXPECT_CLASS(MPI_Graph_neighbors_count(c, 2, &r), MPI_ERR_RANK, "the neighbours of node 2 of 2");
            MT_EXPECT_CLASS(MPI_Cart_get(c, 1, dims, periods, coords), MPI_ERR_TOPOLOGY, "MPI_Cart_get on a graph");
            MPI_Comm_free(&c);
        }
    }
    MT_EXPECT_CLASS(MPI_Graph_create(MPI_COMM_WORLD, size + 1, index, edges, 0, &c), MPI_ERR_ARG,
                    "more nodes than processes");
    int me = 0;
    MT_EXPECT_CLASS(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, (int[]){size}, MPI_UNWEIGHTED, 0, &me,
                                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c),
                    MPI_ERR_RANK, "a source past the last rank");
    MT_EXPECT_CLASS(
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &me, (int[]){-1}, 1, &me, (int[]){1}, MPI_INFO_NULL, 0, &c),
        MPI_ERR_ARG, "a negative weight");
    MT_EXPECT_CLASS(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &me, MPI_UNWEIGHTED, 1, &me, (int[]){1},
                                                   MPI_INFO_NULL, 0, &c),
                    MPI_ERR_ARG, "weights on one side only");
    MT_EXPECT_CLASS(
        MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &me, (int[]){-1}, &me, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c),
        MPI_ERR_ARG, "a negative degree");
    MT_CHECK(c == MPI_COMM_NULL, "a failed topology call made a communicator");

    /* The output of a failed constructor is MPI_COMM_NULL, not what it
     * held before (MPICH's errors/topo/cartsmall tests this). */
    c = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){size, 2}, periods, 0, &c), MPI_ERR_ARG,
                    "a grid larger than the communicator");
    MT_CHECK(c == MPI_COMM_NULL, "a failed MPI_Cart_create left its output as it was");
    c = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Cart_sub(MPI_COMM_WORLD, (int[]){1, 0}, &c), MPI_ERR_TOPOLOGY, "MPI_Cart_sub of the world");
    MT_CHECK(c == MPI_COMM_NULL, "a failed MPI_Cart_sub left its output as it was");
    c = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Graph_create(MPI_COMM_WORLD, size + 1, index, edges, 0, &c), MPI_ERR_ARG,
                    "more nodes than processes");
    MT_CHECK(c == MPI_COMM_NULL, "a failed MPI_Graph_create left its output as it was");
    c = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(
        MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &me, (int[]){-1}, &me, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c),
        MPI_ERR_ARG, "a negative degree");
    MT_CHECK(c == MPI_COMM_NULL, "a failed MPI_Dist_graph_create left its output as it was");
    c = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &me, (int[]){-1}, 1, &me, (int[]){1}, MPI_INFO_NULL, 0, &c),
        MPI_ERR_ARG, "a negative weight");
    MT_CHECK(c == MPI_COMM_NULL, "a failed MPI_Dist_graph_create_adjacent left its output as it was");
    return mt_finish();
}
