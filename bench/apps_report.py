"""apps_report.py OUT ROUNDS RANKS MPI... -- the tables of bench/apps.sh.

Reads OUT/times ("app size ranks impl value" lines: cg in microseconds per
iteration, qr in seconds per factorization) and OUT/cvl.<mpi>.n<ranks>.<round>
(bench/cvl_bench.c's output), keeps the best value of the rounds and prints
markdown tables.
"""
import sys

out, rounds, ranks, mpis = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4:]
peers = [m for m in mpis if m != "tessera"]

best = {}
try:
    for line in open(f"{out}/times"):
        app, size, n, impl, value = line.split()
        if not value:
            continue
        key = (app, int(size), int(n))
        best.setdefault(key, {})
        best[key][impl] = min(best[key].get(impl, float(value)), float(value))
except OSError:
    pass


def cell(times, impl, scale):
    return f"{times[impl] * scale:.2f}" if impl in times else "-"


for app, unit, scale, what in (("cg", "us per iteration", 1, "grid side"), ("qr", "ms per factorization", 1e3, "n")):
    print(f"\n#### {app.upper()} ({unit}; lower is better)\n")
    print(f"| {what} | ranks | native | " + " | ".join(mpis) + " | Tessera / native | best peer / Tessera |")
    print("|---:|---:|---:|" + "---:|" * len(mpis) + "---:|---:|")
    for (a, size, n), times in sorted(best.items()):
        if a != app:
            continue
        vs_native = f"{times['tessera'] / times['native']:.2f}" if "tessera" in times and "native" in times else "-"
        peer_times = [times[m] for m in peers if m in times]
        vs_peer = f"{min(peer_times) / times['tessera']:.2f}" if peer_times and "tessera" in times else "-"
        cells = " | ".join(cell(times, m, scale) for m in ["native"] + mpis)
        print(f"| {size} | {n} | {cells} | {vs_native} | {vs_peer} |")

# The vector library: the best rate per length, then the summary numbers.
cvl = {}
for m in mpis:
    for n in ranks:
        for r in range(1, rounds + 1):
            try:
                lines = open(f"{out}/cvl.{m}.n{n}.{r}").read().split("\n")
            except OSError:
                continue
            for line in lines:
                parts = line.split()
                if len(parts) == 3:
                    key = (m, int(n), parts[0], int(parts[1]))
                    cvl[key] = max(cvl.get(key, 0), float(parts[2]))
                elif len(parts) == 2:  # n_half, allreduce8(_adds): lower is better
                    key = (m, int(n), parts[0], 0)
                    v = float(parts[1])
                    cvl[key] = min(cvl.get(key, v), v)
if cvl:
    print("\n#### Vector library: permutation against elementwise add (per rank; higher is better)\n")
    print("| ranks | words per rank | " + " | ".join(f"{m} permute Mwords/s | {m} add Mflops" for m in mpis) + " |")
    print("|---:|---:|" + "---:|---:|" * len(mpis))
    lengths = sorted({k[3] for k in cvl if k[2] == "permute"})
    for n in map(int, ranks):
        for length in lengths:
            cells = []
            for m in mpis:
                for what in ("permute", "add"):
                    v = cvl.get((m, n, what, length))
                    cells.append(f"{v:.1f}" if v is not None else "-")
            print(f"| {n} | {length} | " + " | ".join(cells) + " |")
    print("\n#### Vector library: summary (best of the rounds)\n")
    print("| ranks | MPI | peak permute Mwords/s | peak add Mflops | permute n1/2 (words per rank) "
          "| 8-byte allreduce us | allreduce in adds |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for n in map(int, ranks):
        for m in mpis:
            perm = [v for k, v in cvl.items() if k[:3] == (m, n, "permute")]
            add = [v for k, v in cvl.items() if k[:3] == (m, n, "add")]
            if not perm:
                continue
            get = lambda what: cvl.get((m, n, what, 0))
            print(f"| {n} | {m} | {max(perm):.1f} | {max(add):.1f} | {get('n_half'):.0f} | "
                  f"{get('allreduce8'):.3f} | {get('allreduce8_adds'):.0f} |")
