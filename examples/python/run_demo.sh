#!/bin/sh
# run_demo.sh BUILD_DIR -- the mpi4py examples, for `make demo`, when this
# machine has what they need: Python 3 with NumPy, and an mpi4py built
# against this Tessera.  That mpi4py is the wheel the ecosystem test
# (make test) caches for the current mpi.h; it goes into a virtual
# environment in the build folder that also sees the system's NumPy.
# Whatever is missing, the script says how to get it and exits 0.
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cache=${ECOSYSTEM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera/ecosystem}
if ! python3 -c 'import numpy, venv' > /dev/null 2>&1; then
    echo "(the mpi4py examples need Python 3 with numpy and venv: skipped)"
    exit 0
fi
key=$(sha256sum "$build/include/mpi.h" | cut -c1-16)
wheel=$(ls "$cache"/wheels/*-"$key"/mpi4py-*.whl 2> /dev/null | head -1 || true)
if [ -z "$wheel" ]; then
    echo "(no mpi4py built against this Tessera yet: \`make test\` builds one, or"
    echo " MPICC=<prefix>/bin/mpicc python3 -m pip install --no-binary mpi4py mpi4py; examples skipped)"
    exit 0
fi
venv=$build/python-venv
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.wheel" 2> /dev/null)" != "$wheel" ]; then
    rm -rf "$venv"
    python3 -m venv --system-site-packages "$venv"
    "$venv/bin/pip" install --quiet --no-deps "$wheel"
    echo "$wheel" > "$venv/.wheel"
fi
run() {
    n=$1
    shift
    echo "== $* on $n ranks"
    LD_LIBRARY_PATH="$build/lib" "$build/bin/mpirun" -n "$n" "$venv/bin/python" "$here/$1"
}
run 4 hello.py
run 2 pingpong.py
run 4 allreduce.py
