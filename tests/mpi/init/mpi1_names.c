/*
 * mpi1_names.c -- the MPI-1 functions MPI-3.0 removed, which old programs
 * still call: each must do what its successor does (same types, same
 * envelope, same attributes and handlers), and fail the same way.
 */
#include <stdint.h>
#include <string.h>

#include "mpitest.h"

/* The same type made twice: equal size, bounds, envelope and packing. */
static void same_type(MPI_Datatype a, MPI_Datatype b, const char *what)
{
    MPI_Type_commit(&a);
    MPI_Type_commit(&b);
    int sa, sb, ni[2], na[2], nd[2], comb[2];
    MPI_Aint lba, exa, lbb, exb;
    MPI_Type_size(a, &sa);
    MPI_Type_size(b, &sb);
    MPI_Type_get_extent(a, &lba, &exa);
    MPI_Type_get_extent(b, &lbb, &exb);
    MT_CHECK(sa == sb && lba == lbb && exa == exb, "%s: size %d/%d, lb %ld/%ld, extent %ld/%ld", what, sa, sb,
             (long)lba, (long)lbb, (long)exa, (long)exb);
    MPI_Type_get_envelope(a, &ni[0], &na[0], &nd[0], &comb[0]);
    MPI_Type_get_envelope(b, &ni[1], &na[1], &nd[1], &comb[1]);
    MT_CHECK(ni[0] == ni[1] && na[0] == na[1] && nd[0] == nd[1] && comb[0] == comb[1],
             "%s: envelope (%d %d %d, combiner %d) against (%d %d %d, combiner %d)", what, ni[0], na[0], nd[0], comb[0],
             ni[1], na[1], nd[1], comb[1]);
    int in[64], out[2][64], pos[2] = {0, 0};
    for (int i = 0; i < 64; i++)
        in[i] = i + 1;
    memset(out, 0, sizeof out);
    MPI_Pack(in, 1, a, out[0], (int)sizeof out[0], &pos[0], MPI_COMM_WORLD);
    MPI_Pack(in, 1, b, out[1], (int)sizeof out[1], &pos[1], MPI_COMM_WORLD);
    MT_CHECK(pos[0] == pos[1] && memcmp(out[0], out[1], (size_t)pos[0]) == 0, "%s: packed differently", what);
    MPI_Type_free(&a);
    MPI_Type_free(&b);
}

static void types(void)
{
    int x[4] = {0};
    MPI_Aint old_address, new_address;
    MPI_Address(&x[2], &old_address);
    MPI_Get_address(&x[2], &new_address);
    MT_CHECK(old_address == new_address, "MPI_Address %ld, MPI_Get_address %ld", (long)old_address, (long)new_address);

    MPI_Datatype a, b;
    MPI_Type_hvector(3, 2, 5 * sizeof(int), MPI_INT, &a);
    MPI_Type_create_hvector(3, 2, 5 * sizeof(int), MPI_INT, &b);
    same_type(a, b, "MPI_Type_hvector");

    int lengths[3] = {2, 1, 3};
    MPI_Aint displs[3] = {4 * sizeof(int), 0, 12 * sizeof(int)};
    MPI_Type_hindexed(3, lengths, displs, MPI_INT, &a);
    MPI_Type_create_hindexed(3, lengths, displs, MPI_INT, &b);
    same_type(a, b, "MPI_Type_hindexed");

    MPI_Datatype kinds[3] = {MPI_INT, MPI_SHORT, MPI_INT};
    MPI_Type_struct(3, lengths, displs, kinds, &a);
    MPI_Type_create_struct(3, lengths, displs, kinds, &b);
    same_type(a, b, "MPI_Type_struct");

    MPI_Datatype resized;
    MPI_Aint extent = -1, lb = -1, ub = -1;
    MPI_Type_create_resized(MPI_INT, -8, 32, &resized);
    MPI_Type_extent(resized, &extent);
    MPI_Type_lb(resized, &lb);
    MPI_Type_ub(resized, &ub);
    MT_CHECK(extent == 32 && lb == -8 && ub == 24, "resized: extent %ld, lb %ld, ub %ld", (long)extent, (long)lb,
             (long)ub);
    MPI_Type_free(&resized);

    MT_EXPECT_CLASS(MPI_Type_hvector(-1, 1, 8, MPI_INT, &a), MPI_ERR_COUNT, "MPI_Type_hvector of count -1");
    MT_EXPECT_CLASS(MPI_Type_extent(MPI_DATATYPE_NULL, &extent), MPI_ERR_TYPE, "MPI_Type_extent of no type");
    MT_EXPECT_CLASS(MPI_Type_lb(MPI_INT, NULL), MPI_ERR_ARG, "MPI_Type_lb into NULL");
    MT_EXPECT_CLASS(MPI_Type_ub(MPI_DATATYPE_NULL, &ub), MPI_ERR_TYPE, "MPI_Type_ub of no type");
    MT_EXPECT_CLASS(MPI_Address(x, NULL), MPI_ERR_ARG, "MPI_Address into NULL");
    MT_EXPECT_CLASS(MPI_Type_hindexed(1, lengths, displs, MPI_DATATYPE_NULL, &a), MPI_ERR_TYPE,
                    "MPI_Type_hindexed of no type");
    MT_EXPECT_CLASS(MPI_Type_struct(-1, lengths, displs, kinds, &a), MPI_ERR_COUNT, "MPI_Type_struct of count -1");
}

