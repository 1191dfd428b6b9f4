/*
 * external32.c -- MPI_Pack_external and friends against literal byte
 * images: big-endian, the standard's sizes (MPI_LONG 4 bytes, MPI_WCHAR 2,
 * MPI_LONG_DOUBLE a 16-byte IEEE quad), no padding; then the way back, and
 * the errors.
 */
#include <complex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

#include "mpitest.h"

static void show(char *out, const unsigned char *b, MPI_Aint n)
{
    for (MPI_Aint i = 0; i < n && i < 40; i++)
        out += sprintf(out, "%02x ", b[i]);
}

/* Pack count elements at data and compare with the expected image; then
 * unpack the image into `back` (same layout as data). */
static void expect_image(const char *what, const void *data, int count, MPI_Datatype type, const unsigned char *image,
                         MPI_Aint n, void *back)
{
    unsigned char buf[256];
    memset(buf, 0xEE, sizeof buf);
    MPI_Aint size = -1, pos = 0;
    MPI_Pack_external_size("external32", count, type, &size);
    MT_CHECK(size == n, "%s: MPI_Pack_external_size %ld, expected %ld", what, (long)size, (long)n);
    int rc = MPI_Pack_external("external32", data, count, type, buf, sizeof buf, &pos);
    MT_CHECK(rc == MPI_SUCCESS && pos == n, "%s: MPI_Pack_external rc %d position %ld, expected %ld", what, rc,
             (long)pos, (long)n);
    if (memcmp(buf, image, (size_t)n) != 0 || buf[n] != 0xEE) {
        char got[160], want[160];
        show(got, buf, n + 1);
        show(want, image, n);
        MT_CHECK(0, "%s: packed as %s, expected %s", what, got, want);
    }
    if (back) {
        pos = 0;
        rc = MPI_Unpack_external("external32", image, n, &pos, back, count, type);
        MT_CHECK(rc == MPI_SUCCESS && pos == n, "%s: MPI_Unpack_external rc %d position %ld", what, rc, (long)pos);
    }
}

static void scalars(void)
{
    int i = 0x01020304, ib;
    expect_image("MPI_INT", &i, 1, MPI_INT, (const unsigned char[]){1, 2, 3, 4}, 4, &ib);
    MT_CHECK(ib == i, "MPI_INT back: %#x", ib);

    int neg[2] = {-2, 7}, negb[2];
    expect_image("two MPI_INT", neg, 2, MPI_INT, (const unsigned char[]){0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 7}, 8, negb);
    MT_CHECK(negb[0] == -2 && negb[1] == 7, "MPI_INT back: %d %d", negb[0], negb[1]);

    long l = -5, lb = 0;
    expect_image("MPI_LONG", &l, 1, MPI_LONG, (const unsigned char[]){0xff, 0xff, 0xff, 0xfb}, 4, &lb);
    MT_CHECK(lb == -5, "MPI_LONG back: %ld (sign-extended from 4 bytes)", lb);

    unsigned long ul = 0xfffffff0ul, ulb = 0;
    expect_image("MPI_UNSIGNED_LONG", &ul, 1, MPI_UNSIGNED_LONG, (const unsigned char[]){0xff, 0xff, 0xff, 0xf0}, 4,
                 &ulb);
    MT_CHECK(ulb == 0xfffffff0ul, "MPI_UNSIGNED_LONG back: %#lx (zero-extended)", ulb);

    short s = 0x0102, sb;
    expect_image("MPI_SHORT", &s, 1, MPI_SHORT, (const unsigned char[]){1, 2}, 2, &sb);
    MT_CHECK(sb == s, "MPI_SHORT back");

    float f = 1.0f, fb;
    expect_image("MPI_FLOAT", &f, 1, MPI_FLOAT, (const unsigned char[]){0x3f, 0x80, 0, 0}, 4, &fb);
    MT_CHECK(fb == 1.0f, "MPI_FLOAT back: %g", fb);

    double d = -2.5, db;
    expect_image("MPI_DOUBLE", &d, 1, MPI_DOUBLE, (const unsigned char[]){0xc0, 0x04, 0, 0, 0, 0, 0, 0}, 8, &db);
    MT_CHECK(db == -2.5, "MPI_DOUBLE back: %g", db);

    long double ld[2] = {1.0L, -2.5L}, ldb[2];
    const unsigned char quad[32] = {0x3f, 0xff, [16] = 0xc0, 0x00, 0x40};
    expect_image("MPI_LONG_DOUBLE", ld, 2, MPI_LONG_DOUBLE, quad, 32, ldb);
    MT_CHECK(ldb[0] == 1.0L && ldb[1] == -2.5L, "MPI_LONG_DOUBLE back: %Lg %Lg", ldb[0], ldb[1]);

    wchar_t w[2] = {L'A', 0x20AC}, wb[2];
    expect_image("MPI_WCHAR", w, 2, MPI_WCHAR, (const unsigned char[]){0, 0x41, 0x20, 0xac}, 4, wb);
    MT_CHECK(wb[0] == L'A' && wb[1] == 0x20AC, "MPI_WCHAR back");

    bool b = true, bb = false;
    expect_image("MPI_C_BOOL", &b, 1, MPI_C_BOOL, (const unsigned char[]){1}, 1, &bb);
    MT_CHECK(bb, "MPI_C_BOOL back");

    int64_t i64 = -256, i64b;
    expect_image("MPI_INT64_T", &i64, 1, MPI_INT64_T,
                 (const unsigned char[]){0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00}, 8, &i64b);
    MT_CHECK(i64b == -256, "MPI_INT64_T back");

    MPI_Aint a = 0x0102030405060708, ab;
    expect_image("MPI_AINT", &a, 1, MPI_AINT, (const unsigned char[]){1, 2, 3, 4, 5, 6, 7, 8}, 8, &ab);
    MT_CHECK(ab == a, "MPI_AINT back");

    double _Complex z = 1.0 + 2.0 * I, zb; /* not CMPLX: glibc defines it for GCC only */
    expect_image("MPI_C_DOUBLE_COMPLEX", &z, 1, MPI_C_DOUBLE_COMPLEX,
                 (const unsigned char[]){0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0}, 16, &zb);
    MT_CHECK(zb == z, "MPI_C_DOUBLE_COMPLEX back");
}

