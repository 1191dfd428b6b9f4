/* predefined.c -- the table of predefined datatypes, in the order of their
 * handle indices in include/mpi.h. */
#include <complex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "dt/buffer.h"
#include "dt/datatype.h"
#include "dt/layout.h"
#include "obj/handle.h"
#include "util/log.h"

#define PAIR_STRUCT(a, b) \
    struct {              \
        a first;          \
        b second;         \
    }
#define PAIR_SIZE(a, b) ((MPI_Count)(sizeof(a) + sizeof(b)))

static datatype_t dt_predefined[TESSERA_DT_PREDEFINED_COUNT_] = {
#define COMMON .combiner = MPI_COMBINER_NAMED, .predefined = true, .committed = true
#define SIMPLE(index, type, mpi_name)   \
    [index] = {COMMON,                  \
               .nbasic = 1,             \
               .size = sizeof(type),    \
               .extent = sizeof(type),  \
               .ub = sizeof(type),      \
               .true_ub = sizeof(type), \
               .align = _Alignof(type), \
               .name = mpi_name}
#define SIZED(index, bytes, mpi_name)              \
    [index] = {COMMON,                             \
               .nbasic = 1,                        \
               .size = (bytes),                    \
               .extent = (bytes),                  \
               .ub = (bytes),                      \
               .true_ub = (bytes),                 \
               .align = (bytes) > 8 ? 8 : (bytes), \
               .name = mpi_name}
/* A pair (value, index) as MPI_MAXLOC sees it: a C struct with padding. */
#define PAIR(index, a, b, mpi_name)                                        \
    [index] = {COMMON,                                                     \
               .size = PAIR_SIZE(a, b),                                    \
               .extent = sizeof(PAIR_STRUCT(a, b)),                        \
               .ub = sizeof(PAIR_STRUCT(a, b)),                            \
               .true_ub = offsetof(PAIR_STRUCT(a, b), second) + sizeof(b), \
               .align = _Alignof(PAIR_STRUCT(a, b)),                       \
               .first_size = sizeof(a),                                    \
               .second_offset = offsetof(PAIR_STRUCT(a, b), second),       \
               .nbasic = 2, /* the value and the index */                  \
               .name = mpi_name}
    SIMPLE(1, char, "MPI_CHAR"),
    SIMPLE(2, short, "MPI_SHORT"),
    SIMPLE(3, int, "MPI_INT"),
    SIMPLE(4, long, "MPI_LONG"),
    SIMPLE(5, long long, "MPI_LONG_LONG_INT"),
    SIMPLE(6, signed char, "MPI_SIGNED_CHAR"),
    SIMPLE(7, unsigned char, "MPI_UNSIGNED_CHAR"),
    SIMPLE(8, unsigned short, "MPI_UNSIGNED_SHORT"),
    SIMPLE(9, unsigned, "MPI_UNSIGNED"),
    SIMPLE(10, unsigned long, "MPI_UNSIGNED_LONG"),
    SIMPLE(11, unsigned long long, "MPI_UNSIGNED_LONG_LONG"),
    SIMPLE(12, float, "MPI_FLOAT"),
    SIMPLE(13, double, "MPI_DOUBLE"),
    SIMPLE(14, long double, "MPI_LONG_DOUBLE"),
    SIMPLE(15, wchar_t, "MPI_WCHAR"),
    SIMPLE(16, bool, "MPI_C_BOOL"),
    SIMPLE(17, int8_t, "MPI_INT8_T"),
    SIMPLE(18, int16_t, "MPI_INT16_T"),
    SIMPLE(19, int32_t, "MPI_INT32_T"),
    SIMPLE(20, int64_t, "MPI_INT64_T"),
    SIMPLE(21, uint8_t, "MPI_UINT8_T"),
    SIMPLE(22, uint16_t, "MPI_UINT16_T"),
    SIMPLE(23, uint32_t, "MPI_UINT32_T"),
    SIMPLE(24, uint64_t, "MPI_UINT64_T"),
    SIMPLE(25, MPI_Aint, "MPI_AINT"),
    SIMPLE(26, MPI_Count, "MPI_COUNT"),
    SIMPLE(27, MPI_Offset, "MPI_OFFSET"),
    SIMPLE(28, float _Complex, "MPI_C_COMPLEX"),
    SIMPLE(29, float _Complex, "MPI_C_FLOAT_COMPLEX"),
    SIMPLE(30, double _Complex, "MPI_C_DOUBLE_COMPLEX"),
    SIMPLE(31, long double _Complex, "MPI_C_LONG_DOUBLE_COMPLEX"),
    SIZED(32, 1, "MPI_BYTE"),
    SIZED(33, 1, "MPI_PACKED"),
    PAIR(34, float, int, "MPI_FLOAT_INT"),
    PAIR(35, double, int, "MPI_DOUBLE_INT"),
    PAIR(36, long, int, "MPI_LONG_INT"),
    PAIR(37, int, int, "MPI_2INT"),
    PAIR(38, short, int, "MPI_SHORT_INT"),
    PAIR(39, long double, int, "MPI_LONG_DOUBLE_INT"),
    SIMPLE(40, bool, "MPI_CXX_BOOL"),
    SIMPLE(41, float _Complex, "MPI_CXX_FLOAT_COMPLEX"),
    SIMPLE(42, double _Complex, "MPI_CXX_DOUBLE_COMPLEX"),
    SIMPLE(43, long double _Complex, "MPI_CXX_LONG_DOUBLE_COMPLEX"),
    SIZED(44, 4, "MPI_INTEGER"),
    SIZED(45, 4, "MPI_REAL"),
    SIZED(46, 8, "MPI_DOUBLE_PRECISION"),
    SIZED(47, 8, "MPI_COMPLEX"),
    SIZED(48, 16, "MPI_DOUBLE_COMPLEX"),
    SIZED(49, 4, "MPI_LOGICAL"),
    SIZED(50, 1, "MPI_CHARACTER"),
    SIZED(51, 1, "MPI_INTEGER1"),
    SIZED(52, 2, "MPI_INTEGER2"),
    SIZED(53, 4, "MPI_INTEGER4"),
    SIZED(54, 8, "MPI_INTEGER8"),
    SIZED(55, 16, "MPI_INTEGER16"),
    SIZED(56, 2, "MPI_REAL2"),
    SIZED(57, 4, "MPI_REAL4"),
    SIZED(58, 8, "MPI_REAL8"),
    SIZED(59, 16, "MPI_REAL16"),
    SIZED(60, 4, "MPI_COMPLEX4"),
    SIZED(61, 8, "MPI_COMPLEX8"),
    SIZED(62, 16, "MPI_COMPLEX16"),
    SIZED(63, 32, "MPI_COMPLEX32"),
    PAIR(64, float, float, "MPI_2REAL"),
    PAIR(65, double, double, "MPI_2DOUBLE_PRECISION"),
    PAIR(66, int, int, "MPI_2INTEGER"),
#undef COMMON
#undef SIMPLE
#undef SIZED
#undef PAIR
};

