/*
 * topo.c -- cartesian, graph and distributed graph topologies: the
 * objects, rank <-> coordinate arithmetic, and MPI_Dims_create's
 * factorisation.
 */
#include "obj/topo.h"

#include <stdlib.h>
#include <string.h>

#include "mpi.h"

/* One allocation holds the object and its arrays, so topo_free is one
 * free. */
typedef struct topo_block {
    topo_t topo;
    int ints[];
} topo_block_t;

static topo_t *block_new(int kind, size_t nints)
{
    topo_block_t *b = calloc(1, sizeof *b + nints * sizeof(int));
    if (!b)
        return NULL;
    b->topo.kind = kind;
    return &b->topo;
}

static int *block_ints(topo_t *t)
{
    return ((topo_block_t *)t)->ints;
}

/* Copy n ints to *at and move *at past them; NULL source: zeros. */
static int *take(int **at, const int *from, int n)
{
    int *dst = *at;
    if (from)
        memcpy(dst, from, (size_t)n * sizeof *dst);
    *at += n;
    return dst;
}

int topo_cart_size(int ndims, const int *dims)
{
    int n = 1;
    for (int i = 0; i < ndims; i++)
        if (__builtin_mul_overflow(n, dims[i], &n))
            return -1;
    return n;
}

topo_t *topo_cart_new(int ndims, const int *dims, const int *periods, int rank)
{
    topo_t *t = block_new(MPI_CART, 3 * (size_t)ndims);
    if (!t)
        return NULL;
    int *at = block_ints(t);
    t->ndims = ndims;
    t->dims = take(&at, dims, ndims);
    t->periods = take(&at, NULL, ndims);
    for (int i = 0; i < ndims; i++)
        t->periods[i] = periods[i] != 0;
    t->coords = take(&at, NULL, ndims);
    topo_cart_coords(t, rank, t->coords);
    return t;
}

topo_t *topo_graph_new(int nnodes, const int *index, const int *edges)
{
    int nedges = nnodes > 0 ? index[nnodes - 1] : 0;
    topo_t *t = block_new(MPI_GRAPH, (size_t)nnodes + (size_t)nedges);
    if (!t)
        return NULL;
    int *at = block_ints(t);
    t->nnodes = nnodes;
    t->index = take(&at, index, nnodes);
    t->edges = take(&at, edges, nedges);
    return t;
}

topo_t *topo_dist_graph_new(int indegree, const int *sources, const int *sourceweights, int outdegree,
                            const int *destinations, const int *destweights)
{
    topo_t *t = block_new(MPI_DIST_GRAPH, 2 * ((size_t)indegree + (size_t)outdegree));
    if (!t)
        return NULL;
    int *at = block_ints(t);
    t->indegree = indegree;
    t->outdegree = outdegree;
    t->weighted = sourceweights != NULL;
    t->sources = take(&at, sources, indegree);
    t->destinations = take(&at, destinations, outdegree);
    t->sourceweights = take(&at, sourceweights, indegree);
    t->destweights = take(&at, destweights, outdegree);
    return t;
}

topo_t *topo_dup(const topo_t *t)
{
    switch (t->kind) {
    case MPI_CART:
        return topo_cart_new(t->ndims, t->dims, t->periods, topo_cart_rank(t, t->coords));
    case MPI_GRAPH:
        return topo_graph_new(t->nnodes, t->index, t->edges);
    default:
        return topo_dist_graph_new(t->indegree, t->sources, t->weighted ? t->sourceweights : NULL, t->outdegree,
                                   t->destinations, t->weighted ? t->destweights : NULL);
    }
}

void topo_free(topo_t *t)
{
    free(t);
}

int topo_cart_rank(const topo_t *t, const int *coords)
{
    int rank = 0;
    for (int i = 0; i < t->ndims; i++) {
        int c = coords[i], d = t->dims[i];
        if (c < 0 || c >= d) {
            if (!t->periods[i])
                return -1;
            c %= d;
            if (c < 0)
                c += d;
        }
        rank = rank * d + c;
    }
    return rank;
}

void topo_cart_coords(const topo_t *t, int rank, int *coords)
{
    for (int i = t->ndims - 1; i >= 0; i--) {
        coords[i] = rank % t->dims[i];
        rank /= t->dims[i];
    }
}

void topo_graph_neighbors(const topo_t *t, int node, int *count, const int **first)
{
    int begin = node > 0 ? t->index[node - 1] : 0;
    *count = t->index[node] - begin;
    *first = t->edges + begin;
}

void topo_graph_order(int nnodes, const int *index, const int *edges, int *order)
{
    char *seen = calloc((size_t)nnodes, 1);
    if (!seen) { /* the identity is a correct, if unhelpful, order */
        for (int i = 0; i < nnodes; i++)
            order[i] = i;
        return;
    }
    int placed = 0;
    for (int start = 0; start < nnodes; start++) {
        if (seen[start])
            continue;
        seen[start] = 1;
        order[placed++] = start;
        /* order[] doubles as the queue: nodes placed but not expanded. */
        for (int next = placed - 1; next < placed; next++) {
            int node = order[next];
            for (int e = node > 0 ? index[node - 1] : 0; e < index[node]; e++)
                if (!seen[edges[e]]) {
                    seen[edges[e]] = 1;
                    order[placed++] = edges[e];
                }
        }
    }
    free(seen);
}

