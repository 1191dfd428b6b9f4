/*
 * topo.c -- the virtual topology chapter: cartesian grids, graphs and
 * distributed graphs on communicators, and MPI_Dims_create.
 *
 * Making a topology makes a communicator (api/comm_create.h) and hangs
 * the structure on it (obj/topo.h); the queries only read the structure.
 * With reorder, cartesian and graph nodes go to processes in the order of
 * where those run (comm_create_placed), graph nodes first put in breadth
 * first order, so that neighbours tend to share caches.  A distributed
 * graph keeps the parent's ranks: each process knows only its own
 * neighbours, and the standard lets reorder be ignored.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/comm_create.h"
#include "api/weak.h"
#include "check/check.h"
#include "err/err.h"
#include "mpi.h"
#include "obj/info.h"
#include "obj/topo.h"
#include "runtime/threads.h"

TESSERA_WEAK_ALIAS(MPI_Dims_create, PMPI_Dims_create)
TESSERA_WEAK_ALIAS(MPI_Cart_create, PMPI_Cart_create)
TESSERA_WEAK_ALIAS(MPI_Cart_get, PMPI_Cart_get)
TESSERA_WEAK_ALIAS(MPI_Cartdim_get, PMPI_Cartdim_get)
TESSERA_WEAK_ALIAS(MPI_Cart_rank, PMPI_Cart_rank)
TESSERA_WEAK_ALIAS(MPI_Cart_coords, PMPI_Cart_coords)
TESSERA_WEAK_ALIAS(MPI_Cart_shift, PMPI_Cart_shift)
TESSERA_WEAK_ALIAS(MPI_Cart_sub, PMPI_Cart_sub)
TESSERA_WEAK_ALIAS(MPI_Cart_map, PMPI_Cart_map)
TESSERA_WEAK_ALIAS(MPI_Graph_create, PMPI_Graph_create)
TESSERA_WEAK_ALIAS(MPI_Graphdims_get, PMPI_Graphdims_get)
TESSERA_WEAK_ALIAS(MPI_Graph_get, PMPI_Graph_get)
TESSERA_WEAK_ALIAS(MPI_Graph_neighbors_count, PMPI_Graph_neighbors_count)
TESSERA_WEAK_ALIAS(MPI_Graph_neighbors, PMPI_Graph_neighbors)
TESSERA_WEAK_ALIAS(MPI_Graph_map, PMPI_Graph_map)
TESSERA_WEAK_ALIAS(MPI_Dist_graph_create, PMPI_Dist_graph_create)
TESSERA_WEAK_ALIAS(MPI_Dist_graph_create_adjacent, PMPI_Dist_graph_create_adjacent)
TESSERA_WEAK_ALIAS(MPI_Dist_graph_neighbors_count, PMPI_Dist_graph_neighbors_count)
TESSERA_WEAK_ALIAS(MPI_Dist_graph_neighbors, PMPI_Dist_graph_neighbors)
TESSERA_WEAK_ALIAS(MPI_Topo_test, PMPI_Topo_test)

static const char *kind_name(int kind)
{
    return kind == MPI_CART ? "cartesian" : kind == MPI_GRAPH ? "graph" : "distributed graph";
}

/* A live communicator carrying a topology of this kind. */
static int check_topo_comm(MPI_Comm handle, int kind, comm_t **comm, topo_t **topo)
{
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(handle, comm);
    if (rc == MPI_SUCCESS && (!(*comm)->topo || (*comm)->topo->kind != kind))
        rc = err_set(MPI_ERR_TOPOLOGY, "invalid communicator %s (it has no %s topology)",
                     (*comm)->name[0] ? (*comm)->name : "given", kind_name(kind));
    if (rc == MPI_SUCCESS)
        *topo = (*comm)->topo;
    return rc;
}

/* ndims dimensions given in dims, each at least `least`; a grid's also
 * in periods (Dims_create has none). */
