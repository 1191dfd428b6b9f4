#!/usr/bin/env bash
# apps.sh [BUILD_DIR] -- issue 8's applications: Tessera against the
# hand-written shared-memory versions and against MPICH and Open MPI.
#
# Builds examples/cg.c, examples/qr.c and bench/cvl_bench.c (with the
# vector library) against each MPI found, and cg_native/qr_native with the
# plain compiler, all with the same flags (APP_CFLAGS, default -O3
# -march=native: at -O2 where the compiler happened to place the inner
# loops made the same arithmetic up to 15% faster in one MPI's build than
# in another's; at -O3 -march=native the builds agree within a few %).  Runs them interleaved -- round by round,
# every size and rank count, the native version and every MPI in turn,
# each run the best of 3 solves or factorizations --
# and prints markdown tables: the best time over the rounds, Tessera's time
# over the native one, and the best peer's over Tessera's (above 1:
# Tessera is faster).  Every run checks its own answer; a wrong one stops
# the script.  Raw results go to bench/results/apps-*/.
#   ROUNDS (default 3), RANKS (default "1 2 4"), CG_SIZES (grid sides,
#   default "100 200 400"), QR_SIZES (default "256 512 768"),
#   TIME_BUDGET (seconds per vector-library measurement, default 0.05),
#   APP_TIMEOUT (seconds per run, default 120), APP_CFLAGS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
examples=$(cd "$here/../examples" && pwd)
rounds=${ROUNDS:-3}
ranks=${RANKS:-1 2 4}
cg_sizes=${CG_SIZES:-100 200 400}
qr_sizes=${QR_SIZES:-256 512 768}
limit=${APP_TIMEOUT:-120}
out="$here/results/apps-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
export TIME_BUDGET=${TIME_BUDGET:-0.05}
read -r -a cflags <<< "${APP_CFLAGS:--O3 -march=native}"

. "$here/mpis.sh"

for m in "${mpis[@]}"; do
    ${cc[$m]} "${cflags[@]}" -o "$out/cg.$m" "$examples/cg.c" -lm
    ${cc[$m]} "${cflags[@]}" -o "$out/qr.$m" "$examples/qr.c" -lm
    ${cc[$m]} "${cflags[@]}" -I"$examples/cvl" -o "$out/cvl.$m" "$here/cvl_bench.c" "$examples/cvl/cvl.c" -lm
done
cc "${cflags[@]}" -pthread -o "$out/cg.native" "$examples/cg_native.c" -lm
cc "${cflags[@]}" -pthread -o "$out/qr.native" "$examples/qr_native.c" -lm

# One run: app, size, ranks, implementation; appends "app size ranks impl
# seconds-or-us" to $out/times.
run_app() {
    local app=$1 size=$2 n=$3 m=$4 cmd line value status=0
    # How each program takes its size and prints its time.
    local size_flag=-n time='s/.*: \([0-9.]*\) s (.*/\1/p'
    if [ "$app" = cg ]; then
        size_flag=-N
        time='s/.* \([0-9.]*\) us per iteration.*/\1/p'
    fi
    if [ "$m" = native ]; then
        cmd="$out/$app.native -T $n"
    else
        cmd="$(launch "$m" "$n") $out/$app.$m"
    fi
    line=$(timeout "$limit" $cmd $size_flag "$size" -r 3 2> /dev/null | tail -1) || status=$?
    # A wrong answer also exits non-zero: look for it first.
    case "$line" in
        *WRONG*) echo "$app $size on $n with $m gave a wrong answer: $line" >&2; exit 1 ;;
    esac
    if [ "$status" -ne 0 ]; then
        echo "  $app $size on $n with $m: did not finish in ${limit}s or failed" >&2
        return
    fi
    value=$(sed -n "$time" <<< "$line")
    echo "$app $size $n $m $value" >> "$out/times"
}

for ((r = 1; r <= rounds; r++)); do
    for n in $ranks; do
        for app in cg qr; do
            sizes=$cg_sizes
            [ "$app" = qr ] && sizes=$qr_sizes
            for size in $sizes; do
                for m in native "${mpis[@]}"; do
                    echo "round $r: $app $size on $n with $m" >&2
                    run_app "$app" "$size" "$n" "$m"
                done
            done
        done
        for m in "${mpis[@]}"; do
            echo "round $r: vector library on $n with $m" >&2
            timeout "$limit" $(launch "$m" "$n") "$out/cvl.$m" > "$out/cvl.$m.n$n.$r" 2> /dev/null ||
                echo "  (did not finish in ${limit}s)" >&2
        done
    done
done

python3 "$here/apps_report.py" "$out" "$rounds" "$ranks" "${mpis[@]}"
