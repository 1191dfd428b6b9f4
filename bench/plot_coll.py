#!/usr/bin/env python3
"""plot_coll.py RESULTS_DIR OUT_DIR -- one plot per collective operation.

Reads the raw results bench/coll.sh leaves (RESULTS_DIR/coll.MPI.nN.R:
"operation bytes usec" lines), takes each MPI's best time over the rounds,
and draws, per operation, one panel per rank count: time per call against
message size, both on log scales, one line per MPI.  Writes
OUT_DIR/coll-OPERATION.png; needs matplotlib (pip install matplotlib), as
bench/run.sh's plots do.
"""
import glob
import os
import re
import sys


def load(results):
    """{op: {ranks: {mpi: {bytes: best usec}}}}"""
    data = {}
    for path in glob.glob(os.path.join(results, "coll.*.n*.*")):
        m = re.match(r"coll\.(\w+)\.n(\d+)\.\d+$", os.path.basename(path))
        if not m:
            continue
        mpi, ranks = m.group(1), int(m.group(2))
        for line in open(path):
            parts = line.split()
            if len(parts) != 3:
                continue
            op, size, usec = parts[0], int(parts[1]), float(parts[2])
            series = data.setdefault(op, {}).setdefault(ranks, {}).setdefault(mpi, {})
            series[size] = min(series.get(size, usec), usec)
    return data


def size_label(b):
    return f"{b >> 20}M" if b >= 1 << 20 else f"{b >> 10}K" if b >= 1 << 10 else f"{b}"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    results, out = sys.argv[1], sys.argv[2]
    data = load(results)
    if not data:
        sys.exit(f"no results in {results}")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(out, exist_ok=True)
    for op, by_ranks in sorted(data.items()):
        ranks = sorted(by_ranks)
        fig, axes = plt.subplots(1, len(ranks), figsize=(4 * len(ranks), 3.6), squeeze=False)
        for ax, n in zip(axes[0], ranks):
            mpis = sorted(by_ranks[n], key=lambda m: (m != "tessera", m))
            sizes = sorted({s for m in mpis for s in by_ranks[n][m]})
            ax.set_yscale("log")
            ax.set_ylabel("us per call")
            ax.set_title(f"MPI_{op.capitalize()}, {n} ranks on 2 cores")
            ax.grid(True, which="both", alpha=0.3)
            if len(sizes) == 1:  # one size (the barrier): a bar per MPI
                ax.bar(mpis, [by_ranks[n][m][sizes[0]] for m in mpis], color=[f"C{i}" for i in range(len(mpis))])
                continue
            for mpi in mpis:
                mine = sorted(by_ranks[n][mpi])
                ax.plot(mine, [by_ranks[n][mpi][s] for s in mine], marker="o", markersize=3, label=mpi)
            ax.set_xscale("log", base=2)
            ax.set_xticks(sizes, [size_label(s) for s in sizes])
            ax.set_xlabel("bytes")
            ax.legend(fontsize=8)
        fig.tight_layout()
        path = os.path.join(out, f"coll-{op}.png")
        fig.savefig(path, dpi=90)
        plt.close(fig)
        print(path)


if __name__ == "__main__":
    main()
