/* names.c -- the algorithm names of names.h, as NULL-ended arrays. */
#include <stddef.h>

#include "coll/names.h"

#define NAMES(op, OP) const char *const coll_names_##op[] = {"auto", COLL_NAMES_##OP, NULL}
NAMES(barrier, BARRIER);
NAMES(bcast, BCAST);
NAMES(gather, GATHER);
NAMES(gatherv, GATHERV);
NAMES(scatter, SCATTER);
NAMES(scatterv, SCATTERV);
NAMES(allgather, ALLGATHER);
NAMES(allgatherv, ALLGATHERV);
NAMES(alltoall, ALLTOALL);
NAMES(alltoallv, ALLTOALLV);
NAMES(alltoallw, ALLTOALLW);
NAMES(reduce, REDUCE);
NAMES(allreduce, ALLREDUCE);
NAMES(reduce_scatter, REDUCE_SCATTER);
NAMES(reduce_scatter_block, REDUCE_SCATTER_BLOCK);
NAMES(scan, SCAN);
NAMES(exscan, EXSCAN);
