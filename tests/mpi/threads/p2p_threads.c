/*
 * p2p_threads.c -- MPI_THREAD_MULTIPLE point-to-point: several threads of
 * every process send and receive at once.
 *
 *   ring       each thread exchanges with the neighbouring processes on a
 *              tag of its own: inline, ring-sized, pieced and rendezvous
 *              messages, contiguous and strided, checked byte by byte;
 *   wildcard   one thread receives MPI_ANY_SOURCE/MPI_ANY_TAG while the
 *              others of every process send to it; matched probes
 *              (MPI_Mprobe/MPI_Mrecv) take the rest, one thread each tag;
 *   self       a thread blocks in MPI_Recv from its own process until
 *              another thread, later, sends the message: the waiting thread
 *              must let the sender into the library, and wake up.
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "mpitest.h"
#include "mt_threads.h"

#define THREADS 4
#define ROUNDS 6

static int rank, size;

static const size_t sizes[] = {8, 48, 1000, 6000, 40000, 200000};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

/* Every thread sends to the next process and receives from the one before,
 * on tag = thread, each size contiguous and as a vector of 8-byte blocks. */
static void *ring(void *arg)
{
    int t = (int)(intptr_t)arg;
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    size_t max = sizes[NSIZES - 1];
    unsigned char *out = malloc(2 * max), *in = malloc(2 * max);
    pthread_barrier_wait(&mt_start);
    for (int round = 0; round < ROUNDS; round++)
        for (int s = 0; s < NSIZES; s++) {
            size_t len = sizes[s];
            int message = round * NSIZES + s + 1000 * t;
            mt_fill(out, len, rank, message);
            memset(in, 0, len);
            MPI_Request req;
            MPI_Irecv(in, (int)len, MPI_BYTE, prev, t, MPI_COMM_WORLD, &req);
            MPI_Send(out, (int)len, MPI_BYTE, next, t, MPI_COMM_WORLD);
            MPI_Status st;
            MPI_Wait(&req, &st);
            int count;
            MPI_Get_count(&st, MPI_BYTE, &count);
            long bad = mt_verify(in, len, prev, message);
            MT_CHECK(count == (int)len && bad < 0 && st.MPI_TAG == t,
                     "thread %d round %d: %zu bytes from %d: count %d, first bad byte %ld, tag %d", t, round, len, prev,
                     count, bad, st.MPI_TAG);

            /* Strided on both sides: every other 8-byte block. */
            int blocks = (int)(len / 8);
            if (blocks == 0)
                continue;
            MPI_Datatype every_other;
            MPI_Type_vector(blocks, 1, 2, MPI_DOUBLE, &every_other);
            MPI_Type_commit(&every_other);
            for (int b = 0; b < blocks; b++)
                mt_fill(out + 16 * b, 8, rank, message * 7 + b);
            memset(in, 0, 2 * (size_t)blocks * 8);
            MPI_Sendrecv(out, 1, every_other, next, t, in, 1, every_other, prev, t, MPI_COMM_WORLD, &st);
            for (int b = 0; b < blocks; b++)
                if (mt_verify(in + 16 * b, 8, prev, message * 7 + b) >= 0) {
                    MT_CHECK(0, "thread %d round %d: strided %zu bytes from %d: block %d wrong", t, round, len, prev,
                             b);
                    break;
                }
            MPI_Type_free(&every_other);
        }
    free(out);
    free(in);
    return NULL;
}

/* Thread 0 of process 0 takes every message sent to it on any source and
 * tag; the other threads of every process send it tagged messages. */
