"""Draws ReadBench's CSV (case,engine,seconds) as a PNG: per case, each engine's time over Strata's.

Run through scripts/bench-chart, which picks the project venv (matplotlib comes from scripts/setup).
"""

import csv
import sys
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ENGINES = ["Raw Parquet", "Strata", "Iceberg 1.11.0", "Delta 4.1.0", "Paimon 1.3.1"]
COLORS = ["#888888", "#d62728", "#1f77b4", "#2ca02c", "#9467bd"]


def read(path):
    """{case: {engine: seconds}} in the order of the file."""
    cases = OrderedDict()
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            cases.setdefault(row["case"], {})[row["engine"]] = float(row["seconds"])
    return cases


def draw(cases, title, out):
    """Horizontal grouped bars of time relative to Strata (1.0), on a log axis."""
    names = list(cases)
    height = 0.8 / len(ENGINES)
    fig, ax = plt.subplots(figsize=(10, 0.75 * len(names) + 1.5))
    for i, (engine, color) in enumerate(zip(ENGINES, COLORS)):
        ys, xs, secs = [], [], []
        for y, name in enumerate(names):
            t = cases[name]
            if engine in t and "Strata" in t:
                ys.append(y + (i - len(ENGINES) / 2 + 0.5) * height)
                xs.append(t[engine] / t["Strata"])
                secs.append(t[engine])
        if not ys:
            continue
        bars = ax.barh(ys, xs, height=height, color=color, label=engine)
        for bar, s in zip(bars, secs):
            ax.text(bar.get_width() * 1.03, bar.get_y() + bar.get_height() / 2,
                    f"{s:.2f}s", va="center", fontsize=6)
    ax.set_xscale("log")
    ax.axvline(1.0, color="#d62728", linewidth=0.8, linestyle="--")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("time relative to Strata (log scale; < 1 is faster than Strata)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=len(ENGINES))
    fig.tight_layout()
    fig.savefig(out, dpi=130)


def main(argv):
    if len(argv) not in (3, 4):
        print("usage: bench_chart.py <read-bench.csv> <out.png> [title]", file=sys.stderr)
        return 2
    title = argv[3] if len(argv) == 4 else "ReadBench: time per case relative to Strata"
    draw(read(argv[1]), title, argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
