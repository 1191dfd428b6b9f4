/*
 * external32.c -- converting between the native packed stream and MPI's
 * external32 representation.
 *
 * Each predefined type is described by at most two parts (a pair type's
 * value and index), each a number of scalars with a native and an external
 * size and a conversion:
 *   UINT   an unsigned integer, or any value that is only byte-reversed
 *          (floats, complex halves): zero-extended when the sizes differ;
 *   SINT   a signed integer: sign-extended when the sizes differ (MPI_LONG
 *          is 8 bytes here and 4 in external32);
 *   QUAD   long double, which external32 stores as an IEEE binary128.
 * A derived type is converted by walking its signature, run by run, down
 * to the predefined types.
 */
#include "dt/external32.h"

#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

enum conv {
    CONV_UINT = 1,
    CONV_SINT,
    CONV_QUAD,
};

typedef struct ext_part {
    uint8_t conv;
    uint8_t native; /* bytes of one scalar here */
    uint8_t ext;    /* bytes of one scalar in external32 */
    uint8_t reps;   /* scalars in a row (2 for complex) */
} ext_part_t;

typedef struct ext_desc {
    ext_part_t part[2];
} ext_desc_t;

#define SCALAR(conv, type, ext)            \
    {                                      \
        {                                  \
            {                              \
                conv, sizeof(type), ext, 1 \
            }                              \
        }                                  \
    }
#define COMPLEX(conv, type, ext)           \
    {                                      \
        {                                  \
            {                              \
                conv, sizeof(type), ext, 2 \
            }                              \
        }                                  \
    }
#define BYTES(n)                   \
    {                              \
        {                          \
            {                      \
                CONV_UINT, n, n, 1 \
            }                      \
        }                          \
    }
#define BYTES2(n)                  \
    {                              \
        {                          \
            {                      \
                CONV_UINT, n, n, 2 \
            }                      \
        }                          \
    }
#define PAIR(conv, type, ext)                \
    {                                        \
        {                                    \
            {conv, sizeof(type), ext, 1},    \
            {                                \
                CONV_SINT, sizeof(int), 4, 1 \
            }                                \
        }                                    \
    }

/* By predefined index (dt/predefined.c); external sizes from the standard's
 * table of external32 sizes. */
static const ext_desc_t ext_table[TESSERA_DT_PREDEFINED_COUNT_] = {
    [1] = SCALAR(CONV_SINT, char, 1),
    [2] = SCALAR(CONV_SINT, short, 2),
    [3] = SCALAR(CONV_SINT, int, 4),
    [4] = SCALAR(CONV_SINT, long, 4),
    [5] = SCALAR(CONV_SINT, long long, 8),
    [6] = SCALAR(CONV_SINT, signed char, 1),
    [7] = SCALAR(CONV_UINT, unsigned char, 1),
    [8] = SCALAR(CONV_UINT, unsigned short, 2),
    [9] = SCALAR(CONV_UINT, unsigned, 4),
    [10] = SCALAR(CONV_UINT, unsigned long, 4),
    [11] = SCALAR(CONV_UINT, unsigned long long, 8),
    [12] = SCALAR(CONV_UINT, float, 4),
    [13] = SCALAR(CONV_UINT, double, 8),
    [14] = SCALAR(CONV_QUAD, long double, 16),
    [15] = SCALAR(CONV_UINT, wchar_t, 2),
    [16] = SCALAR(CONV_UINT, bool, 1),
    [17] = BYTES(1),
    [18] = SCALAR(CONV_SINT, int16_t, 2),
    [19] = SCALAR(CONV_SINT, int32_t, 4),
    [20] = SCALAR(CONV_SINT, int64_t, 8),
    [21] = BYTES(1),
    [22] = BYTES(2),
    [23] = BYTES(4),
    [24] = BYTES(8),
    [25] = SCALAR(CONV_SINT, MPI_Aint, 8),
    [26] = SCALAR(CONV_SINT, MPI_Count, 8),
    [27] = SCALAR(CONV_SINT, MPI_Offset, 8),
    [28] = COMPLEX(CONV_UINT, float, 4),
    [29] = COMPLEX(CONV_UINT, float, 4),
    [30] = COMPLEX(CONV_UINT, double, 8),
    [31] = COMPLEX(CONV_QUAD, long double, 16),
    [32] = BYTES(1),
    [33] = BYTES(1),
    [34] = PAIR(CONV_UINT, float, 4),
    [35] = PAIR(CONV_UINT, double, 8),
    [36] = PAIR(CONV_SINT, long, 4),
    [37] = PAIR(CONV_SINT, int, 4),
    [38] = PAIR(CONV_SINT, short, 2),
    [39] = PAIR(CONV_QUAD, long double, 16),
    [40] = SCALAR(CONV_UINT, bool, 1),
    [41] = COMPLEX(CONV_UINT, float, 4),
    [42] = COMPLEX(CONV_UINT, double, 8),
    [43] = COMPLEX(CONV_QUAD, long double, 16),
    [44] = BYTES(4),  /* MPI_INTEGER */
    [45] = BYTES(4),  /* MPI_REAL */
    [46] = BYTES(8),  /* MPI_DOUBLE_PRECISION */
    [47] = BYTES2(4), /* MPI_COMPLEX */
    [48] = BYTES2(8), /* MPI_DOUBLE_COMPLEX */
    [49] = BYTES(4),  /* MPI_LOGICAL */
    [50] = BYTES(1),  /* MPI_CHARACTER */
    [51] = BYTES(1),
    [52] = BYTES(2),
    [53] = BYTES(4),
    [54] = BYTES(8),
    [55] = BYTES(16),
    [56] = BYTES(2),
    [57] = BYTES(4),
    [58] = BYTES(8),
    [59] = BYTES(16),
    [60] = BYTES2(2),
    [61] = BYTES2(4),
    [62] = BYTES2(8),
    [63] = BYTES2(16),
    [64] = BYTES2(4), /* MPI_2REAL */
    [65] = BYTES2(8), /* MPI_2DOUBLE_PRECISION */
    [66] = BYTES2(4), /* MPI_2INTEGER */
};