/* The search for MPI_Dims_create: factors in non-increasing order, the
 * first as small as possible among those with the smallest spread
 * (largest minus smallest). */
typedef struct factor_search {
    const int *divisors; /* of the number to split, ascending */
    int ndivisors;
    int k;            /* factors wanted */
    int *current;     /* the factors chosen so far */
    int *best;        /* the best complete choice */
    long best_spread; /* -1: none yet */
} factor_search_t;

/* d to the power s is at least n (so s factors of at most d can make n). */
static bool power_reaches(long d, int s, long n)
{
    long p = 1;
    for (int i = 0; i < s && p < n; i++)
        p *= d;
    return p >= n;
}

static void search(factor_search_t *fs, int pos, long rest, long largest)
{
    if (pos == fs->k) {
        long spread = fs->current[0] - fs->current[fs->k - 1];
        if (rest == 1 && (fs->best_spread < 0 || spread < fs->best_spread)) {
            fs->best_spread = spread;
            memcpy(fs->best, fs->current, (size_t)fs->k * sizeof *fs->best);
        }
        return;
    }
    for (int i = 0; i < fs->ndivisors; i++) {
        long d = fs->divisors[i];
        if (d > largest || d > rest)
            break;
        if (rest % d || !power_reaches(d, fs->k - pos, rest))
            continue;
        /* Later factors are at most d, so the spread is at least first - d. */
        if (pos > 0 && fs->best_spread >= 0 && fs->current[0] - d >= fs->best_spread)
            continue;
        fs->current[pos] = (int)d;
        search(fs, pos + 1, rest / d, d);
    }
}

bool topo_dims_create(int nnodes, int ndims, int *dims)
{
    long fixed = 1;
    int k = 0;
    for (int i = 0; i < ndims; i++) {
        if (dims[i] > 0)
            fixed *= dims[i];
        else
            k++;
        if (fixed > nnodes)
            return false;
    }
    if (nnodes % fixed)
        return false;
    long rest = nnodes / fixed;
    if (k == 0)
        return rest == 1;
    int ndivisors = 0, *divisors = malloc(2 * 46341 * sizeof *divisors);
    int *current = malloc(2 * (size_t)k * sizeof *current);
    if (!divisors || !current) {
        free(divisors);
        free(current);
        return false;
    }
    for (long d = 1; d * d <= rest; d++)
        if (rest % d == 0)
            divisors[ndivisors++] = (int)d;
    for (int i = ndivisors - 1; i >= 0; i--)
        if ((long)divisors[i] * divisors[i] != rest)
            divisors[ndivisors++] = (int)(rest / divisors[i]);
    factor_search_t fs = {divisors, ndivisors, k, current, current + k, -1};
    search(&fs, 0, rest, rest);
    for (int i = 0, j = 0; i < ndims; i++)
        if (dims[i] == 0)
            dims[i] = fs.best[j++];
    free(divisors);
    free(current);
    return true;
}

int topo_cart_shift(const topo_t *t, int rank, int dim, int disp)
{
    long d = t->dims[dim], to = (long)t->coords[dim] + disp;
    if (!t->periods[dim] && (to < 0 || to >= d))
        return MPI_PROC_NULL;
    to %= d;
    if (to < 0)
        to += d;
    long stride = 1;
    for (int i = dim + 1; i < t->ndims; i++)
        stride *= t->dims[i];
    return (int)(rank + (to - t->coords[dim]) * stride);
}

void topo_degrees(const topo_t *t, int rank, int *indegree, int *outdegree)
{
    const int *first;
    switch (t->kind) {
    case MPI_CART:
        *indegree = *outdegree = 2 * t->ndims;
        break;
    case MPI_GRAPH:
        topo_graph_neighbors(t, rank, indegree, &first);
        *outdegree = *indegree;
        break;
    default:
        *indegree = t->indegree;
        *outdegree = t->outdegree;
        break;
    }
}

void topo_neighbors(const topo_t *t, int rank, int *sources, int *destinations)
{
    int count;
    const int *first;
    switch (t->kind) {
    case MPI_CART:
        for (int d = 0; d < t->ndims; d++) {
            sources[2 * d] = destinations[2 * d] = topo_cart_shift(t, rank, d, -1);
            sources[2 * d + 1] = destinations[2 * d + 1] = topo_cart_shift(t, rank, d, 1);
        }
        break;
    case MPI_GRAPH:
        topo_graph_neighbors(t, rank, &count, &first);
        for (int i = 0; i < count; i++)
            sources[i] = destinations[i] = first[i];
        break;
    default:
        for (int i = 0; i < t->indegree; i++)
            sources[i] = t->sources[i];
        for (int i = 0; i < t->outdegree; i++)
            destinations[i] = t->destinations[i];
        break;
    }
}
