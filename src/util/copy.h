/*
 * copy.h -- the copy used for message payloads.
 *
 * glibc's memcpy switches to `rep movsb` above 2 KiB.  On AMD Zen 3
 * machines (the development hosts until late 2026) that instruction runs at a
 * fifth of the speed of plain vector moves when source and destination lie
 * in different processes' pages, which is every shared-memory copy: 2.7
 * against 14 GB/s for 4 KiB messages, measured in docs/perf.md.  Payloads
 * therefore go through a loop of 64-byte blocks moved as two 32-byte
 * vectors (AVX2) or four 16-byte ones (SSE2), and copies under 64 bytes
 * through two to four moves: libmpi is built with GCC's memcpy strategy of
 * vector loops (CMakeLists.txt), under which a memcpy of a length the
 * compiler knows to be small becomes a loop of 64-byte blocks and a byte
 * loop for the rest -- 8 iterations for an 8-byte message.  On Intel CPUs
 * with fast strings the other way round from 64 KiB: there `rep movsb`
 * is up to 1.7x faster than the loop (copy.c: fast_strings), and on AMD
 * Zen 5 from 8 KiB to 64 KiB, the copies of a handoff (amd_fast_strings),
 * from 4 KiB into the ring of a receiver that reads them later
 * (copy_to_ring).
 */
#ifndef TESSERA_UTIL_COPY_H
#define TESSERA_UTIL_COPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Choose the widest vector moves the CPU has; before it, SSE2 is used. */
void copy_init(void);
/* The length from which a contiguous message to a waiting receiver goes
 * in pieces (p2p/send.c): pieces overlap the two sides' copies, but each
 * costs a ring slot and a poll, which a fast whole copy does not repay
 * (copy_init sets it). */
extern size_t copy_pieces_min;
/* The smallest piece of a non-contiguous message of blocks shorter than a
 * cache line (p2p/send.c). */
extern size_t copy_sparse_piece_min;
/* len of 64 bytes or more. */
void copy_large(void *dst, const void *src, size_t len);
/* Any len, into a ring that another process reads later, still busy with
 * what came before (transport/shm/ring.c: the eager payload of a
 * contiguous message sent after another with no answer between): the
 * lines written there were last read by that process.  The same as
 * copy_bytes, but on AMD Zen 5 `rep movsb` takes over from 4 KiB rather
 * than 8 (copy.c: copy_movsb_ring_min). */
void copy_to_ring(void *dst, const void *src, size_t len);
/* Any len, the destination written around the caches (non-temporal
 * stores): for data too large to stay cached, whose lines a plain store
 * would first read from memory, and which would push out what the
 * process uses next.  Out of cache on the development host (4 MiB
 * copies, 64 MiB in all): 11-14 against 7-8 GB/s; in cache it runs at
 * half the speed of copy_large or less (dt/buffer.h says when it is
 * used). */
void copy_stream(void *dst, const void *src, size_t len);
/* rows blocks of len bytes, COPY_ROWS_MIN <= len, each stride bytes after
 * the one before on its side: the rows of a strided type packed or
 * unpacked.  memcpy per row paid a call and its size dispatch for every
 * row (twice the instructions of the moves for 128-byte rows); here the
 * moves of every row are one loop.  Rows of a kilobyte and more went row
 * by row through copy_large until the face of a 3D array (rows of 1-2 KiB,
 * 128-512 KiB apart) measured 1.10-1.15x faster between two ranks in one
 * loop (docs/perf.md).  On AMD Zen 5, rows of 1 KiB and more gathered
 * into a contiguous run (dst_stride == len) take `rep movsb` each
 * (copy.c: copy_movsb_gather_min). */
#define COPY_ROWS_MIN 32
void copy_rows(void *dst, ptrdiff_t dst_stride, const void *src, ptrdiff_t src_stride, size_t len, size_t rows);
/* n blocks of len bytes, COPY_ROWS_MIN <= len, at base + disp[i], packed
 * one after another at packed (unpack false) or unpacked from there (unpack
 * true): the entries of an indexed block.  A call of copy_bytes per entry
 * packed and unpacked blocks of 48 bytes at 9.6 GB/s against 21.5 for the
 * same blocks evenly spaced through copy_rows (128 bytes: 23.7 against
 * 35.7). */
void copy_listed(void *packed, void *base, const int64_t *disp, size_t len, size_t n, bool unpack);

/* len below 64: a move from each end of the widest size the length
 * holds.  A call, as glibc's memcpy was: inline at every copy it made the
 * functions around it too large to inline themselves. */
void copy_small(void *dst, const void *src, size_t len);

/* len a constant (4, 8 or 16 where it is used) once inlined: one load and
 * one store.  copy_bytes would call copy_small for each: in the loops of
 * small strided or indexed blocks that call, its size dispatch and return
 * were most of the time (perf annotate). */
static inline __attribute__((always_inline)) void copy_fixed(void *dst, const void *src, size_t len)
{
    __builtin_memcpy(dst, src, len);
}

/* len of 8 to 32 bytes, inline: a move from each end of the widest size (8
 * or 16) the length holds.  The short blocks of strided and indexed types
 * (three doubles, five ints) moved through a call of copy_small each. */
static inline __attribute__((always_inline)) void copy_short(void *dst, const void *src, size_t len)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (len >= 16) {
        __builtin_memcpy(d, s, 16);
        __builtin_memcpy(d + len - 16, s + len - 16, 16);
    } else {
        __builtin_memcpy(d, s, 8);
        if (len > 8)
            __builtin_memcpy(d + len - 8, s + len - 8, 8);
    }
}

static inline void copy_bytes(void *dst, const void *src, size_t len)
{
    if (len < 64)
        copy_small(dst, src, len);
    else
        copy_large(dst, src, len);
}

/* From this length copy_bytes, and copy_local, take `rep movsb` (copy_init
 * sets it; SIZE_MAX where the instruction is slow). */
extern size_t copy_movsb_min;
void copy_local_movsb(void *dst, const void *src, size_t len);

/* Any len, between two buffers of this process that no other process
 * reads or writes meanwhile (a message a process sends itself, a
 * collective's own block): `rep movsb` from where it takes over in
 * copy_bytes, with no upper bound, where copy_bytes has one for the rings'
 * sake (copy.c: copy_movsb_max). */
static inline void copy_local(void *dst, const void *src, size_t len)
{
    if (len >= copy_movsb_min)
        copy_local_movsb(dst, src, len);
    else
        copy_bytes(dst, src, len);
}

#endif
