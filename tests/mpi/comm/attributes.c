/*
 * attributes.c -- attribute caching: the predefined attributes of
 * MPI_COMM_WORLD, keyvals with copy and delete callbacks run at dup, set,
 * delete and free, the predefined callbacks, a keyval freed while values
 * use it, a callback's error passed on, the same for datatypes, and
 * MPI_Finalize deleting MPI_COMM_SELF's attributes (last set first) before
 * MPI_COMM_WORLD's.
 */
#include <stdint.h>
#include <stdio.h>

#include "mpitest.h"

static int copies, deletes;
static intptr_t last_deleted;

static int copy_plus_one(MPI_Comm old, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)old, (void)keyval, (void)extra;
    copies++;
    *(void **)out = (void *)((intptr_t)in + 1);
    *flag = 1;
    return MPI_SUCCESS;
}

static int record_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    deletes++;
    last_deleted = (intptr_t)value;
    return (intptr_t)value == 666 ? MPI_ERR_OTHER : MPI_SUCCESS;
}

static int type_deletes;
static int type_delete(MPI_Datatype t, int keyval, void *value, void *extra)
{
    (void)t, (void)keyval, (void)value, (void)extra;
    type_deletes++;
    return MPI_SUCCESS;
}

/* MPI_Finalize: MPI_COMM_SELF's attributes go first, while MPI works. */
static int self_deleted;
static int on_self_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    int finalized = 1;
    MPI_Finalized(&finalized);
    self_deleted = !finalized;
    return MPI_SUCCESS;
}

/* ... and in the reverse order they were set. */
#define SELF_ORDERED 5
static intptr_t next_self_value = SELF_ORDERED;
static int on_self_ordered_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    if ((intptr_t)value != next_self_value) {
        fprintf(stderr, "MPI_Finalize deleted MPI_COMM_SELF's value %ld, expected %ld (last set first)\n",
                (long)(intptr_t)value, (long)next_self_value);
        abort();
    }
    next_self_value--;
    return MPI_SUCCESS;
}

static int on_world_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    if (!self_deleted || next_self_value != 0) {
        fprintf(stderr, "MPI_Finalize did not delete MPI_COMM_SELF's attributes first (or MPI was gone)\n");
        abort();
    }
    return MPI_SUCCESS;
}

