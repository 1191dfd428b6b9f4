/* memcpy_bw.c -- the hardware reference: single-process memcpy bandwidth
 * for buffers of each size (no MPI).  Prints "bytes MB/s MB/s" per size:
 * first one buffer copied again and again (in cache), then a window of 64
 * distinct buffers copied one after the other, the memory the bandwidth
 * benchmark's window touches on each side (from about 512 KiB, DRAM). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WINDOW 64 /* as in bandwidth.c */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Best of 5 timings of copying `buffers` buffers of `bytes` each, about
 * 256 MiB in all per timing. */
static double copy_rate(char *dst, const char *src, size_t bytes, size_t buffers)
{
    size_t reps = (256u << 20) / (bytes * buffers) + 1;
    double best = 0;
    for (int t = 0; t < 5; t++) {
        double t0 = now();
        for (size_t r = 0; r < reps; r++)
            for (size_t w = 0; w < buffers; w++) {
                memcpy(dst + w * bytes, src + w * bytes, bytes);
                __asm__ __volatile__("" ::"r"(dst) : "memory");
            }
        double rate = (double)bytes * buffers * reps / (now() - t0) / 1e6;
        if (rate > best)
            best = rate;
    }
    return best;
}

int main(int argc, char **argv)
{
    size_t max = argc > 1 ? strtoul(argv[1], NULL, 0) : (4u << 20);
    char *a = malloc(max * WINDOW), *b = malloc(max * WINDOW);
    memset(a, 1, max * WINDOW);
    memset(b, 2, max * WINDOW);
    for (size_t bytes = 1024; bytes <= max; bytes *= 2) {
        double cached = copy_rate(b, a, bytes, 1);
        printf("%zu %.1f %.1f\n", bytes, cached, copy_rate(b, a, bytes, WINDOW));
    }
    free(a);
    free(b);
    return 0;
}
