/*
 * intercomm.c -- intercommunicators between the even and the odd ranks of
 * the job: MPI_Intercomm_create over a split, the local and remote groups,
 * messages of many sizes between the groups (named by remote rank, and
 * from MPI_ANY_SOURCE), duplicates that keep traffic apart, merges in
 * both orders and with equal `high`, MPI_Intercomm_create_from_groups,
 * MPI_Comm_split and MPI_Comm_create of an intercommunicator,
 * MPI_Comm_disconnect finishing requests still running on an intra- and
 * an intercommunicator, and the errors: overlapping groups,
 * intracommunicator-only calls.
 */
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

static int wrank, wsize;

/* The world ranks of a group, in its order. */
static void world_ranks(MPI_Group g, int *out)
{
    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int n;
    MPI_Group_size(g, &n);
    int *ranks = malloc((size_t)n * sizeof *ranks);
    for (int i = 0; i < n; i++)
        ranks[i] = i;
    MPI_Group_translate_ranks(g, n, ranks, world, out);
    MPI_Group_free(&world);
    free(ranks);
}

/* Check an even/odd intercommunicator from this process's side. */
static void check_shape(MPI_Comm inter)
{
    int flag = 0, size, rsize, rank;
    MPI_Comm_test_inter(inter, &flag);
    MT_CHECK(flag, "MPI_Comm_test_inter says %d", flag);
    MPI_Comm_size(inter, &size);
    MPI_Comm_remote_size(inter, &rsize);
    MPI_Comm_rank(inter, &rank);
    int evens = (wsize + 1) / 2, odds = wsize / 2, color = wrank % 2;
    MT_CHECK(size == (color ? odds : evens) && rsize == (color ? evens : odds) && rank == wrank / 2,
             "size %d, remote size %d, rank %d", size, rsize, rank);
    MPI_Group local, remote;
    MPI_Comm_group(inter, &local);
    MPI_Comm_remote_group(inter, &remote);
    int *lw = malloc((size_t)size * sizeof *lw), *rw = malloc((size_t)rsize * sizeof *rw);
    world_ranks(local, lw);
    world_ranks(remote, rw);
    for (int i = 0; i < size; i++)
        MT_CHECK(lw[i] == 2 * i + color, "local rank %d is world %d", i, lw[i]);
    for (int i = 0; i < rsize; i++)
        MT_CHECK(rw[i] == 2 * i + 1 - color, "remote rank %d is world %d", i, rw[i]);
    free(lw);
    free(rw);
    MPI_Group_free(&local);
    MPI_Group_free(&remote);
}

/* Local rank i and remote rank i (where both exist) swap messages of
 * many sizes; every process also hears once from MPI_ANY_SOURCE. */
static void exchange(MPI_Comm inter, int tag)
{
    int rank, rsize;
    MPI_Comm_rank(inter, &rank);
    MPI_Comm_remote_size(inter, &rsize);
    if (rank < rsize) {
        int peer_world = 2 * rank + 1 - wrank % 2;
        for (size_t len = 1; len <= (1u << 20); len *= 8) {
            unsigned char *out = malloc(len), *in = malloc(len);
            mt_fill(out, len, wrank, (int)len);
            MPI_Status st;
            MPI_Sendrecv(out, (int)len, MPI_BYTE, rank, tag, in, (int)len, MPI_BYTE, rank, tag, inter, &st);
            MT_CHECK(st.MPI_SOURCE == rank, "source %d, want %d", st.MPI_SOURCE, rank);
            long bad = mt_verify(in, len, peer_world, (int)len);
            MT_CHECK(bad < 0, "%zu bytes from remote rank %d differ at %ld", len, rank, bad);
            free(out);
            free(in);
        }
    }
    /* Remote rank 0 sends every local rank its world rank. */
    MPI_Request *reqs = malloc((size_t)(rank == 0 ? rsize : 0) * sizeof *reqs + 1);
    if (rank == 0)
        for (int r = 0; r < rsize; r++)
            MPI_Isend(&wrank, 1, MPI_INT, r, tag + 1, inter, &reqs[r]);
    int from = -1;
    MPI_Status st;
    MPI_Recv(&from, 1, MPI_INT, MPI_ANY_SOURCE, tag + 1, inter, &st);
    MT_CHECK(st.MPI_SOURCE == 0 && from == 1 - wrank % 2, "wildcard receive: source %d, world %d", st.MPI_SOURCE, from);
    if (rank == 0)
        MPI_Waitall(rsize, reqs, MPI_STATUSES_IGNORE);
    free(reqs);
}

