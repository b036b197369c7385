package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table evolved by Strata (Spark SQL ALTER TABLE) reads the same through Apache Paimon's Java
 * API, and a table evolved by Paimon (its SchemaChange API) reads the same through Strata: rows
 * written under every schema version, with renamed, dropped, re-added, widened and nested columns.
 */
class SchemaEvolutionInteropTest {

  private static SparkSession spark;
  private static Catalog paimon;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    Options options = new Options();
    options.set("warehouse", TestSpark$.MODULE$.warehouse().toUri().toString());
    paimon = CatalogFactory.createCatalog(CatalogContext.create(options));
  }

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }

  @Test
  void aTableEvolvedByStrataReadsTheSameInPaimon() throws Exception {
    sql("CREATE DATABASE IF NOT EXISTS strata.se_by_strata");
    sql(
        "CREATE TABLE strata.se_by_strata.t (id INT, name STRING, price FLOAT,"
            + " amount DECIMAL(10,2), qty SMALLINT, info STRUCT<a: INT, b: STRING>,"
            + " nums ARRAY<INT>, gone STRING)");
    sql(
        "INSERT INTO strata.se_by_strata.t VALUES"
            + " (1, 'one', 1.5, 10.25, 7, named_struct('a', 11, 'b', 'x'), array(1, 2), 'g1'),"
            + " (2, 'two', 2.5, 20.50, 8, named_struct('a', 22, 'b', 'y'), array(3), 'g2')");
    for (String change :
        List.of(
            "ALTER COLUMN id TYPE BIGINT",
            "RENAME COLUMN name TO label",
            "ALTER COLUMN price TYPE DOUBLE",
            "ALTER COLUMN amount TYPE DECIMAL(12,2)",
            "ALTER COLUMN qty TYPE BIGINT",
            "ADD COLUMN info.c DOUBLE",
            "RENAME COLUMN info.b TO bee",
            "ALTER COLUMN info.a TYPE BIGINT",
            "ALTER COLUMN nums.element TYPE BIGINT",
            "DROP COLUMN gone",
            "ADD COLUMN gone STRING",
            "ADD COLUMN note STRING FIRST")) {
      sql("ALTER TABLE strata.se_by_strata.t " + change);
    }
    sql(
        "INSERT INTO strata.se_by_strata.t (note, id, label, price, amount, qty, info, nums, gone)"
            + " VALUES ('n', 3000000000, 'three', 3.25, 1234567890.12, 9000000000,"
            + " named_struct('a', 5000000000, 'bee', 'z', 'c', 0.5), array(4000000000), 'g3')");
    sql(
        "CREATE TABLE strata.se_by_strata.pk (k BIGINT, v INT, w STRING)"
            + " TBLPROPERTIES ('primary-key' = 'k', 'bucket' = '1')");
    sql("INSERT INTO strata.se_by_strata.pk VALUES (1, 10, 'one'), (2, 20, 'two')");
    sql("ALTER TABLE strata.se_by_strata.pk ALTER COLUMN v TYPE BIGINT");
    sql("ALTER TABLE strata.se_by_strata.pk RENAME COLUMN w TO w2");
    sql("ALTER TABLE strata.se_by_strata.pk ADD COLUMN x STRING");
    sql(
        "INSERT INTO strata.se_by_strata.pk VALUES (2, 5000000000, 'TWO', 'new'), (3, 30, '3', 'x')");

    for (String table : List.of("t", "pk")) {
      List<String> strata = strataRows("strata.se_by_strata." + table);
      assertThat(paimonRows("se_by_strata", table)).as(table).isEqualTo(strata);
    }
    assertThat(strataRows("strata.se_by_strata.t"))
        .containsExactly(
            "[NULL, 1, one, 1.5, 10.25, 7, {11,x,NULL}, [1,2], NULL]",
            "[NULL, 2, two, 2.5, 20.50, 8, {22,y,NULL}, [3], NULL]",
            "[n, 3000000000, three, 3.25, 1234567890.12, 9000000000, {5000000000,z,0.5},"
                + " [4000000000], g3]");
    assertThat(strataRows("strata.se_by_strata.pk"))
        .containsExactly("[1, 10, one, NULL]", "[2, 5000000000, TWO, new]", "[3, 30, 3, x]");
  }

  @Test
  void aTableEvolvedByPaimonReadsTheSameInStrata() throws Exception {
    paimon.createDatabase("se_by_paimon", true);
    Identifier t = Identifier.create("se_by_paimon", "t");
    paimon.createTable(
        t,
        Schema.newBuilder()
            .column("id", DataTypes.INT())
            .column("name", DataTypes.STRING())
            .column("price", DataTypes.FLOAT())
            .column("v", DataTypes.VARCHAR(5))
            .column(
                "info",
                DataTypes.ROW(
                    DataTypes.FIELD(10, "a", DataTypes.INT()),
                    DataTypes.FIELD(11, "b", DataTypes.STRING())))
            .column("gone", DataTypes.INT())
            .option("file.format", "parquet")
            .build(),
        false);
    write(
        t,
        GenericRow.of(1, str("one"), 1.5f, str("v1"), GenericRow.of(11, str("x")), 100),
        GenericRow.of(2, str("two"), 2.5f, str("v2"), GenericRow.of(22, str("y")), 200));
    paimon.alterTable(
        t,
        List.of(
            SchemaChange.updateColumnType("id", DataTypes.BIGINT()),
            SchemaChange.renameColumn("name", "label"),
            SchemaChange.updateColumnType("price", DataTypes.DOUBLE()),
            SchemaChange.updateColumnType("v", DataTypes.STRING()),
            SchemaChange.addColumn(new String[] {"info", "c"}, DataTypes.DOUBLE(), null, null),
            SchemaChange.renameColumn(new String[] {"info", "b"}, "bee"),
            SchemaChange.dropColumn("gone"),
            SchemaChange.addColumn("gone", DataTypes.INT()),
            SchemaChange.addColumn(
                "first", DataTypes.STRING(), null, SchemaChange.Move.first("first"))),
        false);
    write(
        t,
        GenericRow.of(
            str("f"),
            3_000_000_000L,
            str("three"),
            3.25d,
            str("long v"),
            GenericRow.of(33, str("z"), 0.5d),
            300));

    Identifier pk = Identifier.create("se_by_paimon", "pk");
    paimon.createTable(
        pk,
        Schema.newBuilder()
            .column("k", DataTypes.BIGINT().notNull())
            .column("v", DataTypes.INT())
            .column("amount", DataTypes.DECIMAL(8, 2))
            .primaryKey("k")
            .option("bucket", "1")
            .option("file.format", "parquet")
            .build(),
        false);
    write(pk, GenericRow.of(1L, 10, dec("1.50", 8)), GenericRow.of(2L, 20, dec("2.50", 8)));
    paimon.alterTable(
        pk,
        List.of(
            SchemaChange.updateColumnType("v", DataTypes.BIGINT()),
            SchemaChange.updateColumnType("amount", DataTypes.DECIMAL(12, 2)),
            SchemaChange.addColumn("x", DataTypes.STRING())),
        false);
    write(
        pk,
        GenericRow.of(2L, 5_000_000_000L, dec("12345678.90", 12), str("new")),
        GenericRow.of(3L, 30L, dec("3.00", 12), str("x")));

    for (String table : List.of("t", "pk")) {
      assertThat(strataRows("strata.se_by_paimon." + table))
          .as(table)
          .isEqualTo(paimonRows("se_by_paimon", table));
    }
    assertThat(strataRows("strata.se_by_paimon.t"))
        .containsExactly(
            "[NULL, 1, one, 1.5, v1, {11,x,NULL}, NULL]",
            "[NULL, 2, two, 2.5, v2, {22,y,NULL}, NULL]",
            "[f, 3000000000, three, 3.25, long v, {33,z,0.5}, 300]");
    assertThat(strataRows("strata.se_by_paimon.pk"))
        .containsExactly(
            "[1, 10, 1.50, NULL]", "[2, 5000000000, 12345678.90, new]", "[3, 30, 3.00, x]");
    // Filters on widened and renamed columns skip files by stats mapped by field id.
    assertThat(
            strataRows(
                "(SELECT * FROM strata.se_by_paimon.t WHERE id >= 2 AND label <> 'x' AND gone IS"
                    + " NULL)"))
        .containsExactly("[NULL, 2, two, 2.5, v2, {22,y,NULL}, NULL]");
  }

  private static BinaryString str(String s) {
    return BinaryString.fromString(s);
  }

  private static Decimal dec(String value, int precision) {
    BigDecimal d = new BigDecimal(value);
    return Decimal.fromBigDecimal(d, precision, d.scale());
  }

  private static void write(Identifier id, InternalRow... rows) throws Exception {
    BatchWriteBuilder builder = paimon.getTable(id).newBatchWriteBuilder();
    try (BatchTableWrite write = builder.newWrite();
        BatchTableCommit commit = builder.newCommit()) {
      for (InternalRow row : rows) {
        write.write(row);
      }
      commit.commit(write.prepareCommit());
    }
  }

  /** The rows Spark reads through Strata, rendered and sorted. */
  private static List<String> strataRows(String relation) {
    List<String> rows = new ArrayList<>();
    for (Row row : spark.sql("SELECT * FROM " + relation).collectAsList()) {
      rows.add(renderSpark(row, ", "));
    }
    rows.sort(null);
    return rows;
  }

  private static String renderSpark(Object value, String separator) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof Row row) {
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < row.length(); i++) {
        parts.add(renderSpark(row.get(i), ","));
      }
      String joined = String.join(separator, parts);
      return separator.equals(", ") ? "[" + joined + "]" : "{" + joined + "}";
    }
    if (value instanceof scala.collection.Seq<?> seq) {
      List<String> parts = new ArrayList<>();
      for (Object o : scala.jdk.javaapi.CollectionConverters.asJava(seq)) {
        parts.add(renderSpark(o, ","));
      }
      return "[" + String.join(",", parts) + "]";
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    return value.toString();
  }

  /** The rows Paimon's own reader returns for the latest snapshot. */
  private static List<String> paimonRows(String db, String name) throws Exception {
    Table table = paimon.getTable(Identifier.create(db, name));
    ReadBuilder read = table.newReadBuilder();
    RowType type = table.rowType();
    List<String> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        read.newRead().createReader(read.newScan().plan().splits())) {
      reader.forEachRemaining(row -> rows.add(renderPaimon(row, type, ", ")));
    }
    rows.sort(null);
    return rows;
  }

  private static String renderPaimon(InternalRow row, RowType type, String separator) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < type.getFieldCount(); i++) {
      DataField field = type.getFields().get(i);
      Object value = InternalRow.createFieldGetter(field.type(), i).getFieldOrNull(row);
      parts.add(renderPaimonValue(value, field.type()));
    }
    String joined = String.join(separator, parts);
    return separator.equals(", ") ? "[" + joined + "]" : "{" + joined + "}";
  }

  private static String renderPaimonValue(Object value, DataType type) {
    if (value == null) {
      return "NULL";
    }
    if (type instanceof RowType row) {
      return renderPaimon((InternalRow) value, row, ",");
    }
    if (type instanceof ArrayType array) {
      InternalArray values = (InternalArray) value;
      InternalArray.ElementGetter getter =
          InternalArray.createElementGetter(array.getElementType());
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < values.size(); i++) {
        parts.add(renderPaimonValue(getter.getElementOrNull(values, i), array.getElementType()));
      }
      return "[" + String.join(",", parts) + "]";
    }
    if (value instanceof Decimal d) {
      return d.toBigDecimal().toPlainString();
    }
    return value.toString();
  }
}
