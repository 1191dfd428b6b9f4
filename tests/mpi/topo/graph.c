/*
 * graph.c -- graph and distributed graph topologies: a graph where node
 * i links to i+1 and i+2 (both ways), with its queries and one message
 * along every edge; reordering; fewer nodes than ranks; MPI_Graph_map;
 * distributed graphs made adjacent (weighted, in the order given) and
 * from edges that one process names for everyone (weighted or not).
 */
#include <stdlib.h>

#include "mpitest.h"

/* The test graph on n nodes: i -- (i+1) % n and i -- (i+2) % n, unless
 * that is i itself.  Fills index and edges; returns the edge count. */
static int make_graph(int n, int *index, int *edges)
{
    int e = 0;
    for (int i = 0; i < n; i++) {
        int cand[4] = {(i + 1) % n, (i + 2) % n, (i - 1 + n) % n, (i - 2 + 2 * n) % n};
        for (int k = 0; k < 4; k++) {
            int dup = cand[k] == i;
            for (int j = 0; j < k; j++)
                dup |= cand[j] == cand[k];
            if (!dup)
                edges[e++] = cand[k];
        }
        index[i] = e;
    }
    return e;
}

/* Each node sends its rank to every neighbour and hears from each. */
static void exchange_along(MPI_Comm comm, int count, const int *out, int incount, const int *in)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    MPI_Request *reqs = malloc((size_t)(count + incount) * sizeof *reqs);
    int *got = malloc((size_t)(incount + 1) * sizeof *got);
    for (int i = 0; i < incount; i++)
        MPI_Irecv(&got[i], 1, MPI_INT, in[i], 5, comm, &reqs[i]);
    for (int i = 0; i < count; i++)
        MPI_Isend(&rank, 1, MPI_INT, out[i], 5, comm, &reqs[incount + i]);
    MPI_Waitall(count + incount, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < incount; i++)
        MT_CHECK(got[i] == in[i], "rank %d: from neighbour %d got %d", rank, in[i], got[i]);
    free(reqs);
    free(got);
}

static void check_graph(MPI_Comm g, int n, const int *index, const int *edges)
{
    int status = -1, nnodes = -1, nedges = -1, rank;
    MPI_Comm_rank(g, &rank);
    MPI_Topo_test(g, &status);
    MT_CHECK(status == MPI_GRAPH, "MPI_Topo_test gave %d", status);
    MPI_Graphdims_get(g, &nnodes, &nedges);
    MT_CHECK(nnodes == n && nedges == index[n - 1], "MPI_Graphdims_get: %d nodes, %d edges", nnodes, nedges);
    int *gi = malloc((size_t)n * sizeof *gi), *ge = malloc((size_t)(nedges + 1) * sizeof *ge);
    MPI_Graph_get(g, n, nedges, gi, ge);
    for (int i = 0; i < n; i++)
        MT_CHECK(gi[i] == index[i], "MPI_Graph_get index[%d] = %d", i, gi[i]);
    for (int e = 0; e < nedges; e++)
        MT_CHECK(ge[e] == edges[e], "MPI_Graph_get edges[%d] = %d", e, ge[e]);
    int count = -1, first = rank > 0 ? index[rank - 1] : 0;
    MPI_Graph_neighbors_count(g, rank, &count);
    MT_CHECK(count == index[rank] - first, "rank %d has %d neighbours", rank, count);
    int *nb = malloc((size_t)(count + 1) * sizeof *nb);
    MPI_Graph_neighbors(g, rank, count, nb);
    for (int k = 0; k < count; k++)
        MT_CHECK(nb[k] == edges[first + k], "rank %d neighbour %d is %d", rank, k, nb[k]);
    /* The graph is symmetric, so the same list says who sends to us. */
    exchange_along(g, count, nb, count, nb);
    free(gi);
    free(ge);
    free(nb);
}

