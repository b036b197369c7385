"""The runtime jar is one drop-in file: a plain pyspark, configured exactly as README's PySpark
section says (spark.jars plus the catalog settings), creates, writes and reads a table.

The session runs in a fresh interpreter (its own JVM), without the project launcher, the
`strata` helper, SPARK_CONF_DIR or any other jar.
"""

import glob
import os
import re
import subprocess
import sys
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def runtime_jar():
    jars = glob.glob(os.path.join(REPO, "spark-catalog", "target", "strata-spark-runtime-*.jar"))
    assert jars, "build the runtime jar first: mvn -B -pl spark-catalog -am package -DskipTests"
    return max(jars, key=os.path.getmtime)


def readme_pyspark_snippet():
    readme = open(os.path.join(REPO, "README.md"), encoding="utf-8").read()
    section = readme[readme.index("\nPySpark:\n"):]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def test_jar_holds_only_strata_classes():
    with zipfile.ZipFile(runtime_jar()) as jar:
        classes = [n for n in jar.namelist() if n.endswith(".class")]
    assert classes and all(n.startswith("io/strata/") for n in classes), [
        n for n in classes if not n.startswith("io/strata/")
    ][:5]


def test_plain_pyspark_with_readme_settings(tmp_path):
    snippet = readme_pyspark_snippet()
    assert "strata.session" not in snippet and "import strata" not in snippet
    jar_in_readme = re.search(r'"(spark-catalog/target/strata-spark-runtime-[^"]+\.jar)"', snippet)
    assert jar_in_readme, snippet
    # The README names the jar of the pom's current version.
    assert os.path.basename(jar_in_readme.group(1)) == os.path.basename(runtime_jar())
    snippet = snippet.replace(jar_in_readme.group(1), runtime_jar())
    snippet = snippet.replace('"/path/to/warehouse"', repr(str(tmp_path / "warehouse")))
    # Keep the session settings; the README's example query reads a table made elsewhere.
    snippet = "\n".join(l for l in snippet.splitlines() if not l.startswith("spark.sql("))
    script = snippet + '''
spark.sql("CREATE DATABASE IF NOT EXISTS pkg")
spark.sql("CREATE TABLE pkg.t (id BIGINT, name STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1')")
spark.createDataFrame([(1, "a"), (2, "b")], "id BIGINT, name STRING").writeTo("pkg.t").append()
spark.sql("INSERT INTO pkg.t VALUES (2, 'B')")
rows = [tuple(r) for r in spark.sql("SELECT * FROM pkg.t ORDER BY id").collect()]
print("ROWS", rows)
print("SNAPSHOTS", [r[0] for r in spark.sql("SELECT snapshot_id FROM pkg.`t$snapshots` ORDER BY 1").collect()])
print("JARS", spark.sparkContext.getConf().get("spark.jars"))
spark.stop()
'''
    (tmp_path / "job.py").write_text(script)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("STRATA_", "SPARK_", "PYSPARK_")) and k != "PYTHONPATH"}
    env["SPARK_LOCAL_IP"] = "127.0.0.1"
    out = subprocess.run(
        [sys.executable, str(tmp_path / "job.py")], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr[-4000:]
    assert "ROWS [(1, 'a'), (2, 'B')]" in out.stdout, out.stdout + out.stderr[-2000:]
    assert "SNAPSHOTS [1, 2]" in out.stdout
    jars = out.stdout.split("JARS ", 1)[1].strip()
    assert jars.split(",") == ["file://" + runtime_jar()] or jars == runtime_jar(), jars
    assert (tmp_path / "warehouse" / "pkg.db" / "t" / "snapshot" / "snapshot-2").is_file()
