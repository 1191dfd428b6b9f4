/*
 * weak.h -- the MPI_ names of the entry points: weak aliases of the PMPI_
 * functions, so that a profiling library may define MPI_ and call PMPI_.
 *
 * `#pragma weak MPI_X = PMPI_X` would say the same, but clang gives such
 * an alias the hidden visibility of -fvisibility=hidden whatever mpi.h
 * declares, and a clang-built libmpi then exported no MPI_ symbol at all.
 * The alias attribute carries its own visibility under both compilers.
 */
#ifndef TESSERA_API_WEAK_H
#define TESSERA_API_WEAK_H

#define TESSERA_WEAK_ALIAS(name, target) \
    extern __typeof(target) name __attribute__((weak, alias(#target), visibility("default")));

#endif