static int get_int(MPI_Comm comm, int keyval, int *value)
{
    int *p = NULL, flag = 0;
    MPI_Comm_get_attr(comm, keyval, &p, &flag);
    if (flag)
        *value = *p;
    return flag;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int size, v = 0, flag = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    MT_CHECK(get_int(MPI_COMM_WORLD, MPI_TAG_UB, &v) && v >= 32767, "MPI_TAG_UB %d", v);
    MT_CHECK(get_int(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &v) && v == 1, "MPI_WTIME_IS_GLOBAL %d", v);
    MT_CHECK(get_int(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &v) && v >= size, "MPI_UNIVERSE_SIZE %d", v);
    MT_CHECK(get_int(MPI_COMM_WORLD, MPI_HOST, &v) && v == MPI_PROC_NULL, "MPI_HOST %d", v);
    MT_CHECK(get_int(MPI_COMM_WORLD, MPI_IO, &v) && v == MPI_ANY_SOURCE, "MPI_IO %d", v);
    MT_CHECK(get_int(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &v) && v >= MPI_ERR_LASTCODE, "MPI_LASTUSEDCODE %d", v);
    MT_CHECK(get_int(MPI_COMM_WORLD, MPI_APPNUM, &v) && v == 0, "MPI_APPNUM %d", v);
    MT_EXPECT_CLASS(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, &v), MPI_ERR_KEYVAL, "setting MPI_TAG_UB");

    int key, null_key, dup_key;
    MPI_Comm_create_keyval(copy_plus_one, record_delete, &key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &null_key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &dup_key, NULL);
    MPI_Comm a, b;
    MPI_Comm_dup(MPI_COMM_WORLD, &a);
    MPI_Comm_set_attr(a, key, (void *)(intptr_t)10);
    MPI_Comm_set_attr(a, null_key, (void *)(intptr_t)20);
    MPI_Comm_set_attr(a, dup_key, (void *)(intptr_t)30);
    MPI_Comm_set_attr(a, key, (void *)(intptr_t)11); /* replaces: 10 is deleted */
    MT_CHECK(deletes == 1 && last_deleted == 10, "replacing a value deletes the old one: %d, %ld", deletes,
             (long)last_deleted);
    MPI_Comm_dup(a, &b);
    void *got = NULL;
    MPI_Comm_get_attr(b, key, &got, &flag);
    MT_CHECK(copies == 1 && flag && (intptr_t)got == 12, "dup ran the copy callback: %d copies, value %ld", copies,
             (long)(intptr_t)got);
    MPI_Comm_get_attr(b, null_key, &got, &flag);
    MT_CHECK(!flag, "MPI_COMM_NULL_COPY_FN: not copied");
    MPI_Comm_get_attr(b, dup_key, &got, &flag);
    MT_CHECK(flag && (intptr_t)got == 30, "MPI_COMM_DUP_FN: copied as is");

    MPI_Comm_delete_attr(a, key);
    MT_CHECK(deletes == 2 && last_deleted == 11, "delete_attr ran the delete callback");
    MPI_Comm_get_attr(a, key, &got, &flag);
    MT_CHECK(!flag, "a deleted attribute is gone");
    MT_CHECK(MPI_Comm_delete_attr(a, key) == MPI_SUCCESS, "deleting what is not set does nothing");

    /* the keyval freed while b still holds a value under it */
    int stale = key;
    MPI_Comm_free_keyval(&key);
    MT_CHECK(key == MPI_KEYVAL_INVALID, "MPI_Comm_free_keyval sets MPI_KEYVAL_INVALID");
    MT_EXPECT_CLASS(MPI_Comm_set_attr(a, stale, NULL), MPI_ERR_KEYVAL, "a freed keyval");
    /* ... whose value can still be read, and deleted by the keyval's
     * number (MPI_Comm_free_keyval: "these references need to be
     * explicitly freed ... via MPI_COMM_DELETE_ATTR"). */
    MPI_Comm c;
    MPI_Comm_dup(b, &c);
    MT_CHECK(copies == 2, "the copy callback of a freed keyval did not run at dup: %d", copies);
    MPI_Comm_get_attr(c, stale, &got, &flag);
    MT_CHECK(flag && (intptr_t)got == 13, "reading under a freed keyval: %d/%ld", flag, (long)(intptr_t)got);
    MT_CHECK(MPI_Comm_delete_attr(c, stale) == MPI_SUCCESS, "deleting under a freed keyval failed");
    MT_CHECK(deletes == 3 && last_deleted == 13, "deleting under a freed keyval: %d deletes", deletes);
    MPI_Comm_free(&c);
    MPI_Comm_free(&b);
    MT_CHECK(deletes == 4 && last_deleted == 12, "freeing the communicator deleted its value: %d", deletes);

    /* a delete callback's error is the call's error */
    int key2;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, record_delete, &key2, NULL);
    MPI_Comm_set_attr(a, key2, (void *)(intptr_t)666);
    MT_EXPECT_CLASS(MPI_Comm_delete_attr(a, key2), MPI_ERR_OTHER, "a delete callback failing");
    MPI_Comm_set_attr(a, key2, (void *)(intptr_t)7); /* still 666 there: this fails too */
    MPI_Comm_free_keyval(&key2);
    MPI_Comm_free_keyval(&null_key);
    MPI_Comm_free_keyval(&dup_key);

    /* datatypes */
    int tkey;
    MPI_Datatype t, t2;
    MPI_Type_create_keyval(MPI_TYPE_DUP_FN, type_delete, &tkey, NULL);
    MPI_Type_contiguous(2, MPI_INT, &t);
    MPI_Type_set_attr(t, tkey, (void *)(intptr_t)5);
    MPI_Type_dup(t, &t2);
    MPI_Type_get_attr(t2, tkey, &got, &flag);
    MT_CHECK(flag && (intptr_t)got == 5, "MPI_Type_dup copied the attribute");
    MPI_Type_free(&t);
    MPI_Type_free(&t2);
    MT_CHECK(type_deletes == 2, "MPI_Type_free ran the delete callbacks: %d", type_deletes);
    MPI_Type_free_keyval(&tkey);

    /* for MPI_Finalize */
    int self_key, world_key;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, on_self_delete, &self_key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, on_world_delete, &world_key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, world_key, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, self_key, NULL);
    for (intptr_t v = 1; v <= SELF_ORDERED; v++) {
        int key;
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, on_self_ordered_delete, &key, NULL);
        MPI_Comm_set_attr(MPI_COMM_SELF, key, (void *)v);
        MPI_Comm_free_keyval(&key);
    }
    MPI_Comm_free(&a);
    /* nested dups: each runs the copy callback once, on the value the
     * one before made */
    int chain_key, before = copies;
    MPI_Comm_create_keyval(copy_plus_one, MPI_COMM_NULL_DELETE_FN, &chain_key, NULL);
    MPI_Comm level[4];
    MPI_Comm_dup(MPI_COMM_WORLD, &level[0]);
    MPI_Comm_set_attr(level[0], chain_key, (void *)(intptr_t)100);
    for (int i = 1; i < 4; i++)
        MPI_Comm_dup(level[i - 1], &level[i]);
    for (int i = 0; i < 4; i++) {
        MPI_Comm_get_attr(level[i], chain_key, &got, &flag);
        MT_CHECK(flag && (intptr_t)got == 100 + i, "nested dup %d carries %ld", i, (long)(intptr_t)got);
    }
    MT_CHECK(copies - before == 3, "three nested dups ran the copy callback %d times", copies - before);
    for (int i = 3; i >= 0; i--)
        MPI_Comm_free(&level[i]);
    MPI_Comm_free_keyval(&chain_key);
    return mt_finish();
}