obj_table_t dt_table;

/* A pair type is two blocks; the others are one. */
static int predefined_layout(datatype_t *dt)
{
    if (!dt->first_size) {
        dt->contiguous = true;
        dt->layout = dt_node_block(dt->size);
        return dt->layout ? 0 : -1;
    }
    dt_node_t *parts[2] = {dt_node_block(dt->first_size), dt_node_block(dt->size - dt->first_size)};
    MPI_Aint disp[2] = {0, dt->second_offset};
    if (!parts[0] || !parts[1]) {
        dt_node_free(parts[0]);
        dt_node_free(parts[1]);
        return -1;
    }
    dt->layout = dt_node_list(2, disp, parts);
    dt->contiguous = dt->layout && dt->layout->kind == DT_BLOCK && dt->size == dt->extent;
    return dt->layout ? 0 : -1;
}

size_t dt_stream_share = SIZE_MAX; /* runtime initialisation sets it */

void dt_init(void)
{
    obj_table_init(&dt_table, TESSERA_KIND_DATATYPE_, TESSERA_DT_PREDEFINED_COUNT_);
    for (uint32_t i = 1; i < TESSERA_DT_PREDEFINED_COUNT_; i++) {
        datatype_t *dt = &dt_predefined[i];
        dt->handle = obj_table_put_at(&dt_table, i, dt);
        if (!dt->layout && predefined_layout(dt) != 0)
            log_fatal("out of memory setting up predefined datatypes");
    }
}

uint32_t dt_predefined_index(const datatype_t *dt)
{
    return (uint32_t)(dt - dt_predefined);
}

datatype_t *dt_predefined_at(uint32_t index)
{
    return index > 0 && index < TESSERA_DT_PREDEFINED_COUNT_ ? &dt_predefined[index] : NULL;
}
