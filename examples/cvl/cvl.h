/*
 * cvl.h -- a segmented vector library over MPI, in the spirit of CVL (the
 * C vector library under NESL).
 *
 * A vector of n elements (64-bit integers or doubles) lies in balanced
 * blocks over the ranks of a communicator: rank r holds elements
 * lo = n r / p up to hi = n (r + 1) / p.  Operations are collective over
 * the communicator and every rank passes vectors of the same lengths.
 *
 * A segmented vector is a vector and a flag vector of the same length: a
 * non-zero flag starts a segment (the first element always does).
 * Segmented scans and reductions work within each segment, which is how
 * nested parallelism (a quicksort's partitions, a sparse matrix's rows)
 * becomes flat data parallelism.
 *
 * Permutations send each element to the rank holding its destination:
 * elements are gathered into one buffer per destination rank, the counts
 * exchanged first (MPI_Alltoall) so that every rank knows how much will
 * arrive, then the buffers (MPI_Alltoallv).
 */
#ifndef CVL_H
#define CVL_H

#include <mpi.h>
#include <stdint.h>

typedef enum { CVL_INT, CVL_DOUBLE } cvl_type_t; /* int64_t or double */

/* CVL_COPY: every element gets its segment's first value. */
typedef enum { CVL_SUM, CVL_MAX, CVL_MIN, CVL_COPY } cvl_op_t;

typedef struct {
    MPI_Comm comm; /* a duplicate: the library's messages stay its own */
    int rank, size;
    MPI_Datatype pair;           /* two 64-bit words */
    MPI_Op carry_op;             /* combines the scans' carries across ranks */
    struct cvl_buffers *buffers; /* the permutations' buffers, kept from call to call (cvl.c) */
} cvl_t;

typedef struct {
    cvl_type_t type;
    long n;      /* the global length */
    long lo, hi; /* the elements held here */
    union {
        int64_t *i;
        double *d;
        void *p;
    };
} cvl_vec_t;

int cvl_init(cvl_t *c, MPI_Comm comm);
void cvl_finalize(cvl_t *c);

/* The first element of rank r's block, and the rank holding element g. */
long cvl_block_lo(const cvl_t *c, long n, int r);
int cvl_owner(const cvl_t *c, long n, long g);

cvl_vec_t cvl_new(const cvl_t *c, cvl_type_t type, long n);
void cvl_free(cvl_vec_t *v);

/* Elementwise, on vectors of one type and length (z may be x or y). */
void cvl_add(cvl_vec_t *z, const cvl_vec_t *x, const cvl_vec_t *y);
void cvl_sub(cvl_vec_t *z, const cvl_vec_t *x, const cvl_vec_t *y);
void cvl_mul(cvl_vec_t *z, const cvl_vec_t *x, const cvl_vec_t *y);
void cvl_iota(cvl_vec_t *v); /* v[g] = g */
void cvl_fill(cvl_vec_t *v, double value);

/* The reduction of the whole vector, on every rank. */
int64_t cvl_reduce_int(const cvl_t *c, const cvl_vec_t *x, cvl_op_t op);
double cvl_reduce_double(const cvl_t *c, const cvl_vec_t *x, cvl_op_t op);

/* out = the scan of x within the segments of flags (NULL: one segment).
 * Inclusive, or exclusive (each segment starting from the operation's
 * identity: 0, the type's lowest or highest value; CVL_COPY is always
 * inclusive).  out may be x. */
void cvl_scan(const cvl_t *c, cvl_vec_t *out, const cvl_vec_t *x, const cvl_vec_t *flags, cvl_op_t op, int exclusive);

/* The number of segments; id[i] = the number of the segment element i is
 * in (id a CVL_INT vector of flags' length); out[s] = the reduction of
 * segment s (out of the number of segments' length). */
long cvl_segments(const cvl_t *c, const cvl_vec_t *flags);
void cvl_segment_ids(const cvl_t *c, cvl_vec_t *id, const cvl_vec_t *flags);
void cvl_seg_reduce(const cvl_t *c, cvl_vec_t *out, const cvl_vec_t *x, const cvl_vec_t *flags, cvl_op_t op);

/* dst[index[i]] = src[i] (an element with a negative index stays home);
 * dst[i] = src[index[i]].  index is a CVL_INT vector of src's (scatter)
 * or dst's (gather) length; dst and src have one type. */
void cvl_scatter(const cvl_t *c, cvl_vec_t *dst, const cvl_vec_t *src, const cvl_vec_t *index);
void cvl_gather(const cvl_t *c, cvl_vec_t *dst, const cvl_vec_t *src, const cvl_vec_t *index);

#endif