static int check_dims(int ndims, const int *dims, const int *periods, bool check_periods, int least)
{
    if (ndims < 0)
        return err_set(MPI_ERR_DIMS, "invalid ndims %d (must be non-negative)", ndims);
    int rc = ndims > 0 ? check_pointer(dims, "dims") : MPI_SUCCESS;
    if (rc == MPI_SUCCESS && check_periods && ndims > 0)
        rc = check_pointer(periods, "periods");
    for (int i = 0; rc == MPI_SUCCESS && i < ndims; i++)
        if (dims[i] < least)
            rc = err_set(MPI_ERR_DIMS, "invalid dims[%d] = %d (must be at least %d)", i, dims[i], least);
    return rc;
}

/* The grid fits in the communicator. */
static int check_grid_fits(const comm_t *comm, int ndims, const int *dims, int *cells)
{
    *cells = topo_cart_size(ndims, dims);
    if (*cells < 0 || *cells > comm->size)
        return err_set(MPI_ERR_ARG, "invalid dims: the grid has %s%d processes, the communicator only %d",
                       *cells < 0 ? "more than " : "", *cells < 0 ? INT32_MAX : *cells, comm->size);
    return MPI_SUCCESS;
}

/* A graph of nnodes as MPI_Graph_create describes it, fitting in comm. */
static int check_graph(const comm_t *comm, int nnodes, const int *index, const int *edges)
{
    if (nnodes < 0 || nnodes > comm->size)
        return err_set(MPI_ERR_ARG, "invalid nnodes %d (must be 0 to the communicator's size %d)", nnodes, comm->size);
    int rc = nnodes > 0 ? check_pointer(index, "index") : MPI_SUCCESS;
    for (int i = 0; rc == MPI_SUCCESS && i < nnodes; i++)
        if (index[i] < (i > 0 ? index[i - 1] : 0))
            rc = err_set(MPI_ERR_ARG, "invalid index[%d] = %d (the index must not decrease, nor start below 0)", i,
                         index[i]);
    int nedges = rc == MPI_SUCCESS && nnodes > 0 ? index[nnodes - 1] : 0;
    if (rc == MPI_SUCCESS && nedges > 0)
        rc = check_pointer(edges, "edges");
    for (int e = 0; rc == MPI_SUCCESS && e < nedges; e++)
        if (edges[e] < 0 || edges[e] >= nnodes)
            rc = err_set(MPI_ERR_ARG, "invalid edges[%d] = %d (must be a node, 0 to %d)", e, edges[e], nnodes - 1);
    return rc;
}

int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    THREADS_ENTER();
    int rc = check_initialized();
    if (rc == MPI_SUCCESS && nnodes <= 0)
        rc = err_set(MPI_ERR_ARG, "invalid nnodes %d (must be positive)", nnodes);
    if (rc == MPI_SUCCESS)
        rc = check_dims(ndims, dims, NULL, false, 0);
    if (rc == MPI_SUCCESS && !topo_dims_create(nnodes, ndims, dims))
        rc = err_set(MPI_ERR_DIMS, "invalid dims: %d processes are not a multiple of the product of the given dims",
                     nnodes);
    if (rc != MPI_SUCCESS)
        return err_raise(NULL, "MPI_Dims_create", rc);
    return MPI_SUCCESS;
}

int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                     MPI_Comm *comm_cart)
{
    THREADS_ENTER();
    comm_t *parent = NULL, *c = NULL;
    int cells = 0;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intracomm(comm_old, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_dims(ndims, dims, periods, true, 1);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_cart, "comm_cart");
    if (rc == MPI_SUCCESS)
        rc = check_grid_fits(parent, ndims, dims, &cells);
    if (rc == MPI_SUCCESS)
        rc = comm_create_placed(parent, cells, reorder != 0, NULL, &c);
    if (rc == MPI_SUCCESS && c && !(c->topo = topo_cart_new(ndims, dims, periods, c->rank))) {
        comm_destroy(c);
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a cartesian topology of %d dimensions", ndims);
    }
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Cart_create", rc, comm_cart);
    *comm_cart = c ? (MPI_Comm)(uintptr_t)c->handle : MPI_COMM_NULL;
    return MPI_SUCCESS;
}

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_CART, &c, &t);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(ndims, "ndims");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Cartdim_get", rc);
    *ndims = t->ndims;
    return MPI_SUCCESS;
}

