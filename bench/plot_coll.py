#!/usr/bin/env python3
"""plot_coll.py RESULTS_DIR OUT_DIR -- one SVG per collective operation.

Reads the raw results bench/coll.sh leaves (RESULTS_DIR/coll.MPI.nN.R:
"operation bytes usec" lines), takes each MPI's best time over the rounds,
and draws, per operation, one panel per rank count: time per call against
message size, both on log scales, one line per MPI.  Standard library only,
so that it runs wherever the benchmark does.
"""
import glob
import math
import os
import re
import sys

COLOURS = {"tessera": "#1b7837", "mpich": "#762a83", "openmpi": "#e08214"}
PANEL_W, PANEL_H, MARGIN_L, MARGIN_B, MARGIN_T = 300, 220, 58, 42, 34


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


def panel(x0, ranks, lines, sizes):
    """SVG elements of one panel at x offset x0."""
    out = []
    values = [v for series in lines.values() for v in series.values() if v > 0]
    lo = 10 ** math.floor(math.log10(min(values)))
    hi = 10 ** math.ceil(math.log10(max(values)))
    xs = sorted(sizes)
    lx0, lx1 = math.log2(xs[0]), math.log2(xs[-1])

    def px(b):
        return x0 + MARGIN_L + (math.log2(b) - lx0) / max(lx1 - lx0, 1) * (PANEL_W - MARGIN_L - 10)

    def py(v):
        span = math.log10(hi) - math.log10(lo)
        return MARGIN_T + (1 - (math.log10(v) - math.log10(lo)) / span) * (PANEL_H - MARGIN_T - MARGIN_B)

    out.append(f'<text x="{x0 + PANEL_W / 2 + 20}" y="20" text-anchor="middle" font-weight="bold">'
               f"{ranks} ranks</text>")
    decade = lo
    while decade <= hi * 1.0001:
        y = py(decade)
        out.append(f'<line x1="{x0 + MARGIN_L}" y1="{y:.1f}" x2="{x0 + PANEL_W - 10}" y2="{y:.1f}" '
                   'stroke="#ddd"/>')
        label = f"{decade:g}"
        out.append(f'<text x="{x0 + MARGIN_L - 4}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
        decade *= 10
    for b in xs:
        out.append(f'<text x="{px(b):.1f}" y="{PANEL_H - MARGIN_B + 16}" text-anchor="middle">'
                   f"{size_label(b)}</text>")
    out.append(f'<text x="{x0 + MARGIN_L + (PANEL_W - MARGIN_L) / 2}" y="{PANEL_H - 6}" '
               'text-anchor="middle">bytes</text>')
    out.append(f'<text transform="translate({x0 + 14},{PANEL_H / 2}) rotate(-90)" text-anchor="middle">'
               "us per call</text>")
    for mpi, series in lines.items():
        pts = " ".join(f"{px(b):.1f},{py(v):.1f}" for b, v in sorted(series.items()) if v > 0)
        colour = COLOURS.get(mpi, "#333")
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for b, v in sorted(series.items()):
            if v > 0:
                out.append(f'<circle cx="{px(b):.1f}" cy="{py(v):.1f}" r="2.5" fill="{colour}"/>')
    return out


def plot(op, by_ranks, path):
    ranks = sorted(by_ranks)
    width = PANEL_W * len(ranks)
    mpis = sorted({m for r in ranks for m in by_ranks[r]}, key=lambda m: (m != "tessera", m))
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{PANEL_H + 24}" '
            'font-family="sans-serif" font-size="11">',
            f'<rect width="{width}" height="{PANEL_H + 24}" fill="white"/>']
    for i, r in enumerate(ranks):
        sizes = {b for series in by_ranks[r].values() for b in series}
        body += panel(i * PANEL_W, r, by_ranks[r], sizes)
    for i, m in enumerate(mpis):
        x = 70 + i * 110
        body.append(f'<rect x="{x}" y="{PANEL_H + 8}" width="14" height="4" fill="{COLOURS.get(m, "#333")}"/>')
        body.append(f'<text x="{x + 18}" y="{PANEL_H + 14}">{m}</text>')
    body.append(f'<text x="{width - 10}" y="{PANEL_H + 14}" text-anchor="end" font-weight="bold">'
                f"MPI_{op.capitalize()}</text>")
    body.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(body) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    results, out = sys.argv[1], sys.argv[2]
    data = load(results)
    if not data:
        sys.exit(f"no results in {results}")
    os.makedirs(out, exist_ok=True)
    for op, by_ranks in sorted(data.items()):
        plot(op, by_ranks, os.path.join(out, f"coll-{op}.svg"))
        print(os.path.join(out, f"coll-{op}.svg"))


if __name__ == "__main__":
    main()
