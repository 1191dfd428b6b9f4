/*
 * dt_fuzz.c -- fuzz target for the datatype engine.
 *
 * The input bytes are read as a small program that builds a nested type
 * (up to three levels of contiguous, vector, hvector, indexed, hindexed,
 * indexed_block, struct, resized, subarray and dup over a few predefined
 * types) through the MPI constructors, and the same type's typemap through
 * the independent expander in tests/mpi/dt/typemap.h.  Then:
 *   - size, lower bound, extent and true extent agree;
 *   - packing count elements in pieces (split where the input says, as a
 *     message is packed into ring space) gives the typemap's bytes;
 *   - unpacking those pieces restores exactly the typemap's bytes and
 *     leaves every other byte alone (when no byte appears twice);
 *   - MPI_Pack_external and MPI_Unpack_external round-trip.
 * Any disagreement aborts, which the fuzzer reports with the input.
 *
 * Built with libFuzzer under clang (make fuzz); built with any compiler
 * as a plain program that runs a fixed number of inputs from a seeded
 * generator (the fuzz.replay test), so the target itself is always tested.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../mpi/dt/typemap.h"
#include "dt/datatype.h"
#include "dt/layout.h"

typedef struct input {
    const uint8_t *p;
    size_t left;
} input_t;

static unsigned take(input_t *in, unsigned range)
{
    if (!in->left)
        return 0;
    in->left--;
    return *in->p++ % range;
}

static int take_signed(input_t *in, int lo, int hi)
{
    return lo + (int)take(in, (unsigned)(hi - lo + 1));
}

typedef struct built {
    MPI_Datatype type;
    typemap_t *map;
} built_t;

static const MPI_Datatype basic_types[] = {MPI_CHAR, MPI_SHORT, MPI_INT, MPI_DOUBLE, MPI_LONG_DOUBLE};
static const int basic_sizes[] = {1, 2, 4, 8, 16};

static MPI_Datatype live[64];
static int nlive;
/* external32 keeps only a long double's value, not its padding bytes, and
 * changes the patterns that are not valid x87 numbers: those types skip
 * the external32 comparison. */
static bool uses_long_double;

/* DT_FUZZ_TRACE=1 prints each type built, innermost first, with its
 * reference bounds: what to read when an input fails. */
static bool trace;
#define TRACE(...)                                 \
    do {                                           \
        if (trace) {                               \
            fprintf(stderr, "%*s", 2 * depth, ""); \
            fprintf(stderr, __VA_ARGS__);          \
            fprintf(stderr, "\n");                 \
        }                                          \
    } while (0)

static built_t keep(MPI_Datatype type, typemap_t *map)
{
    live[nlive++] = type;
    return (built_t){type, map};
}

static built_t build_on(input_t *in, int depth, unsigned op, built_t old);

static built_t build(input_t *in, int depth)
{
    unsigned op = depth >= 3 ? 0 : take(in, 10);
    if (op == 0 || tm_used >= 56 || nlive >= 56) {
        unsigned k = take(in, 5);
        TRACE("basic %d bytes", basic_sizes[k]);
        uses_long_double |= basic_types[k] == MPI_LONG_DOUBLE;
        return (built_t){basic_types[k], tm_basic(basic_sizes[k])};
    }
    built_t old = build(in, depth + 1);
    built_t made = build_on(in, depth, op, old);
    if (trace) {
        MPI_Aint lb, extent;
        MPI_Type_get_extent(made.type, &lb, &extent);
        TRACE("-> %d elements, lb %ld ub %ld%s; MPI says lb %ld ub %ld", made.map->n, made.map->lb, made.map->ub,
              made.map->bounds_set ? " (bounds set)" : "", (long)lb, (long)(lb + extent));
    }
    return made;
}

