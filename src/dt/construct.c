/* construct.c -- sizes, bounds and layouts of derived datatypes. */
#include "dt/construct.h"

#include <stdlib.h>

#include "dt/layout.h"
#include "err/err.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Checked arithmetic on sizes and displacements. */
static bool mul_ok(int64_t a, int64_t b, int64_t *out)
{
    return !__builtin_mul_overflow(a, b, out);
}

static bool add_ok(int64_t a, int64_t b, int64_t *out)
{
    return !__builtin_add_overflow(a, b, out);
}

static int overflow(void)
{
    return err_set(MPI_ERR_ARG, "invalid datatype arguments (sizes or displacements overflow MPI_Aint)");
}

/* Lowest and highest offsets (relative to the first) that `n` copies
 * `stride` apart reach. */
static bool spread(MPI_Count n, MPI_Aint stride, int64_t *lo, int64_t *hi)
{
    int64_t last;
    if (!mul_ok(n - 1, stride, &last))
        return false;
    *lo = MIN(0, last);
    *hi = MAX(0, last);
    return true;
}

static void set_contiguous(datatype_t *dt)
{
    const dt_node_t *l = dt->layout;
    bool one_block =
        l && (l->kind == DT_BLOCK || (l->kind == DT_LIST && l->n == 1 && l->children[0]->kind == DT_BLOCK));
    dt->contiguous = dt->size == 0 || (one_block && dt->size == dt->extent);
}

static int set_signature(datatype_t *dt, const dt_piece_t *p, MPI_Count n)
{
    dt->sig_reps = malloc((size_t)MAX(n, 1) * sizeof *dt->sig_reps);
    dt->sig_types = malloc((size_t)MAX(n, 1) * sizeof *dt->sig_types);
    if (!dt->sig_reps || !dt->sig_types)
        return MPI_ERR_NO_MEM;
    dt->sig_n = 0;
    for (MPI_Count i = 0; i < n; i++) {
        MPI_Count reps = p[i].outer * p[i].inner;
        /* One type all through (vector, indexed): one run says it all. */
        if (dt->sig_n && dt->sig_types[dt->sig_n - 1] == p[i].type) {
            dt->sig_reps[dt->sig_n - 1] += reps;
            continue;
        }
        dt->sig_reps[dt->sig_n] = reps;
        dt->sig_types[dt->sig_n] = p[i].type;
        dt->sig_n++;
    }
    return MPI_SUCCESS;
}

