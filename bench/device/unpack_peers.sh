#!/usr/bin/env bash
# unpack_peers.sh PEERS.txz -- on a lent machine, as root: put the MPICH
# and Open MPI of pack_peers.sh in place (files the machine already has
# are kept, and its /lib and /bin links stay links), and let the
# checkout's test suite find itself where the build folder was configured
# (CTest's files name that path).  Then, from the checkout:
#   RANKS="2 4 8 16" ROUNDS=2 bench/coll.sh build
#   RANKS="1 2 4 8 16" ROUNDS=1 bench/apps.sh build
#   (cd build && ctest -j16 -LE ecosystem)
# Open MPI's launcher refuses root without --allow-run-as-root, which
# bench/mpis.sh passes.
set -euo pipefail
tarball=$(realpath "${1:?usage: unpack_peers.sh PEERS.txz}")
here=$(cd "$(dirname "$0")/../.." && pwd)
tar -xJf "$tarball" -C / --skip-old-files --keep-directory-symlink
ldconfig
configured=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$here/build/CMakeCache.txt" 2> /dev/null || true)
if [ -n "$configured" ] && [ "$configured" != "$here" ] && [ ! -e "$configured" ]; then
    mkdir -p "$(dirname "$configured")"
    ln -s "$here" "$configured"
fi
for m in mpich openmpi; do
    command -v "mpicc.$m" > /dev/null && echo "unpack_peers: $m ready" || echo "unpack_peers: no $m" >&2
done
