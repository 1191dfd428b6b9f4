/* many_outstanding.c -- thousands of MPI_Isend and MPI_Irecv in flight at
 * once between neighbours, more than any ring holds, completed with
 * MPI_Waitall and with MPI_Testall polling. */
#include <string.h>

#include "mpitest.h"

#define N 5000

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    int *out = malloc(sizeof(int) * N * 4), *in = malloc(sizeof(int) * N * 4);
    MPI_Request *reqs = malloc(sizeof *reqs * 2 * N);
    for (int pass = 0; pass < 2; pass++) {
        /* Sends first this time, receives first the next. */
        for (int i = 0; i < N * 4; i++) {
            out[i] = rank * 1000000 + i;
            in[i] = -1;
        }
        for (int i = 0; i < N; i++) {
            int *o = &out[4 * i], *r = &in[4 * i];
            if (pass == 0) {
                MPI_Isend(o, 4, MPI_INT, next, i, MPI_COMM_WORLD, &reqs[i]);
                MPI_Irecv(r, 4, MPI_INT, prev, i, MPI_COMM_WORLD, &reqs[N + i]);
            } else {
                MPI_Irecv(r, 4, MPI_INT, prev, MPI_ANY_TAG, MPI_COMM_WORLD, &reqs[N + i]);
                MPI_Isend(o, 4, MPI_INT, next, i, MPI_COMM_WORLD, &reqs[i]);
            }
        }
        if (pass == 0) {
            MPI_Status *statuses = malloc(sizeof *statuses * 2 * N);
            MPI_Waitall(2 * N, reqs, statuses);
            for (int i = 0; i < N; i++)
                MT_CHECK(statuses[N + i].MPI_TAG == i && statuses[N + i].MPI_SOURCE == prev, "status %d", i);
            free(statuses);
        } else {
            int flag = 0;
            while (!flag)
                MPI_Testall(2 * N, reqs, &flag, MPI_STATUSES_IGNORE);
        }
        for (int i = 0; i < 2 * N; i++)
            MT_CHECK(reqs[i] == MPI_REQUEST_NULL, "request %d not freed", i);
        for (int i = 0; i < N * 4; i++)
            MT_CHECK(in[i] == prev * 1000000 + i, "pass %d: element %d is %d", pass, i, in[i]);
    }
    free(out);
    free(in);
    free(reqs);
    return mt_finish();
}
