/*
 * info.c -- info objects: set, replace, query with short and empty
 * buffers, keys in order, delete, dup, free; MPI_INFO_ENV and
 * MPI_Info_create_env (before MPI_Init); the deprecated MPI_Info_get and
 * MPI_Info_get_valuelen; and the errors.
 */
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

static int get(MPI_Info info, const char *key, char *value, int room)
{
    int flag = -1, buflen = room;
    MPI_Info_get_string(info, key, &buflen, value, &flag);
    return flag ? buflen : -1;
}

int main(int argc, char **argv)
{
    /* Before MPI_Init: the command line as MPI_INFO_ENV will have it. */
    MPI_Info early;
    int rc = MPI_Info_create_env(argc, argv, &early);
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char value[MPI_MAX_INFO_VAL], key[MPI_MAX_INFO_KEY];
    MT_CHECK(rc == MPI_SUCCESS && get(early, "command", value, sizeof value) > 0 && strstr(value, "info"),
             "MPI_Info_create_env before MPI_Init: command '%s'", value);
    MPI_Info_free(&early);

    MPI_Info info, copy;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alpha", "1");
    MPI_Info_set(info, "beta", "two");
    MPI_Info_set(info, "alpha", "three"); /* replaced in place */
    int nkeys = -1;
    MPI_Info_get_nkeys(info, &nkeys);
    MPI_Info_get_nthkey(info, 0, key);
    MT_CHECK(nkeys == 2 && strcmp(key, "alpha") == 0, "keys: %d, first '%s'", nkeys, key);
    MPI_Info_get_nthkey(info, 1, key);
    MT_CHECK(strcmp(key, "beta") == 0, "second key '%s'", key);
    MT_CHECK(get(info, "alpha", value, sizeof value) == 6 && strcmp(value, "three") == 0, "alpha = '%s'", value);
    char small[3];
    MT_CHECK(get(info, "alpha", small, sizeof small) == 6 && strcmp(small, "th") == 0,
             "a short buffer gets a cut, terminated value: '%s'", small);
    int buflen = 0, flag = 0;
    MPI_Info_get_string(info, "beta", &buflen, NULL, &flag);
    MT_CHECK(flag && buflen == 4, "buflen 0 asks for the length: %d", buflen);
    MT_CHECK(get(info, "gamma", value, sizeof value) == -1, "a missing key");

    /* the deprecated forms */
    int len = -1;
    MPI_Info_get_valuelen(info, "beta", &len, &flag);
    MPI_Info_get(info, "alpha", 2, value, &flag);
    MT_CHECK(len == 3 && flag && strcmp(value, "th") == 0, "get_valuelen %d, get '%s'", len, value);

    MPI_Info_dup(info, &copy);
    MPI_Info_delete(info, "alpha");
    MPI_Info_get_nkeys(info, &nkeys);
    MT_CHECK(nkeys == 1 && get(copy, "alpha", value, sizeof value) == 6, "dup is independent of delete");
    MT_EXPECT_CLASS(MPI_Info_delete(info, "alpha"), MPI_ERR_INFO_NOKEY, "delete a missing key");
    MT_EXPECT_CLASS(MPI_Info_get_nthkey(info, 1, key), MPI_ERR_ARG, "nthkey past the end");
    char long_key[MPI_MAX_INFO_KEY + 1], *long_value = malloc(MPI_MAX_INFO_VAL + 1);
    memset(long_key, 'k', MPI_MAX_INFO_KEY);
    long_key[MPI_MAX_INFO_KEY] = '\0';
    memset(long_value, 'v', MPI_MAX_INFO_VAL);
    long_value[MPI_MAX_INFO_VAL] = '\0';
    MT_EXPECT_CLASS(MPI_Info_set(info, long_key, "x"), MPI_ERR_INFO_KEY, "a key too long");
    MT_EXPECT_CLASS(MPI_Info_set(info, "", "x"), MPI_ERR_INFO_KEY, "an empty key");
    MT_EXPECT_CLASS(MPI_Info_set(info, "k", long_value), MPI_ERR_INFO_VALUE, "a value too long");
    free(long_value);

    MPI_Info stale = info;
    MPI_Info_free(&info);
    MT_CHECK(info == MPI_INFO_NULL, "MPI_Info_free sets MPI_INFO_NULL");
    MT_EXPECT_CLASS(MPI_Info_get_nkeys(stale, &nkeys), MPI_ERR_INFO, "a freed info object");
    MT_EXPECT_CLASS(MPI_Info_get_nkeys(MPI_INFO_NULL, &nkeys), MPI_ERR_INFO, "MPI_INFO_NULL");
    MPI_Info_free(&copy);

    /* MPI_INFO_ENV */
    MT_CHECK(get(MPI_INFO_ENV, "maxprocs", value, sizeof value) > 0 && atoi(value) == size,
             "MPI_INFO_ENV maxprocs '%s', size %d", value, size);
    MT_CHECK(get(MPI_INFO_ENV, "command", value, sizeof value) > 0 && strstr(value, "info"),
             "MPI_INFO_ENV command '%s'", value);
    MT_CHECK(get(MPI_INFO_ENV, "thread_level", value, sizeof value) > 0 && strncmp(value, "MPI_THREAD_", 11) == 0,
             "MPI_INFO_ENV thread_level '%s'", value);
    MT_EXPECT_CLASS(MPI_Info_set(MPI_INFO_ENV, "x", "y"), MPI_ERR_INFO, "changing MPI_INFO_ENV");
    MPI_Info env = MPI_INFO_ENV;
    MT_EXPECT_CLASS(MPI_Info_free(&env), MPI_ERR_INFO, "freeing MPI_INFO_ENV");
    return mt_finish();
}
