#!/usr/bin/env python3
"""plot_apps.py RESULTS_DIR OUT_DIR -- the plots of bench/apps.sh's results.

Reads RESULTS_DIR/times ("app size ranks impl value" lines) and
RESULTS_DIR/cvl.MPI.nN.R (bench/cvl_bench.c's output), keeps the best value
of the rounds and draws:
  OUT_DIR/apps-cg.png, apps-qr.png: per rank count, each MPI's time over
    the native version's against the problem size (1 = as fast as the
    hand-written shared-memory code);
  OUT_DIR/apps-cvl.png: per rank count, permutation throughput and
    elementwise add against the vector length per rank.
Needs matplotlib (pip install matplotlib), as the other plots do.
"""
import glob
import os
import re
import sys


def load_times(results):
    """{app: {ranks: {impl: {size: best}}}}"""
    data = {}
    try:
        lines = open(os.path.join(results, "times")).read().split("\n")
    except OSError:
        return data
    for line in lines:
        parts = line.split()
        if len(parts) != 5:
            continue
        app, size, ranks, impl, value = parts[0], int(parts[1]), int(parts[2]), parts[3], float(parts[4])
        series = data.setdefault(app, {}).setdefault(ranks, {}).setdefault(impl, {})
        series[size] = min(series.get(size, value), value)
    return data


def load_cvl(results):
    """{ranks: {mpi: {what: {length: best rate}}}}"""
    data = {}
    for path in glob.glob(os.path.join(results, "cvl.*.n*.*")):
        m = re.match(r"cvl\.(\w+)\.n(\d+)\.\d+$", os.path.basename(path))
        if not m:
            continue
        mpi, ranks = m.group(1), int(m.group(2))
        for line in open(path):
            parts = line.split()
            if len(parts) != 3:
                continue
            what, length, rate = parts[0], int(parts[1]), float(parts[2])
            series = data.setdefault(ranks, {}).setdefault(mpi, {}).setdefault(what, {})
            series[length] = max(series.get(length, rate), rate)
    return data


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    results, out = sys.argv[1], sys.argv[2]
    times, cvl = load_times(results), load_cvl(results)
    if not times and not cvl:
        sys.exit(f"no results in {results}")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(out, exist_ok=True)
    titles = {"cg": ("CG", "grid side"), "qr": ("QR", "matrix side")}
    for app, by_ranks in sorted(times.items()):
        ranks = sorted(by_ranks)
        fig, axes = plt.subplots(1, len(ranks), figsize=(4 * len(ranks), 3.6), squeeze=False)
        for ax, n in zip(axes[0], ranks):
            native = by_ranks[n].get("native", {})
            for mpi in sorted((m for m in by_ranks[n] if m != "native"), key=lambda m: (m != "tessera", m)):
                sizes = sorted(s for s in by_ranks[n][mpi] if s in native)
                ax.plot(sizes, [by_ranks[n][mpi][s] / native[s] for s in sizes], marker="o", label=mpi)
            ax.axhline(1.0, color="gray", linewidth=0.8)
            ax.axhline(1.15, color="gray", linewidth=0.8, linestyle=":")
            ax.set_yscale("log")
            ax.set_xlabel(titles[app][1])
            ax.set_ylabel("time / native threads")
            ax.set_title(f"{titles[app][0]}, {n} ranks on 2 cores")
            ax.legend(fontsize="small")
        fig.tight_layout()
        fig.savefig(os.path.join(out, f"apps-{app}.png"), dpi=80)
        plt.close(fig)
    if cvl:
        ranks = sorted(cvl)
        fig, axes = plt.subplots(1, len(ranks), figsize=(4 * len(ranks), 3.6), squeeze=False)
        for ax, n in zip(axes[0], ranks):
            for i, mpi in enumerate(sorted(cvl[n], key=lambda m: (m != "tessera", m))):
                color = f"C{i}"
                for what, style in (("permute", "-"), ("add", "--")):
                    series = cvl[n][mpi].get(what, {})
                    lengths = sorted(series)
                    unit = "Mwords/s" if what == "permute" else "Mflops"
                    ax.plot(lengths, [series[x] for x in lengths], style, color=color, label=f"{mpi} {what} ({unit})")
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel("words per rank")
            ax.set_ylabel("per rank")
            ax.set_title(f"vector library, {n} ranks on 2 cores")
            ax.legend(fontsize="x-small")
        fig.tight_layout()
        fig.savefig(os.path.join(out, "apps-cvl.png"), dpi=80)
        plt.close(fig)


if __name__ == "__main__":
    main()
