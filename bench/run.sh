#!/usr/bin/env bash
# run.sh [BUILD_DIR] -- compare Tessera with MPICH and Open MPI.
#
# Builds latency.c, bandwidth.c, datatype.c and oversub.c against each MPI found
# (Tessera from BUILD_DIR, MPICH and Open MPI from Debian's mpich and
# openmpi-bin packages), runs them interleaved -- round by round, every MPI
# in each round -- latency, bandwidth (a buffer per message, then one buffer
# for all) and datatype (case by case) on 2 ranks, oversub on 4 and 8
# ranks of the 2-core machine with each MPI's default settings, and prints
# markdown tables of the best value per size with ratios to the best peer.
# Raw results go to bench/results/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
rounds=${ROUNDS:-3}
out="$here/results/$(date +%Y%m%d-%H%M%S)"
[ -n "${REPORT_ONLY:-}" ] || mkdir -p "$out"

# An oversubscribed run that has not finished in this long is reported as
# such: a busy-polling MPI can take minutes.
oversub_timeout=${OVERSUB_TIMEOUT:-30}

. "$here/mpis.sh"
# Two ranks, one per core.
declare -A run2
for m in "${mpis[@]}"; do run2[$m]="${run[$m]} -n 2 ${pin[$m]:-}"; done
# The datatype cases (kind bytes): columns of 1 KiB to 16 MiB, faces of
# n x n doubles, n = 16 to 256, n x n matrices by columns, n = 128 to 512,
# and 300 to 4000 scattered doubles, each with the same bytes contiguous.
datatype_cases=()
for ((b = 1024; b <= 16 << 20; b *= 4)); do datatype_cases+=("column $b" "contig $b"); done
for ((n = 16; n <= 256; n *= 2)); do datatype_cases+=("face $((n * n * 8))" "contig $((n * n * 8))"); done
datatype_cases+=("transpose 131072" "transpose 524288" "transpose 2097152" "contig 2097152")
for b in 2400 8000 32000; do datatype_cases+=("irregular $b" "contig $b"); done

# REPORT_ONLY=DIR prints the tables again from the raw results in DIR.
if [ -n "${REPORT_ONLY:-}" ]; then
    out=$REPORT_ONLY
    rounds=$(ls "$out"/memcpy.* | wc -l)
else
    for m in "${mpis[@]}"; do
        for prog in latency bandwidth datatype oversub; do
            ${cc[$m]} -O2 -o "$out/$prog.$m" "$here/$prog.c"
        done
    done
    cc -O2 -o "$out/memcpy_bw" "$here/memcpy_bw.c"
    cc -O2 -o "$out/cacheline" "$here/cacheline.c"
    cc -O2 -o "$out/shm_pipe" "$here/shm_pipe.c"

    for ((r = 1; r <= rounds; r++)); do
        for m in "${mpis[@]}"; do
            for prog in latency bandwidth; do
                echo "round $r: $prog with $m" >&2
                ${run2[$m]} "$out/$prog.$m" > "$out/$prog.$m.$r"
            done
            echo "round $r: bandwidth one-buffer with $m" >&2
            ${run2[$m]} "$out/bandwidth.$m" one-buffer > "$out/bandwidth1.$m.$r"
            for n in 4 8; do
                echo "round $r: oversub -n $n with $m" >&2
                timeout "$oversub_timeout" ${run[$m]} -n $n "$out/oversub.$m" >> "$out/oversub.$m.$r" 2> /dev/null || true
            done
        done
        # Datatype transfers one case at a time, every MPI right after the
        # other, the first MPI rotating: whole runs of the program a minute
        # apart met different machine speeds (up to 3x), which decided the
        # ratios more than the MPIs did.
        i=0
        for case in "${datatype_cases[@]}"; do
            echo "round $r: datatype $case" >&2
            mpis_from $i
            for m in "${turn[@]}"; do
                ${run2[$m]} "$out/datatype.$m" $case >> "$out/datatype.$m.$r"
            done
            i=$((i + 1))
        done
        "$out/memcpy_bw" > "$out/memcpy.$r"
        "$out/cacheline" > "$out/cacheline.$r"
        "$out/shm_pipe" > "$out/shm_pipe.$r"
    done
fi

plots=${PLOTS_DIR:-$here/../docs/perf}
python3 - "$out" "$rounds" "$plots" "$oversub_timeout" "${mpis[@]}" << 'PY'
import sys, collections
out, rounds, plots, timeout, mpis = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]
def load(name, better, column=1):
    best = collections.OrderedDict()
    for r in range(1, rounds + 1):
        for line in open(f"{out}/{name}.{r}"):
            fields = line.split()
            size, value = int(fields[0]), float(fields[column])
            best[size] = better(best.get(size, value), value)
    return best
