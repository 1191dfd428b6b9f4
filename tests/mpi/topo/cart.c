/*
 * cart.c -- cartesian topologies at any number of ranks: a 2-D grid from
 * MPI_Dims_create, periodic in one dimension and not in the other, with
 * its coordinates, ranks and shifts checked against row-major arithmetic
 * and exercised by messages; a 3-D fully periodic grid with longer
 * shifts; a grid smaller than the job; reordering; subgrids; duplicates
 * keeping the topology; MPI_Cart_map and MPI_Topo_test.
 */
#include <string.h>

#include "mpitest.h"

/* Expected shift along dim by disp from coords on a grid. */
static int expected_shift(int ndims, const int *dims, const int *periods, const int *coords, int dim, int disp)
{
    int c[8];
    memcpy(c, coords, (size_t)ndims * sizeof *c);
    c[dim] += disp;
    if (c[dim] < 0 || c[dim] >= dims[dim]) {
        if (!periods[dim])
            return MPI_PROC_NULL;
        c[dim] = ((c[dim] % dims[dim]) + dims[dim]) % dims[dim];
    }
    int rank = 0;
    for (int i = 0; i < ndims; i++)
        rank = rank * dims[i] + c[i];
    return rank;
}

/* Everything a cartesian communicator says about itself, and one
 * exchange along every dimension. */
