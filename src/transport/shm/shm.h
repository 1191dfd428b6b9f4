/* shm.h -- pieces of the shm transport shared between its files. */
#ifndef TESSERA_TRANSPORT_SHM_SHM_H
#define TESSERA_TRANSPORT_SHM_SHM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

int shm_rank_pid(int rank);

/* How far into its data ring a sender writes before it looks whether it
 * can start over at the beginning (ring.c: shm_window_end). */
#define SHM_WINDOW_FIRST (256 * 1024)

/* Single copy with process_vm_readv (cma.c). */
int shm_cma_probe(void);
int shm_cma_read(int src, const struct iovec *local, size_t nlocal, uint64_t address, size_t len);
int shm_cma_write(int dest, uint64_t address, const struct iovec *local, size_t nlocal, size_t len);

#endif
