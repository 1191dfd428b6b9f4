#!/bin/sh
# mpi4py.sh BUILD_DIR NPROCS... -- mpi4py against Tessera, as a user gets it:
# the source distribution from PyPI built with Tessera's mpicc in a fresh
# virtual environment, then mpi4py's own test suite (test/main.py) under
# Tessera's mpirun at each process count.  The verdict is
# mpi4py_verdict.py's: everything passes or is skipped by mpi4py itself,
# save what needs the chapters Tessera leaves out for now.
#
# NumPy is installed beside it when pip can, so that the array tests run.
# The source and the built wheel are cached (ECOSYSTEM_CACHE,
# default ~/.cache/tessera/ecosystem); the wheel is rebuilt whenever the
# installed mpi.h differs, since mpi4py's build probes it.  (The
# variables are not named TESSERA_*: mpirun warns about those it does not
# know, and the MPI tests fail on any such line.)  Without the
# network and without a cached source the test is skipped (77).
# MPI4PY_TEST_SPAWN=0 is mpi4py's own switch for an MPI without
# dynamic processes: its spawn tests then skip instead of waiting for
# children that cannot be started.
set -eu
build=$(cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
version=${MPI4PY_VERSION:-4.1.2}
cache=${ECOSYSTEM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera/ecosystem}
work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-mpi4py.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > /dev/null

sdist=$cache/mpi4py-$version.tar.gz
if [ ! -f "$sdist" ]; then
    mkdir -p "$cache"
    if ! python3 -m pip download --quiet --no-deps --no-binary mpi4py "mpi4py==$version" -d "$cache" \
        > "$work/download.log" 2>&1; then
        echo "SKIP: mpi4py $version could not be downloaded (no network?):"
        tail -3 "$work/download.log"
        [ "${ECOSYSTEM_REQUIRED:-0}" = 1 ] && exit 1
        exit 77
    fi
fi

python3 -m venv "$work/venv"
key=$(sha256sum "$prefix/include/mpi.h" | cut -c1-16)
wheels=$cache/wheels/$version-$key
if ! ls "$wheels"/mpi4py-*.whl > /dev/null 2>&1; then
    echo "building mpi4py $version against Tessera (mpi.h $key)"
    mkdir -p "$wheels"
    if ! MPICC="$prefix/bin/mpicc" "$work/venv/bin/pip" wheel --quiet --no-deps "$sdist" -w "$work/wheel" \
        > "$work/build.log" 2>&1; then
        tail -40 "$work/build.log"
        echo "FAIL: mpi4py did not build with Tessera's mpicc"
        exit 1
    fi
    mv "$work"/wheel/mpi4py-*.whl "$wheels/"
fi
"$work/venv/bin/pip" install --quiet --no-deps "$wheels"/mpi4py-*.whl
# NumPy lets the suite run its array tests too (without it they skip).
"$work/venv/bin/pip" install --quiet numpy > /dev/null 2>&1 || echo "(numpy not installed: its tests skip)"

tar -xzf "$sdist" -C "$work"
tests=$work/mpi4py-$version/test
status=0
for n in "$@"; do
    echo "== mpi4py $version test suite, $n process(es)"
    # Each rank writes its own report, judged below.  The suite exits 1
    # when a test failed, even one the verdict accepts, and mpirun would
    # stop the other ranks at that: so the shell around it exits 0, and
    # a rank that dies or never finalizes still fails the job.
    set +e
    (cd "$tests" && MPI4PY_TEST_SPAWN=0 LD_LIBRARY_PATH="$prefix/lib" \
        timeout 1200 "$prefix/bin/mpirun" -n "$n" \
        sh -c '"$0" main.py -v > "$1.$TESSERA_BOOT_RANK" 2>&1; exit 0' "$work/venv/bin/python" "$work/log.$n")
    job=$?
    set -e
    if ! python3 "$here/mpi4py_verdict.py" "$work/log.$n.0"; then
        status=1
        tail -30 "$work/log.$n.0"
    fi
    for r in $(seq 1 $((n - 1))); do
        if ! python3 "$here/mpi4py_verdict.py" "$work/log.$n.$r" > "$work/verdict.$r"; then
            echo "rank $r:"
            cat "$work/verdict.$r"
            status=1
        fi
    done
    if [ $job -ne 0 ]; then
        echo "FAIL: the job ended with status $job"
        status=1
    fi
done
exit $status