/* An output array of at least `needed` entries, given as `max`. */
static int check_room(int max, int needed, const void *array, const char *what, const char *max_name)
{
    if (max < 0)
        return err_set(MPI_ERR_ARG, "invalid %s %d (must be non-negative)", max_name, max);
    return max > 0 && needed > 0 ? check_pointer(array, what) : MPI_SUCCESS;
}

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_CART, &c, &t);
    if (rc == MPI_SUCCESS)
        rc = check_room(maxdims, t->ndims, dims, "dims", "maxdims");
    if (rc == MPI_SUCCESS)
        rc = check_room(maxdims, t->ndims, periods, "periods", "maxdims");
    if (rc == MPI_SUCCESS)
        rc = check_room(maxdims, t->ndims, coords, "coords", "maxdims");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Cart_get", rc);
    for (int i = 0; i < t->ndims && i < maxdims; i++) {
        dims[i] = t->dims[i];
        periods[i] = t->periods[i];
        coords[i] = t->coords[i];
    }
    return MPI_SUCCESS;
}

int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_CART, &c, &t);
    if (rc == MPI_SUCCESS && t->ndims > 0)
        rc = check_pointer(coords, "coords");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(rank, "rank");
    for (int i = 0; rc == MPI_SUCCESS && i < t->ndims; i++)
        if (!t->periods[i] && (coords[i] < 0 || coords[i] >= t->dims[i]))
            rc = err_set(MPI_ERR_ARG, "invalid coords[%d] = %d (dimension %d is not periodic and has %d places)", i,
                         coords[i], i, t->dims[i]);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Cart_rank", rc);
    *rank = topo_cart_rank(t, coords);
    return MPI_SUCCESS;
}

int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_CART, &c, &t);
    if (rc == MPI_SUCCESS && (rank < 0 || rank >= c->size))
        rc = err_set(MPI_ERR_RANK, "invalid rank %d (the communicator has %d)", rank, c->size);
    if (rc == MPI_SUCCESS && maxdims < t->ndims)
        rc = err_set(MPI_ERR_ARG, "invalid maxdims %d (the grid has %d dimensions)", maxdims, t->ndims);
    if (rc == MPI_SUCCESS && t->ndims > 0)
        rc = check_pointer(coords, "coords");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Cart_coords", rc);
    topo_cart_coords(t, rank, coords);
    return MPI_SUCCESS;
}

/* The rank `disp` places along `dim` from here: wrapped on a periodic
 * dimension, MPI_PROC_NULL off the end of another.  Moving along one
 * dimension moves the rank by that dimension's stride. */
int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_CART, &c, &t);
    if (rc == MPI_SUCCESS && (direction < 0 || direction >= t->ndims))
        rc = err_set(MPI_ERR_ARG, "invalid direction %d (the grid has %d dimensions)", direction, t->ndims);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(rank_source, "rank_source");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(rank_dest, "rank_dest");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Cart_shift", rc);
    *rank_source = topo_cart_shift(t, c->rank, direction, -disp);
    *rank_dest = topo_cart_shift(t, c->rank, direction, disp);
    return MPI_SUCCESS;
}

/* Processes that agree on the dropped coordinates form one subgrid, in
 * the order of the kept ones: a split with the dropped coordinates as
 * color and the rank as key. */
int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    THREADS_ENTER();
    comm_t *c = NULL, *sub = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_CART, &c, &t);
    if (rc == MPI_SUCCESS && t->ndims > 0)
        rc = check_pointer(remain_dims, "remain_dims");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newcomm, "newcomm");
    int *dims = NULL, *periods = NULL, kept = 0, color = 0;
    if (rc == MPI_SUCCESS && (!(dims = malloc(((size_t)t->ndims + 1) * sizeof *dims)) ||
                              !(periods = malloc(((size_t)t->ndims + 1) * sizeof *periods))))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a subgrid of %d dimensions", t->ndims);
    for (int i = 0; rc == MPI_SUCCESS && i < t->ndims; i++) {
        if (remain_dims[i]) {
            dims[kept] = t->dims[i];
            periods[kept++] = t->periods[i];
        } else
            color = color * t->dims[i] + t->coords[i];
    }
    if (rc == MPI_SUCCESS)
        rc = comm_split_internal(c, color, c->rank, &sub);
    if (rc == MPI_SUCCESS && !(sub->topo = topo_cart_new(kept, dims, periods, sub->rank))) {
        comm_destroy(sub);
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a subgrid of %d dimensions", kept);
    }
    free(dims);
    free(periods);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(c, "MPI_Cart_sub", rc, newcomm);
    *newcomm = (MPI_Comm)(uintptr_t)sub->handle;
    return MPI_SUCCESS;
}

