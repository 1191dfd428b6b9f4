/*
 * external32.h -- MPI's portable data representation ("external32").
 *
 * Every predefined type has a fixed size there (MPI_LONG is 4 bytes,
 * MPI_WCHAR 2, MPI_LONG_DOUBLE a 16-byte IEEE quad), multi-byte values are
 * big-endian, and nothing is padded.  The conversions here work on the
 * native packed stream (dt/layout.h): the data of count elements in
 * typemap order, which MPI_Pack_external packs first and then encodes.
 */
#ifndef TESSERA_DT_EXTERNAL32_H
#define TESSERA_DT_EXTERNAL32_H

#include "dt/datatype.h"

/* Bytes of one element of dt in external32; -1 if that overflows. */
MPI_Count dt_external32_size(const datatype_t *dt);

/* Convert count elements of dt from the native packed stream to
 * external32, and back. */
void dt_external32_encode(const datatype_t *dt, MPI_Count count, const void *native, void *external);
void dt_external32_decode(const datatype_t *dt, MPI_Count count, const void *external, void *native);

#endif
