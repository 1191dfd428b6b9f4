/* bsend.c -- buffered sends: MPI_Bsend returns before any receive is
 * posted, whatever the size; an exhausted buffer gives MPI_ERR_BUFFER and
 * nothing else; MPI_Buffer_detach waits for the buffered sends and hands
 * the buffer back; MPI_Ibsend, MPI_Bsend_init, MPI_BUFFER_AUTOMATIC. */
#include <string.h>

#include "mpitest.h"

static const size_t sizes[] = {0, 8, 3000, 150000};
#define COUNT 4

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int peer = size >= 2 ? (rank ^ 1) : rank;
    int active = peer < size;

    /* Rank pairs: each Bsends messages of every size to its peer before the
     * peer posts a receive, then detaches, which waits for delivery. */
    size_t need = 0;
    for (int i = 0; i < COUNT; i++)
        need += sizes[i] + MPI_BSEND_OVERHEAD + 16;
    char *attached = malloc(need);
    MPI_Buffer_attach(attached, (int)need);
    unsigned char *out = malloc(150000), *in = malloc(150000);
    if (active) {
        for (int i = 0; i < COUNT; i++) {
            mt_fill(out, sizes[i], rank, i);
            int rc = MPI_Bsend(out, (int)sizes[i], MPI_BYTE, peer, i, MPI_COMM_WORLD);
            MT_CHECK(rc == MPI_SUCCESS, "Bsend of %zu bytes failed", sizes[i]);
            memset(out, 0, sizes[i]); /* the buffer is ours again at once */
        }
        for (int i = COUNT - 1; i >= 0; i--) {
            MPI_Recv(in, (int)sizes[i], MPI_BYTE, peer, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(mt_verify(in, sizes[i], peer, i) < 0, "buffered message of %zu bytes corrupted", sizes[i]);
        }
    }
    void *back = NULL;
    int back_size = -1;
    MPI_Buffer_detach(&back, &back_size);
    MT_CHECK(back == attached && back_size == (int)need, "detach gave back %p/%d, not %p/%zu", back, back_size,
             (void *)attached, need);

    /* Exhaustion: a clear error, and the buffer still works afterwards. */
    char small[MPI_BSEND_OVERHEAD + 64];
    MPI_Buffer_attach(small, sizeof small);
    MT_EXPECT_CLASS(MPI_Bsend(out, 1000, MPI_BYTE, rank, 50, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "Bsend larger than buffer");
    int v = 41, w = 0;
    MT_CHECK(MPI_Bsend(&v, 1, MPI_INT, rank, 51, MPI_COMM_WORLD) == MPI_SUCCESS, "small Bsend after a failed one");
    MPI_Recv(&w, 1, MPI_INT, rank, 51, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MT_CHECK(w == 41, "self Bsend delivered %d", w);
    int failures = 0;
    for (int i = 0; i < 10; i++)
        failures += MPI_Bsend(out, 40, MPI_BYTE, MPI_PROC_NULL, 52, MPI_COMM_WORLD) != MPI_SUCCESS;
    MT_CHECK(failures == 0, "Bsend to MPI_PROC_NULL used the buffer");
    MT_EXPECT_CLASS(MPI_Buffer_attach(small, sizeof small), MPI_ERR_BUFFER, "attaching a second buffer");
    MPI_Buffer_detach(&back, &back_size);
    MT_EXPECT_CLASS(MPI_Bsend(&v, 1, MPI_INT, rank, 53, MPI_COMM_WORLD), MPI_ERR_BUFFER, "Bsend with no buffer");
    MT_EXPECT_CLASS(MPI_Buffer_attach(small, -4), MPI_ERR_ARG, "attach with size -4");

    /* MPI_Ibsend and a persistent buffered send, restarted. */
    char *buffer = malloc(64 * (MPI_BSEND_OVERHEAD + 64));
    MPI_Buffer_attach(buffer, 64 * (MPI_BSEND_OVERHEAD + 64));
    MPI_Request r;
    v = 7;
    MPI_Ibsend(&v, 1, MPI_INT, rank, 60, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Recv(&w, 1, MPI_INT, rank, 60, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MT_CHECK(w == 7, "Ibsend delivered %d", w);
    MPI_Bsend_init(&v, 1, MPI_INT, rank, 61, MPI_COMM_WORLD, &r);
    for (int i = 0; i < 200; i++) {
        v = i;
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Recv(&w, 1, MPI_INT, rank, 61, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (w != i) {
            MT_CHECK(0, "persistent Bsend %d delivered %d", i, w);
            break;
        }
    }
    MPI_Request_free(&r);
    MPI_Buffer_detach(&back, &back_size);
    free(buffer);

    /* MPI_BUFFER_AUTOMATIC: the library finds the memory. */
    MPI_Buffer_attach(MPI_BUFFER_AUTOMATIC, 0);
    if (active) {
        for (int i = 0; i < 20; i++) {
            mt_fill(out, 150000, rank, 100 + i);
            MPI_Bsend(out, 150000, MPI_BYTE, peer, 100 + i, MPI_COMM_WORLD);
        }
        for (int i = 0; i < 20; i++) {
            MPI_Recv(in, 150000, MPI_BYTE, peer, 100 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MT_CHECK(mt_verify(in, 150000, peer, 100 + i) < 0, "automatic-buffer message %d corrupted", i);
        }
    }
    MPI_Buffer_detach(&back, &back_size);
    MT_CHECK(back == MPI_BUFFER_AUTOMATIC, "detaching the automatic buffer gave %p", back);

    /* Exactly what the standard says to provide: the messages' sizes and
     * MPI_BSEND_OVERHEAD each, here from an odd address.  Messages to
     * another rank past the eager limit stay in the buffer until that
     * rank receives them, so all three are there at once. */
    static const size_t exact_sizes[] = {0, 13, 100001};
    for (int k = 0; k < 3 && active; k++) {
        enum { MESSAGES = 3 };
        size_t bytes = exact_sizes[k];
        size_t exact = MESSAGES * (bytes + MPI_BSEND_OVERHEAD);
        char *room = malloc(exact + 1);
        MPI_Buffer_attach(room + 1, (int)exact);
        for (int i = 0; i < MESSAGES; i++)
            MT_CHECK(MPI_Bsend(out, (int)bytes, MPI_BYTE, peer, 80 + i, MPI_COMM_WORLD) == MPI_SUCCESS,
                     "Bsend %d of %zu bytes into a buffer of exactly %zu", i, bytes, exact);
        for (int i = 0; i < MESSAGES; i++)
            MPI_Recv(in, (int)bytes, MPI_BYTE, peer, 80 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Buffer_detach(&back, &back_size);
        free(room);
    }

    /* MPI-4.1: a communicator's own buffer serves its sends only; the
     * flushes return once the buffered sends have left (a large one needs
     * its receive posted first, so the nonblocking flush is tested while
     * the peer has not received yet). */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
    size_t own_size = 2 * (150000 + MPI_BSEND_OVERHEAD + 16);
    char *own = malloc(own_size);
    MPI_Comm_attach_buffer(dup, own, (int)own_size);
    MT_EXPECT_CLASS(MPI_Bsend(&v, 1, MPI_INT, rank, 70, MPI_COMM_WORLD), MPI_ERR_BUFFER,
                    "another communicator does not use dup's buffer");
    MT_EXPECT_CLASS(MPI_Comm_attach_buffer(dup, own, 64), MPI_ERR_BUFFER, "attaching to dup twice");
    if (active) {
        mt_fill(out, 150000, rank, 71);
        MPI_Bsend(out, 150000, MPI_BYTE, peer, 71, dup);
        MPI_Request flush;
        MPI_Comm_iflush_buffer(dup, &flush);
        int flag = 0;
        if (peer != rank) /* the peer receives only after the exchange below */
            MPI_Test(&flush, &flag, MPI_STATUS_IGNORE);
        MT_CHECK(!flag, "the flush completed before the large message's receive was posted");
        MPI_Sendrecv(&v, 0, MPI_INT, peer, 72, &w, 0, MPI_INT, peer, 72, dup, MPI_STATUS_IGNORE);
        MPI_Recv(in, 150000, MPI_BYTE, peer, 71, dup, MPI_STATUS_IGNORE);
        MT_CHECK(mt_verify(in, 150000, peer, 71) < 0, "message from a communicator's buffer corrupted");
        MPI_Wait(&flush, MPI_STATUS_IGNORE);
        MPI_Bsend(&v, 1, MPI_INT, peer, 73, dup);
        MPI_Recv(&w, 1, MPI_INT, peer, 73, dup, MPI_STATUS_IGNORE);
        MPI_Comm_flush_buffer(dup);
        MPI_Buffer_flush();
    }
    int own_back = -1;
    MPI_Comm_detach_buffer(dup, &back, &own_back);
    MT_CHECK(back == own && own_back == (int)own_size, "detached from dup: %p/%d", back, own_back);
    MPI_Comm_attach_buffer(dup, MPI_BUFFER_AUTOMATIC, 0);
    if (active) {
        MPI_Bsend(&v, 1, MPI_INT, peer, 74, dup); /* still buffered when dup is freed */
        MPI_Recv(&w, 1, MPI_INT, peer, 74, dup, MPI_STATUS_IGNORE);
    }
    MPI_Comm_free(&dup);
    free(own);
    free(out);
    free(in);
    free(attached);
    return mt_finish();
}
