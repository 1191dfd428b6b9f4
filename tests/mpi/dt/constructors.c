/*
 * constructors.c -- every type constructor against an independent
 * reference: a typemap expander written here from the standard's
 * definitions, which lists each basic element's (displacement, size) in
 * typemap order.  For each type: size, extent, lower bound, true extent,
 * and MPI_Pack/MPI_Unpack byte for byte against the expanded typemap.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../mpitest.h"

#include "typemap.h"

static void check_type(const char *what, MPI_Datatype type, const typemap_t *t, int count)
{
    int size;
    MPI_Aint lb, extent, tlb, textent;
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &tlb, &textent);
    MT_CHECK(size == tm_size(t), "%s: size %d, expected %ld", what, size, tm_size(t));
    MT_CHECK(lb == t->lb, "%s: lb %ld, expected %ld", what, (long)lb, t->lb);
    MT_CHECK(extent == tm_extent(t), "%s: extent %ld, expected %ld", what, (long)extent, tm_extent(t));
    long lo, hi;
    tm_true_bounds(t, &lo, &hi);
    MT_CHECK(tlb == lo && textent == hi - lo, "%s: true extent [%ld, +%ld), expected [%ld, +%ld)", what, (long)tlb,
             (long)textent, lo, hi - lo);

    /* Pack count elements of a buffer whose bytes are their own offsets. */
    long span_lo = lo < 0 ? lo : 0, span = (count - 1) * extent + hi - span_lo + 64;
    unsigned char *mem = malloc((size_t)span), *base = mem - span_lo;
    for (long i = 0; i < span; i++)
        mem[i] = (unsigned char)(i * 7 + 3);
    int packed_size = 0, pos = 0;
    MPI_Pack_size(count, type, MPI_COMM_WORLD, &packed_size);
    unsigned char *packed = malloc((size_t)packed_size + 1), *expect = malloc((size_t)packed_size + 1);
    MPI_Type_commit(&type);
    MPI_Pack(base, count, type, packed, packed_size, &pos, MPI_COMM_WORLD);
    MT_CHECK(pos == count * size, "%s: packed %d bytes, expected %d", what, pos, count * size);
    long k = 0;
    for (int c = 0; c < count; c++)
        for (int i = 0; i < t->n; i++)
            for (int b = 0; b < t->len[i]; b++)
                expect[k++] = base[c * extent + t->disp[i] + b];
    MT_CHECK(memcmp(packed, expect, (size_t)pos) == 0, "%s: packed bytes differ from the typemap", what);

    /* Unpack into a cleared buffer: typemap bytes come back, gaps stay 0. */
    unsigned char *out = calloc(1, (size_t)span), *obase = out - span_lo;
    pos = 0;
    MPI_Unpack(packed, packed_size, &pos, obase, count, type, MPI_COMM_WORLD);
    unsigned char *want = calloc(1, (size_t)span), *wbase = want - span_lo;
    for (int c = 0; c < count; c++)
        for (int i = 0; i < t->n; i++)
            for (int b = 0; b < t->len[i]; b++)
                wbase[c * extent + t->disp[i] + b] = base[c * extent + t->disp[i] + b];
    MT_CHECK(memcmp(out, want, (size_t)span) == 0, "%s: unpacked bytes differ from the typemap", what);

    free(mem);
    free(packed);
    free(expect);
    free(out);
    free(want);
}