static int deletes;
static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    deletes++;
    return MPI_SUCCESS;
}

static void attributes(void)
{
    int copied, dropped, flag = 0;
    void *value = NULL;
    MPI_Keyval_create(MPI_DUP_FN, count_delete, &copied, NULL);
    MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &dropped, NULL);
    MPI_Attr_put(MPI_COMM_WORLD, copied, (void *)(intptr_t)42);
    MPI_Attr_put(MPI_COMM_WORLD, dropped, (void *)(intptr_t)7);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Attr_get(dup, copied, &value, &flag);
    MT_CHECK(flag && (intptr_t)value == 42, "MPI_DUP_FN copied %d/%ld", flag, (long)(intptr_t)value);
    MPI_Attr_get(dup, dropped, &value, &flag);
    MT_CHECK(!flag, "MPI_NULL_COPY_FN copied the attribute");
    MPI_Comm_get_attr(dup, copied, &value, &flag);
    MT_CHECK(flag && (intptr_t)value == 42, "MPI_Comm_get_attr does not see MPI_Attr_put's value");
    MPI_Comm_free(&dup);
    MT_CHECK(deletes == 1, "freeing the duplicate ran %d delete callbacks", deletes);
    MPI_Attr_delete(MPI_COMM_WORLD, copied);
    MPI_Attr_delete(MPI_COMM_WORLD, dropped);
    MT_CHECK(deletes == 2, "MPI_Attr_delete ran %d delete callbacks in all", deletes);
    MPI_Attr_get(MPI_COMM_WORLD, copied, &value, &flag);
    MT_CHECK(!flag, "MPI_Attr_delete left the attribute");
    int *tag_ub = NULL;
    MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    MT_CHECK(flag && tag_ub && *tag_ub >= 32767, "MPI_TAG_UB through MPI_Attr_get");
    MPI_Keyval_free(&copied);
    MPI_Keyval_free(&dropped);
    MT_CHECK(copied == MPI_KEYVAL_INVALID && dropped == MPI_KEYVAL_INVALID, "MPI_Keyval_free left the keyvals");
    MT_EXPECT_CLASS(MPI_Attr_put(MPI_COMM_WORLD, copied, NULL), MPI_ERR_KEYVAL, "MPI_Attr_put with a freed keyval");
    MT_EXPECT_CLASS(MPI_Attr_get(MPI_COMM_NULL, MPI_TAG_UB, &value, &flag), MPI_ERR_COMM, "MPI_Attr_get on no comm");
    MT_EXPECT_CLASS(MPI_Attr_delete(MPI_COMM_WORLD, 12345), MPI_ERR_KEYVAL, "MPI_Attr_delete of no keyval");
    MT_EXPECT_CLASS(MPI_Keyval_free(&copied), MPI_ERR_KEYVAL, "MPI_Keyval_free of MPI_KEYVAL_INVALID");
    MT_EXPECT_CLASS(MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, NULL, NULL), MPI_ERR_ARG,
                    "MPI_Keyval_create into NULL");
}

static int handled;
static void on_error(MPI_Comm *comm, int *code, ...)
{
    (void)comm, (void)code;
    handled++;
}

static void error_handlers(void)
{
    MPI_Errhandler mine, got;
    MPI_Errhandler_create(on_error, &mine);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Errhandler_set(dup, mine);
    MPI_Errhandler_get(dup, &got);
    MT_CHECK(got == mine, "MPI_Errhandler_get does not give back what MPI_Errhandler_set set");
    MPI_Errhandler_free(&got);
    int rc = MPI_Send(NULL, -1, MPI_INT, 0, 0, dup);
    MT_CHECK(rc != MPI_SUCCESS && handled == 1, "the handler set with MPI_Errhandler_set ran %d times", handled);
    MT_EXPECT_CLASS(MPI_Errhandler_set(MPI_COMM_NULL, mine), MPI_ERR_COMM, "MPI_Errhandler_set on no comm");
    MT_EXPECT_CLASS(MPI_Errhandler_get(MPI_COMM_WORLD, NULL), MPI_ERR_ARG, "MPI_Errhandler_get into NULL");
    MT_EXPECT_CLASS(MPI_Errhandler_create(NULL, &got), MPI_ERR_ARG, "MPI_Errhandler_create of no function");
    MPI_Errhandler_free(&mine);
    MPI_Comm_free(&dup);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    types();
    attributes();
    error_handlers();
    return mt_finish();
}