static void check_dist(MPI_Comm g, int indegree, const int *sources, const int *sw, int outdegree, const int *dests,
                       const int *dw, int weighted, int ordered)
{
    int in = -1, out = -1, w = -1, status = -1;
    MPI_Topo_test(g, &status);
    MT_CHECK(status == MPI_DIST_GRAPH, "MPI_Topo_test gave %d", status);
    MPI_Dist_graph_neighbors_count(g, &in, &out, &w);
    MT_CHECK(in == indegree && out == outdegree && w == weighted, "counts (%d, %d, %d), want (%d, %d, %d)", in, out, w,
             indegree, outdegree, weighted);
    int *s = malloc((size_t)(in + 1) * sizeof *s), *d = malloc((size_t)(out + 1) * sizeof *d);
    int *swt = malloc((size_t)(in + 1) * sizeof *swt), *dwt = malloc((size_t)(out + 1) * sizeof *dwt);
    MPI_Dist_graph_neighbors(g, in, s, weighted ? swt : MPI_UNWEIGHTED, out, d, weighted ? dwt : MPI_UNWEIGHTED);
    /* In order when made adjacent; as a multiset of (rank, weight) otherwise. */
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? out : in;
        const int *got = pass ? d : s, *gotw = pass ? dwt : swt, *want = pass ? dests : sources,
                  *wantw = pass ? dw : sw;
        char *used = calloc((size_t)n + 1, 1);
        for (int i = 0; i < n; i++) {
            int found = -1;
            for (int j = ordered ? i : 0; j < (ordered ? i + 1 : n); j++)
                if (!used[j] && got[j] == want[i] && (!weighted || gotw[j] == wantw[i])) {
                    found = j;
                    break;
                }
            MT_CHECK(found >= 0, "%s neighbour %d (rank %d) missing", pass ? "out" : "in", i, want[i]);
            if (found >= 0)
                used[found] = 1;
        }
        free(used);
    }
    exchange_along(g, out, d, in, s);
    free(s);
    free(d);
    free(swt);
    free(dwt);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    int *index = malloc((size_t)wsize * sizeof *index), *edges = malloc(4 * (size_t)wsize * sizeof *edges);

    make_graph(wsize, index, edges);
    for (int reorder = 0; reorder < 2; reorder++) {
        MPI_Comm g;
        MPI_Graph_create(MPI_COMM_WORLD, wsize, index, edges, reorder, &g);
        int grank = -1;
        MPI_Comm_rank(g, &grank);
        MT_CHECK(reorder || grank == wrank, "without reorder rank %d became %d", wrank, grank);
        check_graph(g, wsize, index, edges);
        MPI_Comm dup;
        MPI_Comm_dup(g, &dup);
        check_graph(dup, wsize, index, edges);
        MPI_Comm_free(&dup);
        MPI_Comm_free(&g);
    }

    /* Fewer nodes than ranks: the rest get MPI_COMM_NULL. */
    if (wsize > 1) {
        int n = wsize - 1;
        make_graph(n, index, edges);
        MPI_Comm g;
        MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &g);
        MT_CHECK((g == MPI_COMM_NULL) == (wrank >= n), "rank %d of a %d-node graph", wrank, n);
        if (g != MPI_COMM_NULL) {
            check_graph(g, n, index, edges);
            MPI_Comm_free(&g);
        }
        /* MPI_Graph_map answers the rank a reordering create gives. */
        int newrank = -2, created = MPI_UNDEFINED;
        MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 1, &g);
        if (g != MPI_COMM_NULL) {
            MPI_Comm_rank(g, &created);
            MPI_Comm_free(&g);
        }
        MPI_Graph_map(MPI_COMM_WORLD, n, index, edges, &newrank);
        MT_CHECK(newrank == created, "MPI_Graph_map gave %d, the reordered graph %d", newrank, created);
    }

    /* Adjacent: a directed ring forwards (out to +1, +3) with weights. */
    int dests[2] = {(wrank + 1) % wsize, (wrank + 3) % wsize};
    int sources[2] = {(wrank - 1 + wsize) % wsize, (wrank - 3 + 3 * wsize) % wsize};
    int dw[2] = {100 * wrank + 1, 100 * wrank + 3};
    int sw[2] = {100 * sources[0] + 1, 100 * sources[1] + 3};
    MPI_Comm dg;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, sources, sw, 2, dests, dw, MPI_INFO_NULL, 0, &dg);
    check_dist(dg, 2, sources, sw, 2, dests, dw, 1, 1);
    MPI_Comm_free(&dg);
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, sources, MPI_UNWEIGHTED, 2, dests, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                   1, &dg);
    check_dist(dg, 2, sources, NULL, 2, dests, NULL, 0, 1);
    MPI_Comm_free(&dg);

    /* The same graph, every edge named by rank 0 (weighted), or each
     * process naming the edges into it (unweighted). */
    for (int weighted = 1; weighted >= 0; weighted--) {
        int n = 0, *src = malloc((2 * (size_t)wsize + 2) * sizeof *src),
            *deg = malloc((2 * (size_t)wsize + 2) * sizeof *deg);
        int *dst = malloc(2 * (size_t)wsize * sizeof *dst), *wt = malloc(2 * (size_t)wsize * sizeof *wt);
        if (weighted && wrank == 0) {
            for (int r = 0; r < wsize; r++) {
                src[n] = r;
                deg[n] = 2;
                dst[2 * n] = (r + 1) % wsize;
                dst[2 * n + 1] = (r + 3) % wsize;
                wt[2 * n] = 100 * r + 1;
                wt[2 * n + 1] = 100 * r + 3;
                n++;
            }
        } else if (!weighted) {
            src[0] = sources[0];
            src[1] = sources[1];
            deg[0] = deg[1] = 1;
            dst[0] = dst[1] = wrank;
            n = 2;
        }
        MPI_Dist_graph_create(MPI_COMM_WORLD, n, src, deg, dst,
                              weighted ? (n ? wt : MPI_WEIGHTS_EMPTY) : MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dg);
        check_dist(dg, 2, sources, sw, 2, dests, dw, weighted, 0);
        MPI_Comm_free(&dg);
        free(src);
        free(deg);
        free(dst);
        free(wt);
    }
    /* No edges anywhere: weighted is what each process gave. */
    int *const no_edges[2] = {MPI_UNWEIGHTED, MPI_WEIGHTS_EMPTY};
    for (int k = 0; k < 2; k++) {
        int in = -1, out = -1, w = -1;
        MPI_Dist_graph_create(MPI_COMM_WORLD, 0, NULL, NULL, NULL, no_edges[k], MPI_INFO_NULL, 0, &dg);
        MPI_Dist_graph_neighbors_count(dg, &in, &out, &w);
        MT_CHECK(in == 0 && out == 0 && w == k, "a graph without edges made with %s: (%d, %d, weighted %d)",
                 k ? "MPI_WEIGHTS_EMPTY" : "MPI_UNWEIGHTED", in, out, w);
        MPI_Comm_free(&dg);
    }
    free(index);
    free(edges);
    return mt_finish();
}