#define LITTLE_ENDIAN_HOST (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)

/* n bytes in the other byte order (n up to 16). */
static void reverse_copy(unsigned char *dst, const unsigned char *src, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[n - 1 - i];
}

/* Same-size scalars: byte-reversed on a little-endian host. */
static void order_copy(unsigned char *dst, const unsigned char *src, int n)
{
    if (LITTLE_ENDIAN_HOST)
        reverse_copy(dst, src, n);
    else
        memcpy(dst, src, (size_t)n);
}

/* A native integer of n <= 8 bytes as a 64-bit pattern, and back. */
static uint64_t native_load(const unsigned char *p, int n, bool is_signed)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | p[LITTLE_ENDIAN_HOST ? n - 1 - i : i];
    if (is_signed && n < 8 && (v >> (8 * n - 1)) & 1)
        v |= ~(uint64_t)0 << (8 * n);
    return v;
}

static void native_store(unsigned char *p, int n, uint64_t v)
{
    for (int i = 0; i < n; i++, v >>= 8)
        p[LITTLE_ENDIAN_HOST ? i : n - 1 - i] = (unsigned char)v;
}

static uint64_t big_load(const unsigned char *p, int n, bool is_signed)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | p[i];
    if (is_signed && n < 8 && (v >> (8 * n - 1)) & 1)
        v |= ~(uint64_t)0 << (8 * n);
    return v;
}

static void big_store(unsigned char *p, int n, uint64_t v)
{
    for (int i = n - 1; i >= 0; i--, v >>= 8)
        p[i] = (unsigned char)v;
}

/* long double and IEEE binary128, both ways. */
#if LDBL_MANT_DIG == 113
static void quad_encode(unsigned char *ext, const unsigned char *native)
{
    order_copy(ext, native, 16);
}
static void quad_decode(unsigned char *native, const unsigned char *ext)
{
    order_copy(native, ext, 16);
}
#elif defined(__SIZEOF_FLOAT128__)
static void quad_encode(unsigned char *ext, const unsigned char *native)
{
    long double ld;
    memcpy(&ld, native, sizeof ld);
    __float128 q = (__float128)ld;
    unsigned char bytes[16];
    memcpy(bytes, &q, sizeof bytes);
    order_copy(ext, bytes, 16);
}
static void quad_decode(unsigned char *native, const unsigned char *ext)
{
    unsigned char bytes[16];
    order_copy(bytes, ext, 16);
    __float128 q;
    memcpy(&q, bytes, sizeof q);
    long double ld = (long double)q;
    memcpy(native, &ld, sizeof ld);
}
#else
#error "external32 needs an IEEE binary128 type to convert MPI_LONG_DOUBLE"
#endif

typedef struct ext_cursor {
    const unsigned char *in;
    unsigned char *out;
    bool decode; /* external32 -> native */
} ext_cursor_t;

static void convert_part(ext_cursor_t *c, const ext_part_t *p)
{
    int from = c->decode ? p->ext : p->native, to = c->decode ? p->native : p->ext;
    for (int k = 0; k < p->reps; k++, c->in += from, c->out += to) {
        if (p->conv == CONV_QUAD) {
            if (c->decode)
                quad_decode(c->out, c->in);
            else
                quad_encode(c->out, c->in);
        } else if (from == to) {
            order_copy(c->out, c->in, from);
        } else if (c->decode) {
            native_store(c->out, to, big_load(c->in, from, p->conv == CONV_SINT));
        } else {
            big_store(c->out, to, native_load(c->in, from, p->conv == CONV_SINT));
        }
    }
}

static void convert(ext_cursor_t *c, const datatype_t *dt, MPI_Count count)
{
    if (dt->predefined) {
        const ext_desc_t *d = &ext_table[dt_predefined_index(dt)];
        for (MPI_Count r = 0; r < count; r++)
            for (int p = 0; p < 2 && d->part[p].reps; p++)
                convert_part(c, &d->part[p]);
        return;
    }
    for (MPI_Count r = 0; r < count; r++)
        for (MPI_Count i = 0; i < dt->sig_n; i++)
            convert(c, dt->sig_types[i], dt->sig_reps[i]);
}

MPI_Count dt_external32_size(const datatype_t *dt)
{
    int64_t total = 0, run;
    if (dt->predefined) {
        const ext_desc_t *d = &ext_table[dt_predefined_index(dt)];
        for (int p = 0; p < 2; p++)
            total += d->part[p].ext * d->part[p].reps;
        return total;
    }
    for (MPI_Count i = 0; i < dt->sig_n; i++) {
        MPI_Count one = dt_external32_size(dt->sig_types[i]);
        if (one < 0 || __builtin_mul_overflow(one, dt->sig_reps[i], &run) || __builtin_add_overflow(total, run, &total))
            return -1;
    }
    return total;
}

void dt_external32_encode(const datatype_t *dt, MPI_Count count, const void *native, void *external)
{
    ext_cursor_t c = {native, external, false};
    convert(&c, dt, count);
}

void dt_external32_decode(const datatype_t *dt, MPI_Count count, const void *external, void *native)
{
    ext_cursor_t c = {external, native, true};
    convert(&c, dt, count);
}
