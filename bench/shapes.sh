#!/usr/bin/env bash
# shapes.sh [BUILD_DIR] -- program shapes (shapes.c) under Tessera, MPICH
# and Open MPI.
#
# Builds shapes.c against each MPI found, runs it at 2 ranks and,
# oversubscribing the 2-core machine, at 4 and 8, every MPI right after
# the other with the first rotating, and prints one markdown table per
# rank count: each shape's best time over the rounds and the best peer's
# time divided by Tessera's (above 1: Tessera is faster).  Raw results go
# to bench/results/shapes-*/.
#   ROUNDS (default 2), TIME_BUDGET (seconds per timing, default 0.15),
#   RANKS (default "2 4 8"), SHAPES (shapes.c's filter),
#   SHAPES_TIMEOUT (seconds per run, default 600).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
rounds=${ROUNDS:-2}
ranks=${RANKS:-2 4 8}
limit=${SHAPES_TIMEOUT:-600}
out="$here/results/shapes-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
export TIME_BUDGET=${TIME_BUDGET:-0.15}

. "$here/mpis.sh"

for m in "${mpis[@]}"; do
    ${cc[$m]} -O2 -o "$out/shapes.$m" "$here/shapes.c"
done
i=0
for ((r = 1; r <= rounds; r++)); do
    for n in $ranks; do
        mpis_from $i
        for m in "${turn[@]}"; do
            echo "round $r: shapes -n $n with $m" >&2
            timeout "$limit" $(launch "$m" "$n") "$out/shapes.$m" >> "$out/shapes.$m.n$n.$r" 2> /dev/null ||
                echo "  (did not finish in ${limit}s)" >&2
        done
        i=$((i + 1))
    done
done

python3 - "$out" "$rounds" "$ranks" "${mpis[@]}" << 'PY'
import sys
out, rounds, ranks, mpis = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4:]
for n in ranks:
    best = {}
    for m in mpis:
        for r in range(1, rounds + 1):
            try:
                lines = open(f"{out}/shapes.{m}.n{n}.{r}").read().split("\n")
            except OSError:
                continue
            for line in lines:
                parts = line.split()
                if len(parts) != 2:
                    continue
                v = float(parts[1])
                times = best.setdefault(parts[0], {})
                times[m] = min(times.get(m, v), v)
    print(f"\n#### {n} ranks (microseconds per step; ratio = best peer / Tessera, above 1 is faster)\n")
    print("| shape | " + " | ".join(mpis) + " | ratio |")
    print("|---|" + "---|" * len(mpis) + "---|")
    for shape, times in best.items():
        cells = [f"{times[m]:.2f}" if m in times else "-" for m in mpis]
        peers = [times[m] for m in mpis[1:] if m in times]
        ratio = f"{min(peers) / times['tessera']:.2f}" if peers and "tessera" in times else "-"
        print(f"| {shape} | " + " | ".join(cells) + f" | {ratio} |")
PY