/* The map functions answer what the create calls do with reorder: the
 * rank the calling process would get (comm_placed_rank). */
int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int cells = 0, rank = -1;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_dims(ndims, dims, periods, true, 1);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newrank, "newrank");
    if (rc == MPI_SUCCESS)
        rc = check_grid_fits(c, ndims, dims, &cells);
    if (rc == MPI_SUCCESS && (rank = comm_placed_rank(c, cells, NULL)) == -1)
        rc = err_set(MPI_ERR_NO_MEM, "out of memory placing a grid of %d", cells);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Cart_map", rc);
    *newrank = rank;
    return MPI_SUCCESS;
}

int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                      MPI_Comm *comm_graph)
{
    THREADS_ENTER();
    comm_t *parent = NULL, *c = NULL;
    int *order = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intracomm(comm_old, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_graph(parent, nnodes, index, edges);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_graph, "comm_graph");
    if (rc == MPI_SUCCESS && reorder && nnodes > 0) {
        if ((order = malloc((size_t)nnodes * sizeof *order)))
            topo_graph_order(nnodes, index, edges, order);
        else
            rc = err_set(MPI_ERR_NO_MEM, "out of memory for a graph of %d nodes", nnodes);
    }
    /* With no nodes there is no communicator, and nothing to agree on. */
    if (rc == MPI_SUCCESS && nnodes > 0)
        rc = comm_create_placed(parent, nnodes, reorder != 0, order, &c);
    if (rc == MPI_SUCCESS && c && !(c->topo = topo_graph_new(nnodes, index, edges))) {
        comm_destroy(c);
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a graph of %d nodes", nnodes);
    }
    free(order);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Graph_create", rc, comm_graph);
    *comm_graph = c ? (MPI_Comm)(uintptr_t)c->handle : MPI_COMM_NULL;
    return MPI_SUCCESS;
}

int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_GRAPH, &c, &t);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(nnodes, "nnodes");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(nedges, "nedges");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Graphdims_get", rc);
    *nnodes = t->nnodes;
    *nedges = t->nnodes > 0 ? t->index[t->nnodes - 1] : 0;
    return MPI_SUCCESS;
}

int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[])
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_GRAPH, &c, &t);
    int nedges = rc == MPI_SUCCESS && t->nnodes > 0 ? t->index[t->nnodes - 1] : 0;
    if (rc == MPI_SUCCESS)
        rc = check_room(maxindex, t->nnodes, index, "index", "maxindex");
    if (rc == MPI_SUCCESS)
        rc = check_room(maxedges, nedges, edges, "edges", "maxedges");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Graph_get", rc);
    memcpy(index, t->index, (size_t)(maxindex < t->nnodes ? maxindex : t->nnodes) * sizeof *index);
    memcpy(edges, t->edges, (size_t)(maxedges < nedges ? maxedges : nedges) * sizeof *edges);
    return MPI_SUCCESS;
}

static int check_graph_node(const topo_t *t, int rank)
{
    if (rank < 0 || rank >= t->nnodes)
        return err_set(MPI_ERR_RANK, "invalid rank %d (the graph has %d nodes)", rank, t->nnodes);
    return MPI_SUCCESS;
}

int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_GRAPH, &c, &t);
    if (rc == MPI_SUCCESS)
        rc = check_graph_node(t, rank);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(nneighbors, "nneighbors");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Graph_neighbors_count", rc);
    const int *first;
    topo_graph_neighbors(t, rank, nneighbors, &first);
    return MPI_SUCCESS;
}

int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int count = 0;
    const int *first = NULL;
    int rc = check_topo_comm(comm, MPI_GRAPH, &c, &t);
    if (rc == MPI_SUCCESS)
        rc = check_graph_node(t, rank);
    if (rc == MPI_SUCCESS)
        topo_graph_neighbors(t, rank, &count, &first);
    if (rc == MPI_SUCCESS)
        rc = check_room(maxneighbors, count, neighbors, "neighbors", "maxneighbors");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Graph_neighbors", rc);
    memcpy(neighbors, first, (size_t)(maxneighbors < count ? maxneighbors : count) * sizeof *neighbors);
    return MPI_SUCCESS;
}

