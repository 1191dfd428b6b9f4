/* shapes.c -- the shapes of real programs that the other benchmarks miss.
 *
 * A master handing out tasks to whichever worker asks, loops polling
 * MPI_Test, MPI_Testall or MPI_Iprobe (with and without work between the
 * tests), halo exchanges on a periodic 2D grid, rings of MPI_Sendrecv and
 * MPI_Issend, MPI_Mprobe of messages of unknown size, many ranks sending
 * to one, ping-pongs of random sizes, an allreduce through growing sizes,
 * communicator creation, a user's reduction, a broadcast of a strided
 * type, and neighbourhood, scan and v-form collectives; and a second
 * set: types made and freed around each message, deep posted and
 * unexpected queues (receives met in the reverse order), MPI_Waitany,
 * persistent, probed, buffered and replacing rings, collectives to and
 * from a fixed root, a sparse all-to-all, a communicator made for one
 * allreduce, MPI_Pack/MPI_Unpack, a 2D FFT's transpose by MPI_Alltoall
 * with derived types, and a 3D stencil's halo of subarray faces.
 *
 * Each shape runs in batches of ten steps until TIME_BUDGET seconds
 * (default 0.15) have passed, rank 0 deciding between batches, three
 * times; it prints "shape usec": the best of the three, a step's time on
 * the slowest rank.  SHAPES=halo,poll measures only the shapes whose names
 * contain one of those words.  Plain MPI, so it builds against any
 * implementation (bench/shapes.sh runs it under each). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER_BYTES (64 << 20)

static int rank, size;
static char *sendbuf, *recvbuf;
static MPI_Comm grid; /* periodic 2D, for the halo and the neighbourhood */
static MPI_Datatype strided;
static MPI_Op user_max;
static double sink; /* keeps the work between tests from being optimised out */

/* A little arithmetic, as a program computes between its tests. */
static void work(int n)
{
    double acc = 0;
    for (int i = 0; i < n; i++)
        acc += i * 1e-9;
    sink += acc;
}

/* Rank 0 hands out `tasks` tasks, one to whichever worker asks
 * (MPI_ANY_SOURCE), then tells each worker to stop. */
