/* large_count.c -- counts beyond 2^31: a 3 GiB message between two ranks,
 * once as 3 Gi MPI_BYTEs with the MPI-4 _c functions (an element count no
 * int holds) and once as MPI_INTs with the int API (a byte count no int
 * holds); then every _c function once on small data.  The 3 GiB part is
 * skipped, saying so, when the machine lacks the memory for it. */
#include <string.h>

#include "mpitest.h"

#define HUGE_BYTES ((size_t)3 << 30)

static uint64_t word(size_t i, int round)
{
    return (uint64_t)i * 0x9e3779b97f4a7c15ull + (uint64_t)round;
}

static void huge_transfer(int rank, int round)
{
    uint64_t *buf = malloc(HUGE_BYTES);
    size_t words = HUGE_BYTES / 8;
    MPI_Status status;
    if (rank == 0) {
        for (size_t i = 0; i < words; i++)
            buf[i] = word(i, round);
        if (round == 0)
            MPI_Send_c(buf, (MPI_Count)HUGE_BYTES, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
        else
            MPI_Send(buf, (int)(HUGE_BYTES / 4), MPI_INT, 1, 2, MPI_COMM_WORLD);
    } else {
        memset(buf, 0, HUGE_BYTES);
        MPI_Count count = -1;
        int small = 0;
        if (round == 0) {
            MPI_Recv_c(buf, (MPI_Count)HUGE_BYTES, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &status);
            MPI_Get_count_c(&status, MPI_BYTE, &count);
            MT_CHECK(count == (MPI_Count)HUGE_BYTES, "Get_count_c %lld", (long long)count);
            MPI_Get_count(&status, MPI_BYTE, &small);
            MT_CHECK(small == MPI_UNDEFINED, "an int count of 3 Gi bytes is %d, not MPI_UNDEFINED", small);
        } else {
            MPI_Recv(buf, (int)(HUGE_BYTES / 4), MPI_INT, 0, 2, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, MPI_INT, &small);
            MT_CHECK(small == (int)(HUGE_BYTES / 4), "int count %d", small);
        }
        size_t bad = words;
        for (size_t i = 0; i < words && bad == words; i++)
            if (buf[i] != word(i, round))
                bad = i;
        MT_CHECK(bad == words, "round %d: word %zu of the 3 GiB message is wrong", round, bad);
    }
    free(buf);
}

/* Every _c function once, to oneself, with small counts. */
static void small_c_functions(int rank)
{
    int out[4] = {1, 2, 3, 4}, in[4] = {0};
    MPI_Request r[2];
    MPI_Status status;
    MPI_Count count = -1;
    MPI_Irecv_c(in, 4, MPI_INT, rank, 10, MPI_COMM_WORLD, &r[0]);
    MPI_Isend_c(out, 4, MPI_INT, rank, 10, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    MT_CHECK(in[3] == 4, "Isend_c/Irecv_c");
    MPI_Sendrecv_c(out, 4, MPI_INT, rank, 11, in, 4, MPI_INT, rank, 11, MPI_COMM_WORLD, &status);
    MPI_Get_count_c(&status, MPI_INT, &count);
    MT_CHECK(count == 4, "Sendrecv_c count %lld", (long long)count);
    MPI_Get_elements_c(&status, MPI_INT, &count);
    MT_CHECK(count == 4, "Get_elements_c %lld", (long long)count);
    MPI_Sendrecv_replace_c(out, 4, MPI_INT, rank, 12, rank, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MT_CHECK(out[0] == 1, "Sendrecv_replace_c");
    MPI_Irecv_c(in, 4, MPI_INT, rank, 13, MPI_COMM_WORLD, &r[0]);
    MPI_Ssend_c(out, 4, MPI_INT, rank, 13, MPI_COMM_WORLD);
    MPI_Rsend_c(out, 1, MPI_INT, rank, 14, MPI_COMM_WORLD);
    MPI_Irsend_c(out, 1, MPI_INT, rank, 14, MPI_COMM_WORLD, &r[1]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Wait(&r[1], MPI_STATUS_IGNORE);
    MPI_Recv_c(in, 1, MPI_INT, rank, 14, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv_c(in, 1, MPI_INT, rank, 14, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Irecv_c(in, 4, MPI_INT, rank, 15, MPI_COMM_WORLD, &r[0]);
    MPI_Issend_c(out, 4, MPI_INT, rank, 15, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);

    char buffer[4 * (MPI_BSEND_OVERHEAD + 64)];
    MPI_Buffer_attach_c(buffer, sizeof buffer);
    MPI_Bsend_c(out, 4, MPI_INT, rank, 16, MPI_COMM_WORLD);
    MPI_Ibsend_c(out, 4, MPI_INT, rank, 16, MPI_COMM_WORLD, &r[0]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Recv_c(in, 4, MPI_INT, rank, 16, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv_c(in, 4, MPI_INT, rank, 16, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    void *back;
    MPI_Count back_size = -1;
    MPI_Buffer_detach_c(&back, &back_size);
    MT_CHECK(back == buffer && back_size == (MPI_Count)sizeof buffer, "Buffer_detach_c size %lld",
             (long long)back_size);

    MPI_Request p[5];
    MPI_Recv_init_c(in, 4, MPI_INT, rank, 17, MPI_COMM_WORLD, &p[0]);
    MPI_Send_init_c(out, 4, MPI_INT, rank, 17, MPI_COMM_WORLD, &p[1]);
    MPI_Ssend_init_c(out, 4, MPI_INT, rank, 18, MPI_COMM_WORLD, &p[2]);
    MPI_Rsend_init_c(out, 4, MPI_INT, rank, 19, MPI_COMM_WORLD, &p[3]);
    MPI_Bsend_init_c(out, 4, MPI_INT, rank, 20, MPI_COMM_WORLD, &p[4]);
    MPI_Startall(2, p);
    MPI_Waitall(2, p, MPI_STATUSES_IGNORE);
    for (int i = 0; i < 5; i++)
        MPI_Request_free(&p[i]);

    MPI_Message m;
    MPI_Send_c(out, 4, MPI_INT, rank, 21, MPI_COMM_WORLD);
    MPI_Mprobe(rank, 21, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
    MPI_Mrecv_c(in, 4, MPI_INT, &m, MPI_STATUS_IGNORE);
    MPI_Send_c(out, 4, MPI_INT, rank, 22, MPI_COMM_WORLD);
    MPI_Mprobe(rank, 22, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
    MPI_Imrecv_c(in, 4, MPI_INT, &m, &r[0]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MT_CHECK(in[2] == 3, "Mrecv_c/Imrecv_c");

    int cls = -1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Error_class(MPI_Send_c(out, -1, MPI_INT, rank, 0, MPI_COMM_WORLD), &cls);
    MT_CHECK(cls == MPI_ERR_COUNT, "Send_c count -1: class %d", cls);
    MPI_Error_class(MPI_Send_c(out, (MPI_Count)1 << 62, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD), &cls);
    MT_CHECK(cls == MPI_ERR_COUNT, "Send_c of 2^62 doubles: class %d", cls);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    small_c_functions(rank);
    /* Both ranks decide from the same numbers; rank 0's view is the one used. */
    int go = getenv("MPITEST_SKIP_HUGE") == NULL && mt_available_memory() > 3 * HUGE_BYTES && size >= 2;
    if (size >= 2) {
        if (rank == 0)
            MPI_Send(&go, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(&go, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (go && rank <= 1) {
        huge_transfer(rank, 0);
        huge_transfer(rank, 1);
    }
    /* On one rank the test is the _c functions alone, by design; with two,
     * a missing 3 GiB transfer is a skip worth reporting. */
    if (rank == 0 && !go && size >= 2)
        printf(" SKIP: the 3 GiB transfer (needs 9 GiB of available memory; MPITEST_SKIP_HUGE unset)\n");
    return mt_finish();
}