/* Pair types: value and index side by side, no padding. */
static void pairs(void)
{
    struct {
        double value;
        int index;
    } di = {1.0, 7}, dib = {0, 0};
    expect_image("MPI_DOUBLE_INT", &di, 1, MPI_DOUBLE_INT,
                 (const unsigned char[]){0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7}, 12, &dib);
    MT_CHECK(dib.value == 1.0 && dib.index == 7, "MPI_DOUBLE_INT back");

    struct {
        long value;
        int index;
    } li = {-1, 258}, lib = {0, 0};
    expect_image("MPI_LONG_INT", &li, 1, MPI_LONG_INT, (const unsigned char[]){0xff, 0xff, 0xff, 0xff, 0, 0, 1, 2}, 8,
                 &lib);
    MT_CHECK(lib.value == -1 && lib.index == 258, "MPI_LONG_INT back: %ld %d", lib.value, lib.index);

    MPI_Aint size = 0;
    MPI_Pack_external_size("external32", 3, MPI_LONG_DOUBLE_INT, &size);
    MT_CHECK(size == 60, "3 MPI_LONG_DOUBLE_INT take %ld bytes, expected 60", (long)size);
}

/* A struct with padding, in a vector: data only, in typemap order. */
static void derived(void)
{
    struct rec {
        char tag;
        long n;
        short s;
    } r[3] = {{'a', 1, 2}, {'b', 3, 4}, {'c', -1, 6}}, back[3];
    memset(back, 0, sizeof back);
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {offsetof(struct rec, tag), offsetof(struct rec, n), offsetof(struct rec, s)};
    MPI_Datatype types[3] = {MPI_CHAR, MPI_LONG, MPI_SHORT}, rec, every_other;
    MPI_Type_create_struct(3, bl, disp, types, &rec);
    MPI_Type_create_resized(rec, 0, sizeof(struct rec), &every_other);
    MPI_Type_free(&rec);
    MPI_Datatype v;
    MPI_Type_vector(2, 1, 2, every_other, &v); /* r[0] and r[2] */
    MPI_Type_commit(&v);
    const unsigned char image[] = {'a', 0, 0, 0, 1, 0, 2, 'c', 0xff, 0xff, 0xff, 0xff, 0, 6};
    expect_image("vector of a padded struct", r, 1, v, image, sizeof image, back);
    MT_CHECK(back[0].tag == 'a' && back[0].n == 1 && back[2].n == -1 && back[2].s == 6 && back[1].tag == 0,
             "vector of a padded struct back: %c %ld %ld %d, untouched %d", back[0].tag, back[0].n, back[2].n,
             back[2].s, back[1].tag);
    MPI_Type_free(&v);
    MPI_Type_free(&every_other);
}

static void errors(void)
{
    int x[4] = {1, 2, 3, 4};
    unsigned char buf[8];
    MPI_Aint pos = 0, size;
    int rc = MPI_Pack_external("native", x, 1, MPI_INT, buf, sizeof buf, &pos);
    MT_EXPECT_CLASS(rc, MPI_ERR_ARG, "MPI_Pack_external with datarep \"native\"");
    rc = MPI_Pack_external("external32", x, 4, MPI_INT, buf, sizeof buf, &pos);
    MT_EXPECT_CLASS(rc, MPI_ERR_TRUNCATE, "MPI_Pack_external of 16 bytes into 8");
    MT_CHECK(pos == 0, "a failed pack leaves position alone: %ld", (long)pos);
    rc = MPI_Unpack_external("external32", buf, 2, &pos, x, 1, MPI_INT);
    MT_EXPECT_CLASS(rc, MPI_ERR_TRUNCATE, "MPI_Unpack_external of 4 bytes from 2");
    rc = MPI_Pack_external_size("external32", -1, MPI_INT, &size);
    MT_EXPECT_CLASS(rc, MPI_ERR_COUNT, "MPI_Pack_external_size with count -1");
    MPI_Datatype t;
    MPI_Type_contiguous(2, MPI_INT, &t);
    rc = MPI_Pack_external("external32", x, 1, t, buf, sizeof buf, &pos);
    MT_EXPECT_CLASS(rc, MPI_ERR_TYPE, "MPI_Pack_external with an uncommitted type");
    MPI_Type_free(&t);
    MPI_Count big = 0;
    rc = MPI_Pack_external_size_c("external32", (MPI_Count)1 << 40, MPI_LONG, &big);
    MT_CHECK(rc == MPI_SUCCESS && big == (MPI_Count)4 << 40, "MPI_Pack_external_size_c of 2^40 longs: %lld",
             (long long)big);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    scalars();
    pairs();
    derived();
    errors();
    return mt_finish();
}
