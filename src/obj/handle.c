#include "obj/handle.h"

#include <stdlib.h>
#include <string.h>

#include "util/log.h"

static void obj_table_grow(obj_table_t *table, uint32_t need)
{
    uint32_t cap = table->capacity ? table->capacity : 64;
    while (cap < need)
        cap *= 2;
    if (cap > HANDLE_INDEX_MASK + 1)
        cap = HANDLE_INDEX_MASK + 1;
    void **objects = realloc(table->objects, cap * sizeof *objects);
    uint32_t *values = realloc(table->values, cap * sizeof *values);
    uint32_t *free_list = realloc(table->free_list, cap * sizeof *free_list);
    if (!objects || !values || !free_list)
        log_fatal("out of memory growing a handle table to %u entries", cap);
    memset(objects + table->capacity, 0, (cap - table->capacity) * sizeof *objects);
    for (uint32_t i = table->capacity; i < cap; i++)
        values[i] = handle_make(table->kind, 0, i);
    table->objects = objects;
    table->values = values;
    table->free_list = free_list;
    table->capacity = cap;
}

void obj_table_init(obj_table_t *table, uint32_t kind, uint32_t reserved)
{
    memset(table, 0, sizeof *table);
    table->kind = kind;
    obj_table_grow(table, reserved + 64);
    table->used = reserved; /* indices below are for predefined objects (0 is null) */
}

void obj_table_destroy(obj_table_t *table)
{
    free(table->objects);
    free(table->values);
    free(table->free_list);
    memset(table, 0, sizeof *table);
}

uint32_t obj_table_put_at(obj_table_t *table, uint32_t index, void *obj)
{
    table->objects[index] = obj;
    table->values[index] = handle_make(table->kind, 0, index);
    return table->values[index];
}

uint32_t obj_table_insert_new(obj_table_t *table, void *obj)
{
    if (table->used > HANDLE_INDEX_MASK)
        return 0;
    if (table->used == table->capacity)
        obj_table_grow(table, table->used + 1);
    uint32_t index = table->used++;
    table->objects[index] = obj;
    return table->values[index];
}
