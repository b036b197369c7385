package io.strata.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.operation.PartitionExpire;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.RowKind;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * One step of a matrix cell, as each side performs it: Strata through Spark SQL, Paimon 1.3.1
 * through its Java API. A cell runs its steps with one writer (or, in mixed cells, the writer each
 * {@link #by} names).
 */
interface MatrixOp {

  /** Who performs a step. */
  enum Writer {
    STRATA,
    PAIMON
  }

  void strata(MatrixContext ctx);

  void paimon(MatrixContext ctx) throws Exception;

  /** A short text for failure messages. */
  String describe();

  default void run(Writer writer, MatrixContext ctx) throws Exception {
    if (writer == Writer.STRATA) {
      strata(ctx);
    } else {
      paimon(ctx);
    }
  }

  // ---------------------------------------------------------------- steps

  static MatrixOp create(MatrixTable table) {
    return new Step(
        "create",
        ctx -> ctx.sql(table.createSql(ctx.sparkName())),
        ctx -> {
          ctx.paimon().catalog().createTable(ctx.identifier(), table.paimonSchema(), false);
        });
  }

  /**
   * Inserts (upserts, for primary keys) the rows of a Spark query, e.g. {@code VALUES (1, 'a')}.
   */
  static MatrixOp insert(String query) {
    return new Step(
        "insert " + query,
        ctx -> ctx.sql("INSERT INTO " + ctx.sparkName() + " " + query),
        ctx -> ctx.paimonWrite(ctx.rowsOfQuery(query), RowKind.INSERT));
  }

  /**
   * Deletes the rows matching a SQL condition: Strata by DELETE; Paimon by writing DELETE records
   * of the matching rows (read through Strata, which only chooses the keys).
   */
  static MatrixOp delete(String condition) {
    return new Step(
        "delete where " + condition,
        ctx -> ctx.sql("DELETE FROM " + ctx.sparkName() + " WHERE " + condition),
        ctx ->
            ctx.paimonWrite(
                ctx.spark().sql("SELECT * FROM " + ctx.sparkName() + " WHERE " + condition),
                RowKind.DELETE));
  }

  /**
   * Paimon writes the rows of a Spark query as UPDATE_BEFORE records (a changelog's retractions),
   * which Strata's writers never write; in a Strata-written cell the step does nothing.
   */
  static MatrixOp paimonRetracts(String query) {
    return paimonOnly(
        "Paimon retracts " + query,
        ctx -> ctx.paimonWrite(ctx.rowsOfQuery(query), RowKind.UPDATE_BEFORE));
  }

  /** A full compaction of every bucket. */
  static MatrixOp compact() {
    return new Step(
        "full compaction",
        ctx -> ctx.sql("CALL sys.compact(table => '" + ctx.tableArg() + "')"),
        ctx -> PaimonOracle.compactFully(ctx.paimonTable()));
  }

  static MatrixOp tag(String name) {
    return new Step(
        "create tag " + name,
        ctx ->
            ctx.sql(
                "CALL sys.create_tag(table => '" + ctx.tableArg() + "', tag => '" + name + "')"),
        ctx -> ctx.paimonTable().createTag(name));
  }

  static MatrixOp deleteTag(String name) {
    return new Step(
        "delete tag " + name,
        ctx ->
            ctx.sql(
                "CALL sys.delete_tag(table => '" + ctx.tableArg() + "', tag => '" + name + "')"),
        ctx -> ctx.paimonTable().deleteTag(name));
  }

  static MatrixOp rollback(long snapshotId) {
    return new Step(
        "rollback to " + snapshotId,
        ctx ->
            ctx.sql(
                "CALL sys.rollback(table => '"
                    + ctx.tableArg()
                    + "', snapshot => "
                    + snapshotId
                    + "L)"),
        ctx -> ctx.paimonTable().rollbackTo(snapshotId));
  }

  /** Keeps the latest {@code retain} snapshots (minimum and maximum). */
  static MatrixOp expireSnapshots(int retain) {
    return new Step(
        "expire snapshots, keep " + retain,
        ctx ->
            ctx.sql(
                "CALL sys.expire_snapshots(table => '"
                    + ctx.tableArg()
                    + "', retain_max => "
                    + retain
                    + ", retain_min => "
                    + retain
                    + ")"),
        ctx ->
            ctx.paimonTable()
                .newExpireSnapshots()
                .config(
                    ExpireConfig.builder()
                        .snapshotRetainMax(retain)
                        .snapshotRetainMin(retain)
                        .snapshotTimeRetain(Duration.ZERO)
                        .build())
                .expire());
  }

  /** Drops the partitions whose {@code yyyy-MM-dd} value is more than a day old. */
  static MatrixOp expirePartitions() {
    return new Step(
        "expire partitions older than 1 d",
        ctx ->
            ctx.sql(
                "CALL sys.expire_partitions(table => '"
                    + ctx.tableArg()
                    + "', expiration_time => '1 d', timestamp_formatter => 'yyyy-MM-dd')"),
        ctx -> {
          FileStoreTable table =
              ctx.paimonTable()
                  .copy(
                      Map.of(
                          "partition.expiration-time",
                          "1 d",
                          "partition.timestamp-formatter",
                          "yyyy-MM-dd"));
          PartitionExpire expire = table.store().newPartitionExpire("matrix", table);
          expire.expire(Long.MAX_VALUE);
        });
  }

  /** ALTER TABLE ADD COLUMN (at the end). */
  static MatrixOp addColumn(String name, String sparkType) {
    return new Step(
        "add column " + name + " " + sparkType,
        ctx -> ctx.sql("ALTER TABLE " + ctx.sparkName() + " ADD COLUMN " + name + " " + sparkType),
        ctx -> {
          StructField field = StructType.fromDDL(name + " " + sparkType).fields()[0];
          ctx.paimon()
              .catalog()
              .alterTable(
                  ctx.identifier(), SchemaChange.addColumn(name, SparkToPaimon.type(field)), false);
        });
  }

  /** ALTER TABLE SET TBLPROPERTIES of one option. */
  static MatrixOp setOption(String key, String value) {
    return new Step(
        "set option " + key + " = " + value,
        ctx ->
            ctx.sql(
                "ALTER TABLE "
                    + ctx.sparkName()
                    + " SET TBLPROPERTIES ('"
                    + key
                    + "' = '"
                    + value
                    + "')"),
        ctx ->
            ctx.paimon()
                .catalog()
                .alterTable(ctx.identifier(), SchemaChange.setOption(key, value), false));
  }

  /**
   * INSERT OVERWRITE of one partition with its own rows: after a change of the bucket count, this
   * rewrites the partition with the new count.
   */
  static MatrixOp overwritePartition(String column, String value) {
    return new Step(
        "overwrite partition " + column + " = " + value + " with its rows",
        ctx -> {
          String others =
              String.join(
                  ", ",
                  java.util.Arrays.stream(ctx.spark().table(ctx.sparkName()).columns())
                      .filter(c -> !c.equals(column))
                      .toList());
          ctx.sql(
              "INSERT OVERWRITE "
                  + ctx.sparkName()
                  + " PARTITION ("
                  + column
                  + " = '"
                  + value
                  + "') SELECT "
                  + others
                  + " FROM "
                  + ctx.sparkName()
                  + " WHERE "
                  + column
                  + " = '"
                  + value
                  + "'");
        },
        ctx -> {
          Dataset<Row> rows =
              ctx.rowsOfQuery(
                  "SELECT * FROM " + ctx.sparkName() + " WHERE " + column + " = '" + value + "'");
          StructType schema = rows.schema();
          List<org.apache.paimon.data.InternalRow> records = new ArrayList<>();
          for (Row r : rows.collectAsList()) {
            records.add(SparkToPaimon.row(schema, r, RowKind.INSERT));
          }
          PaimonOracle.overwrite(ctx.paimonTable(), Map.of(column, value), records);
        });
  }

  /** Renames a column. */
  static MatrixOp renameColumn(String from, String to) {
    return new Step(
        "rename column " + from + " to " + to,
        ctx -> ctx.sql("ALTER TABLE " + ctx.sparkName() + " RENAME COLUMN " + from + " TO " + to),
        ctx ->
            ctx.paimon()
                .catalog()
                .alterTable(ctx.identifier(), SchemaChange.renameColumn(from, to), false));
  }

  /** {@code op}, always performed by {@code writer} whichever writer runs the cell. */
  static MatrixOp by(Writer writer, MatrixOp op) {
    return new Step(
        writer.name().toLowerCase() + ": " + op.describe(),
        ctx -> op.strata(ctx),
        ctx -> op.paimon(ctx)) {
      @Override
      public void run(Writer ignored, MatrixContext ctx) throws Exception {
        op.run(writer, ctx);
      }
    };
  }

  /** A step that only one side can perform (the other side does nothing). */
  static MatrixOp paimonOnly(String describe, PaimonAction action) {
    return new Step(describe, ctx -> {}, action);
  }

  // ---------------------------------------------------------------- plumbing

  /** Something Paimon's API does, which may throw checked exceptions. */
  @FunctionalInterface
  interface PaimonAction {
    void run(MatrixContext ctx) throws Exception;
  }

  /** A step from its two halves. */
  class Step implements MatrixOp {
    private final String describe;
    private final java.util.function.Consumer<MatrixContext> strata;
    private final PaimonAction paimon;

    Step(String describe, java.util.function.Consumer<MatrixContext> strata, PaimonAction paimon) {
      this.describe = describe;
      this.strata = strata;
      this.paimon = paimon;
    }

    @Override
    public void strata(MatrixContext ctx) {
      strata.accept(ctx);
    }

    @Override
    public void paimon(MatrixContext ctx) throws Exception {
      paimon.run(ctx);
    }

    @Override
    public String describe() {
      return describe;
    }
  }

  /** Casts a query's columns by position to the table's Spark types. */
  static Dataset<Row> castTo(Dataset<Row> rows, StructType schema) {
    String[] names = rows.columns();
    List<Column> cast = new ArrayList<>();
    for (int i = 0; i < schema.size(); i++) {
      cast.add(
          functions
              .col("`" + names[i] + "`")
              .cast(schema.fields()[i].dataType())
              .as(schema.fields()[i].name()));
    }
    return rows.select(cast.toArray(new Column[0]));
  }
}