/* Envelopes and contents give back the constructor's arguments. */
static void check_contents(void)
{
    MPI_Datatype vec, st, got[2];
    int ni, na, nd, comb, ints[8];
    MPI_Aint addrs[4];
    MPI_Type_vector(4, 2, 5, MPI_DOUBLE, &vec);
    MPI_Type_get_envelope(vec, &ni, &na, &nd, &comb);
    MT_CHECK(comb == MPI_COMBINER_VECTOR && ni == 3 && na == 0 && nd == 1, "vector envelope %d %d %d %d", comb, ni, na,
             nd);
    MPI_Type_get_contents(vec, 8, 4, 2, ints, addrs, got);
    MT_CHECK(ints[0] == 4 && ints[1] == 2 && ints[2] == 5 && got[0] == MPI_DOUBLE, "vector contents");

    int bl[] = {1, 3};
    MPI_Aint d[] = {0, 16};
    MPI_Datatype types[] = {MPI_INT, vec};
    MPI_Type_create_struct(2, bl, d, types, &st);
    MPI_Type_free(&vec); /* the struct keeps it alive */
    MPI_Type_get_envelope(st, &ni, &na, &nd, &comb);
    MT_CHECK(comb == MPI_COMBINER_STRUCT && ni == 3 && na == 2 && nd == 2, "struct envelope %d %d %d %d", comb, ni, na,
             nd);
    MPI_Type_get_contents(st, 8, 4, 2, ints, addrs, got);
    MT_CHECK(ints[0] == 2 && ints[1] == 1 && ints[2] == 3 && addrs[0] == 0 && addrs[1] == 16 && got[0] == MPI_INT,
             "struct contents");
    /* The freed vector comes back as a live handle the caller frees. */
    int size = 0;
    MPI_Type_size(got[1], &size);
    MT_CHECK(size == 64, "returned vector has size %d, expected 64", size);
    MPI_Type_get_envelope(got[1], &ni, &na, &nd, &comb);
    MT_CHECK(comb == MPI_COMBINER_VECTOR, "returned vector's combiner %d", comb);
    MPI_Type_free(&got[1]);
    MPI_Type_free(&st);

    /* Large-count constructors answer only the _c queries. */
    MPI_Type_vector_c(3, 1, 4, MPI_INT, &vec);
    MPI_Count nic, nac, ncc, ndc, counts[3];
    MPI_Type_get_envelope_c(vec, &nic, &nac, &ncc, &ndc, &comb);
    MT_CHECK(comb == MPI_COMBINER_VECTOR && nic == 0 && nac == 0 && ncc == 3 && ndc == 1, "vector_c envelope");
    MPI_Type_get_contents_c(vec, 0, 0, 3, 1, NULL, NULL, counts, got);
    MT_CHECK(counts[0] == 3 && counts[1] == 1 && counts[2] == 4, "vector_c contents");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    int rc = MPI_Type_get_envelope(vec, &ni, &na, &nd, &comb);
    MT_EXPECT_CLASS(rc, MPI_ERR_TYPE, "MPI_Type_get_envelope on a large-count type");
    MPI_Type_free(&vec);
    MPI_Datatype predefined = MPI_INT;
    rc = MPI_Type_free(&predefined);
    MT_EXPECT_CLASS(rc, MPI_ERR_TYPE, "MPI_Type_free(MPI_INT)");
    rc = MPI_Type_contiguous(-1, MPI_INT, &vec);
    MT_EXPECT_CLASS(rc, MPI_ERR_COUNT, "MPI_Type_contiguous(-1)");
    char name[MPI_MAX_OBJECT_NAME];
    int len;
    MPI_Type_get_name(MPI_DOUBLE_INT, name, &len);
    MT_CHECK(strcmp(name, "MPI_DOUBLE_INT") == 0 && len == 14, "name of MPI_DOUBLE_INT: %s", name);
    MPI_Type_get_name(MPI_DATATYPE_NULL, name, &len);
    MT_CHECK(strcmp(name, "MPI_DATATYPE_NULL") == 0 && len == 17, "name of MPI_DATATYPE_NULL: %s", name);
}

/* MPI-4.1's pair types by value type, and the Fortran 90 parameterized
 * types: the same handle for the same arguments, never freed. */