int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS && nnodes <= 0)
        rc = err_set(MPI_ERR_ARG, "invalid nnodes %d (must be positive)", nnodes);
    if (rc == MPI_SUCCESS)
        rc = check_graph(c, nnodes, index, edges);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(newrank, "newrank");
    int *order = NULL, rank = -1;
    if (rc == MPI_SUCCESS && (order = malloc((size_t)nnodes * sizeof *order)))
        topo_graph_order(nnodes, index, edges, order);
    if (rc == MPI_SUCCESS && (!order || (rank = comm_placed_rank(c, nnodes, order)) == -1))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory placing a graph of %d nodes", nnodes);
    free(order);
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Graph_map", rc);
    *newrank = rank;
    return MPI_SUCCESS;
}

/* A neighbour list of a distributed graph: degree ranks of comm, and
 * their weights unless unweighted. */
static int check_neighbors(const comm_t *comm, int degree, const int *ranks, const int *weights, const char *what,
                           const char *weights_what)
{
    if (degree < 0)
        return err_set(MPI_ERR_ARG, "invalid %s degree %d (must be non-negative)", what, degree);
    int rc = degree > 0 ? check_pointer(ranks, what) : MPI_SUCCESS;
    for (int i = 0; rc == MPI_SUCCESS && i < degree; i++)
        if (ranks[i] < 0 || ranks[i] >= comm->size)
            rc = err_set(MPI_ERR_RANK, "invalid %s[%d] = %d (the communicator has %d ranks)", what, i, ranks[i],
                         comm->size);
    if (rc != MPI_SUCCESS || degree == 0 || weights == MPI_UNWEIGHTED)
        return rc;
    if (weights == MPI_WEIGHTS_EMPTY || weights == NULL)
        return err_set(MPI_ERR_ARG, "invalid %s %s for %d neighbours (MPI_UNWEIGHTED or an array)", weights_what,
                       weights ? "MPI_WEIGHTS_EMPTY" : "NULL", degree);
    for (int i = 0; i < degree; i++)
        if (weights[i] < 0)
            return err_set(MPI_ERR_ARG, "invalid %s[%d] = %d (weights are non-negative)", weights_what, i, weights[i]);
    return MPI_SUCCESS;
}

static int check_info_arg(MPI_Info info)
{
    if (info != MPI_INFO_NULL && !info_from_handle(info))
        return err_set(MPI_ERR_INFO, "invalid info %#x (not a live info handle)", (unsigned)(uintptr_t)info);
    return MPI_SUCCESS;
}

/* Hang a distributed graph on a copy of the parent with the same ranks. */
static int make_dist_graph(comm_t *parent, int indegree, const int *sources, const int *sourceweights, int outdegree,
                           const int *destinations, const int *destweights, comm_t **out)
{
    int rc = comm_create_placed(parent, parent->size, false, NULL, out);
    if (rc == MPI_SUCCESS &&
        !((*out)->topo = topo_dist_graph_new(indegree, sources, sourceweights, outdegree, destinations, destweights))) {
        comm_destroy(*out);
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for a graph of %d + %d neighbours", indegree, outdegree);
    }
    return rc;
}

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[],
                                    int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                    int reorder, MPI_Comm *comm_dist_graph)
{
    THREADS_ENTER();
    (void)reorder;
    comm_t *parent = NULL, *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intracomm(comm_old, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_neighbors(parent, indegree, sources, sourceweights, "sources", "sourceweights");
    if (rc == MPI_SUCCESS)
        rc = check_neighbors(parent, outdegree, destinations, destweights, "destinations", "destweights");
    if (rc == MPI_SUCCESS && (sourceweights == MPI_UNWEIGHTED) != (destweights == MPI_UNWEIGHTED))
        rc = err_set(MPI_ERR_ARG, "invalid weights: %s is MPI_UNWEIGHTED but %s is not",
                     sourceweights == MPI_UNWEIGHTED ? "sourceweights" : "destweights",
                     sourceweights == MPI_UNWEIGHTED ? "destweights" : "sourceweights");
    if (rc == MPI_SUCCESS)
        rc = check_info_arg(info);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_dist_graph, "comm_dist_graph");
    bool weighted = sourceweights != MPI_UNWEIGHTED;
    if (rc == MPI_SUCCESS)
        rc = make_dist_graph(parent, indegree, sources, weighted && indegree ? sourceweights : NULL, outdegree,
                             destinations, weighted && outdegree ? destweights : NULL, &c);
    if (rc == MPI_SUCCESS)
        c->topo->weighted = weighted;
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Dist_graph_create_adjacent", rc, comm_dist_graph);
    *comm_dist_graph = (MPI_Comm)(uintptr_t)c->handle;
    return MPI_SUCCESS;
}

