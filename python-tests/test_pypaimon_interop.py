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


def pypaimon_write(warehouse, name, pa_schema, commits, partition_keys=None, primary_keys=None,
                   options=None):
    """pypaimon creates the table and writes each pyarrow table of `commits` as one commit."""
    import pyarrow as pa
    from pypaimon import Schema

    catalog = CatalogFactory.create({"warehouse": "file://" + warehouse})
    catalog.create_database(name.split(".")[0], True)
    schema = Schema.from_pyarrow_schema(
        pa_schema, partition_keys=partition_keys, primary_keys=primary_keys, options=options
    )
    catalog.create_table(name, schema, False)
    table = catalog.get_table(name)
    for rows in commits:
        builder = table.new_batch_write_builder()
        write = builder.new_write()
        commit = builder.new_commit()
        write.write_arrow(pa.Table.from_pylist(rows, schema=pa_schema))
        commit.commit(write.prepare_commit())
        write.close()
        commit.close()


def test_strata_reads_an_append_table_pypaimon_wrote(spark, warehouse):
    import pyarrow as pa

    pa_schema = pa.schema(
        [("id", pa.int64()), ("name", pa.string()), ("amount", pa.float64()), ("dt", pa.string())]
    )
    pypaimon_write(
        warehouse,
        "pyw.events",
        pa_schema,
        [
            [
                {"id": 1, "name": "a", "amount": 1.5, "dt": "d1"},
                {"id": 2, "name": None, "amount": None, "dt": "d1"},
                {"id": 3, "name": "ü/=%:", "amount": -2.0, "dt": "d2"},
            ],
            [{"id": 4, "name": "d", "amount": 4.25, "dt": "d2"}],
        ],
        partition_keys=["dt"],
    )
    columns = ["id", "name", "amount", "dt"]
    expected = pypaimon_rows(warehouse, "pyw.events", columns)
    assert len(expected) == 4
    assert spark_rows(spark, "strata.pyw.events", columns) == expected


def test_strata_reads_a_primary_key_table_pypaimon_upserted(spark, warehouse):
    import pyarrow as pa

    pa_schema = pa.schema(
        [
            pa.field("order_id", pa.int64(), nullable=False),
            ("status", pa.string()),
            pa.field("dt", pa.string(), nullable=False),
        ]
    )
    pypaimon_write(
        warehouse,
        "pyw.orders",
        pa_schema,
        [
            [
                {"order_id": 1, "status": "CREATED", "dt": "d1"},
                {"order_id": 2, "status": "CREATED", "dt": "d1"},
                {"order_id": 3, "status": "CREATED", "dt": "d2"},
            ],
            [
                {"order_id": 1, "status": "PAID", "dt": "d1"},
                {"order_id": 4, "status": None, "dt": "d2"},
            ],
        ],
        partition_keys=["dt"],
        primary_keys=["dt", "order_id"],
        options={"bucket": "2"},
    )
    columns = ["order_id", "status", "dt"]
    expected = pypaimon_rows(warehouse, "pyw.orders", columns)
    assert expected == sorted(
        [("1", "PAID", "d1"), ("2", "CREATED", "d1"), ("3", "CREATED", "d2"), ("4", None, "d2")],
        key=repr,
    )
    assert spark_rows(spark, "strata.pyw.orders", columns) == expected


def test_row_tracking_table_after_rewrites(spark, warehouse):
    """Rewritten files of a row-tracking table hold _ROW_ID and _SEQUENCE_NUMBER columns besides
    the table's (listed in their writeCols): pypaimon reads the table's rows from them."""
    spark.sql("CREATE DATABASE IF NOT EXISTS py")
    spark.sql(
        "CREATE TABLE py.tracked (id BIGINT, v STRING) TBLPROPERTIES ('row-tracking.enabled' = 'true')"
    )
    spark.sql("INSERT INTO py.tracked VALUES (1, 'a'), (2, 'b'), (3, 'c')")
    spark.sql("INSERT INTO py.tracked VALUES (4, 'd')")
    spark.sql("UPDATE py.tracked SET v = 'B' WHERE id = 2")
    spark.sql("CALL sys.compact(table => 'py.tracked')")
    spark.sql("DELETE FROM py.tracked WHERE id = 3")
    columns = ["id", "v"]
    expected = spark_rows(spark, "py.tracked", columns)
    assert expected == [("1", "a"), ("2", "B"), ("4", "d")]
    assert pypaimon_rows(warehouse, "py.tracked", columns) == expected
    ids = sorted(r["_ROW_ID"] for r in spark.sql("SELECT _ROW_ID FROM py.tracked").collect())
    assert ids == [0, 1, 3]
