/*
 * topo.h -- the process topology a communicator may carry: a cartesian
 * grid, a graph, or a distributed graph (MPI's chapter on virtual
 * topologies).
 *
 * The object only describes the structure; MPI_Cart_create and friends
 * (api/topo.c) make the communicator it hangs on.  A cartesian rank is
 * the row-major index of its coordinates, the last dimension varying
 * fastest, as the standard says.
 */
#ifndef TESSERA_OBJ_TOPO_H
#define TESSERA_OBJ_TOPO_H

#include <stdbool.h>

typedef struct topo {
    int kind; /* MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH */

    /* MPI_CART: the grid, and this process's place in it. */
    int ndims;
    int *dims, *periods, *coords;

    /* MPI_GRAPH: the whole graph, as MPI_Graph_create took it. */
    int nnodes;
    int *index, *edges;

    /* MPI_DIST_GRAPH: this process's neighbours only. */
    int indegree, outdegree;
    int *sources, *sourceweights, *destinations, *destweights;
    bool weighted;
} topo_t;

/* Constructors copy their arrays; NULL when out of memory. */
topo_t *topo_cart_new(int ndims, const int *dims, const int *periods, int rank);
topo_t *topo_graph_new(int nnodes, const int *index, const int *edges);
/* Weights NULL when unweighted. */
topo_t *topo_dist_graph_new(int indegree, const int *sources, const int *sourceweights, int outdegree,
                            const int *destinations, const int *destweights);
topo_t *topo_dup(const topo_t *t);
void topo_free(topo_t *t);

/* The number of processes a grid holds; -1 when it overflows an int. */
int topo_cart_size(int ndims, const int *dims);
/* The rank at these coordinates, periodic dimensions wrapped; -1 when a
 * coordinate is outside a non-periodic dimension. */
int topo_cart_rank(const topo_t *t, const int *coords);
void topo_cart_coords(const topo_t *t, int rank, int *coords);
/* The rank disp steps from `rank` along dimension dim: MPI_PROC_NULL
 * past the end of a non-periodic dimension. */
int topo_cart_shift(const topo_t *t, int rank, int dim, int disp);
/* The neighbourhood collectives' view of process `rank`: its in- and
 * out-neighbours in the standard's order.  A grid has two of each per
 * dimension, the negative direction first (MPI_PROC_NULL past a
 * non-periodic end); a graph's are the node's neighbours both ways; a
 * distributed graph's its sources and destinations.  The lists have room
 * for the counts that topo_degrees gives. */
void topo_degrees(const topo_t *t, int rank, int *indegree, int *outdegree);
void topo_neighbors(const topo_t *t, int rank, int *sources, int *destinations);

/* Graph node `node`'s neighbours: *count of them at *first. */
void topo_graph_neighbors(const topo_t *t, int node, int *count, const int **first);

/* An order of a graph's nodes in which neighbours come close together
 * (breadth first from the lowest-numbered unvisited node), so that
 * consecutive places on the machine can hold neighbours. */
void topo_graph_order(int nnodes, const int *index, const int *edges, int *order);

/* MPI_Dims_create's balanced factorisation: the zero entries of dims
 * become factors of nnodes / (product of the others), as close to each
 * other as possible, in non-increasing order.  False when nnodes is not
 * a multiple of the product of the fixed entries. */
bool topo_dims_create(int nnodes, int ndims, int *dims);

#endif
