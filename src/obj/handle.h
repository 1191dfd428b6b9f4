/*
 * handle.h -- turning the handles users hold into the objects behind them.
 *
 * A handle's value (see include/mpi.h) packs kind, generation and index.
 * Each kind has one table: index -> object pointer plus the handle value
 * the slot stands for (kind, generation, index).  Freeing bumps the
 * generation, so a stale handle is caught as invalid instead of reaching a
 * reused object.  Predefined objects sit at fixed low indices with
 * generation 0.
 */
#ifndef TESSERA_OBJ_HANDLE_H
#define TESSERA_OBJ_HANDLE_H

#include <stddef.h>
#include <stdint.h>

#define HANDLE_KIND_SHIFT 28
#define HANDLE_GEN_SHIFT 20
#define HANDLE_GEN_MASK 0xffu
#define HANDLE_INDEX_MASK 0xfffffu

typedef struct obj_table {
    void **objects;   /* index -> object, NULL when the slot is free */
    uint32_t *values; /* index -> the handle value of the slot's generation */
    uint32_t capacity;
    uint32_t used;       /* slots below this index have been handed out */
    uint32_t *free_list; /* freed indices, reused last-in first-out */
    uint32_t free_count;
    uint32_t kind;
} obj_table_t;

static inline uint32_t handle_value(const void *handle)
{
    return (uint32_t)(uintptr_t)handle;
}

void obj_table_init(obj_table_t *table, uint32_t kind, uint32_t reserved);
void obj_table_destroy(obj_table_t *table);
/* Place an object at a fixed index (predefined objects); returns its handle. */
uint32_t obj_table_put_at(obj_table_t *table, uint32_t index, void *obj);
/* A fresh slot for obj when no freed one is left; 0 when the table is full. */
uint32_t obj_table_insert_new(obj_table_t *table, void *obj);

/* Give the object a fresh handle; returns 0 when the table is full. */
static inline uint32_t obj_table_insert(obj_table_t *table, void *obj)
{
    if (__builtin_expect(table->free_count == 0, 0))
        return obj_table_insert_new(table, obj);
    uint32_t index = table->free_list[--table->free_count];
    table->objects[index] = obj;
    return table->values[index];
}

/* The object behind a handle value, or NULL if the value is not a live
 * handle of this table's kind.  Comparing the whole value checks kind and
 * generation at once (every call looks up two or three handles); a table
 * not set up, or destroyed, has no index in use. */
static inline void *obj_table_lookup(const obj_table_t *table, uint32_t value)
{
    uint32_t index = value & HANDLE_INDEX_MASK;
    if (index >= table->used || table->values[index] != value)
        return NULL;
    return table->objects[index];
}

static inline uint32_t handle_make(uint32_t kind, uint32_t generation, uint32_t index)
{
    return (kind << HANDLE_KIND_SHIFT) | (generation << HANDLE_GEN_SHIFT) | index;
}

/* Free the slot of a live handle value (every request's end: inline). */
static inline void obj_table_remove(obj_table_t *table, uint32_t value)
{
    uint32_t index = value & HANDLE_INDEX_MASK;
    table->objects[index] = NULL;
    /* A new generation makes every copy of the old handle invalid.  Generation
     * 0 is kept for predefined objects, so user generations cycle 1..255. */
    uint32_t gen = ((value >> HANDLE_GEN_SHIFT) + 1) & HANDLE_GEN_MASK;
    table->values[index] = handle_make(table->kind, gen ? gen : 1, index);
    table->free_list[table->free_count++] = index;
}

#endif
