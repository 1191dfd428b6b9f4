/* info.c -- info objects and MPI_INFO_ENV. */
#include "obj/info.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "obj/handle.h"

static obj_table_t info_table;
static info_t info_env_obj = {.predefined = true};

static void info_table_ready(void)
{
    if (info_table.objects)
        return;
    obj_table_init(&info_table, TESSERA_KIND_INFO_, 2);
    info_env_obj.handle = obj_table_put_at(&info_table, 1, &info_env_obj);
}

info_t *info_from_handle(MPI_Info handle)
{
    info_table_ready();
    return obj_table_lookup(&info_table, handle_value(handle));
}

MPI_Info info_handle(const info_t *info)
{
    return (MPI_Info)(uintptr_t)info->handle;
}

info_t *info_env(void)
{
    info_table_ready();
    return &info_env_obj;
}

info_t *info_new(void)
{
    info_table_ready();
    info_t *info = calloc(1, sizeof *info);
    if (info && !(info->handle = obj_table_insert(&info_table, info))) {
        free(info);
        return NULL;
    }
    return info;
}

static void clear(info_t *info)
{
    for (int i = 0; i < info->n; i++) {
        free(info->entries[i].key);
        free(info->entries[i].value);
    }
    free(info->entries);
    info->entries = NULL;
    info->n = info->capacity = 0;
}

void info_free(info_t *info)
{
    if (info->predefined)
        return;
    obj_table_remove(&info_table, info->handle);
    clear(info);
    free(info);
}

info_t *info_dup(const info_t *src)
{
    info_t *info = info_new();
    for (int i = 0; info && i < src->n; i++) {
        if (!info_set(info, src->entries[i].key, src->entries[i].value)) {
            info_free(info);
            return NULL;
        }
    }
    return info;
}

static int find(const info_t *info, const char *key)
{
    for (int i = 0; i < info->n; i++)
        if (strcmp(info->entries[i].key, key) == 0)
            return i;
    return -1;
}

bool info_set(info_t *info, const char *key, const char *value)
{
    char *v = strdup(value);
    if (!v)
        return false;
    int i = find(info, key);
    if (i >= 0) {
        free(info->entries[i].value);
        info->entries[i].value = v;
        return true;
    }
    if (info->n == info->capacity) {
        int capacity = info->capacity ? 2 * info->capacity : 8;
        info_entry_t *entries = realloc(info->entries, (size_t)capacity * sizeof *entries);
        if (!entries) {
            free(v);
            return false;
        }
        info->entries = entries;
        info->capacity = capacity;
    }
    char *k = strdup(key);
    if (!k) {
        free(v);
        return false;
    }
    info->entries[info->n++] = (info_entry_t){k, v};
    return true;
}

const char *info_get(const info_t *info, const char *key)
{
    int i = find(info, key);
    return i >= 0 ? info->entries[i].value : NULL;
}

bool info_delete(info_t *info, const char *key)
{
    int i = find(info, key);
    if (i < 0)
        return false;
    free(info->entries[i].key);
    free(info->entries[i].value);
    memmove(&info->entries[i], &info->entries[i + 1], (size_t)(info->n - i - 1) * sizeof *info->entries);
    info->n--;
    return true;
}

/* The command line from /proc when the caller has no argv (MPI_Init(NULL,
 * NULL)): arguments separated by NULs. */
static bool fill_command_line(info_t *info)
{
    FILE *f = fopen("/proc/self/cmdline", "r");
    if (!f)
        return true;
    char buf[4096];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    if (len == 0)
        return true;
    size_t first = strlen(buf);
    for (size_t i = first + 1; i < len; i++)
        if (buf[i] == '\0')
            buf[i] = ' ';
    return info_set(info, "command", buf) && info_set(info, "argv", first + 1 < len ? buf + first + 1 : "");
}

bool info_fill_env(info_t *info, int argc, char **argv)
{
    bool ok = true;
    if (argc > 0 && argv && argv[0]) {
        size_t len = 1;
        for (int i = 1; i < argc; i++)
            len += strlen(argv[i]) + 1;
        char *args = calloc(1, len);
        if (!args)
            return false;
        for (int i = 1; i < argc; i++) {
            if (i > 1)
                strcat(args, " ");
            strcat(args, argv[i]);
        }
        ok = info_set(info, "command", argv[0]) && info_set(info, "argv", args);
        free(args);
    } else {
        ok = fill_command_line(info);
    }
    char host[256] = "", wdir[4096] = "";
    gethostname(host, sizeof host - 1);
    if (ok && host[0])
        ok = info_set(info, "host", host);
    if (ok && getcwd(wdir, sizeof wdir))
        ok = info_set(info, "wdir", wdir);
    return ok;
}

void info_init_env(int command_size, int thread_level)
{
    static const char *const levels[] = {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED",
                                         "MPI_THREAD_MULTIPLE"};
    info_t *env = info_env();
    char maxprocs[16];
    snprintf(maxprocs, sizeof maxprocs, "%d", command_size);
    clear(env);
    /* Out of memory here leaves MPI_INFO_ENV with fewer keys, no worse. */
    if (info_fill_env(env, 0, NULL) && info_set(env, "maxprocs", maxprocs))
        info_set(env, "thread_level", levels[thread_level >= 0 && thread_level <= 3 ? thread_level : 0]);
}
