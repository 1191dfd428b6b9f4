#include "transport/shm/segment.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static uint64_t round_up(uint64_t x, uint64_t to)
{
    return (x + to - 1) / to * to;
}

void shm_layout(shm_header_t *hdr, uint32_t nranks, uint32_t ring_slots, uint64_t ring_data_bytes)
{
    memset(hdr, 0, sizeof *hdr);
    hdr->magic = SHM_MAGIC;
    hdr->nranks = nranks;
    hdr->ring_slots = ring_slots;
    hdr->ring_data_bytes = ring_data_bytes;
    /* Control line, then the header slots, then the data ring; page aligned
     * so that an idle pair never shares a page with a busy one. */
    hdr->pair_bytes = shm_pair_data_offset(ring_slots) + round_up(ring_data_bytes, SHM_PAGE);
    hdr->ranks_offset = SHM_PAGE;
    hdr->pairs_offset = round_up(hdr->ranks_offset + (uint64_t)nranks * sizeof(shm_rank_slot_t), SHM_PAGE);
    hdr->coll_offset = hdr->pairs_offset + (uint64_t)nranks * nranks * hdr->pair_bytes;
    hdr->idup_offset = hdr->coll_offset + (uint64_t)nranks * SHM_COLL_SLOTS * sizeof(shm_coll_slot_t);
    hdr->claims_offset = round_up(hdr->idup_offset + SHM_IDUP_PAIRS * sizeof(uint32_t), CACHE_LINE);
    hdr->total_bytes = round_up(hdr->claims_offset + (uint64_t)nranks * SHM_CLAIM_WORDS * sizeof(uint64_t), SHM_PAGE);
}

static int shm_open_unlinked(void)
{
    /* The name lives only between open and unlink: nothing is left behind
     * even if we are killed a moment later, except in that instant. */
    char name[64];
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    snprintf(name, sizeof name, "/tessera-%d-%ld", (int)getpid(), (long)now.tv_nsec);
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd >= 0)
        shm_unlink(name);
    return fd;
}

int shm_segment_create(const shm_header_t *hdr, const char **where)
{
    int fd = memfd_create("tessera", 0);
    *where = "memfd";
    if (fd < 0) {
        fd = shm_open_unlinked();
        *where = "POSIX shared memory";
    }
    if (fd < 0)
        return -1;
    if (ftruncate(fd, (off_t)hdr->total_bytes) != 0)
        goto err_close_fd;
    void *base = shm_segment_map(fd, hdr->total_bytes);
    if (!base)
        goto err_close_fd;
    memcpy(base, hdr, sizeof *hdr);
    munmap(base, hdr->total_bytes);
    return fd;

err_close_fd : {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
}
}

void *shm_segment_map(int fd, size_t bytes)
{
    void *base = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return base == MAP_FAILED ? NULL : base;
}
