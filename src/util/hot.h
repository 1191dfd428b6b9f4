/* hot.h -- where the library's hottest loops sit in the code.
 *
 * On the AMD CPUs this project is measured on, a loop of a few
 * instructions runs up to 2x slower when it straddles a 64-byte block of
 * code, and without a rule its place moves with every change elsewhere in
 * the library: a padding added to util/copy.c moved the reduction kernels
 * and a 4 KiB column's loop across such boundaries (docs/perf.md,
 * "Destination-aligned stores").  A function marked HOT_LOOPS starts on a
 * 64-byte boundary and aligns each of its loops to 32 bytes, so that a
 * loop of 32 bytes or less lies in one block whatever comes before it. */
#ifndef TESSERA_UTIL_HOT_H
#define TESSERA_UTIL_HOT_H

#if defined(__clang__)
#define HOT_LOOPS __attribute__((aligned(64)))
#else
#define HOT_LOOPS __attribute__((aligned(64), optimize("align-loops=32")))
#endif

#endif
