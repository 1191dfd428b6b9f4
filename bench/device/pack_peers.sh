#!/usr/bin/env bash
# pack_peers.sh OUT.txz -- MPICH and Open MPI, as installed here from
# Debian's packages, in one tarball for a machine that cannot install
# packages (a lent many-core machine): the packages' files, the compiler
# wrappers and headers included, and every shared library they load that
# is not the C library, stripped.  unpack_peers.sh puts them in place
# there; then bench/coll.sh and bench/apps.sh build and run as here.
# About 14 MB.
set -euo pipefail
out=$(realpath -m "${1:?usage: pack_peers.sh OUT.txz}")
packages=(mpich libmpich12 libmpich-dev openmpi-bin libopenmpi3 libopenmpi-dev openmpi-common
    libucx0 libpmix2 libhwloc15 libfabric1 libevent-2.1-7 libevent-core-2.1-7 libevent-pthreads-2.1-7
    libibverbs1 ibverbs-providers librdmacm1 libpsm2-2 libpsm-infinipath1)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
list=$stage/files
for p in "${packages[@]}"; do
    dpkg -L "$p" 2> /dev/null || echo "pack_peers: $p is not installed; left out" >&2
done | sort -u | while read -r f; do
    if [ -f "$f" ] || [ -L "$f" ]; then echo "$f"; fi
done | grep -v -E '^/usr/share/(doc|man|lintian)/|\.a$' > "$list"
# What the programs and plugins load, found by the loader here; the C
# library and the loader stay the target's own.  The hwloc plugins (X11,
# libxml2 and ICU behind them) and Slurm's other needs are not wanted,
# but MPICH's launcher links libslurm itself.
while read -r f; do
    if [ -f "$f" ] && file -L "$f" | grep -q ELF; then ldd "$f" 2> /dev/null | awk '/=> \// {print $3}'; fi
done < "$list" | sort -u | grep -v -E '/(libc|libm|libpthread|libdl|librt|libresolv|ld-linux[^/]*)\.so' |
    while read -r lib; do echo "$lib"; readlink -f "$lib"; done >> "$list"
grep -v -E 'libicu|libxml2|libX11|libxcb|libXau|libXdmcp|libstdc\+\+|libgfortran|libgcc_s|libquadmath|hwloc/hwloc_' \
    "$list" | sort -u > "$list.kept"
mkdir "$stage/root"
tar -cf - -T "$list.kept" 2> /dev/null | tar -xf - -C "$stage/root"
find "$stage/root" -type f -name '*.so*' -exec strip --strip-unneeded {} + 2> /dev/null || true
find "$stage/root/usr/bin" -type f -exec sh -c 'file "$1" | grep -q ELF && strip "$1"' _ {} \; 2> /dev/null || true
tar -cJf "$out" -C "$stage/root" .
echo "pack_peers: $(du -h "$out" | cut -f1) in $out"