/* What one process contributes to MPI_Dist_graph_create: whether it gave
 * weights, then its edges. */
enum { WEIGHTS_NONE, WEIGHTS_GIVEN, WEIGHTS_NO_EDGES };
typedef struct dist_edge {
    int source, destination, weight;
} dist_edge_t;

/* From every process's edges, this process's in- and out-neighbours.
 * `unweighted`: whether this process gave MPI_UNWEIGHTED, which is what
 * MPI_Dist_graph_neighbors_count reports, with edges or without. */
static int dist_graph_from_edges(comm_t *parent, const char *all, const size_t *offsets, bool unweighted, comm_t **out)
{
    int weighted = WEIGHTS_NO_EDGES, in = 0, outn = 0, me = parent->rank;
    for (int r = 0; r < parent->size; r++) {
        int says;
        memcpy(&says, all + offsets[r], sizeof says);
        if (says != WEIGHTS_NO_EDGES && weighted != WEIGHTS_NO_EDGES && says != weighted)
            return err_set(MPI_ERR_ARG, "invalid weights: some processes gave MPI_UNWEIGHTED and others weights");
        if (says != WEIGHTS_NO_EDGES)
            weighted = says;
        const dist_edge_t *e = (const dist_edge_t *)(all + offsets[r] + sizeof(int));
        for (size_t i = 0; i < (offsets[r + 1] - offsets[r] - sizeof(int)) / sizeof *e; i++) {
            in += e[i].destination == me;
            outn += e[i].source == me;
        }
    }
    int *lists = malloc(2 * ((size_t)in + (size_t)outn) * sizeof *lists + 1);
    if (!lists)
        return err_set(MPI_ERR_NO_MEM, "out of memory for a graph of %d + %d neighbours", in, outn);
    int *sources = lists, *sw = lists + in, *dests = lists + 2 * in, *dw = dests + outn, i_in = 0, i_out = 0;
    for (int r = 0; r < parent->size; r++) {
        const dist_edge_t *e = (const dist_edge_t *)(all + offsets[r] + sizeof(int));
        for (size_t i = 0; i < (offsets[r + 1] - offsets[r] - sizeof(int)) / sizeof *e; i++) {
            if (e[i].destination == me) {
                sources[i_in] = e[i].source;
                sw[i_in++] = e[i].weight;
            }
            if (e[i].source == me) {
                dests[i_out] = e[i].destination;
                dw[i_out++] = e[i].weight;
            }
        }
    }
    bool w = weighted == WEIGHTS_GIVEN;
    int rc = make_dist_graph(parent, in, sources, w ? sw : NULL, outn, dests, w ? dw : NULL, out);
    if (rc == MPI_SUCCESS)
        (*out)->topo->weighted = !unweighted;
    free(lists);
    return rc;
}

