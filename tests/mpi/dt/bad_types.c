/*
 * bad_types.c -- bad input to the datatype chapter gets its error class
 * under MPI_ERRORS_RETURN and changes nothing: negative counts and block
 * lengths, null and freed handles, overflowing extents, impossible
 * subarrays and darrays, buffers too small to pack into, contents arrays
 * too short, predefined types that cannot be freed.  A negative count or
 * scalar block length is MPI_ERR_COUNT; a bad entry of an array argument is
 * MPI_ERR_ARG.
 */
#include <limits.h>
#include <stdint.h>

#include "mpitest.h"

#define EXPECT(call, cls) MT_EXPECT_CLASS((call), (cls), #call)

static void constructors(void)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int bl[2] = {1, -2}, disp[2] = {0, 4}, ok_bl[2] = {1, 1};
    MPI_Aint adisp[2] = {0, 8};
    MPI_Datatype types[2] = {MPI_INT, MPI_DATATYPE_NULL};

    EXPECT(MPI_Type_contiguous(-1, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_contiguous(2, MPI_DATATYPE_NULL, &t), MPI_ERR_TYPE);
    EXPECT(MPI_Type_contiguous(2, MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_vector(-3, 1, 2, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_vector(3, -1, 2, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_create_hvector(2, 1, 8, (MPI_Datatype)(uintptr_t)0x30000fff, &t), MPI_ERR_TYPE);
    EXPECT(MPI_Type_indexed(2, bl, disp, MPI_INT, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_indexed(-1, ok_bl, disp, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_indexed(2, NULL, disp, MPI_INT, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_hindexed(2, bl, adisp, MPI_INT, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_indexed_block(2, -1, disp, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_create_struct(2, ok_bl, adisp, types, &t), MPI_ERR_TYPE);
    EXPECT(MPI_Type_create_struct(-2, ok_bl, adisp, types, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_create_resized(MPI_DATATYPE_NULL, 0, 8, &t), MPI_ERR_TYPE);
    MT_CHECK(t == MPI_DATATYPE_NULL, "a failed constructor left newtype alone");

    /* Extents beyond MPI_Aint: the stride times the extent overflows. */
    MPI_Datatype big;
    MPI_Type_contiguous(1 << 20, MPI_DOUBLE, &big);
    int rc = MPI_Type_create_hvector(3, 1, (MPI_Aint)INT64_MAX / 2, big, &t);
    MT_CHECK(rc != MPI_SUCCESS, "hvector spanning more than MPI_Aint succeeded");
    rc = MPI_Type_vector(INT_MAX, 1, INT_MAX, big, &t);
    MT_CHECK(rc != MPI_SUCCESS, "vector whose extent overflows MPI_Aint succeeded");
    MPI_Type_free(&big);
}

static void arrays(void)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int sizes[2] = {4, 4}, sub[2] = {2, 5}, starts[2] = {0, 0};
    EXPECT(MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_ARG);
    sub[1] = 2;
    starts[0] = 3;
    EXPECT(MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_ARG);
    starts[0] = 0;
    EXPECT(MPI_Type_create_subarray(0, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_DIMS);
    EXPECT(MPI_Type_create_subarray(2, sizes, sub, starts, 12345, MPI_INT, &t), MPI_ERR_ARG);
    sizes[0] = -4;
    EXPECT(MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_ARG);

    int gsizes[2] = {8, 8}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_BLOCK};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, psizes[2] = {2, 2};
    EXPECT(MPI_Type_create_darray(4, 4, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_RANK);
    EXPECT(MPI_Type_create_darray(0, 0, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_ARG);
    psizes[1] = 3; /* 2 x 3 processes is not 4 */
    EXPECT(MPI_Type_create_darray(4, 0, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_ARG);
    MT_CHECK(t == MPI_DATATYPE_NULL, "a failed array constructor left newtype alone");
}

static void handles(void)
{
    MPI_Datatype t, freed, dt = MPI_INT;
    MPI_Type_contiguous(2, MPI_INT, &t);
    freed = t;
    MPI_Type_free(&t);
    int size;
    EXPECT(MPI_Type_size(freed, &size), MPI_ERR_TYPE);
    EXPECT(MPI_Type_commit(&freed), MPI_ERR_TYPE);
    EXPECT(MPI_Type_free(&freed), MPI_ERR_TYPE);
    EXPECT(MPI_Type_free(&dt), MPI_ERR_TYPE);
    MT_CHECK(dt == MPI_INT, "MPI_Type_free(MPI_INT) failed and left the handle");
    dt = MPI_DATATYPE_NULL;
    EXPECT(MPI_Type_free(&dt), MPI_ERR_TYPE);
    EXPECT(MPI_Type_size(MPI_INT, NULL), MPI_ERR_ARG);
    int buf[4] = {0};
    EXPECT(MPI_Send(buf, 1, freed, 0, 0, MPI_COMM_WORLD), MPI_ERR_TYPE);

    /* get_contents: arrays shorter than the envelope says */
    MPI_Datatype v, got[1];
    int ints[3];
    MPI_Type_vector(2, 1, 3, MPI_INT, &v);
    EXPECT(MPI_Type_get_contents(v, 2, 0, 1, ints, NULL, got), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_contents(MPI_INT, 0, 0, 0, ints, NULL, got), MPI_ERR_TYPE);
    MPI_Type_free(&v);
}

static void packing(void)
{
    int in[4] = {1, 2, 3, 4}, pos = 0;
    char out[8];
    EXPECT(MPI_Pack(in, 4, MPI_INT, out, sizeof out, &pos, MPI_COMM_WORLD), MPI_ERR_TRUNCATE);
    MT_CHECK(pos == 0, "a failed MPI_Pack left position alone: %d", pos);
    pos = 9;
    EXPECT(MPI_Pack(in, 1, MPI_INT, out, sizeof out, &pos, MPI_COMM_WORLD), MPI_ERR_ARG);
    pos = 0;
    EXPECT(MPI_Unpack(out, 2, &pos, in, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_TRUNCATE);
    EXPECT(MPI_Pack(in, -1, MPI_INT, out, sizeof out, &pos, MPI_COMM_WORLD), MPI_ERR_COUNT);
    EXPECT(MPI_Pack(in, 1, MPI_INT, out, sizeof out, &pos, MPI_COMM_NULL), MPI_ERR_COMM);
    EXPECT(MPI_Pack(in, 1, MPI_INT, out, sizeof out, NULL, MPI_COMM_WORLD), MPI_ERR_ARG);
    EXPECT(MPI_Pack(in, 1, MPI_INT, NULL, sizeof out, &pos, MPI_COMM_WORLD), MPI_ERR_BUFFER);
    EXPECT(MPI_Pack(NULL, 1, MPI_INT, out, sizeof out, &pos, MPI_COMM_WORLD), MPI_ERR_BUFFER);
    EXPECT(MPI_Unpack(NULL, sizeof out, &pos, in, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_BUFFER);
    pos = -1;
    EXPECT(MPI_Unpack(out, sizeof out, &pos, in, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_ARG);
    pos = 0;
    EXPECT(MPI_Pack(in, 0, MPI_INT, NULL, 0, &pos, MPI_COMM_WORLD), MPI_SUCCESS);
    int size;
    MPI_Datatype huge;
    MPI_Type_contiguous(1 << 30, MPI_DOUBLE, &huge);
    EXPECT(MPI_Pack_size(4, huge, MPI_COMM_WORLD, &size), MPI_ERR_VALUE_TOO_LARGE);
    MPI_Type_free(&huge);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    constructors();
    arrays();
    handles();
    packing();
    return mt_finish();
}