#define WILD_MESSAGES 50
static void *wildcard(void *arg)
{
    int t = (int)(intptr_t)arg;
    pthread_barrier_wait(&mt_start);
    if (rank == 0 && t == 0) {
        int expected = size * (THREADS - 1) * WILD_MESSAGES;
        int *seen = calloc((size_t)size * THREADS, sizeof *seen);
        for (int i = 0; i < expected; i++) {
            int payload[2];
            MPI_Status st;
            MPI_Recv(payload, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            int from = st.MPI_SOURCE, thread = st.MPI_TAG - 100;
            MT_CHECK(thread >= 1 && thread < THREADS && payload[0] == from &&
                         payload[1] == seen[from * THREADS + thread],
                     "wildcard: message %d/%d from %d tag %d carries (%d, %d), expected (%d, %d)", i, expected, from,
                     st.MPI_TAG, payload[0], payload[1], from, thread >= 1 ? seen[from * THREADS + thread] : -1);
            if (thread >= 1 && thread < THREADS)
                seen[from * THREADS + thread]++; /* messages of one sender and tag arrive in order */
        }
        free(seen);
    } else if (t > 0) {
        for (int i = 0; i < WILD_MESSAGES; i++) {
            int payload[2] = {rank, i};
            MPI_Send(payload, 2, MPI_INT, 0, 100 + t, MPI_COMM_WORLD);
        }
    }
    return NULL;
}

/* Every thread of every process sends one message per tag 200 + t to each
 * process; thread t of each process takes those of its tag with a matched
 * probe (which no other thread's receive can steal). */
static void *matched_probe(void *arg)
{
    int t = (int)(intptr_t)arg;
    pthread_barrier_wait(&mt_start);
    MPI_Request *sends = malloc((size_t)size * sizeof *sends);
    int *out = malloc((size_t)size * sizeof *out);
    for (int r = 0; r < size; r++) {
        out[r] = rank * 1000 + t;
        MPI_Isend(&out[r], 1, MPI_INT, r, 200 + t, MPI_COMM_WORLD, &sends[r]);
    }
    for (int i = 0; i < size; i++) {
        MPI_Message msg;
        MPI_Status st;
        MPI_Mprobe(MPI_ANY_SOURCE, 200 + t, MPI_COMM_WORLD, &msg, &st);
        int value = -1;
        MPI_Mrecv(&value, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
        MT_CHECK(value == st.MPI_SOURCE * 1000 + t, "matched probe: thread %d got %d from %d", t, value, st.MPI_SOURCE);
    }
    MPI_Waitall(size, sends, MPI_STATUSES_IGNORE);
    free(sends);
    free(out);
    return NULL;
}

/* A receive from this very process that only a later call of another
 * thread satisfies. */
static void *self_receiver(void *arg)
{
    (void)arg;
    int value = 0;
    int flag = -1;
    MPI_Is_thread_main(&flag);
    MT_CHECK(flag == 0, "MPI_Is_thread_main says %d in a thread of our own", flag);
    pthread_barrier_wait(&mt_start);
    MPI_Recv(&value, 1, MPI_INT, rank, 300, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MT_CHECK(value == 4242, "self: received %d", value);
    /* And a rendezvous-sized one. */
    size_t len = 300000;
    unsigned char *in = calloc(len, 1);
    MPI_Recv(in, (int)len, MPI_BYTE, rank, 301, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MT_CHECK(mt_verify(in, len, rank, 301) < 0, "self: large message wrong");
    free(in);
    return NULL;
}

static void *self_sender(void *arg)
{
    (void)arg;
    pthread_barrier_wait(&mt_start);
    usleep(100 * 1000); /* the receiver is asleep in MPI_Recv by now */
    int value = 4242;
    MPI_Send(&value, 1, MPI_INT, rank, 300, MPI_COMM_WORLD);
    size_t len = 300000;
    unsigned char *out = malloc(len);
    mt_fill(out, len, rank, 301);
    MPI_Send(out, (int)len, MPI_BYTE, rank, 301, MPI_COMM_WORLD);
    free(out);
    return NULL;
}

static void run(void *(*fn)(void *), int threads)
{
    mt_run_threads(fn, threads);
    MPI_Barrier(MPI_COMM_WORLD);
}

static void *self_pair(void *arg)
{
    return (intptr_t)arg == 0 ? self_receiver(NULL) : self_sender(NULL);
}

int main(int argc, char **argv)
{
    mt_init_multiple(&argc, &argv, &rank, &size);
    int query = -1;
    MPI_Query_thread(&query);
    MT_CHECK(query == MPI_THREAD_MULTIPLE, "MPI_Query_thread says %d", query);

    run(ring, THREADS);
    run(wildcard, THREADS);
    run(matched_probe, THREADS);
    run(self_pair, 2);
    return mt_finish();
}
