/* test_kernels.c -- the predefined reductions (op/kernels.c) against a
 * reference written here: every predefined type the standard gives
 * arithmetic to, every operation, the table of which operations each type
 * takes (MPI-4.1 section 6.9.2), vectors long and short enough for the
 * vector loops and their tails, at an odd address.  Integers wrap as the
 * kernels promise; the floating values are small integers, so that every
 * result is exact in every format and the reference may compute in long
 * double. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <mpi.h>

#include "op/op.h"
#include "unit.h"

enum kind { SINT, UINT, FLT, CPLX, BOOL8, LOGICAL, BYTES, NONE };

/* The operations each group takes, as bits of enum op_index. */
#define B(op) (1u << (op))
#define ARITH (B(OP_MAX) | B(OP_MIN) | B(OP_SUM) | B(OP_PROD))
#define LOGIC (B(OP_LAND) | B(OP_LOR) | B(OP_LXOR))
#define BITS (B(OP_BAND) | B(OP_BOR) | B(OP_BXOR))
#define C_INTEGER (ARITH | LOGIC | BITS)
#define F_INTEGER (ARITH | BITS)

static const struct type_case {
    const char *name;
    MPI_Datatype type;
    enum kind kind;
    size_t size;
    unsigned ops;
} cases[] = {
#define TYPE(handle, kind, size, ops)    \
    {                                    \
#handle, handle, kind, size, ops \
    }
    TYPE(MPI_CHAR, NONE, 1, 0),
    TYPE(MPI_WCHAR, NONE, sizeof(wchar_t), 0),
    TYPE(MPI_SHORT, SINT, sizeof(short), C_INTEGER),
    TYPE(MPI_INT, SINT, sizeof(int), C_INTEGER),
    TYPE(MPI_LONG, SINT, sizeof(long), C_INTEGER),
    TYPE(MPI_LONG_LONG_INT, SINT, sizeof(long long), C_INTEGER),
    TYPE(MPI_SIGNED_CHAR, SINT, 1, C_INTEGER),
    TYPE(MPI_UNSIGNED_CHAR, UINT, 1, C_INTEGER),
    TYPE(MPI_UNSIGNED_SHORT, UINT, sizeof(short), C_INTEGER),
    TYPE(MPI_UNSIGNED, UINT, sizeof(int), C_INTEGER),
    TYPE(MPI_UNSIGNED_LONG, UINT, sizeof(long), C_INTEGER),
    TYPE(MPI_UNSIGNED_LONG_LONG, UINT, sizeof(long long), C_INTEGER),
    TYPE(MPI_INT8_T, SINT, 1, C_INTEGER),
    TYPE(MPI_INT16_T, SINT, 2, C_INTEGER),
    TYPE(MPI_INT32_T, SINT, 4, C_INTEGER),
    TYPE(MPI_INT64_T, SINT, 8, C_INTEGER),
    TYPE(MPI_UINT8_T, UINT, 1, C_INTEGER),
    TYPE(MPI_UINT16_T, UINT, 2, C_INTEGER),
    TYPE(MPI_UINT32_T, UINT, 4, C_INTEGER),
    TYPE(MPI_UINT64_T, UINT, 8, C_INTEGER),
    TYPE(MPI_AINT, SINT, sizeof(MPI_Aint), F_INTEGER),
    TYPE(MPI_COUNT, SINT, sizeof(MPI_Count), F_INTEGER),
    TYPE(MPI_OFFSET, SINT, sizeof(MPI_Offset), F_INTEGER),
    TYPE(MPI_INTEGER, SINT, 4, F_INTEGER),
    TYPE(MPI_INTEGER1, SINT, 1, F_INTEGER),
    TYPE(MPI_INTEGER2, SINT, 2, F_INTEGER),
    TYPE(MPI_INTEGER4, SINT, 4, F_INTEGER),
    TYPE(MPI_INTEGER8, SINT, 8, F_INTEGER),
#ifdef __SIZEOF_INT128__
    TYPE(MPI_INTEGER16, SINT, 16, F_INTEGER),
#endif
    TYPE(MPI_FLOAT, FLT, sizeof(float), ARITH),
    TYPE(MPI_DOUBLE, FLT, sizeof(double), ARITH),
    TYPE(MPI_LONG_DOUBLE, FLT, sizeof(long double), ARITH),
    TYPE(MPI_REAL, FLT, 4, ARITH),
    TYPE(MPI_DOUBLE_PRECISION, FLT, 8, ARITH),
    TYPE(MPI_REAL4, FLT, 4, ARITH),
    TYPE(MPI_REAL8, FLT, 8, ARITH),
#ifdef __SIZEOF_FLOAT128__
    TYPE(MPI_REAL16, FLT, 16, ARITH),
    TYPE(MPI_COMPLEX32, CPLX, 32, B(OP_SUM) | B(OP_PROD)),
#endif
    TYPE(MPI_C_COMPLEX, CPLX, 8, B(OP_SUM) | B(OP_PROD)),
    TYPE(MPI_C_DOUBLE_COMPLEX, CPLX, 16, B(OP_SUM) | B(OP_PROD)),
    TYPE(MPI_C_LONG_DOUBLE_COMPLEX, CPLX, 2 * sizeof(long double), B(OP_SUM) | B(OP_PROD)),
    TYPE(MPI_CXX_DOUBLE_COMPLEX, CPLX, 16, B(OP_SUM) | B(OP_PROD)),
    TYPE(MPI_COMPLEX, CPLX, 8, B(OP_SUM) | B(OP_PROD)),
    TYPE(MPI_COMPLEX16, CPLX, 16, B(OP_SUM) | B(OP_PROD)),
    TYPE(MPI_C_BOOL, BOOL8, 1, LOGIC),
    TYPE(MPI_CXX_BOOL, BOOL8, 1, LOGIC),
    TYPE(MPI_LOGICAL, LOGICAL, 4, LOGIC),
    TYPE(MPI_BYTE, BYTES, 1, BITS),
};