static built_t build_on(input_t *in, int depth, unsigned op, built_t old)
{
    MPI_Datatype nt;
    long ext = tm_extent(old.map);
    switch (op) {
    case 1: {
        int count = take_signed(in, 0, 4);
        MPI_Type_contiguous(count, old.type, &nt);
        TRACE("contiguous(%d)", count);
        return keep(nt, tm_hvector(1, count, 0, old.map));
    }
    case 2: {
        int count = take_signed(in, 0, 4), bl = take_signed(in, 0, 3), stride = take_signed(in, -6, 6);
        MPI_Type_vector(count, bl, stride, old.type, &nt);
        TRACE("vector(%d, %d, %d)", count, bl, stride);
        return keep(nt, tm_hvector(count, bl, stride * ext, old.map));
    }
    case 3: {
        int count = take_signed(in, 0, 4), bl = take_signed(in, 0, 3);
        long stride = take_signed(in, -40, 40);
        MPI_Type_create_hvector(count, bl, stride, old.type, &nt);
        TRACE("hvector(%d, %d, %ld)", count, bl, stride);
        return keep(nt, tm_hvector(count, bl, stride, old.map));
    }
    case 4:
    case 5:
    case 6: {
        int count = take_signed(in, 1, 4), bl[4], disp[4];
        long bdisp[4];
        MPI_Aint adisp[4];
        const typemap_t *olds[4];
        int same = take_signed(in, 0, 3);
        for (int i = 0; i < count; i++) {
            bl[i] = op == 6 ? same : take_signed(in, 0, 3);
            disp[i] = take_signed(in, -4, 8);
            adisp[i] = take_signed(in, -24, 48);
            bdisp[i] = op == 5 ? (long)adisp[i] : disp[i] * ext;
            olds[i] = old.map;
        }
        if (op == 4)
            MPI_Type_indexed(count, bl, disp, old.type, &nt);
        else if (op == 5)
            MPI_Type_create_hindexed(count, bl, adisp, old.type, &nt);
        else
            MPI_Type_create_indexed_block(count, same, disp, old.type, &nt);
        for (int i = 0; i < count; i++)
            TRACE("%s block %d: %d at %ld bytes",
                  op == 4   ? "indexed"
                  : op == 5 ? "hindexed"
                            : "indexed_block",
                  i, bl[i], bdisp[i]);
        return keep(nt, tm_hindexed(count, bl, bdisp, olds));
    }
    case 7: {
        built_t second = build(in, depth + 1);
        int bl[2] = {take_signed(in, 0, 3), take_signed(in, 0, 3)};
        MPI_Aint disp[2] = {take_signed(in, -16, 32), take_signed(in, -16, 48)};
        long ldisp[2] = {(long)disp[0], (long)disp[1]};
        MPI_Datatype types[2] = {old.type, second.type};
        const typemap_t *maps[2] = {old.map, second.map};
        MPI_Type_create_struct(2, bl, disp, types, &nt);
        TRACE("struct: %d at %ld, %d at %ld", bl[0], (long)disp[0], bl[1], (long)disp[1]);
        return keep(nt, tm_struct(2, bl, ldisp, maps));
    }
    case 8: {
        long lb = take_signed(in, -16, 16), extent = take_signed(in, 0, 64);
        MPI_Type_create_resized(old.type, lb, extent, &nt);
        TRACE("resized(%ld, %ld)", lb, extent);
        return keep(nt, tm_resized(old.map, lb, extent));
    }
    default: {
        if (ext <= 0)
            return old;
        int sizes[2] = {take_signed(in, 1, 5), take_signed(in, 1, 5)}, sub[2], starts[2];
        for (int d = 0; d < 2; d++) {
            sub[d] = take_signed(in, 0, sizes[d]);
            starts[d] = take_signed(in, 0, sizes[d] - sub[d]);
        }
        bool fortran = take(in, 2);
        MPI_Type_create_subarray(2, sizes, sub, starts, fortran ? MPI_ORDER_FORTRAN : MPI_ORDER_C, old.type, &nt);
        TRACE("subarray({%d, %d}, {%d, %d}, {%d, %d}, %s)", sizes[0], sizes[1], sub[0], sub[1], starts[0], starts[1],
              fortran ? "fortran" : "C");
        return keep(nt, tm_subarray(2, sizes, sub, starts, fortran, old.map));
    }
    }
}

#define FAIL(...)                                 \
    do {                                          \
        fprintf(stderr, "dt_fuzz: " __VA_ARGS__); \
        fprintf(stderr, "\n");                    \
        abort();                                  \
    } while (0)

