/*
 * buffer.h -- a message's data in the user's memory, as point-to-point
 * moves it.
 *
 * A (buf, count, datatype) argument becomes a dt_buffer_t once, when the
 * call is checked.  Contiguous data (every predefined type but the padded
 * pair types, and derived types whose data is one block) is a pointer and a
 * length, and takes exactly the path it took before datatypes existed.
 * Anything else keeps its type, and its bytes are packed or unpacked piece
 * by piece where they meet the transport: straight into a ring slot, out of
 * a DATA chunk.  Offsets (pos) are in the packed stream: the data bytes in
 * typemap order.
 */
#ifndef TESSERA_DT_BUFFER_H
#define TESSERA_DT_BUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dt/datatype.h"
#include "dt/layout.h"
#include "util/copy.h"

typedef struct dt_buffer {
    void *base;      /* contiguous: the first data byte; typed: buf as given */
    size_t bytes;    /* data bytes: count * size */
    MPI_Count count; /* typed only */
    datatype_t *dt;  /* NULL when the data is contiguous at base */
    bool stream;     /* contiguous destination written around the caches */
} dt_buffer_t;

/* The process's share of the last-level cache (runtime/topology.c,
 * TESSERA_CACHE_SHARE), set at initialisation.  A call that moves more
 * than half of it at a process (what it reads plus what it writes there)
 * streams the data it writes past the caches (copy_stream): its
 * destination's lines are then not in cache when the copy reaches them (a
 * plain store reads each from memory first) and would not stay there, a
 * working set met again every call staying cached only while well under
 * the cache's size.  Measured on the development host (2 cores, 32 MiB
 * shared): at 4 and 8 processes MPI_Gather of 4 MiB 1.2-1.4x faster,
 * MPI_Allgather 1.2-1.3x; but a 4 MiB MPI_Bcast between two, its buffers
 * reused from cache every call, took 2.3x as long streamed (docs/perf.md).
 * Collectives other than a gather wait for more (coll_streams, in
 * coll/select.c). */
extern size_t dt_stream_share;

/* Whether a call moving bytes at this process streams its destinations. */
static inline bool dt_streams(size_t bytes)
{
    return bytes > dt_stream_share / 2;
}

/* Describe count elements of dt at buf.  bytes is count * dt->size, which
 * the caller has checked does not overflow.  Takes no reference on dt. */
static inline dt_buffer_t dt_buffer_make(const void *buf, MPI_Count count, datatype_t *dt, size_t bytes)
{
    dt_buffer_t b = {(void *)(uintptr_t)buf, bytes, count, NULL, false};
    if (dt->contiguous)
        b.base = (void *)((uintptr_t)buf + (uintptr_t)dt->true_lb);
    else if (bytes)
        b.dt = dt;
    return b;
}

/* Contiguous bytes, as internal messages and buffered copies have them. */
static inline dt_buffer_t dt_buffer_bytes(const void *buf, size_t bytes)
{
    return (dt_buffer_t){(void *)(uintptr_t)buf, bytes, 0, NULL, false};
}

/* Copy bytes [pos, pos + len) of the packed stream to dst. */
static inline void dt_buffer_pack(const dt_buffer_t *b, size_t pos, size_t len, void *dst)
{
    if (!b->dt)
        copy_bytes(dst, (const char *)b->base + pos, len);
    else
        dt_pack_range(b->base, b->count, b->dt, (MPI_Count)pos, (MPI_Count)len, dst);
}

/* Copy len bytes from src into bytes [pos, pos + len) of the stream. */
static inline void dt_buffer_unpack(const dt_buffer_t *b, size_t pos, size_t len, const void *src)
{
    if (b->dt)
        dt_unpack_range(b->base, b->count, b->dt, (MPI_Count)pos, (MPI_Count)len, src);
    else if (b->stream)
        copy_stream((char *)b->base + pos, src, len);
    else
        copy_bytes((char *)b->base + pos, src, len);
}

/* Copy the first n bytes of src's data stream into dst's (n within both),
 * two buffers of this process (util/copy.h: copy_local): one pass where
 * either is contiguous or their layouts are alike (dt_copy_alike), else
 * through a bounce buffer on the stack (layout.c: dt_buffer_copy_typed). */
void dt_buffer_copy_typed(const dt_buffer_t *dst, const dt_buffer_t *src, size_t n);
static inline void dt_buffer_copy(const dt_buffer_t *dst, const dt_buffer_t *src, size_t n)
{
    if (!src->dt && !dst->dt && !dst->stream)
        copy_local(dst->base, src->base, n);
    else
        dt_buffer_copy_typed(dst, src, n);
}

#endif
