#include "obj/handle.h"

#include <stdlib.h>
#include <string.h>

#include "util/log.h"

static uint32_t handle_make(uint32_t kind, uint32_t generation, uint32_t index)
{
    return (kind << HANDLE_KIND_SHIFT) | (generation << HANDLE_GEN_SHIFT) | index;
}

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

uint32_t obj_table_insert(obj_table_t *table, void *obj)
{
    uint32_t index;
    if (table->free_count > 0) {
        index = table->free_list[--table->free_count];
    } else {
        if (table->used > HANDLE_INDEX_MASK)
            return 0;
        if (table->used == table->capacity)
            obj_table_grow(table, table->used + 1);
        index = table->used++;
    }
    table->objects[index] = obj;
    return table->values[index];
}

void obj_table_remove(obj_table_t *table, uint32_t value)
{
    uint32_t index = value & HANDLE_INDEX_MASK;
    table->objects[index] = NULL;
    /* A new generation makes every copy of the old handle invalid.  Generation
     * 0 is kept for predefined objects, so user generations cycle 1..255. */
    uint32_t gen = ((table->values[index] >> HANDLE_GEN_SHIFT) + 1) & HANDLE_GEN_MASK;
    table->values[index] = handle_make(table->kind, gen ? gen : 1, index);
    table->free_list[table->free_count++] = index;
}