static void check(input_t *in, MPI_Datatype type, const typemap_t *t)
{
    int size;
    MPI_Aint lb, extent, tlb, textent;
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &tlb, &textent);
    if (size != tm_size(t) || lb != t->lb || extent != tm_extent(t))
        FAIL("size %d lb %ld extent %ld, expected %ld %ld %ld", size, (long)lb, (long)extent, tm_size(t), t->lb,
             tm_extent(t));
    long lo, hi;
    tm_true_bounds(t, &lo, &hi);
    if (size > 0 && (tlb != lo || textent != hi - lo))
        FAIL("true extent [%ld, +%ld), expected [%ld, +%ld)", (long)tlb, (long)textent, lo, hi - lo);
    if (size == 0)
        return;

    /* count elements in a buffer whose bytes differ from their neighbours */
    int count = take_signed(in, 1, 3);
    long first = 0, last = 0;
    for (int c = 0; c < count; c++) {
        long base = c * (long)extent;
        if (base + lo < first)
            first = base + lo;
        if (base + hi > last)
            last = base + hi;
    }
    long span = last - first;
    unsigned char *mem = malloc((size_t)span), *buf = mem - first;
    for (long i = 0; i < span; i++)
        mem[i] = (unsigned char)(i * 7 + 3);
    long total = (long)count * size;
    unsigned char *expect = malloc((size_t)total), *packed = malloc((size_t)total);
    unsigned char *hits = calloc((size_t)span, 1);
    bool overlap = false;
    long k = 0;
    for (int c = 0; c < count; c++)
        for (int i = 0; i < t->n; i++)
            for (int b = 0; b < t->len[i]; b++) {
                long at = c * (long)extent + t->disp[i] + b;
                expect[k++] = buf[at];
                overlap |= hits[at - first]++ > 0;
            }

    MPI_Type_commit(&type);
    datatype_t *dt = dt_from_handle(type);
    /* Pack in pieces at split points from the input. */
    for (long pos = 0; pos < total;) {
        long piece = 1 + (long)take(in, 64) * (long)take(in, 64);
        if (piece > total - pos)
            piece = total - pos;
        dt_pack_range(buf, count, dt, pos, piece, packed + pos);
        pos += piece;
    }
    if (memcmp(packed, expect, (size_t)total) != 0)
        FAIL("packed bytes differ from the typemap (count %d, %ld bytes)", count, total);

    /* The memory ranges of a byte range (single copy's iovec lists), read
     * in order, are the packed bytes of that range. */
    for (long pos = 0; pos < total;) {
        long piece = 1 + (long)take(in, 64) * (long)take(in, 64);
        if (piece > total - pos)
            piece = total - pos;
        dt_segments_t segs = {NULL, 0, 0, false};
        dt_segments_range(buf, count, dt, pos, piece, &segs);
        long at = pos;
        for (size_t i = 0; i < segs.n && !segs.failed; i++) {
            if (at + (long)segs.iov[i].iov_len > pos + piece ||
                memcmp(segs.iov[i].iov_base, expect + at, segs.iov[i].iov_len) != 0)
                FAIL("segment %zu of bytes [%ld, %ld) does not hold the packed bytes", i, pos, pos + piece);
            if (i && (unsigned char *)segs.iov[i - 1].iov_base + segs.iov[i - 1].iov_len ==
                         (unsigned char *)segs.iov[i].iov_base)
                FAIL("segments %zu and %zu of bytes [%ld, %ld) are adjacent but not merged", i - 1, i, pos,
                     pos + piece);
            at += (long)segs.iov[i].iov_len;
        }
        if (!segs.failed && at != pos + piece)
            FAIL("segments of bytes [%ld, %ld) cover %ld bytes", pos, pos + piece, at - pos);
        free(segs.iov);
        pos += piece;
    }

    if (!overlap) {
        /* Unpack in other pieces into a cleared buffer. */
        unsigned char *out = calloc((size_t)span, 1), *obuf = out - first;
        for (long pos = 0; pos < total;) {
            long piece = 1 + (long)take(in, 200);
            if (piece > total - pos)
                piece = total - pos;
            dt_unpack_range(obuf, count, dt, pos, piece, packed + pos);
            pos += piece;
        }
        for (long i = 0; i < span; i++)
            if (out[i] != (hits[i] ? mem[i] : 0))
                FAIL("unpacked byte %ld is %d, expected %d", i + first, out[i], hits[i] ? mem[i] : 0);

        /* external32 and back leaves the same bytes. */
        MPI_Aint ext_size = 0, pos = 0;
        MPI_Pack_external_size("external32", count, type, &ext_size);
        unsigned char *ext = malloc((size_t)ext_size + 1);
        MPI_Pack_external("external32", buf, count, type, ext, ext_size, &pos);
        if (pos != ext_size)
            FAIL("MPI_Pack_external wrote %ld bytes, MPI_Pack_external_size said %ld", (long)pos, (long)ext_size);
        memset(out, 0, (size_t)span);
        pos = 0;
        MPI_Unpack_external("external32", ext, ext_size, &pos, obuf, count, type);
        for (long i = 0; i < span && !uses_long_double; i++)
            if (out[i] != (hits[i] ? mem[i] : 0))
                FAIL("external32 round trip: byte %ld is %d, expected %d", i + first, out[i], hits[i] ? mem[i] : 0);
        free(ext);
        free(out);
    }
    free(mem);
    free(expect);
    free(packed);
    free(hits);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    trace = getenv("DT_FUZZ_TRACE") != NULL;
    MPI_Init(argc, argv);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input_t in = {data, size};
    tm_used = 0;
    nlive = 0;
    uses_long_double = false;
    built_t b = build(&in, 0);
    if (!b.map->too_big && tm_extent(b.map) >= 0)
        check(&in, b.type, b.map);
    for (int i = 0; i < nlive; i++)
        MPI_Type_free(&live[i]);
    return 0;
}

#ifndef TESSERA_LIBFUZZER
/* Without libFuzzer: run inputs from a fixed-seed generator. */
int main(int argc, char **argv)
{
    long runs = argc > 1 ? atol(argv[1]) : 20000;
    LLVMFuzzerInitialize(&argc, &argv);
    uint64_t state = 0x9e3779b97f4a7c15u;
    uint8_t bytes[96];
    for (long r = 0; r < runs; r++) {
        for (size_t i = 0; i < sizeof bytes; i++) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            bytes[i] = (uint8_t)(state >> 56);
        }
        LLVMFuzzerTestOneInput(bytes, 16 + r % 80);
    }
    printf("dt_fuzz: %ld inputs, no disagreement\n", runs);
    MPI_Finalize();
    return 0;
}
#endif
