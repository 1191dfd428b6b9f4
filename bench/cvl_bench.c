/*
 * cvl_bench.c -- the segmented vector library's costs, as issue 8 asks for
 * them: permutation throughput (Mwords/s per rank) against elementwise add
 * (Mflops per rank) over vector lengths, the length at which a
 * permutation reaches half its peak throughput (n1/2), and an 8-byte
 * MPI_Allreduce expressed as the number of elementwise additions it costs.
 *
 * The permutation is g -> (a g + b) mod n with a prime a not dividing n:
 * every rank sends nearly all its words, spread evenly over the others.
 * Each value is the slowest rank's, for calls repeated over TIME_BUDGET
 * seconds (default 0.05).  Output, one line each:
 *     permute <words per rank> <Mwords/s per rank>
 *     add <words per rank> <Mflops per rank>
 *     n_half <words per rank>
 *     allreduce8 <microseconds>
 *     allreduce8_adds <elementwise additions>
 */
#include "cvl.h"

#include <stdio.h>
#include <stdlib.h>

static double budget = 0.05;

typedef void (*work_fn)(const cvl_t *c, void *arg);

/* Seconds per call, the slowest rank's. */
static double time_calls(const cvl_t *c, work_fn fn, void *arg)
{
    fn(c, arg); /* warm: pages touched, buffers made */
    MPI_Barrier(c->comm);
    double t = MPI_Wtime();
    fn(c, arg);
    t = MPI_Wtime() - t;
    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, c->comm);
    long reps = t > 0 ? (long)(budget / t) : 1000;
    reps = reps < 1 ? 1 : reps > 1000000 ? 1000000 : reps;
    MPI_Barrier(c->comm);
    t = MPI_Wtime();
    for (long r = 0; r < reps; r++)
        fn(c, arg);
    t = (MPI_Wtime() - t) / (double)reps;
    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, c->comm);
    return t;
}

typedef struct {
    cvl_vec_t x, y, z, index;
} vectors_t;

static void permute(const cvl_t *c, void *arg)
{
    vectors_t *v = arg;
    cvl_scatter(c, &v->z, &v->x, &v->index);
}

static void add(const cvl_t *c, void *arg)
{
    (void)c;
    vectors_t *v = arg;
    cvl_add(&v->z, &v->x, &v->y);
}

static void global_sum(const cvl_t *c, void *arg)
{
    double *value = arg;
    MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_DOUBLE, MPI_SUM, c->comm);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    const char *env = getenv("TIME_BUDGET");
    if (env)
        budget = atof(env);
    cvl_t c;
    cvl_init(&c, MPI_COMM_WORLD);
    double peak_permute = 0, peak_add = 0, permute_rate[32];
    long lengths[32];
    int count = 0;
    for (long per_rank = 16; per_rank <= 1L << 20; per_rank *= 2, count++) {
        long n = per_rank * c.size, a = 1000003;
        while (n % a == 0)
            a += 2;
        vectors_t v = {cvl_new(&c, CVL_DOUBLE, n), cvl_new(&c, CVL_DOUBLE, n), cvl_new(&c, CVL_DOUBLE, n),
                       cvl_new(&c, CVL_INT, n)};
        cvl_iota(&v.x);
        cvl_fill(&v.y, 0.5);
        for (long k = 0; k < v.index.hi - v.index.lo; k++)
            v.index.i[k] = (int64_t)(((unsigned long)a * (unsigned long)(v.index.lo + k) + 12345) % (unsigned long)n);
        double t_permute = time_calls(&c, permute, &v), t_add = time_calls(&c, add, &v);
        lengths[count] = per_rank;
        permute_rate[count] = (double)per_rank / t_permute * 1e-6;
        double add_rate = (double)per_rank / t_add * 1e-6;
        peak_permute = permute_rate[count] > peak_permute ? permute_rate[count] : peak_permute;
        peak_add = add_rate > peak_add ? add_rate : peak_add;
        if (c.rank == 0) {
            printf("permute %ld %.2f\n", per_rank, permute_rate[count]);
            printf("add %ld %.2f\n", per_rank, add_rate);
        }
        cvl_free(&v.x);
        cvl_free(&v.y);
        cvl_free(&v.z);
        cvl_free(&v.index);
    }
    /* n1/2: between the last length below half the peak and the first at
     * or above it, on a log scale. */
    double n_half = (double)lengths[0];
    for (int i = 1; i < count; i++)
        if (permute_rate[i] >= peak_permute / 2 && permute_rate[i - 1] < peak_permute / 2) {
            double f = (peak_permute / 2 - permute_rate[i - 1]) / (permute_rate[i] - permute_rate[i - 1]);
            n_half = (double)lengths[i - 1] * (1 + f); /* lengths double from one to the next */
            break;
        }
    double value = 1.0, t_sum = time_calls(&c, global_sum, &value);
    if (c.rank == 0) {
        printf("n_half %.0f\n", n_half);
        printf("allreduce8 %.3f\n", t_sum * 1e6);
        printf("allreduce8_adds %.0f\n", t_sum * peak_add * 1e6);
    }
    cvl_finalize(&c);
    MPI_Finalize();
    return 0;
}
