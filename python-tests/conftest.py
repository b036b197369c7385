"""Shared Spark session with the Strata runtime jar, for interop tests with pypaimon."""

import glob
import os
import shutil
import tempfile

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session")
def warehouse():
    path = tempfile.mkdtemp(prefix="strata-pytest-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def spark(warehouse):
    from pyspark.sql import SparkSession

    jars = glob.glob(os.path.join(REPO, "spark-catalog", "target", "strata-spark-runtime-*.jar"))
    assert jars, "build the runtime jar first: mvn -pl spark-catalog -am package -DskipTests"
    session = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.jars", jars[0])
        .config("spark.sql.catalog.strata", "io.strata.spark.StrataCatalog")
        .config("spark.sql.catalog.strata.warehouse", warehouse)
        .config("spark.sql.extensions", "io.strata.spark.extensions.StrataSparkSessionExtensions")
        .config("spark.sql.defaultCatalog", "strata")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.warehouse.dir", os.path.join(warehouse, "spark-warehouse"))
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
