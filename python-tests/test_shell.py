"""scripts/spark-sql as a person uses it: an interactive shell in a terminal.

One shell runs for the whole module, in a pseudo-terminal (pexpect): it must show a prompt,
accept a statement over two lines, recall the previous statement with the up arrow, keep
history in ~/.hivehistory, and report errors without a stack trace.
"""

import os
import re
import subprocess

import pexpect
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROMPT = r"spark-sql \(default\)> "
CONTINUATION = r"\n\s+> "
TIMEOUT = 240  # two shared cores: starting Spark can take a while


def clean(text):
    """Terminal output as plain lines: no CR, no ANSI escapes."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
    return text.replace("\r", "")


class Shell:
    def __init__(self, child):
        self.child = child

    def run(self, *lines):
        """Type the lines (a statement may span several), return what the shell printed."""
        for i, line in enumerate(lines):
            self.child.sendline(line)
            if i < len(lines) - 1:
                self.child.expect(CONTINUATION)
        self.child.expect(PROMPT)
        return clean(self.child.before)


@pytest.fixture(scope="module")
def shell(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("shell")
    env = dict(os.environ)
    env.update({
        "STRATA_SKIP_BUILD": "1",
        "STRATA_WAREHOUSE": str(tmp / "warehouse"),
        "HOME": str(tmp / "home"),
        # The CLI keeps its history in the JVM's user.home, which does not follow HOME.
        "SPARK_SUBMIT_OPTS": f"-Duser.home={tmp / 'home'}",
        "TERM": "xterm",
    })
    (tmp / "home").mkdir()
    child = pexpect.spawn(
        os.path.join(REPO, "scripts", "spark-sql"), cwd=str(tmp), env=env,
        encoding="utf-8", timeout=TIMEOUT, dimensions=(50, 250),
    )
    try:
        child.expect(PROMPT)
        yield Shell(child), tmp
    finally:
        if child.isalive():
            child.sendline("quit;")
            child.expect(pexpect.EOF)
        child.close()


def test_multi_line_statement_insert_and_select(shell):
    sh, tmp = shell
    sh.run("CREATE TABLE people (id BIGINT,", "  name STRING) TBLPROPERTIES ('bucket' = '-1');")
    sh.run("INSERT INTO people VALUES (1, 'ada'), (2, 'grace');")
    out = sh.run("SELECT id, name FROM people ORDER BY id;")
    assert re.search(r"^1\tada$\n^2\tgrace$", out, re.MULTILINE), out
    assert "Fetched 2 row(s)" in out
    assert (tmp / "warehouse" / "default.db" / "people" / "snapshot" / "snapshot-1").is_file()


def test_up_arrow_recalls_the_previous_statement(shell):
    sh, _ = shell
    sh.run("SELECT count(*) AS n FROM people;")
    out = sh.run("\x1b[A")  # up arrow, then Enter
    assert "SELECT count(*) AS n FROM people;" in out, out
    assert re.search(r"^2$", out, re.MULTILINE), out


def test_missing_table_error_names_the_table_without_stack_trace(shell):
    sh, _ = shell
    out = sh.run("SELECT * FROM missing_table;")
    assert "Table strata.default.missing_table does not exist" in out, out
    assert not re.search(r"^\s+at [\w.$]+\(", out, re.MULTILINE), out
    assert "Exception" not in out and "ERROR" not in out, out
    # ...and the shell goes on.
    assert "Fetched 2 row(s)" in sh.run("SELECT * FROM people;")


def test_missing_table_error_is_one_line(shell):
    # Spark's own TABLE_OR_VIEW_NOT_FOUND is three lines plus the unresolved plan; the extensions'
    # MissingTables rule reports a missing Strata table in one line that lists what exists.
    sh, _ = shell
    out = sh.run("SELECT * FROM missing_table;")
    lines = [l for l in out.splitlines()[1:] if l.strip()]  # line 0 echoes the statement
    assert len(lines) == 1 and "missing_table" in lines[0], out
    assert "TABLE_OR_VIEW_NOT_FOUND" in lines[0] and "people" in lines[0], out


def test_strata_error_has_no_stack_trace(shell):
    sh, _ = shell
    out = sh.run("SELECT * FROM people VERSION AS OF 'no_such_tag';")
    assert "no_such_tag" in out, out
    assert not re.search(r"^\s+at [\w.$]+\(", out, re.MULTILINE), out[:3000]
    assert len([l for l in out.splitlines()[1:] if l.strip()]) == 1, out


def test_strata_error_stack_trace_on_request(shell):
    sh, _ = shell
    sh.run("SET spark.strata.error.stacktrace=true;")
    try:
        out = sh.run("SELECT * FROM people VERSION AS OF 'no_such_tag';")
    finally:
        sh.run("RESET spark.strata.error.stacktrace;")
    assert "no_such_tag" in out, out
    assert re.search(r"^\s+at [\w.$]+\(", out, re.MULTILINE), out[:3000]


def test_history_is_kept(shell):
    sh, tmp = shell
    sh.run("SELECT 'remember me';")
    sh.child.sendline("quit;")
    sh.child.expect(pexpect.EOF)
    history = (tmp / "home" / ".hivehistory").read_text()
    assert "SELECT 'remember me';" in history



@pytest.fixture(scope="module")
def silent_run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("silent")
    env = dict(os.environ, STRATA_SKIP_BUILD="1", STRATA_WAREHOUSE=str(tmp / "warehouse"))
    return subprocess.run(
        [os.path.join(REPO, "scripts", "spark-sql"), "-S", "-e",
         "CREATE TABLE t (id INT); INSERT INTO t VALUES (1); SELECT * FROM t;"
         " SELECT * FROM t VERSION AS OF 'no_such_tag'; SELECT 'not reached';"],
        cwd=tmp, env=env, capture_output=True, text=True, timeout=TIMEOUT,
    )


def test_silent_mode_stops_at_the_failing_statement(silent_run):
    assert silent_run.returncode != 0
    assert silent_run.stdout == "1\n", silent_run.stdout  # results only; 'not reached' is not
    assert "Tag 'no_such_tag' doesn't exist" in silent_run.stderr
    assert "ERROR SparkSQLDriver" not in silent_run.stderr  # scripts/conf/log4j2.properties


def test_silent_mode_error_is_one_line(silent_run):
    errors = [l for l in silent_run.stderr.splitlines()
              if "incubator modules" not in l and not l.startswith("Time taken:")]
    assert len(errors) == 1, silent_run.stderr[-2000:]
