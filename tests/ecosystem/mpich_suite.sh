#!/bin/sh
# mpich_suite.sh BUILD_DIR -- MPICH's own validation suite (test/mpi of the
# MPICH source, as Debian ships it) built with Tessera's mpicc and run with
# Tessera's mpirun: some 600 programs written by another implementation's
# authors, which catch what our own tests did not think of.
#
# The source is downloaded once from Debian's archive (checked against its
# MD5 sum) and cached (ECOSYSTEM_CACHE, default ~/.cache/tessera/ecosystem);
# nothing of it enters the tree.  The chapters Tessera leaves out (one-sided,
# I/O, dynamic processes, the tools interface) are configured out or listed
# in mpich_suite_expected.txt with the reason for each program there; the
# verdict fails on any other program that fails, and mentions those listed
# that pass now (the list should shrink).  MPICH_SUITE_DTP=1 also runs the
# datatype-pool lists (testlist.dtp: point-to-point and collectives over
# thousands of generated layouts; about twenty minutes more on 2 cores).
# Without the network and without a cached source the test is skipped (77).
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
version=4.0.2
md5=8854168c129fbe94a742d74d042a663e
cache=${ECOSYSTEM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera/ecosystem}
work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-mpich-suite.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

tarball=$cache/mpich_$version.orig.tar.xz
if [ ! -f "$tarball" ] || ! echo "$md5  $tarball" | md5sum -c --status; then
    mkdir -p "$cache"
    url=http://deb.debian.org/debian/pool/main/m/mpich/mpich_$version.orig.tar.xz
    if ! curl -sSf -o "$tarball.part" "$url" > "$work/download.log" 2>&1 ||
        ! echo "$md5  $tarball.part" | md5sum -c --status; then
        echo "SKIP: the MPICH $version source could not be downloaded from $url (no network?)"
        cat "$work/download.log"
        rm -f "$tarball.part"
        [ "${ECOSYSTEM_REQUIRED:-0}" = 1 ] && exit 1
        exit 77
    fi
    mv "$tarball.part" "$tarball"
fi

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > /dev/null
tar -xJf "$tarball" -C "$work" "mpich-$version/test/mpi"
suite=$work/mpich-$version/test/mpi
cd "$suite"
echo "== MPICH $version test suite: configuring with Tessera's mpicc"
if ! CC="$prefix/bin/mpicc" MPICC="$prefix/bin/mpicc" MPIEXEC="$prefix/bin/mpirun" ./configure \
    --with-mpi="$prefix" --enable-fortran=no --disable-cxx --disable-romio --disable-spawn --disable-rma \
    --disable-ft-tests --enable-strictmpi --enable-threads=multiple > "$work/configure.log" 2>&1; then
    tail -30 "$work/configure.log"
    echo "FAIL: the suite did not configure with Tessera's mpicc"
    exit 1
fi
# threads/pt2pt/multisend4 (two runs of five processes, five threads
# each, meeting 600 times in the suite's own barrier, a busy loop on a
# mutex) passes but takes two minutes on 2 cores, the scheduler rotating
# 25 spinning threads (MPICH itself: 35 s a run): run it by hand.
sed -i '/^multisend4 /d' threads/pt2pt/testlist
dirs="attr coll comm datatype errhan group info init pt2pt part topo errors threads"
echo "== building $dirs (programs that need the chapters left out fail to build; the list says which)"
for d in util dtpools $dirs; do
    make -k -j2 -C "$d" >> "$work/make.log" 2>&1 || true
done
dirs=$(echo $dirs | tr ' ' ,)
lists=testlist
[ "${MPICH_SUITE_DTP:-0}" = 1 ] && lists=testlist,testlist.dtp
echo "== running $lists in $dirs"
MPITEST_TIMEOUT=${MPICH_SUITE_TIMEOUT:-120} LD_LIBRARY_PATH="$prefix/lib" ./runtests -srcdir=. -tests="$lists" \
    -testdirs="$dirs" -mpiexec="$prefix/bin/mpirun" -tapfile="$work/summary.tap" > "$work/run.log" 2>&1 || true

python3 - "$work/summary.tap" "$here/mpich_suite_expected.txt" "$work/run.log" << 'PY'
import re, sys
tap, expected_file, log = sys.argv[1:4]
expected = {}
for line in open(expected_file):
    line = line.strip()
    if line and not line.startswith("#"):
        name, _, reason = line.partition(" ")
        expected[name] = reason.strip()
passed, failed = set(), set()
for line in open(tap):
    m = re.match(r"(not ok|ok)\s+(?:\d+\s+)?-\s+\./(\S+)", line)
    if m:
        (passed if m.group(1) == "ok" else failed).add(m.group(2))
passed -= failed  # a program run several times fails if any run did
unexpected = sorted(t for t in failed if t not in expected)
fixed = sorted(t for t in expected if t in passed and t not in failed)
print(f"{len(passed)} programs passed, {len(failed)} failed, {len(failed) - len(unexpected)} of them listed")
if fixed:
    print("listed as failing but passed (take them off mpich_suite_expected.txt):", " ".join(fixed))
if not passed:
    print("FAIL: no program passed; the end of the run's log:")
    print("".join(open(log).readlines()[-40:]))
    sys.exit(1)
if unexpected:
    print("FAIL: programs that failed and are not listed:", " ".join(unexpected))
    shown = 0
    for line in open(log):
        if any(f" {t.split('/')[-1]}:" in line or f" {t.split('/')[-1]};" in line for t in unexpected) and shown < 60:
            print("  " + line.rstrip()[:300])
            shown += 1
    sys.exit(1)
PY
