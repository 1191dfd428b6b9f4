/*
 * layout.h -- where a datatype's bytes lie, and the one engine that moves
 * them.
 *
 * A layout is a tree of three kinds of node:
 *   BLOCK   `size` contiguous bytes at offset 0;
 *   VECTOR  `count` copies of one child, `stride` bytes apart;
 *   LIST    children at their own displacements (struct, indexed).
 * Every node knows `size`, the bytes of data it holds.  Building a layout
 * keeps loops as loops (a vector of a million doubles is one VECTOR over
 * one 8-byte BLOCK) and merges what is contiguous (a VECTOR of BLOCKs
 * whose stride is the block size becomes one BLOCK).
 *
 * The packed stream of (buf, count, type) is its data bytes in typemap
 * order.  dt_pack_range()/dt_unpack_range() copy any byte range of that
 * stream, so a message can be packed or unpacked piece by piece as ring
 * space or chunks come: there is never a need to pack the whole message
 * first.
 */
#ifndef TESSERA_DT_LAYOUT_H
#define TESSERA_DT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/uio.h>

#include "dt/datatype.h"

enum dt_node_kind {
    DT_BLOCK = 1,
    DT_VECTOR = 2,
    DT_LIST = 3,
};

#define DT_LIST_BLOCKS (-1)

typedef struct dt_node {
    int kind;
    MPI_Count size;
    /* VECTOR */
    MPI_Count count;
    MPI_Aint stride;
    struct dt_node *child;
    /* LIST: n entries; prefix[i] is the data size of entries before i.
     * block: the size of every entry when each is a BLOCK of one size (an
     * indexed block of a basic type), DT_LIST_BLOCKS when each is a BLOCK
     * but sizes differ, 0 otherwise: such lists are walked in one loop. */
    MPI_Count n;
    MPI_Aint *disp;
    struct dt_node **children;
    MPI_Count *prefix;
    MPI_Count block;
} dt_node_t;

/* Building blocks for dt_commit (layout.c).  Each returns NULL when out of
 * memory; a node of size 0 is never made (callers skip empty parts).  The
 * new node takes over the references to the nodes it is given. */
dt_node_t *dt_node_block(MPI_Count size);
/* n copies of child, stride bytes apart. */
dt_node_t *dt_node_repeat(MPI_Count n, MPI_Aint stride, dt_node_t *child);
/* Entries (disp[i], child[i]); arrays are copied. */
dt_node_t *dt_node_list(MPI_Count n, const MPI_Aint *disp, dt_node_t **children);
dt_node_t *dt_node_copy(const dt_node_t *node);
void dt_node_free(dt_node_t *node);

/* Copy bytes [pos, pos + len) of the packed stream of (buf, count, dt)
 * into packed (pack) or from packed (unpack).  dt must be committed and
 * pos + len within count * dt->size. */
void dt_pack_range(const void *buf, MPI_Count count, datatype_t *dt, MPI_Count pos, MPI_Count len, void *packed);
void dt_unpack_range(void *buf, MPI_Count count, datatype_t *dt, MPI_Count pos, MPI_Count len, const void *packed);

/* Fill dt's rows_* fields (dt/datatype.h) from its layout. */
void dt_layout_note_rows(datatype_t *dt);

/* The bytes of the first contiguous block a walk of the layout reaches
 * (through vectors, one-entry lists and lists of equal blocks), 0 when a
 * list of different entries comes first: how much one block of the type
 * moves at a time. */
MPI_Count dt_layout_first_block(const dt_node_t *node);

/* Copy the data of count elements of src_dt at src to count elements of
 * dst_dt at dst in one pass over the layout, where the two types are one
 * or their layouts are the same but for where they start (a subarray's
 * face and the ghost plane beside it): every byte the types cover, nothing
 * between, where packing into a bounce buffer and unpacking it took two
 * passes.  MPI_Alltoall of 1000 structs {int, 3 doubles, 4 chars} on one
 * process 12.1-12.8 -> 3.1-3.5 us (Open MPI 6.8), two 24.0-24.2 ->
 * 19.3-19.5 (21.8-21.9); MPI_Gather of them 18.2-18.4 -> 8.4 (19.4-19.6).
 * Returns false, having copied nothing, where the layouts differ. */
bool dt_copy_alike(void *dst, datatype_t *dst_dt, const void *src, datatype_t *src_dt, MPI_Count count);

/* At commit: note in dt whether its data is small blocks in loops
 * (datatype_t.sparse_lines), what dt_sparse_aliased and unpacking ask. */
void dt_layout_note_sparse(datatype_t *dt);

/* Whether count elements of dt are blocks shorter than a cache line at
 * strides that crowd them into a few cache sets, more of them than L2
 * keeps there: every block then misses L2 on every pass.  Committed types
 * only. */
bool dt_sparse_aliased(const datatype_t *dt, MPI_Count count);

/* Where bytes [pos, pos + len) of the packed stream lie in memory, as
 * address ranges in stream order, adjacent ones merged: the iovec list of a
 * single copy between processes.  Appends to segs (grown with realloc;
 * out of memory sets failed). */
typedef struct dt_segments {
    struct iovec *iov;
    size_t n, cap;
    bool failed;
} dt_segments_t;
void dt_segments_range(const void *buf, MPI_Count count, datatype_t *dt, MPI_Count pos, MPI_Count len,
                       dt_segments_t *segs);

#endif