lat = {m: load(f"latency.{m}", min) for m in mpis}
bw = {m: load(f"bandwidth.{m}", max) for m in mpis}
bw1 = {m: load(f"bandwidth1.{m}", max) for m in mpis}
# memcpy.R: "bytes in-cache window" -- one buffer again and again, and the
# window's distinct buffers, the memory each bandwidth run touches.
mem_cached = load("memcpy", max, 1)
mem_window = load("memcpy", max, 2)
def load_oversub(m):
    # Per rank count, one time per round; a round that did not finish
    # (killed by the timeout) counts as infinitely slow.
    runs = {4: [], 8: []}
    for r in range(1, rounds + 1):
        got = {}
        for line in open(f"{out}/oversub.{m}.{r}"):
            fields = line.split()
            if len(fields) == 3 and fields[0].isdigit():
                got[int(fields[0])] = float(fields[2])
        for n in runs:
            runs[n].append(got.get(n, float("inf")))
    return {n: sorted(v) for n, v in runs.items()}
over = {m: load_oversub(m) for m in mpis}
def load_datatype(m):
    # "kind bytes MB/s" lines; the best round per (kind, bytes).
    best = collections.OrderedDict()
    for r in range(1, rounds + 1):
        for line in open(f"{out}/datatype.{m}.{r}"):
            kind, size, value = line.split()
            key = (kind, int(size))
            best[key] = max(best.get(key, 0.0), float(value))
    return best
dtype = {m: load_datatype(m) for m in mpis}
floor = min(float(open(f"{out}/cacheline.{r}").read()) for r in range(1, rounds + 1))
pipe = max(float(open(f"{out}/shm_pipe.{r}").read()) for r in range(1, rounds + 1))
peers = [m for m in mpis if m != "tessera"]
def fmt_size(n):
    for unit, div in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div and n % div == 0:
            return f"{n // div} {unit}"
    return f"{n} B"
print("### Latency (one way, microseconds; lower is better)\n")
print(f"Hardware floor: one cache line from core to core takes {floor:.3f} us one way (`bench/cacheline.c`).")
# The host may place the two vCPUs far apart for minutes at a time; every
# MPI's rounds in such a phase are slower.  Per round, for reading the raw
# results.
per_round = [float(open(f"{out}/cacheline.{r}").read()) for r in range(1, rounds + 1)]
print("Per round: " + ", ".join(f"{v:.3f}" for v in per_round) + " us.\n")
print("| size | " + " | ".join(mpis) + " | Tessera / best peer |")
print("|---:|" + "---:|" * len(mpis) + "---:|")
for size in lat["tessera"]:
    row = [f"{lat[m][size]:.2f}" for m in mpis]
    ratio = lat["tessera"][size] / min(lat[p][size] for p in peers) if peers else float("nan")
    print(f"| {fmt_size(size)} | " + " | ".join(row) + f" | {ratio:.2f} |")
def bandwidth_table(title, rates, mem, mem_name, limit=None):
    print(f"\n### {title}\n")
    extra = " | Tessera / two-process limit" if limit else ""
    print("| size | " + " | ".join(mpis) + f" | {mem_name} | Tessera / best peer | Tessera / memcpy{extra} |")
    print("|---:|" + "---:|" * len(mpis) + "---:|---:|---:|" + ("---:|" if limit else ""))
    for size in rates["tessera"]:
        row = [f"{rates[m][size]:.0f}" for m in mpis]
        t = rates["tessera"][size]
        ratio = t / max(rates[p][size] for p in peers) if peers else float("nan")
        tail = f" {t / limit:.2f} |" if limit else ""
        print(f"| {fmt_size(size)} | " + " | ".join(row) +
              f" | {mem.get(size, 0):.0f} | {ratio:.2f} | {t / mem.get(size, 1):.2f} |" + tail)
bandwidth_table("Bandwidth (windowed, a buffer per message, MB/s; higher is better)", bw, mem_window,
                "memcpy, same buffers")
print("\nHardware limit for two processes: one core copies in-cache data into a ring in shared memory while")
print(f"another copies it out, {pipe:.0f} MB/s (`bench/shm_pipe.c`, best round).")
bandwidth_table("Bandwidth (windowed, one buffer for the whole window: data in cache, MB/s; higher is better)", bw1,
                mem_cached, "memcpy, in cache", pipe)
