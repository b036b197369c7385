"""Two-line setup of a local SparkSession with the Strata catalog, for notebooks and scripts.

    import strata
    spark = strata.session()            # warehouse: $STRATA_WAREHOUSE, else ./warehouse

``session()`` loads the runtime jar (``$STRATA_JAR``, else the newest
``spark-catalog/target/strata-spark-runtime-*.jar`` of this repository), registers
``io.strata.spark.StrataCatalog`` as catalog ``strata`` (the default catalog) and the Strata SQL
extensions. Extra keyword arguments are Spark configuration keys, e.g.
``strata.session("/tmp/wh", **{"spark.sql.shuffle.partitions": 8})``.
"""

from __future__ import annotations

import glob
import os

__all__ = ["session", "session_conf", "find_jar", "REPO"]

CATALOG_CLASS = "io.strata.spark.StrataCatalog"
EXTENSIONS_CLASS = "io.strata.spark.extensions.StrataSparkSessionExtensions"

# <repo>/python/strata/__init__.py -> <repo>
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BUILD_COMMAND = "mvn -B -DskipTests -pl spark-catalog -am package"


def find_jar(repo: str | None = None) -> str:
    """Path of the Strata runtime jar: ``$STRATA_JAR`` if set, else the newest built one in the repo.

    Raises FileNotFoundError saying how to build the jar when there is none.
    """
    override = os.environ.get("STRATA_JAR")
    if override:
        path = os.path.abspath(os.path.expanduser(override))
        if not os.path.isfile(path):
            raise FileNotFoundError(f"STRATA_JAR={override} is not a file")
        return path
    repo = repo or REPO
    target = os.path.join(repo, "spark-catalog", "target")
    jars = glob.glob(os.path.join(target, "strata-spark-runtime-*.jar"))
    if not jars:
        raise FileNotFoundError(
            f"no Strata runtime jar in {target}; build it with\n"
            f"    cd {repo} && {BUILD_COMMAND}\n"
            "or point STRATA_JAR at a strata-spark-runtime-*.jar"
        )
    return max(jars, key=os.path.getmtime)


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def session_conf(
    warehouse: str | os.PathLike | None = None,
    *,
    jar: str | None = None,
    catalog: str = "strata",
    **conf,
) -> dict[str, str]:
    """The Spark configuration ``session()`` uses, as a dict (keys and values are strings)."""
    if warehouse is None:
        warehouse = os.environ.get("STRATA_WAREHOUSE") or "warehouse"
    warehouse = os.path.abspath(os.path.expanduser(os.fspath(warehouse)))
    settings = {
        "spark.jars": jar or find_jar(),
        f"spark.sql.catalog.{catalog}": CATALOG_CLASS,
        f"spark.sql.catalog.{catalog}.warehouse": warehouse,
        "spark.sql.extensions": EXTENSIONS_CLASS,
        "spark.sql.defaultCatalog": catalog,
        # Local notebooks move little data: Spark's 200 shuffle partitions only cost time.
        "spark.sql.shuffle.partitions": "4",
    }
    settings.update({key: _text(value) for key, value in conf.items()})
    return settings


def session(
    warehouse: str | os.PathLike | None = None,
    *,
    master: str = "local[*]",
    app_name: str = "strata",
    jar: str | None = None,
    catalog: str = "strata",
    log_level: str | None = "WARN",
    **conf,
):
    """A SparkSession with the Strata catalog over ``warehouse`` (created on first write).

    warehouse  directory of the tables; default ``$STRATA_WAREHOUSE``, else ``./warehouse``
    master     Spark master (default ``local[*]``)
    jar        runtime jar; default ``$STRATA_JAR``, else the one built in this repository
    catalog    catalog name (default ``strata``), also made the default catalog
    log_level  log level of the Spark context (None keeps Spark's)
    **conf     any other Spark configuration, e.g. ``**{"spark.ui.enabled": False}``

    If a SparkSession is already running with the same catalog and warehouse it is returned;
    a running session configured otherwise is an error (call ``spark.stop()`` first), because
    the jar and the catalog cannot be changed in a running session.
    """
    from pyspark.sql import SparkSession

    settings = session_conf(warehouse, jar=jar, catalog=catalog, **conf)
    active = SparkSession.getActiveSession()
    if active is not None:
        key = f"spark.sql.catalog.{catalog}.warehouse"
        have = active.conf.get(key, None)
        if have != settings[key] or active.conf.get(f"spark.sql.catalog.{catalog}", None) != CATALOG_CLASS:
            raise RuntimeError(
                f"a SparkSession is already running with {key}={have}; "
                f"call spark.stop() before strata.session(warehouse={settings[key]!r})"
            )
        return active
    if master.startswith("local"):
        # As scripts/spark-sql: bind to loopback, and WARN-level logs without startup noise.
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        os.environ.setdefault("SPARK_CONF_DIR", os.path.join(REPO, "scripts", "conf"))
    builder = SparkSession.builder.master(master).appName(app_name)
    for key, value in settings.items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    if log_level:
        spark.sparkContext.setLogLevel(log_level)
    return spark