static uint32_t type_index(MPI_Datatype type)
{
    return (uint32_t)((uintptr_t)type & 0x0fffffffu);
}

/* Integers of any size up to 16 bytes, little-endian, through __int128
 * (or int64_t where the compiler has no 128-bit type). */
#ifdef __SIZEOF_INT128__
typedef __int128 wide_t;
typedef unsigned __int128 uwide_t;
#else
typedef int64_t wide_t;
typedef uint64_t uwide_t;
#endif

static wide_t get_int(const unsigned char *p, size_t size, bool is_signed)
{
    uwide_t u = 0;
    memcpy(&u, p, size);
    if (is_signed && size < sizeof u && (p[size - 1] & 0x80))
        u |= ~(uwide_t)0 << (8 * size);
    return (wide_t)u;
}

static void put_int(unsigned char *p, size_t size, wide_t v)
{
    uwide_t u = (uwide_t)v;
    memcpy(p, &u, size);
}

/* Floating values of 4 or 8 bytes; fget (below) reads the wider ones. */
static long double get_float(const unsigned char *p, size_t size)
{
    if (size == 4) {
        float f;
        memcpy(&f, p, 4);
        return f;
    }
    double d;
    memcpy(&d, p, 8);
    return d;
}

static void put_float(unsigned char *p, size_t size, long double v, bool quad)
{
    if (size == 4) {
        float f = (float)v;
        memcpy(p, &f, 4);
    } else if (size == 8) {
        double d = (double)v;
        memcpy(p, &d, 8);
    } else if (!quad) {
        long double ld = v;
        memcpy(p, &ld, sizeof ld);
    } else {
#ifdef __SIZEOF_FLOAT128__
        __float128 q = (__float128)v;
        memcpy(p, &q, 16);
#endif
    }
}

/* MPI_LONG_DOUBLE and MPI_REAL16 are both 16 bytes on x86-64: the case
 * says which. */
static bool is_quad(const struct type_case *t)
{
    return t->type == MPI_REAL16 || t->type == MPI_COMPLEX32;
}

static long double fget(const struct type_case *t, const unsigned char *p, size_t size)
{
    if (size == 4 || size == 8)
        return get_float(p, size);
#ifdef __SIZEOF_FLOAT128__
    if (is_quad(t)) {
        __float128 q;
        memcpy(&q, p, 16);
        return (long double)q;
    }
#endif
    long double ld;
    memcpy(&ld, p, sizeof ld);
    return ld;
}

/* A small value for element i, the same for the seed in every format. */
static int small(size_t i, unsigned seed)
{
    return (int)((i * 37u + seed * 11u) % 19u) - 9; /* -9..9, zero included */
}

static void fill(const struct type_case *t, unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char *e = p + i * t->size;
        int v = small(i, seed);
        switch (t->kind) {
        case SINT:
        case UINT:
            /* Large magnitudes too, so that sums and products wrap. */
            put_int(e, t->size, i % 5 == 0 ? (wide_t)v * 0x3f3f3f3f3f3fLL : v);
            break;
        case FLT:
            put_float(e, t->size, v, is_quad(t));
            break;
        case CPLX:
            put_float(e, t->size / 2, v, is_quad(t));
            put_float(e + t->size / 2, t->size / 2, small(i, seed + 5), is_quad(t));
            break;
        case BOOL8:
            *e = v > 0;
            break;
        case LOGICAL:
            put_int(e, 4, v < 0 ? 0 : v);
            break;
        case BYTES:
        case NONE:
            for (size_t k = 0; k < t->size; k++)
                e[k] = (unsigned char)(i * 73u + seed * 29u + k);
            break;
        }
    }
}

