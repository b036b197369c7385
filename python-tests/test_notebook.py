"""examples/quickstart.ipynb runs headless in a kernel from the venv and shows what it promises."""

import base64
import json
import os
import re
import sys

import nbformat
import pytest
from nbclient import NotebookClient

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOTEBOOK = os.path.join(REPO, "examples", "quickstart.ipynb")


@pytest.fixture(scope="module")
def executed(tmp_path_factory, monkeypatch_module):
    tmp = tmp_path_factory.mktemp("notebook")
    # A kernel spec of our own, running this interpreter (the venv's python), found through a
    # JUPYTER_PATH in the temp dir: the user's Jupyter and IPython configuration stay untouched.
    spec = tmp / "jupyter" / "kernels" / "strata-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Strata (test)",
        "language": "python",
    }))
    env = {
        "JUPYTER_PATH": str(tmp / "jupyter"),
        "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
        "JUPYTER_CONFIG_DIR": str(tmp / "config"),
        "IPYTHONDIR": str(tmp / "ipython"),
        "MPLCONFIGDIR": str(tmp / "mpl"),
        "STRATA_WAREHOUSE": str(tmp / "warehouse"),
        # Read by pyspark when it launches the JVM: no UI, no progress bars in the test.
        "PYSPARK_SUBMIT_ARGS": "--conf spark.ui.enabled=false "
                               "--conf spark.ui.showConsoleProgress=false pyspark-shell",
    }
    for key, value in env.items():
        monkeypatch_module.setenv(key, value)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(
        nb, kernel_name="strata-test", timeout=300, resources={"metadata": {"path": str(tmp)}}
    ).execute()
    return nb, tmp


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def text_of(nb):
    """All printed output of the notebook, one string."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.output_type == "stream" and out.name == "stdout":
                parts.append(out.text)
    return "".join(parts)


def line(text, prefix):
    found = re.findall(rf"^{re.escape(prefix)}\s*(.*)$", text, re.MULTILINE)
    assert found, f"no line starting with {prefix!r} in:\n{text}"
    return found


def test_notebook_is_saved_without_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")
    setup = next(c for c in nb.cells if c.cell_type == "code")
    assert setup.source.strip().splitlines() == ["import strata", "spark = strata.session()"]


def test_tables_are_written_in_the_temp_warehouse(executed):
    _, tmp = executed
    assert (tmp / "warehouse" / "demo.db" / "orders" / "snapshot").is_dir()
    assert (tmp / "warehouse" / "demo.db" / "events").is_dir()
    assert not (tmp / "warehouse" / "warehouse").exists()


def test_writes_upserts_deletes_and_merge(executed):
    text = text_of(executed[0])
    # 6 rows from pandas; later 2020-01-01 (2 rows) expires and one row is inserted.
    assert line(text, "events rows:") == ["6", "5"]
    # 4 loaded, upsert of 2 and insert of 5, delete of 3, merge updates 4 and inserts 6.
    assert line(text, "orders rows:") == ["5"]
    assert line(text, "snapshot ids:") == ["[1, 2, 3, 4]"]


def test_time_travel_in_sql_and_reader_options(executed):
    text = text_of(executed[0])
    counts = dict(re.findall(r"^(.*): (\d+) rows$", text, re.MULTILINE))
    assert counts.pop("VERSION AS OF 1") == "4"
    assert counts.pop("VERSION AS OF 'first_load'") == "4"
    assert counts.pop("scan.snapshot-id=3") == "4"
    assert counts.pop("scan.tag-name=first_load") == "4"
    # TIMESTAMP AS OF / scan.timestamp-millis the second commit's time: snapshot 2 has 5 rows.
    timestamp = [k for k in counts if k.startswith("TIMESTAMP AS OF '")]
    millis = [k for k in counts if k.startswith("scan.timestamp-millis=")]
    assert len(timestamp) == 1 and counts[timestamp[0]] == "5"
    assert len(millis) == 1 and counts[millis[0]] == "5"


def test_history_expiration_and_tags(executed):
    text = text_of(executed[0])
    # Rows read per snapshot: load 4, upsert +1, delete -1, merge +1.
    assert line(text, "rows per snapshot:") == ["[4, 5, 4, 5]"]
    files = json.loads(line(text, "live files per snapshot:")[0])
    assert len(files) == 4 and files == sorted(files) and files[0] >= 1
    # 'snapshot.num-retained.max' = 2: after the compaction (5) and the insert (6), only 5 and 6.
    assert line(text, "snapshots kept:") == ["[5, 6]"]
    assert line(text, "first_load rows:") == ["4"]
    assert line(text, "tags:") == ["['first_load', 'after_merge']"]
    before = line(text, "partitions before:")[0]
    after = line(text, "partitions after:")[0]
    assert "dt=2020-01-01" in before and "dt=2020-01-01" not in after
    assert len(eval(after)) == 2


def test_streaming_reads_the_snapshot_then_each_change(executed):
    text = text_of(executed[0])
    streamed, total = re.fullmatch(r"(\d+) of (\d+) rows", line(text, "first run:")[0]).groups()
    assert streamed == total and int(total) > 0
    # The second run reads only the insert, the update and the delete committed since.
    assert line(text, "streamed changes:") == ["['+I 8', '+U 7', '-D 1']"]
    assert line(text, "consumers:") == ["[('notebook',)]"]


def test_figures_are_drawn(executed):
    nb = executed[0]
    pngs = [
        base64.b64decode(out.data["image/png"])
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if out.output_type == "display_data" and "image/png" in out.get("data", {})
    ]
    assert len(pngs) == 2, "expected the history plot and the tag bytes plot"
    for png in pngs:
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000
    tag_table = next(
        out.data["text/plain"]
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if out.output_type == "execute_result" and "kept only by tags" in out.get("data", {}).get("text/plain", "")
    )
    # After the compaction, neither tag's files are read by the current snapshot.
    rows = {r.split()[0]: [int(x) for x in r.split()[1:]] for r in tag_table.splitlines()[2:]}
    assert "in current snapshot" in tag_table.splitlines()[0]
    assert set(rows) == {"first_load", "after_merge"}
    assert all(current == 0 and tags_only > 0 for current, tags_only in rows.values())


def test_no_cell_failed(executed):
    for cell in executed[0].cells:
        for out in cell.get("outputs", []):
            assert out.output_type != "error", out
            if out.output_type == "stream" and out.name == "stderr":
                assert "Traceback" not in out.text