int dt_build(datatype_t *dt, const dt_piece_t *p, MPI_Count n)
{
    int64_t size = 0, nbasic = 0, lb = INT64_MAX, ub = INT64_MIN, tlb = INT64_MAX, tub = INT64_MIN;
    MPI_Aint align = 1;
    MPI_Count nparts = 0;
    for (MPI_Count i = 0; i < n; i++) {
        datatype_t *t = p[i].type;
        int64_t copies, bytes, elems, lo1, hi1, lo2, hi2, lo, hi;
        if (!mul_ok(p[i].outer, p[i].inner, &copies) || !mul_ok(copies, t->size, &bytes) ||
            !mul_ok(copies, t->nbasic, &elems) || !add_ok(size, bytes, &size) || !add_ok(nbasic, elems, &nbasic))
            return overflow();
        /* No copies, or copies of nothing: no entries in the typemap, so
         * no bounds, markers or alignment from this piece. */
        if (copies == 0 || (t->size == 0 && !t->bounds_set))
            continue;
        align = MAX(align, t->align);
        dt->bounds_set |= t->bounds_set;
        if (!spread(p[i].outer, p[i].stride, &lo1, &hi1) || !spread(p[i].inner, t->extent, &lo2, &hi2))
            return overflow();
        if (!add_ok(p[i].disp, lo1 + lo2, &lo) || !add_ok(p[i].disp, hi1 + hi2, &hi) || !add_ok(lo, t->lb, &lo) ||
            !add_ok(hi, t->ub, &hi))
            return overflow();
        lb = MIN(lb, lo);
        ub = MAX(ub, hi);
        if (t->size == 0)
            continue;
        nparts++;
        tlb = MIN(tlb, p[i].disp + lo1 + lo2 + t->true_lb);
        tub = MAX(tub, p[i].disp + hi1 + hi2 + t->true_ub);
    }
    dt->size = size;
    dt->nbasic = nbasic;
    dt->align = align;
    dt->lb = lb == INT64_MAX ? 0 : lb;
    dt->ub = ub == INT64_MIN ? 0 : ub;
    dt->true_lb = nparts ? tlb : 0;
    dt->true_ub = nparts ? tub : 0;
    /* A struct's extent is padded to the alignment of its strictest member,
     * as the C compiler pads the struct it describes. */
    if (dt->combiner == MPI_COMBINER_STRUCT && !dt->bounds_set && (dt->ub - dt->lb) % align)
        dt->ub += align - (dt->ub - dt->lb) % align;
    if (!add_ok(dt->ub, -dt->lb, &dt->extent))
        return overflow();

    int rc = set_signature(dt, p, n);
    if (rc != MPI_SUCCESS || nparts == 0)
        return rc;
    MPI_Aint *disp = malloc((size_t)nparts * sizeof *disp);
    dt_node_t **parts = malloc((size_t)nparts * sizeof *parts);
    if (!disp || !parts) {
        free(disp);
        free(parts);
        return MPI_ERR_NO_MEM;
    }
    MPI_Count k = 0;
    for (MPI_Count i = 0; i < n; i++) {
        datatype_t *t = p[i].type;
        if (p[i].outer == 0 || p[i].inner == 0 || t->size == 0)
            continue;
        dt_node_t *node = dt_node_repeat(p[i].inner, t->extent, dt_node_copy(t->layout));
        node = dt_node_repeat(p[i].outer, p[i].stride, node);
        if (!node) {
            while (k > 0)
                dt_node_free(parts[--k]);
            free(disp);
            free(parts);
            return MPI_ERR_NO_MEM;
        }
        disp[k] = p[i].disp;
        parts[k++] = node;
    }
    dt->layout = dt_node_list(nparts, disp, parts);
    free(disp);
    free(parts);
    if (!dt->layout)
        return MPI_ERR_NO_MEM;
    set_contiguous(dt);
    return MPI_SUCCESS;
}

int dt_build_resized(datatype_t *dt, datatype_t *old, MPI_Aint lb, MPI_Aint extent)
{
    dt_piece_t piece = {0, 1, 0, 1, old};
    int rc = dt_build(dt, &piece, 1);
    if (rc != MPI_SUCCESS)
        return rc;
    if (dt->combiner == MPI_COMBINER_RESIZED) {
        dt->lb = lb;
        dt->extent = extent;
        if (!add_ok(lb, extent, &dt->ub))
            return overflow();
        dt->bounds_set = true;
        set_contiguous(dt);
    }
    return MPI_SUCCESS;
}

/* The whole array's bounds: subarray and darray types span all of it. */
static int set_array_bounds(datatype_t *dt, int ndims, const MPI_Count *gsizes, datatype_t *old)
{
    int64_t total = old->extent;
    for (int i = 0; i < ndims; i++)
        if (!mul_ok(total, gsizes[i], &total))
            return overflow();
    dt->lb = 0;
    dt->ub = dt->extent = total;
    dt->bounds_set = true;
    set_contiguous(dt);
    return MPI_SUCCESS;
}

/* Strides of each dimension in bytes; dimension order follows `order`. */
static int array_strides(int ndims, const MPI_Count *gsizes, int order, MPI_Aint extent, MPI_Aint *stride)
{
    int64_t s = extent;
    for (int k = 0; k < ndims; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
        stride[d] = s;
        if (!mul_ok(s, gsizes[d], &s))
            return overflow();
    }
    return MPI_SUCCESS;
}

/* A run of `len` indices from `start` along one dimension. */
typedef struct run {
    MPI_Count start, len;
} run_t;

/* Build the data of an n-dimensional selection: along dimension d the
 * indices in runs[d][0 .. nruns[d]), dimensions nested from the slowest. */
