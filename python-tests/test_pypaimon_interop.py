"""Tables written by Strata through Spark are read identically by pypaimon (Paimon's Python reader)."""

from decimal import Decimal

from pypaimon import CatalogFactory


def pypaimon_rows(warehouse, name, columns):
    catalog = CatalogFactory.create({"warehouse": "file://" + warehouse})
    table = catalog.get_table(name)
    read_builder = table.new_read_builder()
    frame = read_builder.new_read().to_pandas(read_builder.new_scan().plan().splits())
    rows = [tuple(normalize(v) for v in record) for record in frame[columns].itertuples(index=False)]
    return sorted(rows, key=repr)


def spark_rows(spark, name, columns):
    rows = [tuple(normalize(r[c]) for c in columns) for r in spark.table(name).collect()]
    return sorted(rows, key=repr)


def normalize(value):
    """One rendering for both readers: NaN/None as None, decimals and numbers as text."""
    if value is None or (isinstance(value, float) and value != value):
        return None
    if isinstance(value, Decimal):
        return format(value, "f")
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    return str(value)


def test_append_table_with_partitions_and_nulls(spark, warehouse):
    spark.sql("CREATE DATABASE IF NOT EXISTS py")
    spark.sql(
        "CREATE TABLE py.events (id BIGINT, kind STRING, amount DECIMAL(10,2), ok BOOLEAN, dt STRING)"
        " PARTITIONED BY (dt)"
    )
    spark.sql(
        "INSERT INTO py.events VALUES (1, 'a', 1.50, true, 'd1'), (2, NULL, NULL, NULL, 'd1'),"
        " (3, 'c', 3.00, false, 'd2')"
    )
    spark.sql("INSERT INTO py.events VALUES (4, 'd', 4.25, true, 'd2')")
    spark.sql("DELETE FROM py.events WHERE id = 1")
    spark.sql("UPDATE py.events SET kind = 'C' WHERE id = 3")
    columns = ["id", "kind", "amount", "ok", "dt"]
    expected = spark_rows(spark, "py.events", columns)
    assert len(expected) == 3
    assert pypaimon_rows(warehouse, "py.events", columns) == expected


def test_primary_key_table_after_upserts_deletes_and_compaction(spark, warehouse):
    spark.sql("CREATE DATABASE IF NOT EXISTS py")
    spark.sql(
        "CREATE TABLE py.orders (order_id BIGINT, status STRING, dt STRING) PARTITIONED BY (dt)"
        " TBLPROPERTIES ('primary-key' = 'dt,order_id', 'bucket' = '2')"
    )
    spark.sql(
        "INSERT INTO py.orders VALUES (1, 'CREATED', 'd1'), (2, 'CREATED', 'd1'),"
        " (3, 'CREATED', 'd2')"
    )
    spark.sql("INSERT INTO py.orders VALUES (1, 'PAID', 'd1'), (4, 'CREATED', 'd2')")
    spark.sql("DELETE FROM py.orders WHERE order_id = 2")
    columns = ["order_id", "status", "dt"]
    before = spark_rows(spark, "py.orders", columns)
    assert pypaimon_rows(warehouse, "py.orders", columns) == before
    spark.sql("CALL sys.compact(table => 'py.orders')")
    assert pypaimon_rows(warehouse, "py.orders", columns) == before
    assert before == sorted(
        [("1", "PAID", "d1"), ("3", "CREATED", "d2"), ("4", "CREATED", "d2")], key=repr
    )
