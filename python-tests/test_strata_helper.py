"""The `strata` helper package (python/strata): jar discovery and the session configuration.

These tests start no Spark; examples/quickstart.ipynb (test_notebook.py) starts a real session
through strata.session().
"""

import os
import sys
import subprocess

import pytest

import strata

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_package_is_imported_from_the_repo():
    assert strata.REPO == REPO
    assert strata.__file__.startswith(os.path.join(REPO, "python", "strata"))


def test_venv_puts_the_package_on_the_path():
    # scripts/setup writes a .pth file; a plain `python -c 'import strata'` must work anywhere.
    out = subprocess.run(
        [sys.executable, "-c", "import strata; print(strata.__file__)"],
        cwd="/", capture_output=True, text=True, check=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert out.stdout.strip().startswith(os.path.join(REPO, "python"))


def test_finds_the_newest_built_jar(tmp_path, monkeypatch):
    monkeypatch.delenv("STRATA_JAR", raising=False)
    target = tmp_path / "spark-catalog" / "target"
    target.mkdir(parents=True)
    old = target / "strata-spark-runtime-0.1.0.jar"
    new = target / "strata-spark-runtime-0.2.0-SNAPSHOT.jar"
    (target / "strata-spark-catalog-0.2.0-SNAPSHOT.jar").write_bytes(b"not the runtime jar")
    old.write_bytes(b"old")
    new.write_bytes(b"new")
    os.utime(old, (1_000_000, 1_000_000))
    assert strata.find_jar(str(tmp_path)) == str(new)


def test_missing_jar_says_how_to_build_it(tmp_path, monkeypatch):
    monkeypatch.delenv("STRATA_JAR", raising=False)
    with pytest.raises(FileNotFoundError) as error:
        strata.find_jar(str(tmp_path))
    message = str(error.value)
    assert str(tmp_path / "spark-catalog" / "target") in message
    assert "mvn -B -DskipTests -pl spark-catalog -am package" in message
    assert "STRATA_JAR" in message


def test_strata_jar_overrides(tmp_path, monkeypatch):
    jar = tmp_path / "my.jar"
    jar.write_bytes(b"jar")
    monkeypatch.setenv("STRATA_JAR", str(jar))
    assert strata.find_jar("/nonexistent") == str(jar)
    monkeypatch.setenv("STRATA_JAR", str(tmp_path / "missing.jar"))
    with pytest.raises(FileNotFoundError, match="STRATA_JAR=.*missing.jar is not a file"):
        strata.find_jar()


def test_session_conf(tmp_path, monkeypatch):
    monkeypatch.delenv("STRATA_WAREHOUSE", raising=False)
    monkeypatch.chdir(tmp_path)
    conf = strata.session_conf(jar="/x/strata.jar")
    assert conf == {
        "spark.jars": "/x/strata.jar",
        "spark.sql.catalog.strata": "io.strata.spark.StrataCatalog",
        "spark.sql.catalog.strata.warehouse": str(tmp_path / "warehouse"),
        "spark.sql.extensions": "io.strata.spark.extensions.StrataSparkSessionExtensions",
        "spark.sql.defaultCatalog": "strata",
        "spark.sql.shuffle.partitions": "4",
    }


def test_session_conf_warehouse_catalog_and_extra_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("STRATA_WAREHOUSE", str(tmp_path / "from-env"))
    assert strata.session_conf(jar="j")["spark.sql.catalog.strata.warehouse"] == str(
        tmp_path / "from-env"
    )
    conf = strata.session_conf(
        tmp_path / "wh", jar="j", catalog="lake",
        **{"spark.ui.enabled": False, "spark.sql.shuffle.partitions": 8},
    )
    assert conf["spark.sql.catalog.lake"] == "io.strata.spark.StrataCatalog"
    assert conf["spark.sql.catalog.lake.warehouse"] == str(tmp_path / "wh")
    assert conf["spark.sql.defaultCatalog"] == "lake"
    assert conf["spark.ui.enabled"] == "false"
    assert conf["spark.sql.shuffle.partitions"] == "8"
    assert "spark.sql.catalog.strata" not in conf


class FakeConf:
    def __init__(self, values):
        self.values = values

    def get(self, key, default=None):
        return self.values.get(key, default)


class FakeSession:
    def __init__(self, values):
        self.conf = FakeConf(values)


def test_running_session_is_reused_or_refused(tmp_path, monkeypatch):
    from pyspark.sql import SparkSession

    wh = str(tmp_path / "wh")
    same = FakeSession({
        "spark.sql.catalog.strata": "io.strata.spark.StrataCatalog",
        "spark.sql.catalog.strata.warehouse": wh,
    })
    monkeypatch.setattr(SparkSession, "getActiveSession", classmethod(lambda cls: same))
    assert strata.session(wh, jar="j") is same

    other = FakeSession({
        "spark.sql.catalog.strata": "io.strata.spark.StrataCatalog",
        "spark.sql.catalog.strata.warehouse": "/elsewhere",
    })
    monkeypatch.setattr(SparkSession, "getActiveSession", classmethod(lambda cls: other))
    with pytest.raises(RuntimeError, match=r"already running .*/elsewhere.*spark.stop\(\)"):
        strata.session(wh, jar="j")