static void master_worker(int tasks)
{
    int msg = 0;
    MPI_Status st;
    if (rank == 0) {
        int given = 0, stopped = 0;
        while (stopped < size - 1) {
            MPI_Recv(&msg, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            int tag = given < tasks ? 1 : 2;
            given += tag == 1;
            stopped += tag == 2;
            MPI_Send(&given, 1, MPI_INT, st.MPI_SOURCE, tag, MPI_COMM_WORLD);
        }
        return;
    }
    do {
        MPI_Send(&msg, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&msg, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    } while (st.MPI_TAG == 1);
}

/* Pairs (0,1), (2,3), ... exchange `bytes` and poll MPI_Testall. */
static void poll_pair(int bytes)
{
    int peer = rank ^ 1, done = 0;
    if (peer >= size)
        return;
    MPI_Request req[2];
    MPI_Irecv(recvbuf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(sendbuf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req[1]);
    while (!done)
        MPI_Testall(2, req, &done, MPI_STATUSES_IGNORE);
}

/* The same, waiting in MPI_Waitall: what the polling should match. */
static void wait_pair(int bytes)
{
    int peer = rank ^ 1;
    if (peer >= size)
        return;
    MPI_Request req[2];
    MPI_Irecv(recvbuf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(sendbuf, bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
}

/* Each rank sends to the next and finds what comes with MPI_Iprobe. */
static void poll_iprobe(int bytes)
{
    MPI_Request req;
    MPI_Status st;
    int found = 0;
    MPI_Isend(sendbuf, bytes, MPI_BYTE, (rank + 1) % size, 2, MPI_COMM_WORLD, &req);
    while (!found)
        MPI_Iprobe(MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &found, &st);
    MPI_Recv(recvbuf, bytes, MPI_BYTE, st.MPI_SOURCE, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

/* A nonblocking allreduce of one double, polled with `between` steps of
 * work between the tests. */
static void poll_iallreduce(int between)
{
    double in = rank, out;
    MPI_Request req;
    int done = 0;
    MPI_Iallreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
    while (!done) {
        work(between);
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    }
}

static void poll_ibarrier(int between)
{
    MPI_Request req;
    int done = 0;
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    while (!done) {
        work(between);
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    }
}

/* Four faces of `bytes` with the grid's neighbours: receives first, then
 * sends, then MPI_Waitall. */
static void halo(int bytes)
{
    MPI_Request req[8];
    int n = 0, lo[2], hi[2];
    for (int d = 0; d < 2; d++) {
        MPI_Cart_shift(grid, d, 1, &lo[d], &hi[d]);
        MPI_Irecv(recvbuf + (size_t)(2 * d) * bytes, bytes, MPI_BYTE, lo[d], d, grid, &req[n++]);
        MPI_Irecv(recvbuf + (size_t)(2 * d + 1) * bytes, bytes, MPI_BYTE, hi[d], d + 2, grid, &req[n++]);
    }
    for (int d = 0; d < 2; d++) {
        MPI_Isend(sendbuf + (size_t)(2 * d) * bytes, bytes, MPI_BYTE, hi[d], d, grid, &req[n++]);
        MPI_Isend(sendbuf + (size_t)(2 * d + 1) * bytes, bytes, MPI_BYTE, lo[d], d + 2, grid, &req[n++]);
    }
    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
}

/* Every rank sends `bytes` to the next and receives from the one before. */
static void sendrecv_ring(int bytes)
{
    MPI_Sendrecv(sendbuf, bytes, MPI_BYTE, (rank + 1) % size, 3, recvbuf, bytes, MPI_BYTE, (rank + size - 1) % size, 3,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void issend_ring(int bytes)
{
    MPI_Request req[2];
    MPI_Irecv(recvbuf, bytes, MPI_BYTE, (rank + size - 1) % size, 4, MPI_COMM_WORLD, &req[0]);
    MPI_Issend(sendbuf, bytes, MPI_BYTE, (rank + 1) % size, 4, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
}

/* The ring again, each receiver learning the size by MPI_Mprobe (as
 * mpi4py's receives of pickled objects do). */
static void mprobe_ring(int bytes)
{
    MPI_Request req;
    MPI_Message msg;
    MPI_Status st;
    int count;
    MPI_Isend(sendbuf, bytes, MPI_BYTE, (rank + 1) % size, 5, MPI_COMM_WORLD, &req);
    MPI_Mprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &msg, &st);
    MPI_Get_count(&st, MPI_BYTE, &count);
    MPI_Mrecv(recvbuf, count, MPI_BYTE, &msg, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

/* Every other rank sends 16 messages to rank 0, which takes them from
 * whoever comes first. */
static void incast(int bytes)
{
    if (rank == 0) {
        for (int i = 0; i < 16 * (size - 1); i++)
            MPI_Recv(recvbuf, bytes, MPI_BYTE, MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return;
    }
    for (int i = 0; i < 16; i++)
        MPI_Send(sendbuf, bytes, MPI_BYTE, 0, 6, MPI_COMM_WORLD);
}

/* Ranks 0 and 1 ping-pong messages of 1 to `most` bytes, the same random
 * sequence on both; the other ranks wait for the next batch. */
static void random_pingpong(int most)
{
    static unsigned seed = 12345;
    seed = seed * 1103515245u + 12345u;
    int bytes = 1 + (int)((seed >> 8) % (unsigned)most);
    if (rank == 0) {
        MPI_Send(sendbuf, bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD);
        MPI_Recv(recvbuf, bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Recv(recvbuf, bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(sendbuf, bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
    }
}

/* One allreduce of each size from 8 B to 1 MiB, eight times larger each:
 * buffers that change size from call to call. */
static void allreduce_growing(int unused)
{
    (void)unused;
    for (int bytes = 8; bytes <= 1 << 20; bytes *= 8)
        MPI_Allreduce(sendbuf, recvbuf, bytes / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void comm_dup_free(int unused)
{
    (void)unused;
    MPI_Comm c;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    MPI_Comm_free(&c);
}

static void comm_split_free(int unused)
{
    (void)unused;
    MPI_Comm c;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &c);
    MPI_Comm_free(&c);
}

/* 4096 doubles, one in four: 32 KiB of data; roots turn. */
static void bcast_strided(int unused)
{
    static int call;
    (void)unused;
    MPI_Bcast(sendbuf, 1, strided, call++ % size, MPI_COMM_WORLD);
}

static void max_fn(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const double *a = in;
    double *b = inout;
    for (int i = 0; i < *len; i++)
        b[i] = a[i] > b[i] ? a[i] : b[i];
}

static void allreduce_user_op(int bytes)
{
    MPI_Allreduce(sendbuf, recvbuf, bytes / 8, MPI_DOUBLE, user_max, MPI_COMM_WORLD);
}

static void neighbor_alltoall(int bytes)
{
    MPI_Neighbor_alltoall(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, grid);
}

static void reduce_scatter_block(int bytes)
{
    MPI_Reduce_scatter_block(sendbuf, recvbuf, bytes / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void scan(int bytes)
{
    MPI_Scan(sendbuf, recvbuf, bytes / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void allgatherv(int bytes)
{
    static int *counts, *displs;
    if (!counts) {
        counts = malloc(sizeof *counts * (size_t)size);
        displs = malloc(sizeof *displs * (size_t)size);
    }
    for (int i = 0; i < size; i++) {
        counts[i] = bytes;
        displs[i] = i * bytes;
    }
    MPI_Allgatherv(sendbuf, bytes, MPI_BYTE, recvbuf, counts, displs, MPI_BYTE, MPI_COMM_WORLD);
}

/* A column of `rows` doubles (a row 64 doubles long) passed round the
 * ring in a vector type built, committed and freed around every exchange,
 * as codes that make their types where they send them do. */
static void type_churn(int rows)
{
    MPI_Datatype column;
    MPI_Type_vector(rows, 1, 64, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    MPI_Sendrecv(sendbuf, 1, column, (rank + 1) % size, 8, recvbuf, 1, column, (rank + size - 1) % size, 8,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&column);
}

/* n receives posted with distinct tags, the matching sends made in the
 * reverse order: each message searches a long posted queue. */
static void tags_reversed(int n)
{
    MPI_Request req[512];
    int from = (rank + size - 1) % size, to = (rank + 1) % size;
    for (int i = 0; i < n; i++)
        MPI_Irecv(recvbuf + 8 * i, 1, MPI_DOUBLE, from, 100 + i, MPI_COMM_WORLD, &req[i]);
    for (int i = n - 1; i >= 0; i--)
        MPI_Isend(sendbuf + 8 * i, 1, MPI_DOUBLE, to, 100 + i, MPI_COMM_WORLD, &req[2 * n - 1 - i]);
    MPI_Waitall(2 * n, req, MPI_STATUSES_IGNORE);
}

/* n messages sent before any receive is posted (a barrier between), then
 * received in the reverse order of their tags: a long unexpected queue. */
static void unexpected_reversed(int n)
{
    MPI_Request req[256];
    int from = (rank + size - 1) % size, to = (rank + 1) % size;
    for (int i = 0; i < n; i++)
        MPI_Isend(sendbuf + 8 * i, 1, MPI_DOUBLE, to, 100 + i, MPI_COMM_WORLD, &req[i]);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = n - 1; i >= 0; i--)
        MPI_Recv(recvbuf + 8 * i, 1, MPI_DOUBLE, from, 100 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
}

/* Rank 0 posts a receive from every other rank and takes them with
 * MPI_Waitany as they come. */
static void waitany_incast(int bytes)
{
    static MPI_Request *req;
    if (rank != 0) {
        MPI_Send(sendbuf, bytes, MPI_BYTE, 0, 10, MPI_COMM_WORLD);
        return;
    }
    if (!req)
        req = malloc(sizeof *req * (size_t)size);
    for (int i = 1; i < size; i++)
        MPI_Irecv(recvbuf + (size_t)i * bytes, bytes, MPI_BYTE, i, 10, MPI_COMM_WORLD, &req[i - 1]);
    for (int i = 1; i < size; i++) {
        int which;
        MPI_Waitany(size - 1, req, &which, MPI_STATUS_IGNORE);
    }
}

/* The Sendrecv ring with persistent requests, made once. */
static MPI_Request persistent[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
static void persistent_ring(int bytes)
{
    if (persistent[0] == MPI_REQUEST_NULL) {
        MPI_Recv_init(recvbuf, bytes, MPI_BYTE, (rank + size - 1) % size, 11, MPI_COMM_WORLD, &persistent[0]);
        MPI_Send_init(sendbuf, bytes, MPI_BYTE, (rank + 1) % size, 11, MPI_COMM_WORLD, &persistent[1]);
    }
    MPI_Startall(2, persistent);
    MPI_Waitall(2, persistent, MPI_STATUSES_IGNORE);
}

/* The ring, each receiver learning the size by a blocking MPI_Probe and
 * receiving from the source it names (the classic MPI-1 way). */
static void probe_ring(int bytes)
{
    MPI_Request req;
    MPI_Status st;
    int count;
    MPI_Isend(sendbuf, bytes, MPI_BYTE, (rank + 1) % size, 12, MPI_COMM_WORLD, &req);
    MPI_Probe(MPI_ANY_SOURCE, 12, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &count);
    MPI_Recv(recvbuf, count, MPI_BYTE, st.MPI_SOURCE, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
}

static void sendrecv_replace_ring(int bytes)
{
    MPI_Sendrecv_replace(recvbuf, bytes, MPI_BYTE, (rank + 1) % size, 13, (rank + size - 1) % size, 13, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
}

/* The ring with buffered sends (a buffer attached once). */
static void bsend_ring(int bytes)
{
    static char *pool;
    if (!pool) {
        int need;
        MPI_Pack_size(bytes, MPI_BYTE, MPI_COMM_WORLD, &need);
        need = 4 * (need + MPI_BSEND_OVERHEAD);
        pool = malloc((size_t)need);
        MPI_Buffer_attach(pool, need);
    }
    MPI_Bsend(sendbuf, bytes, MPI_BYTE, (rank + 1) % size, 14, MPI_COMM_WORLD);
    MPI_Recv(recvbuf, bytes, MPI_BYTE, (rank + size - 1) % size, 14, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* Collectives to or from rank 0 every time, as a time step's output or
 * input is (bench/coll.c turns the root). */
static void gather_root0(int bytes)
{
    MPI_Gather(sendbuf, bytes, MPI_BYTE, recvbuf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
}

static void reduce_root0(int bytes)
{
    MPI_Reduce(sendbuf, recvbuf, bytes / 8, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
}

static void bcast_root0(int bytes)
{
    MPI_Bcast(sendbuf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
}

/* An all-to-all where each rank has data for its two neighbours only
 * (zero counts elsewhere), as in a sparse exchange. */
static void alltoallv_sparse(int bytes)
{
    static int *sc, *sd, *rc, *rd;
    if (!sc) {
        sc = calloc((size_t)size, sizeof *sc);
        sd = calloc((size_t)size, sizeof *sd);
        rc = calloc((size_t)size, sizeof *rc);
        rd = calloc((size_t)size, sizeof *rd);
        for (int i = 0; i < size; i++)
            sd[i] = rd[i] = i * bytes;
        sc[(rank + 1) % size] = rc[(rank + 1) % size] = bytes;
        sc[(rank + size - 1) % size] = rc[(rank + size - 1) % size] = bytes;
    }
    MPI_Alltoallv(sendbuf, sc, sd, MPI_BYTE, recvbuf, rc, rd, MPI_BYTE, MPI_COMM_WORLD);
}

/* A communicator made for one allreduce and freed (solvers that split
 * off the ranks of a subproblem each time). */
static void split_allreduce(int unused)
{
    (void)unused;
    MPI_Comm c;
    double in = rank, out;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &c);
    MPI_Allreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM, c);
    MPI_Comm_free(&c);
}

/* 4096 doubles, one in four, packed and unpacked in one process. */
static void pack_unpack(int unused)
{
    (void)unused;
    int pos = 0;
    MPI_Pack(sendbuf, 1, strided, recvbuf, BUFFER_BYTES, &pos, MPI_COMM_WORLD);
    int at = 0;
    MPI_Unpack(recvbuf, BUFFER_BYTES, &at, sendbuf + (8 << 20), 1, strided, MPI_COMM_WORLD);
}

/* The transpose of a distributed 2D FFT: an n x n matrix of doubles, n /
 * size rows a rank, MPI_Alltoall sending each rank its square block as a
 * vector type and receiving the blocks as columns (a column type resized
 * to one double), so that each rank ends with its rows of the transpose. */
static MPI_Datatype fft_send = MPI_DATATYPE_NULL, fft_recv = MPI_DATATYPE_NULL;

static void fft_transpose(int n)
{
    if (fft_send == MPI_DATATYPE_NULL) {
        n -= n % size;
        int m = n / size;
        MPI_Datatype block, column, one, columns;
        MPI_Type_vector(m, m, n, MPI_DOUBLE, &block);
        MPI_Type_create_resized(block, 0, (MPI_Aint)m * (MPI_Aint)sizeof(double), &fft_send);
        MPI_Type_vector(m, 1, n, MPI_DOUBLE, &column);
        MPI_Type_create_resized(column, 0, sizeof(double), &one);
        MPI_Type_contiguous(m, one, &columns);
        MPI_Type_create_resized(columns, 0, (MPI_Aint)m * (MPI_Aint)sizeof(double), &fft_recv);
        MPI_Type_commit(&fft_send);
        MPI_Type_commit(&fft_recv);
        MPI_Type_free(&block);
        MPI_Type_free(&column);
        MPI_Type_free(&one);
        MPI_Type_free(&columns);
    }
    MPI_Alltoall(sendbuf, 1, fft_send, recvbuf, 1, fft_recv, MPI_COMM_WORLD);
}

/* A 3D stencil's halo exchange: each rank's n^3 array of doubles holds
 * an interior with one ghost layer all round; its six faces (subarray
 * types, the interior's outer planes) go to the neighbours of a periodic
 * 3D grid, into their ghost planes.  The grid's first dimension is the
 * array's last (the array stored a[z][y][x], x first in the grid, as
 * codes written from Fortran's order keep it): with two ranks the faces
 * between them are single doubles a row apart (512 bytes for n = 64). */
static MPI_Comm grid3;
static MPI_Datatype halo3_send[6], halo3_recv[6];

static void halo3d(int n)
{
    if (halo3_send[0] == MPI_DATATYPE_NULL) {
        for (int face = 0; face < 6; face++) {
            int d = 2 - face / 2, high = face % 2;
            int sizes[3] = {n, n, n}, sub[3] = {n - 2, n - 2, n - 2}, start[3] = {1, 1, 1};
            sub[d] = 1;
            start[d] = high ? n - 2 : 1;
            MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &halo3_send[face]);
            start[d] = high ? n - 1 : 0;
            MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &halo3_recv[face]);
            MPI_Type_commit(&halo3_send[face]);
            MPI_Type_commit(&halo3_recv[face]);
        }
    }
    MPI_Request req[12];
    for (int face = 0; face < 6; face++) {
        int lo, hi;
        MPI_Cart_shift(grid3, face / 2, 1, &lo, &hi);
        /* The low ghost plane fills from the low neighbour's high face. */
        MPI_Irecv(sendbuf, 1, halo3_recv[face], face % 2 ? hi : lo, face, grid3, &req[face]);
        MPI_Isend(sendbuf, 1, halo3_send[face], face % 2 ? hi : lo, face ^ 1, grid3, &req[6 + face]);
    }
    MPI_Waitall(12, req, MPI_STATUSES_IGNORE);
}

typedef void (*step_fn)(int arg);

/* The best of three timings of f(arg), us a step on the slowest rank. */
static double time_steps(step_fn f, int arg, double budget)
{
    double best = 0;
    for (int round = 0; round < 3; round++) {
        MPI_Barrier(MPI_COMM_WORLD);
        long steps = 0;
        int more = 1;
        double start = MPI_Wtime(), elapsed = 0;
        while (more) {
            for (int i = 0; i < 10; i++)
                f(arg);
            steps += 10;
            elapsed = MPI_Wtime() - start;
            more = elapsed < budget;
            MPI_Bcast(&more, 1, MPI_INT, 0, MPI_COMM_WORLD);
        }
        double mine = elapsed / (double)steps * 1e6, slowest;
        MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if (round == 0 || slowest < best)
            best = slowest;
    }
    return best;
}

/* Whether SHAPES (a comma-separated list of words) names the shape. */
static int wanted(const char *name)
{
    const char *list = getenv("SHAPES");
    if (!list)
        return 1;
    char words[512], *save = NULL;
    snprintf(words, sizeof words, "%s", list);
    for (char *w = strtok_r(words, ",", &save); w; w = strtok_r(NULL, ",", &save))
        if (strstr(name, w))
            return 1;
    return 0;
}

static const struct shape {
    const char *name;
    step_fn f;
    int arg;
    int min_ranks;
} shapes[] = {
    {"master_worker_100_tasks", master_worker, 100, 2},
    {"poll_pair_8", poll_pair, 8, 2},
    {"wait_pair_8", wait_pair, 8, 2},
    {"poll_pair_64k", poll_pair, 64 << 10, 2},
    {"poll_iprobe_8", poll_iprobe, 8, 1},
    {"poll_iallreduce_work_100", poll_iallreduce, 100, 1},
    {"poll_iallreduce_work_3000", poll_iallreduce, 3000, 1},
    {"poll_ibarrier", poll_ibarrier, 0, 1},
    {"poll_ibarrier_work_1000", poll_ibarrier, 1000, 1},
    {"halo_8", halo, 8, 1},
    {"halo_1k", halo, 1 << 10, 1},
    {"halo_64k", halo, 64 << 10, 1},
    {"halo_1m", halo, 1 << 20, 1},
    {"sendrecv_ring_8", sendrecv_ring, 8, 1},
    {"sendrecv_ring_64k", sendrecv_ring, 64 << 10, 1},
    {"sendrecv_ring_256k", sendrecv_ring, 256 << 10, 1},
    {"sendrecv_ring_1m", sendrecv_ring, 1 << 20, 1},
    {"sendrecv_ring_4m", sendrecv_ring, 4 << 20, 1},
    {"issend_ring_8", issend_ring, 8, 1},
    {"issend_ring_256k", issend_ring, 256 << 10, 1},
    {"mprobe_ring_100", mprobe_ring, 100, 1},
    {"mprobe_ring_100k", mprobe_ring, 100000, 1},
    {"incast_8", incast, 8, 1},
    {"incast_4k", incast, 4 << 10, 1},
    {"random_pingpong_64k", random_pingpong, 64 << 10, 2},
    {"random_pingpong_1m", random_pingpong, 1 << 20, 2},
    {"allreduce_growing", allreduce_growing, 0, 1},
    {"comm_dup_free", comm_dup_free, 0, 1},
    {"comm_split_free", comm_split_free, 0, 1},
    {"bcast_strided_32k", bcast_strided, 0, 1},
    {"allreduce_user_op_8", allreduce_user_op, 8, 1},
    {"allreduce_user_op_64k", allreduce_user_op, 64 << 10, 1},
    {"neighbor_alltoall_1k", neighbor_alltoall, 1 << 10, 1},
    {"neighbor_alltoall_64k", neighbor_alltoall, 64 << 10, 1},
    {"reduce_scatter_block_8", reduce_scatter_block, 8, 1},
    {"reduce_scatter_block_64k", reduce_scatter_block, 64 << 10, 1},
    {"scan_8", scan, 8, 1},
    {"scan_64k", scan, 64 << 10, 1},
    {"allgatherv_1k", allgatherv, 1 << 10, 1},
    {"allgatherv_256k", allgatherv, 256 << 10, 1},
    {"type_churn_64", type_churn, 64, 1},
    {"tags_reversed_64", tags_reversed, 64, 1},
    {"tags_reversed_256", tags_reversed, 256, 1},
    {"unexpected_reversed_64", unexpected_reversed, 64, 1},
    {"unexpected_reversed_256", unexpected_reversed, 256, 1},
    {"waitany_incast_8", waitany_incast, 8, 2},
    {"persistent_ring_8", persistent_ring, 8, 1},
    {"probe_ring_100", probe_ring, 100, 1},
    {"sendrecv_replace_ring_8", sendrecv_replace_ring, 8, 1},
    {"sendrecv_replace_ring_64k", sendrecv_replace_ring, 64 << 10, 1},
    {"bsend_ring_8", bsend_ring, 8, 1},
    {"gather_root0_8", gather_root0, 8, 1},
    {"reduce_root0_8", reduce_root0, 8, 1},
    {"bcast_root0_8", bcast_root0, 8, 1},
    {"bcast_root0_64k", bcast_root0, 64 << 10, 1},
    {"alltoallv_sparse_1k", alltoallv_sparse, 1 << 10, 1},
    {"split_allreduce", split_allreduce, 0, 1},
    {"pack_unpack_32k", pack_unpack, 0, 1},
    {"fft_transpose_256", fft_transpose, 256, 1},
    {"halo3d_64", halo3d, 64, 1},
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double budget = getenv("TIME_BUDGET") ? atof(getenv("TIME_BUDGET")) : 0.15;
    sendbuf = malloc(BUFFER_BYTES);
    recvbuf = malloc(BUFFER_BYTES);
    if (!sendbuf || !recvbuf)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (size_t i = 0; i < BUFFER_BYTES; i++) {
        sendbuf[i] = (char)i;
        recvbuf[i] = 0;
    }
    int dims[2] = {0, 0}, periods[2] = {1, 1};
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    int dims3[3] = {0, 0, 0}, periods3[3] = {1, 1, 1};
    MPI_Dims_create(size, 3, dims3);
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims3, periods3, 0, &grid3);
    for (int face = 0; face < 6; face++)
        halo3_send[face] = halo3_recv[face] = MPI_DATATYPE_NULL;
    MPI_Type_vector(4096, 1, 4, MPI_DOUBLE, &strided);
    MPI_Type_commit(&strided);
    MPI_Op_create(max_fn, 1, &user_max);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        if (size < shapes[i].min_ranks || !wanted(shapes[i].name))
            continue;
        double usec = time_steps(shapes[i].f, shapes[i].arg, budget);
        if (rank == 0) {
            printf("%s %.3f\n", shapes[i].name, usec);
            fflush(stdout);
        }
    }
    for (int i = 0; i < 2; i++)
        if (persistent[i] != MPI_REQUEST_NULL)
            MPI_Request_free(&persistent[i]);
    MPI_Op_free(&user_max);
    MPI_Type_free(&strided);
    if (fft_send != MPI_DATATYPE_NULL) {
        MPI_Type_free(&fft_send);
        MPI_Type_free(&fft_recv);
    }
    for (int face = 0; face < 6 && halo3_send[0] != MPI_DATATYPE_NULL; face++) {
        MPI_Type_free(&halo3_send[face]);
        MPI_Type_free(&halo3_recv[face]);
    }
    MPI_Comm_free(&grid3);
    MPI_Comm_free(&grid);
    free(sendbuf);
    free(recvbuf);
    MPI_Finalize();
    return sink < 0;
}
