"""Separate scripts/spark-sql processes write one warehouse at once, and nothing is lost.

Three processes append to one table, one upserts into a primary-key table, and one loops
compaction, snapshot expiration and orphan removal over both, all at the same time. Each
writer's script follows every INSERT with `SELECT 'ack <tag>'`: the CLI stops at the first
failing statement, so an ack on stdout means its INSERT was acknowledged. Afterwards every
acknowledged commit is present exactly once (and nothing else), snapshot ids are contiguous,
every listed snapshot reads, and every failure is a commit conflict that names a snapshot.
"""

import datetime
import os
import re
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APPENDERS = 3
INSERTS = 5  # per appender
UPSERTS = 5
MAINTENANCE_ROUNDS = 3
TIMEOUT = 900  # five JVMs on two shared cores
CONFLICTS = (
    "was removed by a concurrent commit (the latest snapshot is now ",
    "attempts: other writers kept committing first (last: snapshot ",
)


def spark_sql(script_path, warehouse, *args):
    env = dict(os.environ, STRATA_SKIP_BUILD="1", STRATA_WAREHOUSE=warehouse)
    return subprocess.Popen(
        [os.path.join(REPO, "scripts", "spark-sql"), "-S",
         # Bucketed writes shuffle: 2 tasks, not Spark's default 200, on 2 cores.
         "--conf", "spark.sql.shuffle.partitions=2", *args, "-f", str(script_path)],
        cwd=os.path.dirname(str(script_path)), env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )


def appender_script(writer):
    lines = []
    for n in range(INSERTS):
        tag = f"w{writer}-c{n}"
        lines.append(f"INSERT INTO procs.events VALUES ({writer * 1000 + n}, '{tag}', {n % 2});")
        lines.append(f"SELECT 'ack {tag}';")
    return "\n".join(lines) + "\n"


def upserter_script():
    lines = []
    for n in range(UPSERTS):
        # Keys 0 and 1 are rewritten by every upsert; key 100 + n is new with upsert n.
        lines.append(
            f"INSERT INTO procs.kv VALUES (0, 'u{n}'), (1, 'u{n}'), ({100 + n}, 'u{n}');")
        lines.append(f"SELECT 'ack u{n}';")
    return "\n".join(lines) + "\n"


def maintenance_script(older_than):
    lines = []
    for r in range(MAINTENANCE_ROUNDS):
        for table in ("procs.events", "procs.kv"):
            lines += [
                f"CALL sys.compact(table => '{table}');",
                f"CALL sys.expire_snapshots(table => '{table}', retain_min => 1, retain_max => 5);",
                # Files of commits in flight are newer than the start of the test: kept.
                f"CALL sys.remove_orphan_files(table => '{table}', older_than => '{older_than}');",
            ]
        lines.append(f"SELECT 'round {r}';")
    return "\n".join(lines) + "\n"


# Lines that are not the CLI's one-line error messages: timings, JVM warnings, log4j lines with
# the stack traces they print (Spark logs some internal errors it then ignores), blank lines.
NOISE = re.compile(
    r"^(Time taken: |WARNING: |\d\d:\d\d:\d\d [A-Z]+ |\s+at |\s*\.\.\. \d+ more|Caused by: "
    r"|\s*Suppressed: |[a-z][\w$]*(\.[\w$]+)+(Exception|Error)(: |$)|\s*$)"
)


def failures(stderr):
    """The CLI's error lines, one per failed statement."""
    return [line for line in stderr.splitlines() if not NOISE.match(line)]


def acks(stdout):
    return [line[len("ack "):] for line in stdout.splitlines() if line.startswith("ack ")]


def table_dir(warehouse, name):
    return os.path.join(warehouse, "procs.db", name)