print("\n### Non-contiguous transfers (ping-pong, MB/s of data; higher is better)\n")
print("A column of a 2D array of doubles (`MPI_Type_vector`, 8-byte blocks 128 bytes apart), the y = 1 face of an")
print("n x n x n array of doubles (`MPI_Type_create_subarray`, blocks of n doubles), an n x n matrix by columns")
print("(a transpose: a column resized to one double, n of them) and single doubles at scattered places")
print("(`MPI_Type_create_indexed_block`), the same type on both sides.\n")
print("| type | data | " + " | ".join(mpis) + " | Tessera / best peer | Tessera contiguous | typed / contiguous |")
print("|---|---:|" + "---:|" * len(mpis) + "---:|---:|---:|")
for (kind, size) in dtype["tessera"]:
    if kind == "contig":
        continue
    row = [f"{dtype[m].get((kind, size), 0):.0f}" for m in mpis]
    t = dtype["tessera"][(kind, size)]
    best_peer = max(dtype[p].get((kind, size), 0) for p in peers) if peers else float("nan")
    contig = dtype["tessera"].get(("contig", size), float("nan"))
    print(f"| {kind} | {fmt_size(size)} | " + " | ".join(row) + f" | {t / best_peer:.2f} | {contig:.0f} | {t / contig:.2f} |")
print(f"\n### Oversubscribed (pairwise ping-pong of 8 B, all pairs at once; microseconds per message, job-wide; lower is better)\n")
print(f"Each cell: median round (best round); {rounds} rounds; a round not done in {timeout} s shows as -.\n")
print("| ranks on 2 cores | " + " | ".join(mpis) + " | Tessera throughput / best peer, median (best) |")
print("|---:|" + "---:|" * len(mpis) + "---:|")
def us(v):
    return f"{v:.2f}" if v != float("inf") else "-"
for n in (4, 8):
    med = {m: over[m][n][len(over[m][n]) // 2] for m in mpis}
    best = {m: over[m][n][0] for m in mpis}
    row = [f"{us(med[m])} ({us(best[m])})" for m in mpis]
    ratio = lambda t: min(t[p] for p in peers) / t["tessera"] if peers else float("nan")
    print(f"| {n} | " + " | ".join(row) + f" | {ratio(med):.1f} ({ratio(best):.1f}) |")

# Plots, when matplotlib is there (pip install matplotlib).
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("\n(no plots: matplotlib is not installed)", file=sys.stderr)
    sys.exit(0)
import os
os.makedirs(plots, exist_ok=True)
fig, ax = plt.subplots(figsize=(7, 4.5))
for m in mpis:
    sizes = [s for s in lat[m] if s > 0]
    ax.plot(sizes, [lat[m][s] for s in sizes], marker="o", markersize=3, label=m)
ax.axhline(floor, color="gray", linestyle="--", label=f"cache line, core to core ({floor:.3f} us)")
ax.set_xscale("log", base=2)
ax.set_yscale("log")
ax.set_xlabel("message size (bytes)")
ax.set_ylabel("one-way latency (us)")
ax.set_title("Ping-pong latency, 2 ranks")
ax.legend()
ax.grid(True, which="both", alpha=0.3)
fig.tight_layout()
fig.savefig(f"{plots}/latency.png", dpi=110)
fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
for ax, rates, mem, title in ((axes[0], bw, mem_window, "a buffer per message"),
                              (axes[1], bw1, mem_cached, "one buffer, in cache")):
    for m in mpis:
        sizes = list(rates[m])
        ax.plot(sizes, [rates[m][s] / 1000 for s in sizes], marker="o", markersize=3, label=m)
    ax.plot(list(mem), [v / 1000 for v in mem.values()], color="gray", linestyle="--",
            label="memcpy of the same buffers, one process")
    if rates is bw1:
        ax.axhline(pipe / 1000, color="black", linestyle=":", label="two processes through shared memory")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("message size (bytes)")
    ax.set_ylabel("bandwidth (GB/s)")
    ax.set_title(f"Windowed bandwidth, 2 ranks, {title}")
    ax.legend()
    ax.grid(True, which="both", alpha=0.3)
fig.tight_layout()
fig.savefig(f"{plots}/bandwidth.png", dpi=110)
fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
for ax, kind, title in ((axes[0], "column", "Strided column (vector)"), (axes[1], "face", "3D subarray face")):
    for m in mpis:
        sizes = [s for (k, s) in dtype[m] if k == kind]
        ax.plot(sizes, [dtype[m][(kind, s)] / 1000 for s in sizes], marker="o", markersize=3, label=m)
    sizes = [s for (k, s) in dtype["tessera"] if k == kind]
    ax.plot(sizes, [dtype["tessera"].get(("contig", s), 0) / 1000 for s in sizes], color="gray", linestyle="--",
            label="tessera, same bytes contiguous")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("data per message (bytes)")
    ax.set_ylabel("GB/s")
    ax.set_title(title + ", 2 ranks")
    ax.legend()
    ax.grid(True, which="both", alpha=0.3)
fig.tight_layout()
fig.savefig(f"{plots}/datatype.png", dpi=110)
print(f"\n(plots written to {plots})", file=sys.stderr)
PY
echo "raw results: $out" >&2