static int build_selection(datatype_t *dt, int ndims, const MPI_Aint *stride, run_t *const *runs,
                           const MPI_Count *nruns, int order, datatype_t *old)
{
    int64_t count = 1, elems;
    for (int d = 0; d < ndims; d++) {
        int64_t sum = 0;
        for (MPI_Count r = 0; r < nruns[d]; r++)
            sum += runs[d][r].len;
        if (!mul_ok(count, sum, &count))
            return overflow();
    }
    if (!mul_ok(count, old->size, &dt->size) || !mul_ok(count, old->nbasic, &elems))
        return overflow();
    dt->nbasic = elems;
    dt->align = old->align;
    dt_piece_t sig = {0, 1, 0, count, old};
    int rc = set_signature(dt, &sig, 1);
    if (rc != MPI_SUCCESS || dt->size == 0)
        return rc;
    /* From the fastest dimension out, each level a list of runs of the
     * level inside it. */
    dt_node_t *node = dt_node_copy(old->layout);
    MPI_Aint inner_lo = old->true_lb, inner_hi = old->true_ub;
    for (int k = 0; k < ndims && node; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
        MPI_Aint *disp = malloc((size_t)nruns[d] * sizeof *disp);
        dt_node_t **parts = malloc((size_t)nruns[d] * sizeof *parts);
        bool ok = disp && parts;
        for (MPI_Count r = 0; ok && r < nruns[d]; r++) {
            disp[r] = runs[d][r].start * stride[d];
            parts[r] = dt_node_repeat(runs[d][r].len, stride[d], r + 1 < nruns[d] ? dt_node_copy(node) : node);
            ok = parts[r] != NULL;
            if (!ok)
                while (r > 0)
                    dt_node_free(parts[--r]);
        }
        MPI_Count last = nruns[d] - 1;
        inner_hi += (runs[d][last].start + runs[d][last].len - 1) * stride[d];
        inner_lo += runs[d][0].start * stride[d];
        node = ok ? dt_node_list(nruns[d], disp, parts) : NULL;
        free(disp);
        free(parts);
    }
    if (!node)
        return MPI_ERR_NO_MEM;
    dt->layout = node;
    dt->true_lb = inner_lo;
    dt->true_ub = inner_hi;
    return MPI_SUCCESS;
}

int dt_build_subarray(datatype_t *dt, int ndims, const MPI_Count *sizes, const MPI_Count *subsizes,
                      const MPI_Count *starts, int order, datatype_t *old)
{
    MPI_Aint *stride = calloc((size_t)ndims, sizeof *stride);
    run_t *runs = calloc((size_t)ndims, sizeof *runs);
    run_t **run_of = calloc((size_t)ndims, sizeof *run_of);
    MPI_Count *nruns = calloc((size_t)ndims, sizeof *nruns);
    int rc =
        stride && runs && run_of && nruns ? array_strides(ndims, sizes, order, old->extent, stride) : MPI_ERR_NO_MEM;
    for (int d = 0; rc == MPI_SUCCESS && d < ndims; d++) {
        runs[d] = (run_t){starts[d], subsizes[d]};
        run_of[d] = &runs[d];
        nruns[d] = 1;
    }
    if (rc == MPI_SUCCESS)
        rc = build_selection(dt, ndims, stride, run_of, nruns, order, old);
    if (rc == MPI_SUCCESS)
        rc = set_array_bounds(dt, ndims, sizes, old);
    free(stride);
    free(runs);
    free(run_of);
    free(nruns);
    return rc;
}

/* The indices of dimension d that process coordinate `coord` of `procs`
 * holds, as runs.  Returns the number of runs, or -1 when out of memory;
 * the caller has checked the distribution arguments. */
