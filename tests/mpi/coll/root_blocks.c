/*
 * root_blocks.c -- a root's blocks for every process, read by the
 * receivers.
 *
 * From four processes on, a root that sends each process its own block
 * (scatter, scatterv, a linear broadcast) offers blocks of 8 KiB and more
 * for the receivers to read with one copy, even within the eager limit;
 * non-contiguous blocks and smaller ones go as before.  Sizes around those
 * limits and the eager limit, every root, receive types contiguous on some
 * processes and strided on others, a strided send type at the root,
 * scatterv blocks on both sides of the limit, nonblocking scatters
 * outstanding together, and a receiver that comes late (the offer waits
 * unexpected): every element and every gap checked.
 */
#include <string.h>
#include <unistd.h>

#include "../mpitest.h"
#include "mpi.h"

static int rank, size;

/* Element i of the block for process p from root. */
static int val(int root, int p, int i)
{
    return root * 1000003 + p * 100019 + i;
}

/* Ints per block: 8 KiB (the smallest offered) and 4 bytes less, between
 * the limits, up to the eager limit (64 KiB) and just beyond it. */
static const int counts[] = {2047, 2048, 3000, 5000, 16384, 16385};
#define NCOUNTS (int)(sizeof counts / sizeof counts[0])

/* Check n ints of process rank's block from root, laid out every stride
 * ints in got; the ints between must still be -1. */
static int bad_block(const int *got, int n, int stride, int root, const char *what)
{
    int bad = 0;
    for (int i = 0; i < n; i++) {
        bad += got[i * stride] != val(root, rank, i);
        for (int g = 1; g < stride && i < n - 1; g++)
            bad += got[i * stride + g] != -1;
    }
    MT_CHECK(bad == 0, "%s: %d ints of %d from root %d wrong", what, bad, n, root);
    return bad;
}

static void fill_blocks(int *all, int n, int root)
{
    for (int p = 0; p < size; p++)
        for (int i = 0; i < n; i++)
            all[(size_t)p * n + i] = val(root, p, i);
}

static void test_scatter(int n)
{
    int *all = malloc((size_t)size * n * 2 * sizeof *all), *mine = malloc((size_t)n * 2 * sizeof *mine);
    MPI_Datatype strided; /* n ints, every other one */
    MPI_Type_vector(n, 1, 2, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    for (int root = 0; root < size; root++) {
        /* Contiguous on both sides; odd ranks receive strided. */
        fill_blocks(all, n, root);
        for (int i = 0; i < 2 * n; i++)
            mine[i] = -1;
        if (rank % 2)
            MPI_Scatter(all, n, MPI_INT, mine, 1, strided, root, MPI_COMM_WORLD);
        else
            MPI_Scatter(all, n, MPI_INT, mine, n, MPI_INT, root, MPI_COMM_WORLD);
        bad_block(mine, n, rank % 2 ? 2 : 1, root, "scatter");
        if (rank % 2 == 0)
            MT_CHECK(mine[n] == -1, "scatter wrote past the block (count %d)", n);

        /* The root's blocks strided: every other int, a block's extent 2n
         * ints.  Not offered; the receivers get the same values. */
        MPI_Datatype every_other;
        MPI_Type_create_resized(strided, 0, (MPI_Aint)(2 * n * sizeof(int)), &every_other);
        MPI_Type_commit(&every_other);
        for (int p = 0; p < size; p++)
            for (int i = 0; i < n; i++) {
                all[(size_t)p * 2 * n + 2 * i] = val(root, p, i);
                all[(size_t)p * 2 * n + 2 * i + 1] = -7;
            }
        for (int i = 0; i < 2 * n; i++)
            mine[i] = -1;
        MPI_Scatter(all, 1, every_other, mine, n, MPI_INT, root, MPI_COMM_WORLD);
        bad_block(mine, n, 1, root, "scatter from a strided root");
        MPI_Type_free(&every_other);
    }
    MPI_Type_free(&strided);
    free(all);
    free(mine);
}

/* Block p has counts on both sides of the offered size, in reverse order
 * with a gap of three ints after each. */
static void test_scatterv(int n)
{
    int *cnt = malloc((size_t)size * sizeof *cnt), *displs = malloc((size_t)size * sizeof *displs), total = 0;
    for (int p = size - 1; p >= 0; p--) {
        cnt[p] = p % 3 == 0 ? n : p % 3 == 1 ? 1000 : n + 2048;
        displs[p] = total;
        total += cnt[p] + 3;
    }
    int *all = malloc((size_t)total * sizeof *all), *mine = malloc((size_t)(cnt[rank] + 1) * sizeof *mine);
    for (int root = 0; root < size; root++) {
        for (int i = 0; i < total; i++)
            all[i] = -9;
        for (int p = 0; p < size; p++)
            for (int i = 0; i < cnt[p]; i++)
                all[displs[p] + i] = val(root, p, i);
        for (int i = 0; i <= cnt[rank]; i++)
            mine[i] = -1;
        MPI_Scatterv(all, cnt, displs, MPI_INT, mine, cnt[rank], MPI_INT, root, MPI_COMM_WORLD);
        bad_block(mine, cnt[rank], 1, root, "scatterv");
        MT_CHECK(mine[cnt[rank]] == -1, "scatterv wrote past the block (count %d)", cnt[rank]);
    }
    free(all);
    free(mine);
    free(cnt);
    free(displs);
}

static void test_bcast(int n)
{
    int *data = malloc((size_t)n * sizeof *data);
    for (int root = 0; root < size; root++) {
        for (int i = 0; i < n; i++)
            data[i] = rank == root ? val(root, rank, i) : -1;
        MPI_Bcast(data, n, MPI_INT, root, MPI_COMM_WORLD);
        int bad = 0;
        for (int i = 0; i < n; i++)
            bad += data[i] != val(root, root, i);
        MT_CHECK(bad == 0, "bcast count %d root %d: %d wrong", n, root, bad);
    }
    free(data);
}

/* Two nonblocking scatters from different roots outstanding at once (the
 * linear algorithm at any size); one process arrives late, so that the
 * offers wait in its unexpected queue. */
static void test_iscatter(int n)
{
    int *all[2], *mine[2];
    MPI_Request req[2];
    for (int k = 0; k < 2; k++) {
        all[k] = malloc((size_t)size * n * sizeof *all[k]);
        mine[k] = malloc((size_t)n * sizeof *mine[k]);
        fill_blocks(all[k], n, k % size);
        for (int i = 0; i < n; i++)
            mine[k][i] = -1;
    }
    if (rank == size - 1)
        usleep(20000);
    for (int k = 0; k < 2; k++)
        MPI_Iscatter(all[k], n, MPI_INT, mine[k], n, MPI_INT, k % size, MPI_COMM_WORLD, &req[k]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    for (int k = 0; k < 2; k++) {
        bad_block(mine[k], n, 1, k % size, "iscatter");
        free(all[k]);
        free(mine[k]);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int c = 0; c < NCOUNTS; c++) {
        test_scatter(counts[c]);
        test_scatterv(counts[c]);
        test_bcast(counts[c]);
        test_iscatter(counts[c]);
    }
    return mt_finish();
}
