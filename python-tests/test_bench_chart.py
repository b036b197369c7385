"""scripts/bench_chart.py: ReadBench's CSV becomes a PNG chart."""

import importlib.util
import os

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CSV = """case,engine,seconds
"count(*)",Raw Parquet,0.5000
"count(*)",Strata,0.1000
"count(*)",Iceberg 1.11.0,0.2000
"planning, cold (20 partitions × 4 buckets, 240 files, 5 snapshots)",Strata,0.0500
"planning, cold (20 partitions × 4 buckets, 240 files, 5 snapshots)",Paimon 1.3.1,0.1500
"""


def load():
    spec = importlib.util.spec_from_file_location(
        "bench_chart", os.path.join(REPO, "scripts", "bench_chart.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reads_cases_in_file_order_with_quoted_commas(tmp_path):
    path = tmp_path / "read-bench.csv"
    path.write_text(CSV, encoding="utf-8")
    cases = load().read(str(path))
    assert list(cases) == [
        "count(*)",
        "planning, cold (20 partitions × 4 buckets, 240 files, 5 snapshots)",
    ]
    assert cases["count(*)"] == {"Raw Parquet": 0.5, "Strata": 0.1, "Iceberg 1.11.0": 0.2}


def test_writes_a_png(tmp_path):
    path = tmp_path / "read-bench.csv"
    path.write_text(CSV, encoding="utf-8")
    out = tmp_path / "chart.png"
    assert load().main(["bench_chart.py", str(path), str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_usage_without_arguments(capsys):
    assert load().main(["bench_chart.py"]) == 2
    assert "usage: bench_chart.py" in capsys.readouterr().err