static MPI_Count darray_runs(MPI_Count gsize, int distrib, int darg, int coord, int procs, run_t **out)
{
    if (distrib == MPI_DISTRIBUTE_NONE) {
        *out = malloc(sizeof **out);
        if (!*out)
            return -1;
        (*out)[0] = (run_t){0, gsize};
        return 1;
    }
    if (distrib == MPI_DISTRIBUTE_BLOCK) {
        MPI_Count block = darg == MPI_DISTRIBUTE_DFLT_DARG ? (gsize + procs - 1) / procs : darg;
        MPI_Count start = MIN((MPI_Count)coord * block, gsize), end = MIN(start + block, gsize);
        *out = malloc(sizeof **out);
        if (!*out)
            return -1;
        (*out)[0] = (run_t){start, end - start};
        return 1;
    }
    MPI_Count k = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
    MPI_Count n = 0, cap = gsize / (k * procs) + 2;
    *out = malloc((size_t)cap * sizeof **out);
    if (!*out)
        return -1;
    for (MPI_Count s = (MPI_Count)coord * k; s < gsize; s += k * procs)
        (*out)[n++] = (run_t){s, MIN(k, gsize - s)};
    if (n == 0)
        (*out)[n++] = (run_t){0, 0};
    return n;
}

int dt_build_darray(datatype_t *dt, int size, int rank, int ndims, const MPI_Count *gsizes, const int *distribs,
                    const int *dargs, const int *psizes, int order, datatype_t *old)
{
    (void)size;
    MPI_Aint *stride = calloc((size_t)ndims, sizeof *stride);
    run_t **runs = calloc((size_t)ndims, sizeof *runs);
    MPI_Count *nruns = calloc((size_t)ndims, sizeof *nruns);
    int rc = stride && runs && nruns ? array_strides(ndims, gsizes, order, old->extent, stride) : MPI_ERR_NO_MEM;
    /* Process coordinates are row-major over psizes, whatever the order. */
    int rest = rank;
    for (int d = ndims - 1; rc == MPI_SUCCESS && d >= 0; d--) {
        int coord = rest % psizes[d];
        rest /= psizes[d];
        nruns[d] = darray_runs(gsizes[d], distribs[d], dargs[d], coord, psizes[d], &runs[d]);
        if (nruns[d] < 0)
            rc = MPI_ERR_NO_MEM;
    }
    if (rc == MPI_SUCCESS)
        rc = build_selection(dt, ndims, stride, runs, nruns, order, old);
    if (rc == MPI_SUCCESS)
        rc = set_array_bounds(dt, ndims, gsizes, old);
    for (int d = 0; runs && d < ndims; d++)
        free(runs[d]);
    free(stride);
    free(runs);
    free(nruns);
    return rc;
}

MPI_Count dt_count_elements(const datatype_t *dt, MPI_Count bytes)
{
    if (dt->size == 0)
        return 0;
    MPI_Count whole = bytes / dt->size, rest = bytes % dt->size;
    MPI_Count total = whole * dt->nbasic;
    if (rest == 0)
        return total;
    if (dt->predefined) {
        /* Only a pair type can be cut after its first member. */
        return dt->first_size && rest == dt->first_size ? total + 1 : -1;
    }
    for (MPI_Count i = 0; i < dt->sig_n && rest > 0; i++) {
        const datatype_t *t = dt->sig_types[i];
        if (t->size == 0)
            continue;
        MPI_Count run = dt->sig_reps[i] * t->size;
        MPI_Count part = rest < run ? rest : run;
        total += part / t->size * t->nbasic;
        if (part % t->size) {
            MPI_Count inner = dt_count_elements(t, part % t->size);
            if (inner < 0)
                return -1;
            total += inner;
        }
        rest -= part;
    }
    return total;
}

MPI_Count dt_element_bytes(const datatype_t *dt, MPI_Count n)
{
    if (dt->nbasic == 0)
        return 0;
    MPI_Count whole = n / dt->nbasic, rest = n % dt->nbasic;
    MPI_Count bytes = whole * dt->size;
    if (rest == 0)
        return bytes;
    if (dt->predefined)
        return bytes + dt->first_size; /* a pair's first member */
    for (MPI_Count i = 0; i < dt->sig_n && rest > 0; i++) {
        const datatype_t *t = dt->sig_types[i];
        MPI_Count run = dt->sig_reps[i] * t->nbasic;
        MPI_Count part = rest < run ? rest : run;
        if (t->nbasic) {
            bytes += part / t->nbasic * t->size;
            if (part % t->nbasic)
                bytes += dt_element_bytes(t, part % t->nbasic);
        }
        rest -= part;
    }
    return bytes;
}
