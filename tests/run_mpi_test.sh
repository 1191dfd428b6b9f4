#!/bin/sh
# run_mpi_test.sh MPIRUN NRANKS PROGRAM [ARGS...]
# Runs one self-checking MPI test.  It passes when the job exits 0, rank 0
# printed " No Errors", and neither Tessera nor mpirun said anything: a
# clean run prints nothing of ours.  Exit 77 (skipped) when the test also
# printed a " SKIP: ..." line.
mpirun=$1
nranks=$2
shift 2
out=$("$mpirun" --timeout "${TESSERA_TEST_TIMEOUT:-240}" -n "$nranks" "$@" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 0 ]; then
    echo "FAIL: exit status $rc"
    exit 1
fi
if ! printf '%s\n' "$out" | grep -qx ' No Errors'; then
    echo "FAIL: no ' No Errors' line"
    exit 1
fi
# A forced collective algorithm that cannot serve a call falls back with
# a warning: expected in the runs that force them, so it does not count.
if printf '%s\n' "$out" | grep -v '^tessera warning: TESSERA_COLL_[A-Z_]*=[a-z_]* cannot serve this call' |
    grep -Eq '^(tessera|mpirun)'; then
    echo "FAIL: Tessera printed something on a clean run"
    exit 1
fi
# A test that could not run part of itself here says so with " SKIP: why".
if printf '%s\n' "$out" | grep -q '^ SKIP'; then
    exit 77
fi
exit 0