int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[], const int destinations[],
                           const int weights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
    THREADS_ENTER();
    (void)reorder;
    comm_t *parent = NULL, *c = NULL;
    char *mine = NULL;
    void *all = NULL;
    size_t *offsets = NULL;
    long nedges = 0;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_intracomm(comm_old, &parent);
    if (rc == MPI_SUCCESS)
        rc = check_neighbors(parent, n, sources, MPI_UNWEIGHTED, "sources", "weights");
    if (rc == MPI_SUCCESS && n > 0)
        rc = check_pointer(degrees, "degrees");
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++) {
        if (degrees[i] < 0)
            rc = err_set(MPI_ERR_ARG, "invalid degrees[%d] = %d (must be non-negative)", i, degrees[i]);
        nedges += degrees[i];
        if (nedges > INT32_MAX / 2)
            rc = err_set(MPI_ERR_ARG, "invalid degrees: more than %d edges", INT32_MAX / 2);
    }
    if (rc == MPI_SUCCESS)
        rc = check_neighbors(parent, (int)nedges, destinations, weights, "destinations", "weights");
    if (rc == MPI_SUCCESS)
        rc = check_info_arg(info);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(comm_dist_graph, "comm_dist_graph");
    size_t len = sizeof(int) + (size_t)nedges * sizeof(dist_edge_t);
    if (rc == MPI_SUCCESS &&
        (!(mine = malloc(len)) || !(offsets = malloc(((size_t)parent->size + 1) * sizeof *offsets))))
        rc = err_set(MPI_ERR_NO_MEM, "out of memory for %ld edges", nedges);
    if (rc == MPI_SUCCESS) {
        int says = nedges == 0 ? WEIGHTS_NO_EDGES : weights == MPI_UNWEIGHTED ? WEIGHTS_NONE : WEIGHTS_GIVEN;
        memcpy(mine, &says, sizeof says);
        dist_edge_t *e = (dist_edge_t *)(mine + sizeof says);
        for (int i = 0, k = 0; i < n; i++)
            for (int d = 0; d < degrees[i]; d++, k++)
                e[k] = (dist_edge_t){sources[i], destinations[k], says == WEIGHTS_GIVEN ? weights[k] : 1};
        rc = comm_allgather_var(parent, mine, len, &all, offsets);
    }
    if (rc == MPI_SUCCESS)
        rc = dist_graph_from_edges(parent, all, offsets, weights == MPI_UNWEIGHTED, &c);
    free(mine);
    free(all);
    free(offsets);
    if (rc != MPI_SUCCESS)
        return err_raise_comm(parent, "MPI_Dist_graph_create", rc, comm_dist_graph);
    *comm_dist_graph = (MPI_Comm)(uintptr_t)c->handle;
    return MPI_SUCCESS;
}

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_DIST_GRAPH, &c, &t);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(indegree, "indegree");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(outdegree, "outdegree");
    if (rc == MPI_SUCCESS)
        rc = check_pointer(weighted, "weighted");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Dist_graph_neighbors_count", rc);
    *indegree = t->indegree;
    *outdegree = t->outdegree;
    *weighted = t->weighted;
    return MPI_SUCCESS;
}

/* Up to max of n values into out; weights only where there are some and
 * the caller wants them. */
static void copy_out(int *out, const int *from, int max, int n)
{
    if (out && out != MPI_UNWEIGHTED && out != MPI_WEIGHTS_EMPTY)
        memcpy(out, from, (size_t)(max < n ? max : n) * sizeof *out);
}

int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree,
                              int destinations[], int destweights[])
{
    THREADS_ENTER();
    comm_t *c = NULL;
    topo_t *t = NULL;
    int rc = check_topo_comm(comm, MPI_DIST_GRAPH, &c, &t);
    if (rc == MPI_SUCCESS)
        rc = check_room(maxindegree, t->indegree, sources, "sources", "maxindegree");
    if (rc == MPI_SUCCESS)
        rc = check_room(maxoutdegree, t->outdegree, destinations, "destinations", "maxoutdegree");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Dist_graph_neighbors", rc);
    copy_out(sources, t->sources, maxindegree, t->indegree);
    copy_out(destinations, t->destinations, maxoutdegree, t->outdegree);
    if (t->weighted) {
        copy_out(sourceweights, t->sourceweights, maxindegree, t->indegree);
        copy_out(destweights, t->destweights, maxoutdegree, t->outdegree);
    }
    return MPI_SUCCESS;
}

int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    THREADS_ENTER();
    comm_t *c = NULL;
    int rc = check_initialized();
    if (rc == MPI_SUCCESS)
        rc = check_comm(comm, &c);
    if (rc == MPI_SUCCESS)
        rc = check_pointer(status, "status");
    if (rc != MPI_SUCCESS)
        return err_raise(c, "MPI_Topo_test", rc);
    *status = c->topo ? c->topo->kind : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
