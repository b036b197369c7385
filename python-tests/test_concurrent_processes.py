"""Separate scripts/spark-sql processes write one warehouse at once, and nothing is lost.

Three processes append to one table, one upserts into a primary-key table and appends to a table
partitioned by day, and one loops compaction, snapshot expiration and orphan removal over the
first two and partition expiration over the third (rounds fed to its stdin for as long as a writer
runs), all at the same time; the third
appender is killed with SIGKILL while an INSERT of its own is in flight. Each writer's script
follows every INSERT with `SELECT 'ack <tag>'`: the CLI stops at the first failing statement, so
an ack on stdout means its INSERT was acknowledged. Afterwards every acknowledged commit is
present exactly once (the killed one at most once, nothing else), snapshot ids are contiguous,
every listed snapshot reads, every failure is a commit conflict that names a snapshot, and orphan
removal deletes exactly the files no snapshot names.
"""

import datetime
import glob
import os
import re
import signal
import subprocess
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APPENDERS = 3
INSERTS = 5  # per appender
UPSERTS = 5
KILLED = 2  # the appender killed with SIGKILL after its second ack, writing partition 2
TODAY = datetime.date.today().isoformat()
TIMEOUT = 900  # five JVMs on two shared cores
CONFLICTS = (
    "was removed by a concurrent commit (the latest snapshot is now ",
    "attempts: other writers kept committing first (last: snapshot ",
)


def spark_sql(folder, warehouse, *args):
    """A CLI in a process group of its own, its output in files in the folder: it runs the
    folder's script.sql, or when there is none reads statements from its stdin (a pipe)."""
    env = dict(os.environ, STRATA_SKIP_BUILD="1", STRATA_WAREHOUSE=warehouse)
    # Short-lived JVMs on two cores: the C1 compiler and one GC thread spend less CPU starting.
    env["SPARK_SUBMIT_OPTS"] = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
    script = os.path.join(folder, "script.sql")
    source = ["-f", script] if os.path.exists(script) else []
    with open(os.path.join(folder, "stdout"), "w") as out, \
            open(os.path.join(folder, "stderr"), "w") as err:
        return subprocess.Popen(
            [os.path.join(REPO, "scripts", "spark-sql"), "-S",
             # Bucketed writes shuffle: 2 tasks, not Spark's default 200, on 2 cores.
             "--conf", "spark.sql.shuffle.partitions=2", *args, *source],
            cwd=folder, env=env, stdout=out, stderr=err, start_new_session=True,
            stdin=None if source else subprocess.PIPE, text=True,
        )


def appender_script(writer):
    lines = []
    for n in range(INSERTS):
        tag = f"w{writer}-c{n}"
        partition = KILLED if writer == KILLED else n % 2
        lines.append(
            f"INSERT INTO procs.events VALUES ({writer * 1000 + n}, '{tag}', {partition});")
        lines.append(f"SELECT 'ack {tag}';")
    return "\n".join(lines) + "\n"


def upserter_script():
    lines = []
    for n in range(UPSERTS):
        # Keys 0 and 1 are rewritten by every upsert; key 100 + n is new with upsert n.
        lines.append(
            f"INSERT INTO procs.kv VALUES (0, 'u{n}'), (1, 'u{n}'), ({100 + n}, 'u{n}');")
        lines.append(f"SELECT 'ack u{n}';")
        # Today's partition of the table whose old partition the maintenance expires meanwhile.
        lines.append(f"INSERT INTO procs.days VALUES ({n}, '{TODAY}');")
        lines.append(f"SELECT 'ack d{n}';")
    return "\n".join(lines) + "\n"


def maintenance_round(r, older_than):
    lines = []
    for table in ("procs.events", "procs.kv"):
        lines += [
            f"CALL sys.compact(table => '{table}');",
            f"CALL sys.expire_snapshots(table => '{table}', retain_min => 1, retain_max => 5);",
            # Files of commits in flight are newer than the start of the test: kept.
            f"CALL sys.remove_orphan_files(table => '{table}', older_than => '{older_than}');",
        ]
    # Only the partitions of 2020 are older than a day: today's, written meanwhile, stays.
    lines.append(
        "CALL sys.expire_partitions(table => 'procs.days', expiration_time => '1 d',"
        " timestamp_formatter => 'yyyy-MM-dd');")
    lines.append(f"SELECT 'round {r}';")
    return "\n".join(lines) + "\n"


def rounds_done(folder):
    # A result line, maybe behind the CLI's prompt; never the statement's 'round N' literal.
    text = read(os.path.join(folder, "stdout"))
    return [int(r) for r in re.findall(r"(?:^|> )round (\d+)$", text, re.MULTILINE)]