static void check_grid(MPI_Comm cart, int ndims, const int *dims, const int *periods, int disp)
{
    int rank, size, nd = -1, status = -1;
    MPI_Comm_rank(cart, &rank);
    MPI_Comm_size(cart, &size);
    MPI_Topo_test(cart, &status);
    MT_CHECK(status == MPI_CART, "MPI_Topo_test gave %d", status);
    MPI_Cartdim_get(cart, &nd);
    MT_CHECK(nd == ndims, "MPI_Cartdim_get gave %d, want %d", nd, ndims);
    int gdims[8], gperiods[8], coords[8];
    MPI_Cart_get(cart, ndims, gdims, gperiods, coords);
    int cells = 1, expect = rank;
    for (int i = ndims - 1; i >= 0; i--) {
        MT_CHECK(gdims[i] == dims[i] && gperiods[i] == (periods[i] != 0), "MPI_Cart_get dimension %d", i);
        MT_CHECK(coords[i] == expect % dims[i], "rank %d coords[%d] = %d", rank, i, coords[i]);
        expect /= dims[i];
        cells *= dims[i];
    }
    MT_CHECK(size == cells, "grid communicator has %d ranks, want %d", size, cells);
    for (int r = 0; r < size; r++) {
        int c[8], back = -1;
        MPI_Cart_coords(cart, r, ndims, c);
        MPI_Cart_rank(cart, c, &back);
        MT_CHECK(back == r, "MPI_Cart_rank(MPI_Cart_coords(%d)) = %d", r, back);
    }
    for (int dim = 0; dim < ndims; dim++) {
        int source = -5, dest = -5;
        MPI_Cart_shift(cart, dim, disp, &source, &dest);
        int want_source = expected_shift(ndims, dims, periods, coords, dim, -disp);
        int want_dest = expected_shift(ndims, dims, periods, coords, dim, disp);
        MT_CHECK(source == want_source && dest == want_dest, "rank %d shift dim %d by %d: (%d, %d), want (%d, %d)",
                 rank, dim, disp, source, dest, want_source, want_dest);
        /* The shift pairs up: what goes to dest arrives from source. */
        int got = -7;
        MPI_Sendrecv(&rank, 1, MPI_INT, dest, dim, &got, 1, MPI_INT, source, dim, cart, MPI_STATUS_IGNORE);
        MT_CHECK(got == (source == MPI_PROC_NULL ? -7 : source), "rank %d dim %d: got %d from %d", rank, dim, got,
                 source);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    /* First thing, while other processes may still be in MPI_Init (it is
     * not a barrier): the placement must not depend on how far they are. */
    int one_cell = 1, first_map = -2;
    MPI_Cart_map(MPI_COMM_WORLD, 1, &one_cell, (int[]){0}, &first_map);
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    int first_holders = 0, first_got = first_map == 0;
    MPI_Allreduce(&first_got, &first_holders, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MT_CHECK(first_holders == 1, "right after MPI_Init, %d processes hold the one cell MPI_Cart_map placed",
             first_holders);

    int status = -1;
    MPI_Topo_test(MPI_COMM_WORLD, &status);
    MT_CHECK(status == MPI_UNDEFINED, "MPI_COMM_WORLD has topology %d", status);

    /* 2-D, periodic in the first dimension only, ranks kept. */
    int dims[2] = {0, 0}, periods[2] = {1, 0};
    MPI_Dims_create(wsize, 2, dims);
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    int crank = -1;
    MPI_Comm_rank(cart, &crank);
    MT_CHECK(crank == wrank, "without reorder rank %d became %d", wrank, crank);
    check_grid(cart, 2, dims, periods, 1);

    /* A duplicate carries the topology along. */
    MPI_Comm dup;
    MPI_Comm_dup(cart, &dup);
    check_grid(dup, 2, dims, periods, 1);
    MPI_Comm_free(&dup);

    /* Rows and columns, and a subgrid of nothing (one process, 0-D). */
    int coords[2];
    MPI_Cart_coords(cart, crank, 2, coords);
    for (int keep = 0; keep < 2; keep++) {
        int remain[2] = {keep == 0, keep == 1};
        MPI_Comm sub;
        MPI_Cart_sub(cart, remain, &sub);
        int srank = -1, ssize = -1, nd = -1;
        MPI_Comm_rank(sub, &srank);
        MPI_Comm_size(sub, &ssize);
        MPI_Cartdim_get(sub, &nd);
        MT_CHECK(nd == 1 && ssize == dims[keep] && srank == coords[keep],
                 "subgrid keeping %d: ndims %d, size %d, rank %d", keep, nd, ssize, srank);
        check_grid(sub, 1, &dims[keep], &periods[keep], 1);
        MPI_Comm_free(&sub);
    }
    MPI_Comm none;
    MPI_Cart_sub(cart, (int[]){0, 0}, &none);
    int nsize = -1, nd = -1;
    MPI_Comm_size(none, &nsize);
    MPI_Cartdim_get(none, &nd);
    MT_CHECK(nsize == 1 && nd == 0, "empty subgrid: size %d, ndims %d", nsize, nd);
    MPI_Comm_free(&none);
    MPI_Comm_free(&cart);

    /* 3-D, periodic everywhere, shifts longer than a dimension. */
    int dims3[3] = {0, 0, 0}, periods3[3] = {1, 1, 1};
    MPI_Dims_create(wsize, 3, dims3);
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims3, periods3, 0, &cart);
    check_grid(cart, 3, dims3, periods3, 3);
    check_grid(cart, 3, dims3, periods3, -1);
    MPI_Comm_free(&cart);

    /* With reorder the ranks may move, but the grid is the same and the
     * processes are all there once. */
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
    check_grid(cart, 2, dims, periods, 1);
    int result = -1;
    MPI_Comm_compare(MPI_COMM_WORLD, cart, &result);
    MT_CHECK(result == MPI_CONGRUENT || result == MPI_SIMILAR, "reordered grid compares %d to the world", result);
    MPI_Comm_free(&cart);

    /* A grid smaller than the job leaves the last ranks out. */
    int small = wsize > 1 ? wsize - 1 : 1;
    MPI_Cart_create(MPI_COMM_WORLD, 1, &small, (int[]){0}, 0, &cart);
    MT_CHECK((cart == MPI_COMM_NULL) == (wrank >= small), "rank %d of a %d-grid: %s", wrank, small,
             cart == MPI_COMM_NULL ? "left out" : "in");
    if (cart != MPI_COMM_NULL) {
        check_grid(cart, 1, &small, (int[]){0}, 1);
        MPI_Comm_free(&cart);
    }
    /* MPI_Cart_map answers the rank a reordering create gives. */
    int newrank = -2, created = MPI_UNDEFINED;
    MPI_Cart_create(MPI_COMM_WORLD, 1, &small, (int[]){0}, 1, &cart);
    if (cart != MPI_COMM_NULL) {
        MPI_Comm_rank(cart, &created);
        MPI_Comm_free(&cart);
    }
    MPI_Cart_map(MPI_COMM_WORLD, 1, &small, (int[]){0}, &newrank);
    MT_CHECK(newrank == created, "MPI_Cart_map gave %d, the reordered grid %d", newrank, created);
    /* Each process maps on its own (the call is local), and every time
     * exactly one of them gets the grid's cell: the placement they read
     * of each other must not move while some wait (oversubscribed, a
     * waiter steps off its CPU by narrowing its affinity for a moment). */
    for (int i = 0; i < 40; i++) {
        int one = 1, mine = -2, holders = 0;
        MPI_Cart_map(MPI_COMM_WORLD, 1, &one, (int[]){0}, &mine);
        int got = mine == 0;
        MPI_Allreduce(&got, &holders, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        if (holders != 1) {
            MT_CHECK(holders == 1, "round %d: %d processes hold the one cell MPI_Cart_map placed", i, holders);
            break;
        }
    }

    /* Zero dimensions: one process, rank 0. */
    MPI_Cart_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &cart);
    MT_CHECK((cart == MPI_COMM_NULL) == (wrank > 0), "0-D grid at rank %d", wrank);
    if (cart != MPI_COMM_NULL) {
        MPI_Comm_size(cart, &nsize);
        MT_CHECK(nsize == 1, "0-D grid of %d", nsize);
        MPI_Comm_free(&cart);
    }
    return mt_finish();
}