static void pairs_and_f90(void)
{
    MPI_Datatype pair;
    MPI_Type_get_value_index(MPI_DOUBLE, MPI_INT, &pair);
    MT_CHECK(pair == MPI_DOUBLE_INT, "value index of (double, int)");
    MPI_Type_get_value_index(MPI_INT, MPI_INT, &pair);
    MT_CHECK(pair == MPI_2INT, "value index of (int, int)");
    MPI_Type_get_value_index(MPI_DOUBLE, MPI_FLOAT, &pair);
    MT_CHECK(pair == MPI_DATATYPE_NULL, "no predefined (double, float) pair");
    MPI_Datatype f90, again;
    MPI_Type_create_f90_real(10, 100, &f90);
    MPI_Type_create_f90_real(10, 100, &again);
    int size = 0, ni, na, nd, combiner, ints[2];
    MPI_Type_size(f90, &size);
    MPI_Type_get_envelope(f90, &ni, &na, &nd, &combiner);
    MPI_Type_get_contents(f90, 2, 0, 0, ints, NULL, NULL);
    MT_CHECK(f90 == again && size == 8 && combiner == MPI_COMBINER_F90_REAL && ni == 2 && ints[0] == 10 &&
                 ints[1] == 100,
             "f90 real(10, 100): size %d, combiner %d, contents %d %d", size, combiner, ints[0], ints[1]);
    MPI_Type_create_f90_integer(3, &f90);
    MPI_Type_size(f90, &size);
    MT_CHECK(size == 2, "f90 integer of range 3 has %d bytes", size);
    MPI_Type_create_f90_complex(MPI_UNDEFINED, 30, &f90);
    MPI_Type_size(f90, &size);
    MT_CHECK(size == 8, "f90 complex of range 30 has %d bytes", size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MT_EXPECT_CLASS(MPI_Type_free(&f90), MPI_ERR_TYPE, "freeing an f90 type");
    MT_EXPECT_CLASS(MPI_Type_create_f90_integer(100, &f90), MPI_ERR_ARG, "an integer of range 100");
    MT_EXPECT_CLASS(MPI_Type_get_value_index(MPI_DATATYPE_NULL, MPI_INT, &pair), MPI_ERR_TYPE,
                    "value index of a null type");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    typemap_t *tint = tm_basic(4), *tdouble = tm_basic(8), *tchar = tm_basic(1);
    MPI_Datatype t, inner, inner2;

    MPI_Type_contiguous(5, MPI_INT, &t);
    check_type("contiguous", t, tm_hvector(1, 5, 0, tint), 3);
    MPI_Type_free(&t);

    MPI_Type_contiguous(0, MPI_INT, &t);
    check_type("contiguous(0)", t, tm_hvector(1, 0, 0, tint), 2);
    MPI_Type_free(&t);

    MPI_Type_vector(4, 2, 5, MPI_DOUBLE, &t);
    check_type("vector", t, tm_hvector(4, 2, 5 * 8, tdouble), 3);
    MPI_Type_free(&t);

    MPI_Type_vector(3, 1, -2, MPI_INT, &t);
    check_type("vector with negative stride", t, tm_hvector(3, 1, -2 * 4, tint), 2);
    MPI_Type_free(&t);

    MPI_Type_vector(3, 0, 2, MPI_INT, &t);
    check_type("vector of empty blocks", t, tm_hvector(3, 0, 8, tint), 2);
    MPI_Type_free(&t);

    MPI_Type_create_hvector(3, 2, 13, MPI_CHAR, &t);
    check_type("hvector", t, tm_hvector(3, 2, 13, tchar), 4);
    MPI_Type_free(&t);

    {
        int bl[] = {2, 0, 3, 1};
        int displ[] = {5, 1, -3, 10};
        long bd[] = {20, 4, -12, 40};
        const typemap_t *olds[] = {tint, tint, tint, tint};
        MPI_Type_indexed(4, bl, displ, MPI_INT, &t);
        check_type("indexed", t, tm_hindexed(4, bl, bd, olds), 3);
        MPI_Type_free(&t);

        MPI_Aint hd[] = {20, 4, -12, 40};
        MPI_Type_create_hindexed(4, bl, hd, MPI_INT, &t);
        check_type("hindexed", t, tm_hindexed(4, bl, bd, olds), 2);
        MPI_Type_free(&t);

        int b3[] = {3, 3, 3, 3};
        MPI_Type_create_indexed_block(4, 3, displ, MPI_INT, &t);
        check_type("indexed_block", t, tm_hindexed(4, b3, bd, olds), 2);
        MPI_Type_free(&t);

        MPI_Type_create_hindexed_block(4, 3, hd, MPI_INT, &t);
        check_type("hindexed_block", t, tm_hindexed(4, b3, bd, olds), 2);
        MPI_Type_free(&t);

        /* One block away from the buffer's start, its extent its size: data
         * contiguous from the true lower bound, element after element
         * (MPI_Pack copies it whole from there). */
        int one[] = {3};
        MPI_Aint at[] = {20};
        long lat[] = {20};
        MPI_Type_create_hindexed(1, one, at, MPI_INT, &t);
        check_type("one displaced block", t, tm_hindexed(1, one, lat, olds), 3);
        MPI_Type_free(&t);
        MPI_Aint below[] = {-12};
        long lbelow[] = {-12};
        MPI_Type_create_hindexed(1, one, below, MPI_INT, &t);
        check_type("one block below the start", t, tm_hindexed(1, one, lbelow, olds), 2);
        MPI_Type_free(&t);
    }

    {
        /* struct { char c; double d[2]; int i; } with padding, and a
         * struct of a vector and a resized type. */
        int bl[] = {1, 2, 1};
        MPI_Aint d[] = {0, 8, 24};
        long ld[] = {0, 8, 24};
        MPI_Datatype types[] = {MPI_CHAR, MPI_DOUBLE, MPI_INT};
        const typemap_t *olds[] = {tchar, tdouble, tint};
        MPI_Type_create_struct(3, bl, d, types, &t);
        typemap_t *ts = tm_struct(3, bl, ld, olds);
        check_type("struct", t, ts, 3);

        MPI_Type_vector(2, 1, 3, MPI_DOUBLE, &inner);
        MPI_Type_create_resized(MPI_INT, -4, 12, &inner2);
        int bl2[] = {2, 1, 3};
        MPI_Aint d2[] = {-40, 0, 100};
        long ld2[] = {-40, 0, 100};
        MPI_Datatype types2[] = {inner, t, inner2};
        const typemap_t *olds2[] = {tm_hvector(2, 1, 24, tdouble), ts, tm_resized(tint, -4, 12)};
        MPI_Datatype nested;
        MPI_Type_create_struct(3, bl2, d2, types2, &nested);
        /* The inner types may go before the type built from them. */
        MPI_Type_free(&inner);
        MPI_Type_free(&inner2);
        MPI_Type_free(&t);
        check_type("nested struct", nested, tm_struct(3, bl2, ld2, olds2), 2);
        MPI_Type_free(&nested);
    }

    MPI_Type_create_resized(MPI_DOUBLE, -8, 32, &t);
    check_type("resized", t, tm_resized(tdouble, -8, 32), 3);
    MPI_Type_dup(t, &inner);
    check_type("dup of resized", inner, tm_resized(tdouble, -8, 32), 3);
    MPI_Type_free(&t);
    MPI_Type_free(&inner);

    {
        int sizes[] = {6, 5, 4}, subsizes[] = {2, 3, 2}, starts[] = {1, 2, 1};
        MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &t);
        typemap_t *sub = tm_subarray(3, sizes, subsizes, starts, false, tdouble);
        check_type("subarray C", t, sub, 1);
        /* subarray of a subarray: a face of each 3D block */
        int s2[] = {3}, ss2[] = {2}, st2[] = {1};
        MPI_Type_create_subarray(1, s2, ss2, st2, MPI_ORDER_C, t, &inner);
        check_type("subarray of subarray", inner, tm_subarray(1, s2, ss2, st2, false, sub), 1);
        MPI_Type_free(&inner);
        MPI_Type_free(&t);
        MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_INT, &t);
        check_type("subarray Fortran", t, tm_subarray(3, sizes, subsizes, starts, true, tint), 2);
        MPI_Type_free(&t);
    }

    {
        /* darray on a 2x3 grid, block rows and cyclic(2) columns: the
         * typemap is the subarray-like set of indices each process holds. */
        int gsizes[] = {7, 10}, distribs[] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
        int dargs[] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[] = {2, 3};
        for (int r = 0; r < 6; r++) {
            MPI_Type_create_darray(6, r, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &t);
            int prow = r / 3, pcol = r % 3;
            typemap_t *ref = tm_new();
            bool first = true;
            for (int i = prow * 4; i < 7 && i < prow * 4 + 4; i++)
                for (int j = 0; j < 10; j++)
                    if ((j / 2) % 3 == pcol)
                        tm_append(ref, tint, (i * 10 + j) * 4, &first);
            ref->lb = 0;
            ref->ub = 7 * 10 * 4;
            ref->bounds_set = true;
            char what[32];
            snprintf(what, sizeof what, "darray rank %d", r);
            check_type(what, t, ref, 1);
            MPI_Type_free(&t);
        }
    }
    check_contents();
    pairs_and_f90();
    return mt_finish();
}