def maintain(proc, folder, writers, older_than, rounds):
    """Feeds the CLI one maintenance round after the other for as long as a writer runs, and one
    more after the last has exited; appends the number of each round done to rounds."""
    deadline = time.time() + TIMEOUT
    while True:
        writing = any(w.poll() is None for w in writers)
        r = len(rounds)
        proc.stdin.write(maintenance_round(r, older_than))
        proc.stdin.flush()
        while r not in rounds_done(folder):
            if proc.poll() is not None or time.time() > deadline:
                return
            time.sleep(0.2)
        rounds.append(r)
        if not writing:
            break
    proc.stdin.write("quit;\n")
    proc.stdin.close()


# What the CLI writes to stderr besides its error messages: timings, JVM warnings, blank lines,
# log4j lines (Spark logs some internal errors it then ignores) with the exception they print,
# stack frames.
QUIET = re.compile(r"^(Time taken: |WARNING: |\s*$)")
LOGGED = re.compile(r"^\d\d:\d\d:\d\d [A-Z]+ ")
FRAME = re.compile(r"^(\s+at |\s*\.\.\. \d+ more|Caused by: |\s*Suppressed: )")
EXCEPTION = re.compile(r"^[a-z][\w$]*(\.[\w$]+)+(Exception|Error)(: |$)")


def failures(stderr):
    """The CLI's error lines, one per failed statement (a stack trace, if any, left out)."""
    errors = []
    after_log_line = False
    for line in stderr.splitlines():
        logged_exception = after_log_line and EXCEPTION.match(line)
        after_log_line = bool(LOGGED.match(line))
        if not (after_log_line or logged_exception or FRAME.match(line) or QUIET.match(line)):
            errors.append(line)
    return errors


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


def kill_during_next_insert(proc, folder, warehouse):
    """SIGKILLs the CLI (its JVM too) as soon as, after its second INSERT was acked, a new data file
    appears in its partition: its third INSERT is between writing files and committing. Returns
    how long after the ack the file appeared (None: none came in 2 minutes, killed anyway; or the
    CLI exited before the ack, not killed)."""
    deadline = time.time() + TIMEOUT
    stdout = os.path.join(folder, "stdout")
    while f"w{KILLED}-c1" not in acks(read(stdout)):
        if proc.poll() is not None:
            return None  # it failed first (a conflict, checked with the other writers)
        assert time.time() < deadline
        time.sleep(0.1)
    partition = os.path.join(table_dir(warehouse, "events"), f"p={KILLED}")
    before = set(glob.glob(os.path.join(partition, "*", "*")))
    acked = time.time()
    waited = None
    while time.time() < acked + 120:
        if set(glob.glob(os.path.join(partition, "*", "*"))) - before:
            waited = time.time() - acked
            break
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    assert proc.wait(timeout=60) == -signal.SIGKILL
    for _ in range(600):  # until every process of the group, the JVM included, is dead
        if not live_processes_of_group(proc.pid):
            return waited
        time.sleep(0.1)
    raise AssertionError(f"the killed CLI's JVM is still running: {live_processes_of_group(proc.pid)}")


def live_processes_of_group(group):
    """Pids of the group's processes that are neither gone nor zombies waiting to be reaped."""
    live = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as f:
                state, _, pgrp = f.read().rsplit(")", 1)[1].split()[:3]
        except (OSError, ValueError):
            continue  # exited while listed
        if int(pgrp) == group and state != "Z":
            live.append(int(stat.split("/")[2]))
    return live


def read(path):
    with open(path) as f:
        return f.read()


def data_files_on_disk(warehouse, name):
    return {f for _, _, files in os.walk(table_dir(warehouse, name))
            for f in files if f.startswith("data-")}


