/* memcpy_bw.c -- the hardware reference: single-process memcpy bandwidth
 * for buffers of each size (no MPI).  Prints "bytes MB/s". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    size_t max = argc > 1 ? strtoul(argv[1], NULL, 0) : (4u << 20);
    char *a = malloc(max), *b = malloc(max);
    memset(a, 1, max);
    memset(b, 2, max);
    for (size_t bytes = 1024; bytes <= max; bytes *= 2) {
        size_t reps = (256u << 20) / bytes + 1;
        double best = 0;
        for (int t = 0; t < 5; t++) {
            double t0 = now();
            for (size_t r = 0; r < reps; r++) {
                memcpy(b, a, bytes);
                __asm__ __volatile__("" ::"r"(b) : "memory");
            }
            double rate = (double)bytes * reps / (now() - t0) / 1e6;
            if (rate > best)
                best = rate;
        }
        printf("%zu %.1f\n", bytes, best);
    }
    free(a);
    free(b);
    return 0;
}
