/*
 * typemap.h -- an independent reference for datatype tests: a typemap
 * expander written from the standard's definitions, which lists each basic
 * element's (displacement, size) in typemap order with the type's bounds.
 * Shared by tests/mpi/dt/constructors.c and the fuzz target.
 */
#ifndef TESSERA_TESTS_TYPEMAP_H
#define TESSERA_TESTS_TYPEMAP_H

#include <stdbool.h>
#include <string.h>

#define MAXE 4096

typedef struct typemap {
    int n;
    long disp[MAXE];
    int len[MAXE];
    long lb, ub;
    int align;
    bool bounds_set;
    bool too_big; /* more than MAXE elements: the rest was dropped */
} typemap_t;

static typemap_t tm_pool[64];
static int tm_used;

static typemap_t *tm_new(void)
{
    typemap_t *t = &tm_pool[tm_used++];
    memset(t, 0, sizeof *t);
    return t;
}

static typemap_t *tm_basic(int size)
{
    typemap_t *t = tm_new();
    t->n = 1;
    t->len[0] = size;
    t->ub = size;
    t->align = size;
    return t;
}

static long tm_extent(const typemap_t *t)
{
    return t->ub - t->lb;
}

/* Append a copy of `old` shifted by `shift`, and widen the bounds. */
static void tm_append(typemap_t *t, const typemap_t *old, long shift, bool *first)
{
    t->too_big |= old->too_big;
    if (t->n + old->n > MAXE) {
        t->too_big = true;
        return;
    }
    for (int i = 0; i < old->n; i++) {
        t->disp[t->n] = old->disp[i] + shift;
        t->len[t->n++] = old->len[i];
    }
    if (old->n == 0 && !old->bounds_set)
        return;
    if (*first || old->lb + shift < t->lb)
        t->lb = old->lb + shift;
    if (*first || old->ub + shift > t->ub)
        t->ub = old->ub + shift;
    *first = false;
    if (old->align > t->align)
        t->align = old->align;
    t->bounds_set |= old->bounds_set;
}

static typemap_t *tm_hvector(int count, int bl, long stride_bytes, const typemap_t *old)
{
    typemap_t *t = tm_new();
    bool first = true;
    for (int i = 0; i < count; i++)
        for (int j = 0; j < bl; j++)
            tm_append(t, old, i * stride_bytes + j * tm_extent(old), &first);
    return t;
}

static typemap_t *tm_hindexed(int count, const int *bl, const long *disp_bytes, const typemap_t *const *old)
{
    typemap_t *t = tm_new();
    bool first = true;
    for (int i = 0; i < count; i++)
        for (int j = 0; j < bl[i]; j++)
            tm_append(t, old[i], disp_bytes[i] + j * tm_extent(old[i]), &first);
    return t;
}

static typemap_t *tm_struct(int count, const int *bl, const long *disp, const typemap_t *const *old)
{
    typemap_t *t = tm_hindexed(count, bl, disp, old);
    long ext = tm_extent(t);
    if (!t->bounds_set && t->align && ext % t->align)
        t->ub += t->align - ext % t->align;
    return t;
}

static typemap_t *tm_resized(const typemap_t *old, long lb, long extent)
{
    typemap_t *t = tm_new();
    *t = *old;
    t->lb = lb;
    t->ub = lb + extent;
    t->bounds_set = true;
    return t;
}

/* Subarray: every index tuple of the subarray, fastest dimension last
 * (C) or first (Fortran). */
static typemap_t *tm_subarray(int ndims, const int *sizes, const int *subsizes, const int *starts, bool fortran,
                              const typemap_t *old)
{
    typemap_t *t = tm_new();
    bool first = true;
    int idx[8] = {0};
    long total = 1;
    for (int d = 0; d < ndims; d++)
        total *= subsizes[d];
    for (long k = 0; k < total; k++) {
        long rest = k, off = 0, stride = tm_extent(old);
        for (int i = 0; i < ndims; i++) {
            int d = fortran ? i : ndims - 1 - i;
            idx[d] = (int)(rest % subsizes[d]);
            rest /= subsizes[d];
        }
        for (int i = 0; i < ndims; i++) {
            int d = fortran ? i : ndims - 1 - i;
            off += (starts[d] + idx[d]) * stride;
            stride *= sizes[d];
        }
        tm_append(t, old, off, &first);
    }
    long all = tm_extent(old);
    for (int d = 0; d < ndims; d++)
        all *= sizes[d];
    t->lb = 0;
    t->ub = all;
    t->bounds_set = true;
    return t;
}

static long tm_size(const typemap_t *t)
{
    long s = 0;
    for (int i = 0; i < t->n; i++)
        s += t->len[i];
    return s;
}

/* The first and one past the last byte of data (0, 0 when empty). */
static void tm_true_bounds(const typemap_t *t, long *lo, long *hi)
{
    *lo = *hi = 0;
    for (int i = 0; i < t->n; i++) {
        if (i == 0 || t->disp[i] < *lo)
            *lo = t->disp[i];
        if (i == 0 || t->disp[i] + t->len[i] > *hi)
            *hi = t->disp[i] + t->len[i];
    }
}

#endif