def data_files_referenced(spark, table, ids):
    name = table.replace(".", ".`", 1) + "$files`"
    return {os.path.basename(r[0])
            for i in ids
            for r in spark.sql(f"SELECT file_path FROM {name} VERSION AS OF {i}").collect()}


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
    spark.sql("CREATE TABLE procs.days (n INT, dt STRING) PARTITIONED BY (dt)")
    spark.sql("INSERT INTO procs.days VALUES (-1, '2020-01-01'), (-2, '2020-01-02')")
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
    procs = {}
    for name, text in scripts.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "script.sql").write_text(text)
        procs[name] = spark_sql(tmp_path / name, warehouse)  # stops at its first failure
    (tmp_path / "maintenance").mkdir()
    # A failed call does not stop the maintenance: the statements that follow run.
    procs["maintenance"] = spark_sql(
        tmp_path / "maintenance", warehouse, "--hiveconf", "hive.cli.errors.ignore=true")
    rounds = []
    feeder = threading.Thread(target=maintain, args=(
        procs["maintenance"], tmp_path / "maintenance",
        [p for n, p in procs.items() if n != "maintenance"], started, rounds))
    feeder.start()
    try:
        waited = kill_during_next_insert(
            procs[f"appender-{KILLED}"], tmp_path / f"appender-{KILLED}", warehouse)
        for proc in procs.values():
            proc.wait(timeout=TIMEOUT)
    finally:
        feeder.join(timeout=60)
        for proc in procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    results = {name: (procs[name].returncode, read(tmp_path / name / "stdout"),
                      read(tmp_path / name / "stderr")) for name in procs}

    for name, (code, out, err) in results.items():
        errors = failures(err)
        if name == "maintenance":
            assert code == 0, err[-3000:]
            assert len(rounds) >= 2 and rounds_done(tmp_path / name) == rounds, out
        elif name != f"appender-{KILLED}":
            assert (code == 0) == (not errors), (name, code, errors, tmp_path / name)
        assert all(any(c in e for c in CONFLICTS) for e in errors), (name, errors)

    appended = []
    for w in range(APPENDERS):
        acked = acks(results[f"appender-{w}"][1])
        assert acked == [f"w{w}-c{n}" for n in range(len(acked))]  # in order, from the first
        appended += acked
    upserter_acks = acks(results["upserter"][1])
    upserted = [a for a in upserter_acks if a.startswith("u")]
    assert upserted == [f"u{n}" for n in range(len(upserted))]
    days = [a for a in upserter_acks if a.startswith("d")]
    assert days == [f"d{n}" for n in range(len(days))]
    assert appended and upserted
    # The INSERT in flight when its CLI was killed may have committed, at most once.
    in_flight = f"w{KILLED}-c{len(acks(results[f'appender-{KILLED}'][1]))}"
    tags = [r[0] for r in spark.sql("SELECT tag FROM procs.events").collect()]
    committed = appended + ["seed"] + ([in_flight] if in_flight in tags else [])
    assert sorted(tags) == sorted(committed)
    kv = {r[0]: r[1] for r in spark.sql("SELECT k, v FROM procs.kv").collect()}
    last = upserted[-1]
    expected = {-1: "seed", 0: last, 1: last}
    expected.update({100 + int(u[1:]): u for u in upserted})
    assert kv == expected

    # Partition expiration dropped 2020 and kept every acknowledged row of today.
    day_rows = sorted(tuple(r) for r in spark.sql("SELECT n, dt FROM procs.days").collect())
    assert day_rows == sorted((int(d[1:]), TODAY) for d in days), day_rows
    assert_every_snapshot_reads(spark, "procs.days")

    ids = {t: assert_every_snapshot_reads(spark, t) for t in ("procs.events", "procs.kv")}
    assert not any(os.path.exists(o) for o in orphans), "maintenance removed the planted orphans"

    # Nobody writes any more: orphan removal up to now deletes exactly what no snapshot names,
    # the killed INSERT's files among them.
    referenced = {t: data_files_referenced(spark, t, ids[t]) for t in ids}
    leftovers = {t: data_files_on_disk(warehouse, t.split(".")[1]) - referenced[t] for t in ids}
    time.sleep(1)  # older_than has whole seconds
    now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    for table in ("procs.events", "procs.kv"):
        spark.sql(f"CALL sys.remove_orphan_files(table => '{table}', older_than => '{now}')")
        assert assert_every_snapshot_reads(spark, table) == ids[table]
        assert data_files_on_disk(warehouse, table.split(".")[1]) == referenced[table]
    assert sorted(r[0] for r in spark.sql("SELECT tag FROM procs.events").collect()) == sorted(
        committed)
    print(
        f"\nseparate processes: appends acknowledged {len(appended)} of {APPENDERS * INSERTS},"
        f" upserts acknowledged {len(upserted)} of {UPSERTS},"
        f" day appends acknowledged {len(days)} of {UPSERTS} (2020 expired),"
        f" write conflicts {sum(len(failures(r[2])) for n, r in results.items() if n != 'maintenance')},"
        f" maintenance rounds {len(rounds)}, conflicts {len(failures(results['maintenance'][2]))},"
        f" killed writer: {in_flight} {'committed' if in_flight in tags else 'absent'},"
        f" killed {'once its data file appeared, %.2f s after the ack before' % waited if waited is not None else 'without a data file'},"
        f" orphan data files removed {sum(len(v) for v in leftovers.values())},"
        f" snapshots events {ids['procs.events'][0]}..{ids['procs.events'][-1]},"
        f" kv {ids['procs.kv'][0]}..{ids['procs.kv'][-1]}"
    )
