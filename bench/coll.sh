#!/usr/bin/env bash
# coll.sh [BUILD_DIR] -- collective latency of Tessera, MPICH and Open MPI.
#
# Builds coll.c against each MPI found (as run.sh does), runs it
# interleaved -- round by round, operation by operation, every MPI for each
# operation -- at 2 ranks
# and, oversubscribing the 2-core machine, at 4 and 8, and prints one
# markdown table per rank count: the best time per operation and size
# over the rounds, and the best peer's time divided by Tessera's (above 1:
# Tessera is faster).  The peers are bound one rank per core where there
# are cores enough (mpis.sh: launch), as Tessera binds itself.  Raw
# results go to bench/results/coll-*/.  On a machine with more cores that
# cannot install the peers, bench/device/ brings them.
#   ROUNDS (default 2), TIME_BUDGET (seconds per measurement, default 0.2),
#   RANKS (default "2 4 8"), COLL_TIMEOUT (seconds per run, default 300).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
rounds=${ROUNDS:-2}
ranks=${RANKS:-2 4 8}
limit=${COLL_TIMEOUT:-300}
out="$here/results/coll-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
export TIME_BUDGET=${TIME_BUDGET:-0.2}

. "$here/mpis.sh"

for m in "${mpis[@]}"; do
    ${cc[$m]} -O2 -o "$out/coll.$m" "$here/coll.c"
done
# One operation at a time, every MPI right after the other with the first
# rotating: this machine's speed changes up to 3x from one minute to the
# next, and whole runs of each MPI minutes apart let that decide ratios.
ops=(barrier bcast reduce allreduce allgather alltoall gather scatter)
for ((r = 1; r <= rounds; r++)); do
    for n in $ranks; do
        i=0
        for op in "${ops[@]}"; do
            mpis_from $i
            for m in "${turn[@]}"; do
                echo "round $r: coll $op -n $n with $m" >&2
                OPS=$op timeout "$limit" $(launch "$m" "$n") "$out/coll.$m" >> "$out/coll.$m.n$n.$r" 2> /dev/null ||
                    echo "  (did not finish in ${limit}s)" >&2
            done
            i=$((i + 1))
        done
    done
done

python3 - "$out" "$rounds" "$ranks" "${mpis[@]}" << 'PY'
import sys
out, rounds, ranks, mpis = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4:]
def size_name(b):
    return f"{b >> 20} MiB" if b >= 1 << 20 else f"{b >> 10} KiB" if b >= 1 << 10 else f"{b} B"
for n in ranks:
    best = {}
    for m in mpis:
        for r in range(1, rounds + 1):
            try:
                lines = open(f"{out}/coll.{m}.n{n}.{r}").read().split("\n")
            except OSError:
                continue
            for line in lines:
                parts = line.split()
                if len(parts) != 3:
                    continue
                key = (parts[0], int(parts[1]))
                best.setdefault(key, {})
                v = float(parts[2])
                best[key][m] = min(best[key].get(m, v), v)
    print(f"\n#### {n} ranks (microseconds per call; ratio = best peer / Tessera, above 1 is faster)\n")
    print("| operation | size | " + " | ".join(mpis) + " | ratio |")
    print("|---|---|" + "---|" * len(mpis) + "---|")
    for (op, b), times in best.items():
        cells = [f"{times[m]:.2f}" if m in times else "-" for m in mpis]
        peers = [times[m] for m in mpis[1:] if m in times]
        ratio = f"{min(peers) / times['tessera']:.2f}" if peers and "tessera" in times else "-"
        print(f"| {op} | {size_name(b)} | " + " | ".join(cells) + f" | {ratio} |")
PY