def plant_orphan(path):
    """A file no snapshot names, written an hour before the test started."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"not a parquet file")
    an_hour_ago = datetime.datetime.now().timestamp() - 3600
    os.utime(path, (an_hour_ago, an_hour_ago))
    return path


def snapshot_ids(spark, table):
    name = table.replace(".", ".`", 1) + "$snapshots`"
    return [r[0] for r in spark.sql(f"SELECT snapshot_id FROM {name} ORDER BY 1").collect()]


def assert_every_snapshot_reads(spark, table):
    ids = snapshot_ids(spark, table)
    assert ids == list(range(ids[0], ids[0] + len(ids))), ids
    for i in ids:
        spark.sql(f"SELECT count(*) FROM {table} VERSION AS OF {i}").collect()
    return ids


def test_separate_processes_lose_no_acknowledged_commit(spark, warehouse, tmp_path):
    spark.sql("CREATE DATABASE IF NOT EXISTS procs")
    spark.sql("CREATE TABLE procs.events (id BIGINT, tag STRING, p INT) PARTITIONED BY (p)")
    spark.sql(
        "CREATE TABLE procs.kv (k INT, v STRING)"
        " TBLPROPERTIES ('primary-key' = 'k', 'bucket' = '2')"
    )
    spark.sql("INSERT INTO procs.events VALUES (-1, 'seed', 0)")
    spark.sql("INSERT INTO procs.kv VALUES (-1, 'seed')")
    orphans = [
        plant_orphan(os.path.join(table_dir(warehouse, "events"), "p=0", "bucket-0",
                                  "data-planted-orphan.parquet")),
        plant_orphan(os.path.join(table_dir(warehouse, "kv"), "manifest", "manifest-planted")),
    ]
    started = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")

    scripts = {f"appender-{w}": appender_script(w) for w in range(APPENDERS)}
    scripts["upserter"] = upserter_script()
    scripts["maintenance"] = maintenance_script(started)
    procs = {}
    for name, text in scripts.items():
        path = tmp_path / name / "script.sql"
        path.parent.mkdir()
        path.write_text(text)
        # Maintenance goes on after a failed call; a writer stops at its first failure.
        extra = ["--hiveconf", "hive.cli.errors.ignore=true"] if name == "maintenance" else []
        procs[name] = spark_sql(path, warehouse, *extra)
    outputs = {}
    for name, proc in procs.items():
        try:
            outputs[name] = proc.communicate(timeout=TIMEOUT)
        finally:
            proc.kill()
    results = {name: (procs[name].returncode, *outputs[name]) for name in procs}
    for name, (_, out, err) in results.items():
        (tmp_path / name / "stdout").write_text(out)
        (tmp_path / name / "stderr").write_text(err)

    for name, (code, out, err) in results.items():
        errors = failures(err)
        if name == "maintenance":
            assert code == 0, err[-3000:]
            rounds = [line for line in out.splitlines() if line.startswith("round ")]
            assert rounds == [f"round {r}" for r in range(MAINTENANCE_ROUNDS)], out
        else:
            assert (code == 0) == (not errors), (name, code, errors, tmp_path / name)
        assert all(any(c in e for c in CONFLICTS) for e in errors), (name, errors)

    appended = []
    for w in range(APPENDERS):
        acked = acks(results[f"appender-{w}"][1])
        assert acked == [f"w{w}-c{n}" for n in range(len(acked))]  # in order, from the first
        appended += acked
    upserted = acks(results["upserter"][1])
    assert upserted == [f"u{n}" for n in range(len(upserted))]
    assert appended and upserted
    tags = [r[0] for r in spark.sql("SELECT tag FROM procs.events").collect()]
    assert sorted(tags) == sorted(appended + ["seed"])
    kv = {r[0]: r[1] for r in spark.sql("SELECT k, v FROM procs.kv").collect()}
    last = upserted[-1]
    expected = {-1: "seed", 0: last, 1: last}
    expected.update({100 + int(u[1:]): u for u in upserted})
    assert kv == expected

    ids = {t: assert_every_snapshot_reads(spark, t) for t in ("procs.events", "procs.kv")}
    assert not any(os.path.exists(o) for o in orphans), "maintenance removed the planted orphans"

    # Nobody writes any more: orphan removal up to now may delete whatever no snapshot names.
    now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    for table in ("procs.events", "procs.kv"):
        spark.sql(f"CALL sys.remove_orphan_files(table => '{table}', older_than => '{now}')")
        assert assert_every_snapshot_reads(spark, table) == ids[table]
    assert sorted(r[0] for r in spark.sql("SELECT tag FROM procs.events").collect()) == sorted(
        appended + ["seed"])
    print(
        f"\nseparate processes: appends acknowledged {len(appended)} of {APPENDERS * INSERTS},"
        f" upserts acknowledged {len(upserted)} of {UPSERTS},"
        f" write conflicts {sum(len(failures(r[2])) for n, r in results.items() if n != 'maintenance')},"
        f" maintenance conflicts {len(failures(results['maintenance'][2]))},"
        f" snapshots events {ids['procs.events'][0]}..{ids['procs.events'][-1]},"
        f" kv {ids['procs.kv'][0]}..{ids['procs.kv'][-1]}"
    )