/* The merged communicator's world ranks: the group coming first, then
 * the other. */
static void check_merge(MPI_Comm inter, int high, int evens_first)
{
    MPI_Comm merged;
    MPI_Intercomm_merge(inter, high, &merged);
    int size, rank, flag = 1;
    MPI_Comm_size(merged, &size);
    MPI_Comm_rank(merged, &rank);
    MPI_Comm_test_inter(merged, &flag);
    MT_CHECK(size == wsize && !flag, "merged: size %d, inter %d", size, flag);
    MPI_Group g;
    MPI_Comm_group(merged, &g);
    int *w = malloc((size_t)size * sizeof *w), evens = (wsize + 1) / 2, odds = wsize / 2;
    world_ranks(g, w);
    for (int i = 0; i < size; i++) {
        int first = evens_first ? evens : odds, want;
        if (i < first)
            want = 2 * i + (evens_first ? 0 : 1);
        else
            want = 2 * (i - first) + (evens_first ? 1 : 0);
        MT_CHECK(w[i] == want, "merge (high %d): rank %d is world %d, want %d", high, i, w[i], want);
    }
    /* The merged communicator carries messages: a ring. */
    int got = -1;
    MPI_Sendrecv(&rank, 1, MPI_INT, (rank + 1) % size, 3, &got, 1, MPI_INT, (rank + size - 1) % size, 3, merged,
                 MPI_STATUS_IGNORE);
    MT_CHECK(got == (rank + size - 1) % size, "ring on merged: got %d", got);
    free(w);
    MPI_Group_free(&g);
    MPI_Comm_free(&merged);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    int color = wrank % 2;
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, color, wrank, &local);
    /* Leaders: world ranks 0 (evens) and 1 (odds). */
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - color, 17, &inter);
    check_shape(inter);
    exchange(inter, 10);

    int result = -1;
    MPI_Comm_compare(inter, inter, &result);
    MT_CHECK(result == MPI_IDENT, "an intercommunicator compares %d to itself", result);
    MPI_Comm_compare(inter, MPI_COMM_WORLD, &result);
    MT_CHECK(result == MPI_UNEQUAL, "an intercommunicator compares %d to the world", result);

    /* A duplicate: same groups, its own traffic. */
    MPI_Comm dup;
    MPI_Comm_dup(inter, &dup);
    check_shape(dup);
    MPI_Comm_compare(inter, dup, &result);
    MT_CHECK(result == MPI_CONGRUENT, "a duplicate compares %d", result);
    int rank;
    MPI_Comm_rank(inter, &rank);
    if (rank == 0) {
        int a = 1, b = 2, got = 0;
        MPI_Send(&a, 1, MPI_INT, 0, 5, dup);
        MPI_Send(&b, 1, MPI_INT, 0, 5, inter);
        MPI_Recv(&got, 1, MPI_INT, 0, 5, inter, MPI_STATUS_IGNORE);
        MT_CHECK(got == 2, "on the original got %d (the duplicate's message crossed over)", got);
        MPI_Recv(&got, 1, MPI_INT, 0, 5, dup, MPI_STATUS_IGNORE);
        MT_CHECK(got == 1, "on the duplicate got %d", got);
    }
    exchange(dup, 20);
    MPI_Comm_free(&dup);

    /* Merges: by high, in both orders; equal high puts world rank 0 first. */
    check_merge(inter, color, 1);
    check_merge(inter, !color, 0);
    check_merge(inter, 0, 1);
    check_merge(inter, 1, 1);

    /* From groups, with no parent communicator. */
    MPI_Group wg, lg, rg;
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    int evens[8], odds[8], ne = 0, no = 0;
    for (int r = 0; r < wsize; r++) {
        if (r % 2)
            odds[no++] = r;
        else
            evens[ne++] = r;
    }
    MPI_Group_incl(wg, color ? no : ne, color ? odds : evens, &lg);
    MPI_Group_incl(wg, color ? ne : no, color ? evens : odds, &rg);
    MPI_Comm fromgroups;
    /* remote_leader counts at the local leader only: the others pass
     * nonsense. */
    int lg_rank;
    MPI_Group_rank(lg, &lg_rank);
    MPI_Intercomm_create_from_groups(lg, 0, rg, lg_rank == 0 ? 0 : -7, "tessera-test", MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                     &fromgroups);
    check_shape(fromgroups);
    exchange(fromgroups, 30);
    MPI_Errhandler eh;
    MPI_Comm_get_errhandler(fromgroups, &eh);
    MT_CHECK(eh == MPI_ERRORS_RETURN, "the new intercommunicator's error handler is not the one given");
    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&fromgroups);

    /* Split: color by world rank / 2, keys reversing the order, world
     * rank 2 undefined.  Each side keeps its own members of the color. */
    MPI_Comm sp;
    int scolor = wrank == 2 ? MPI_UNDEFINED : (wrank / 2) % 2;
    MPI_Comm_split(inter, scolor, -wrank, &sp);
    int want_local[8], want_remote[8], nl = 0, nr = 0;
    for (int w = wsize - 1; w >= 0 && scolor != MPI_UNDEFINED; w--) {
        if (w == 2 || (w / 2) % 2 != scolor)
            continue;
        if (w % 2 == color)
            want_local[nl++] = w;
        else
            want_remote[nr++] = w;
    }
    MT_CHECK((sp == MPI_COMM_NULL) == (nr == 0 || scolor == MPI_UNDEFINED), "split: world rank %d got %s", wrank,
             sp == MPI_COMM_NULL ? "MPI_COMM_NULL" : "a communicator");
    if (sp != MPI_COMM_NULL) {
        int flag = 0, n, m, got[8];
        MPI_Comm_test_inter(sp, &flag);
        MPI_Comm_size(sp, &n);
        MPI_Comm_remote_size(sp, &m);
        MT_CHECK(flag && n == nl && m == nr, "split: inter %d, sizes %d and %d, want %d and %d", flag, n, m, nl, nr);
        MPI_Group g;
        MPI_Comm_group(sp, &g);
        world_ranks(g, got);
        for (int i = 0; i < n && i < nl; i++)
            MT_CHECK(got[i] == want_local[i], "split: local rank %d is world %d, want %d", i, got[i], want_local[i]);
        MPI_Group_free(&g);
        MPI_Comm_remote_group(sp, &g);
        world_ranks(g, got);
        for (int i = 0; i < m && i < nr; i++)
            MT_CHECK(got[i] == want_remote[i], "split: remote rank %d is world %d, want %d", i, got[i], want_remote[i]);
        MPI_Group_free(&g);
        /* Remote rank 0 sends each local rank its world rank. */
        int me, from = -1;
        MPI_Comm_rank(sp, &me);
        MPI_Request reqs[8];
        for (int r = 0; me == 0 && r < m; r++)
            MPI_Isend(&wrank, 1, MPI_INT, r, 4, sp, &reqs[r]);
        MPI_Recv(&from, 1, MPI_INT, 0, 4, sp, MPI_STATUS_IGNORE);
        MT_CHECK(from == want_remote[0], "split: remote rank 0 is world %d, want %d", from, want_remote[0]);
        if (me == 0)
            MPI_Waitall(m, reqs, MPI_STATUSES_IGNORE);
        MPI_Comm_free(&sp);
    }

    /* Create: each side keeps all but its last member. */
    MPI_Group mine, sub;
    MPI_Comm_group(inter, &mine);
    int lsize, rsize_c, last;
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize_c);
    last = lsize - 1;
    MPI_Group_excl(mine, 1, &last, &sub);
    MPI_Comm cr;
    MPI_Comm_create(inter, sub, &cr);
    int in_sub = wrank / 2 < lsize - 1, both = lsize > 1 && rsize_c > 1;
    MT_CHECK((cr != MPI_COMM_NULL) == (in_sub && both), "create: world rank %d got %s", wrank,
             cr == MPI_COMM_NULL ? "MPI_COMM_NULL" : "a communicator");
    if (cr != MPI_COMM_NULL) {
        int n, m;
        MPI_Comm_size(cr, &n);
        MPI_Comm_remote_size(cr, &m);
        MT_CHECK(n == lsize - 1 && m == rsize_c - 1, "create: sizes %d and %d", n, m);
        MPI_Comm_free(&cr);
    }
    MPI_Group_free(&sub);
    MPI_Group_free(&mine);

    /* Disconnect finishes what is still running: a message each way
     * between local rank i and remote rank i, never waited for. */
    for (int kind = 0; kind < 2; kind++) {
        MPI_Comm d;
        MPI_Comm_dup(kind ? inter : MPI_COMM_WORLD, &d);
        int n, me, peer, out[256], in[256];
        MPI_Comm_rank(d, &me);
        if (kind)
            MPI_Comm_remote_size(d, &n);
        else
            MPI_Comm_size(d, &n);
        peer = kind ? (me < n ? me : MPI_PROC_NULL) : (me ^ 1) < n ? me ^ 1 : MPI_PROC_NULL;
        for (int i = 0; i < 256; i++) {
            out[i] = wrank * 1000 + i;
            in[i] = -1;
        }
        MPI_Request reqs[2];
        MPI_Irecv(in, 256, MPI_INT, peer, 9, d, &reqs[0]);
        MPI_Isend(out, 256, MPI_INT, peer, 9, d, &reqs[1]);
        MPI_Comm_disconnect(&d);
        MT_CHECK(d == MPI_COMM_NULL, "MPI_Comm_disconnect left the handle");
        int flag = 0;
        MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
        MT_CHECK(flag, "requests still running after MPI_Comm_disconnect");
        int peer_world = peer == MPI_PROC_NULL ? -1 : kind ? 2 * peer + 1 - color : wrank ^ 1;
        for (int i = 0; peer_world >= 0 && i < 256; i++)
            MT_CHECK(in[i] == peer_world * 1000 + i, "disconnect (%s): word %d is %d", kind ? "inter" : "intra", i,
                     in[i]);
    }

    /* Errors. */
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(local, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rsize, x = 0;
    MPI_Comm_remote_size(inter, &rsize);
    MT_EXPECT_CLASS(MPI_Send(&x, 1, MPI_INT, rsize, 0, inter), MPI_ERR_RANK, "a send past the remote group");
    MPI_Comm bad = MPI_COMM_NULL;
    /* A split by type of an intercommunicator: everyone shares the node,
     * so it is the whole intercommunicator again. */
    MPI_Comm shared = MPI_COMM_NULL;
    MPI_Comm_split_type(inter, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shared);
    int shared_remote = -1, shared_inter = 0;
    if (shared != MPI_COMM_NULL) {
        MPI_Comm_test_inter(shared, &shared_inter);
        MPI_Comm_remote_size(shared, &shared_remote);
        MPI_Comm_free(&shared);
    }
    MT_CHECK(shared_inter && shared_remote == rsize, "split_type SHARED of an intercommunicator: remote size %d of %d",
             shared_remote, rsize);
    MPI_Comm_split_type(inter, MPI_UNDEFINED, 0, MPI_INFO_NULL, &shared);
    MT_CHECK(shared == MPI_COMM_NULL, "split_type MPI_UNDEFINED of an intercommunicator");
    MT_EXPECT_CLASS(MPI_Comm_split_type(inter, MPI_COMM_TYPE_HW_UNGUIDED, 0, MPI_INFO_NULL, &bad), MPI_ERR_COMM,
                    "an unguided split of an intercommunicator");
    MT_EXPECT_CLASS(MPI_Cart_create(inter, 1, &rsize, &x, 0, &bad), MPI_ERR_COMM,
                    "MPI_Cart_create on an intercommunicator");
    MT_EXPECT_CLASS(MPI_Comm_remote_size(MPI_COMM_WORLD, &x), MPI_ERR_COMM, "MPI_Comm_remote_size of the world");
    MT_EXPECT_CLASS(MPI_Intercomm_merge(MPI_COMM_WORLD, 0, &bad), MPI_ERR_COMM, "MPI_Intercomm_merge of the world");
    MPI_Comm world = MPI_COMM_WORLD;
    MT_EXPECT_CLASS(MPI_Comm_disconnect(&world), MPI_ERR_COMM, "MPI_Comm_disconnect of the world");
    MT_EXPECT_CLASS(MPI_Intercomm_create(inter, 0, MPI_COMM_WORLD, 0, 1, &bad), MPI_ERR_COMM,
                    "an intercommunicator as local_comm");
    MT_EXPECT_CLASS(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, wsize, 1, &bad), MPI_ERR_RANK,
                    "remote_leader past the end");
    int rg_size;
    MPI_Group_size(rg, &rg_size);
    MT_EXPECT_CLASS(
        MPI_Intercomm_create_from_groups(lg, 0, rg, rg_size, "tessera-bad", MPI_INFO_NULL, MPI_ERRORS_RETURN, &bad),
        MPI_ERR_RANK, "from groups, remote_leader past the end (every process hears it)");
    /* Overlap: each leader names itself as the remote leader. */
    MT_EXPECT_CLASS(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, color, 2, &bad), MPI_ERR_COMM, "overlapping groups");
    MT_CHECK(bad == MPI_COMM_NULL, "a failed call made a communicator");

    MPI_Group_free(&wg);
    MPI_Group_free(&lg);
    MPI_Group_free(&rg);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    return mt_finish();
}
