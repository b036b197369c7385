"""Strata's errors reach PySpark users as their messages, through every PySpark error API."""

import pytest
from pyspark.errors import AnalysisException


@pytest.fixture(scope="module")
def table(spark):
    spark.sql(
        "CREATE TABLE errors_pk (id BIGINT, v STRING)"
        " TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1')"
    )
    spark.sql("INSERT INTO errors_pk VALUES (1, 'a')")
    yield "errors_pk"
    spark.sql("DROP TABLE errors_pk")


def test_a_strata_error_shows_its_message(spark, table):
    with pytest.raises(AnalysisException) as raised:
        spark.sql(f"SELECT * FROM {table} VERSION AS OF 99").collect()
    message = raised.value.getMessage()
    assert "snapshot" in message and "99" in message, message
    assert message in str(raised.value), str(raised.value)
    assert raised.value.getCondition() is not None
    assert raised.value.getMessageParameters()["strataErrorType"].startswith("java.lang.")


def test_an_error_with_a_query_context_shows_its_message(spark, table):
    # Spark attaches the statement's position to errors raised while resolving a table function;
    # PySpark renders such an error's message as soon as it converts it.
    with pytest.raises(AnalysisException) as raised:
        spark.sql(f"SELECT * FROM paimon_incremental_query('{table}', 1)")
    message = raised.value.getMessage()
    assert "paimon_incremental_query takes a table name, a start and an end" in message, message
    assert raised.value.getQueryContext(), "the error should carry the statement's position"


def test_a_missing_table_keeps_sparks_condition(spark, table):
    with pytest.raises(AnalysisException) as raised:
        spark.sql("SELECT * FROM errors_missing")
    assert raised.value.getCondition() == "TABLE_OR_VIEW_NOT_FOUND"
    assert "errors_missing" in raised.value.getMessage()
