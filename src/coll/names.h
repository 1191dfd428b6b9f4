/*
 * names.h -- the names of each collective operation's algorithms, in the
 * order of select.c's tables (index 1 on; 0 is "auto").  They are the
 * choices of the TESSERA_COLL_* tunables, which mpirun lists too, so they
 * live apart from the algorithms (names.c).
 */
#ifndef TESSERA_COLL_NAMES_H
#define TESSERA_COLL_NAMES_H

#define COLL_NAMES_BARRIER "dissemination", "shm"
#define COLL_NAMES_BCAST "binomial", "linear", "scatter_allgather", "shm"
#define COLL_NAMES_GATHER "linear", "binomial", "shm"
#define COLL_NAMES_GATHERV "linear", "shm"
#define COLL_NAMES_SCATTER "linear", "binomial", "shm"
#define COLL_NAMES_SCATTERV "linear", "shm"
#define COLL_NAMES_ALLGATHER "ring", "recursive_doubling", "shm"
#define COLL_NAMES_ALLGATHERV "ring", "shm"
#define COLL_NAMES_ALLTOALL "pairwise", "linear", "shm", "offered"
#define COLL_NAMES_ALLTOALLV "pairwise", "linear", "shm", "offered"
#define COLL_NAMES_ALLTOALLW "pairwise", "linear", "shm", "offered"
#define COLL_NAMES_REDUCE "binomial", "linear", "shm", "halves"
#define COLL_NAMES_ALLREDUCE "recursive_doubling", "ring", "reduce_bcast", "shm"
#define COLL_NAMES_REDUCE_SCATTER "ring", "reduce_scatterv", "shm"
#define COLL_NAMES_REDUCE_SCATTER_BLOCK "ring", "reduce_scatter", "shm"
#define COLL_NAMES_SCAN "recursive_doubling", "linear", "shm"
#define COLL_NAMES_EXSCAN "recursive_doubling", "linear", "shm"

#define COLL_NAMES(op) extern const char *const coll_names_##op[]
COLL_NAMES(barrier);
COLL_NAMES(bcast);
COLL_NAMES(gather);
COLL_NAMES(gatherv);
COLL_NAMES(scatter);
COLL_NAMES(scatterv);
COLL_NAMES(allgather);
COLL_NAMES(allgatherv);
COLL_NAMES(alltoall);
COLL_NAMES(alltoallv);
COLL_NAMES(alltoallw);
COLL_NAMES(reduce);
COLL_NAMES(allreduce);
COLL_NAMES(reduce_scatter);
COLL_NAMES(reduce_scatter_block);
COLL_NAMES(scan);
COLL_NAMES(exscan);
#undef COLL_NAMES

#endif