/* inout[i] = in[i] op inout[i], one element at a time, by the book. */
static void reference(const struct type_case *t, int op, const unsigned char *in, unsigned char *inout, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const unsigned char *a = in + i * t->size;
        unsigned char *b = inout + i * t->size;
        if (t->kind == SINT || t->kind == UINT || t->kind == BYTES || t->kind == LOGICAL || t->kind == BOOL8) {
            bool sgn = t->kind == SINT || t->kind == LOGICAL;
            wide_t x = get_int(a, t->size, sgn), y = get_int(b, t->size, sgn), r = 0;
            switch (op) {
            case OP_MAX:
                r = x > y ? x : y;
                break;
            case OP_MIN:
                r = x < y ? x : y;
                break;
            case OP_SUM:
                r = (wide_t)((uwide_t)x + (uwide_t)y);
                break;
            case OP_PROD:
                r = (wide_t)((uwide_t)x * (uwide_t)y);
                break;
            case OP_LAND:
                r = x && y;
                break;
            case OP_LOR:
                r = x || y;
                break;
            case OP_LXOR:
                r = !x != !y;
                break;
            case OP_BAND:
                r = x & y;
                break;
            case OP_BOR:
                r = x | y;
                break;
            case OP_BXOR:
                r = x ^ y;
                break;
            }
            put_int(b, t->size, r);
        } else if (t->kind == FLT) {
            long double x = fget(t, a, t->size), y = fget(t, b, t->size), r = 0;
            r = op == OP_MAX ? (x > y ? x : y) : op == OP_MIN ? (x < y ? x : y) : op == OP_SUM ? x + y : x * y;
            put_float(b, t->size, r, is_quad(t));
        } else if (t->kind == CPLX) {
            size_t h = t->size / 2;
            long double ar = fget(t, a, h), ai = fget(t, a + h, h), br = fget(t, b, h), bi = fget(t, b + h, h);
            long double rr = op == OP_SUM ? ar + br : ar * br - ai * bi;
            long double ri = op == OP_SUM ? ai + bi : ar * bi + ai * br;
            put_float(b, h, rr, is_quad(t));
            put_float(b + h, h, ri, is_quad(t));
        }
    }
}

/* Compare element by element: floating formats by value (long double has
 * padding bytes), the rest byte for byte. */
static bool same(const struct type_case *t, const unsigned char *x, const unsigned char *y)
{
    if (t->kind == FLT)
        return fget(t, x, t->size) == fget(t, y, t->size);
    if (t->kind == CPLX)
        return fget(t, x, t->size / 2) == fget(t, y, t->size / 2) &&
               fget(t, x + t->size / 2, t->size / 2) == fget(t, y + t->size / 2, t->size / 2);
    return memcmp(x, y, t->size) == 0;
}

#define MAX_N 1001
/* +2: the vectors start at an odd address, as in a packed stream, and
 * the byte after the longest is checked. */
static unsigned char in_buf[MAX_N * 32 + 2], got_buf[MAX_N * 32 + 2], want_buf[MAX_N * 32 + 2];

static void check_case(const struct type_case *t, int op, size_t n)
{
    unsigned char *in = in_buf + 1, *got = got_buf + 1, *want = want_buf + 1;
    fill(t, in, n, 1);
    fill(t, got, n, 2);
    memcpy(want, got, n * t->size);
    /* One element past the end must stay as it was. */
    got[n * t->size] = want[n * t->size] = 0x5a;
    op_kernel(op, type_index(t->type), in, got, n);
    reference(t, op, in, want, n);
    for (size_t i = 0; i < n; i++)
        if (!same(t, got + i * t->size, want + i * t->size)) {
            CHECK(0, "%s op %d n %zu: element %zu differs", t->name, op, n, i);
            return;
        }
    CHECK(got[n * t->size] == 0x5a, "%s op %d n %zu: wrote past the end", t->name, op, n);
}

int main(void)
{
    static const size_t lengths[] = {0, 1, 2, 3, 7, 17, 64, 100, 1001};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const struct type_case *t = &cases[c];
        CHECK(!op_type_is_pair(type_index(t->type)), "%s taken for a pair type", t->name);
        for (int op = OP_MAX; op <= OP_BXOR; op++) {
            bool allowed = op_kernel_allowed(op, type_index(t->type));
            CHECK(allowed == !!(t->ops & B(op)), "%s op %d: allowed %d, the standard says %d", t->name, op, allowed,
                  !!(t->ops & B(op)));
            if (!allowed || !(t->ops & B(op)))
                continue;
            for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
                check_case(t, op, lengths[l]);
        }
    }
    CHECK(op_type_is_pair(type_index(MPI_DOUBLE_INT)) && op_type_is_pair(type_index(MPI_2INT)),
          "pair types not known as pairs");
    return unit_result();
}
