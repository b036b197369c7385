package io.strata.core.table;

import static io.strata.core.table.TableTestSupport.append;
import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.CommitConflictException;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.compact.FullCompaction;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.SchemaChange.AddColumn;
import io.strata.core.schema.SchemaChange.DropColumn;
import io.strata.core.schema.SchemaChange.Position;
import io.strata.core.schema.SchemaChange.RenameColumn;
import io.strata.core.schema.SchemaChange.UpdateColumnType;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reads and commits of files written under older schema versions, mapped by field id. */
class SchemaEvolutionReadTest {

  @TempDir Path dir;

  /** Ids: id 0, a 1, b 2, f 3, d 4, v 5, s 6 (x 7, y 8), arr 9. */
  static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.INT()),
              new DataField(0, "a", DataTypes.STRING()),
              new DataField(0, "b", DataTypes.INT()),
              new DataField(0, "f", DataTypes.FLOAT()),
              new DataField(0, "d", DataTypes.DECIMAL(5, 2)),
              new DataField(0, "v", DataTypes.VARCHAR(3)),
              new DataField(
                  0,
                  "s",
                  DataTypes.ROW(
                      List.of(
                          new DataField(0, "x", DataTypes.SMALLINT()),
                          new DataField(0, "y", DataTypes.STRING())))),
              new DataField(0, "arr", DataTypes.ARRAY(DataTypes.INT()))));

  static final List<SchemaChange> EVOLUTION =
      List.of(
          new UpdateColumnType(List.of("id"), DataTypes.BIGINT()),
          new RenameColumn(List.of("a"), "a2"),
          new DropColumn(List.of("b")),
          new AddColumn(List.of("b"), DataTypes.INT(), null, Position.last()),
          new UpdateColumnType(List.of("f"), DataTypes.DOUBLE()),
          new UpdateColumnType(List.of("d"), DataTypes.DECIMAL(10, 2)),
          new UpdateColumnType(List.of("v"), DataTypes.STRING()),
          new UpdateColumnType(List.of("s", "x"), DataTypes.BIGINT()),
          new RenameColumn(List.of("s", "y"), "yy"),
          new AddColumn(List.of("s", "z"), DataTypes.INT(), null, Position.first()),
          new UpdateColumnType(List.of("arr", "element"), DataTypes.BIGINT()));

  WarehouseCatalog catalog;

  FileStoreTable create(String name, RowType columns, Map<String, String> options) {
    catalog = TableTestSupport.catalog(dir);
    return catalog.createTable(
        new Identifier("default", name),
        SchemaFactory.create(columns, List.of(), List.of(), options, null, 1L));
  }

  FileStoreTable alter(FileStoreTable table, List<SchemaChange> changes) {
    return catalog.alterTable(
        new Identifier("default", table.root().getName()), changes, Clock.systemUTC());
  }

  static Object[] oldRow(int id) {
    return new Object[] {
      id,
      "a" + id,
      100 * id,
      id + 0.5f,
      new BigDecimal(id + ".25"),
      "v" + id,
      new Object[] {(short) id, "y" + id},
      List.of(id, -id)
    };
  }

  static List<Object[]> oldRows(int from, int to) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(oldRow(i));
    }
    return rows;
  }

  /** Rows sorted by the number at {@code keyIndex}, each rendered with its value classes. */
  static List<String> render(List<Object[]> rows, int keyIndex) {
    return rows.stream()
        .sorted(Comparator.comparing(r -> ((Number) r[keyIndex]).longValue()))
        .map(SchemaEvolutionReadTest::render)
        .toList();
  }

  static List<String> render(List<Object[]> rows) {
    return render(rows, 0);
  }

  static String render(Object value) {
    if (value instanceof Object[] row) {
      return Arrays.stream(row).map(SchemaEvolutionReadTest::render).toList().toString();
    }
    return value == null ? "null" : value + ":" + value.getClass().getSimpleName();
  }

  @ParameterizedTest
  @ValueSource(strings = {"parquet", "orc", "avro"})
  void filesOfEveryVersionReadWithWidenedRenamedAndReAddedColumns(String format) {
    FileStoreTable table = create("t", COLUMNS, Map.of("file.format", format));
    append(table, oldRows(1, 3));
    FileStoreTable evolved = alter(table, EVOLUTION);
    assertThat(evolved.schema().rowType().fieldNames())
        .containsExactly("id", "a2", "f", "d", "v", "s", "arr", "b");
    append(
        evolved,
        List.<Object[]>of(
            new Object[] {
              5_000_000_000L,
              "new",
              0.1d,
              new BigDecimal("12345678.90"),
              "long text",
              new Object[] {0, 9_000_000_000L, "yy"},
              List.of(7_000_000_000L),
              42
            }));
    assertThat(render(readAll(evolved)))
        .containsExactly(
            "[1:Long, a1:String, 1.5:Double, 1.25:BigDecimal, v1:String, [null, 1:Long,"
                + " y1:String], [1, -1]:ArrayList, null]",
            "[2:Long, a2:String, 2.5:Double, 2.25:BigDecimal, v2:String, [null, 2:Long,"
                + " y2:String], [2, -2]:ArrayList, null]",
            "[5000000000:Long, new:String, 0.1:Double, 12345678.90:BigDecimal, long text:String,"
                + " [0:Integer, 9000000000:Long, yy:String], [7000000000]:ArrayList, 42:Integer]");
    List<Object[]> old = readAll(evolved);
    old.removeIf(r -> (Long) r[0] > 2);
    assertThat(((List<?>) old.get(0)[6]).get(0)).isInstanceOf(Long.class);
  }

  @Test
  void anOldSnapshotReadsWithItsOwnSchema() {
    FileStoreTable table = create("t", COLUMNS, Map.of());
    Snapshot first = append(table, oldRows(1, 2));
    FileStoreTable evolved = alter(table, EVOLUTION);
    append(evolved, List.<Object[]>of(new Object[] {9L, "n", 1d, null, null, null, null, 7}));
    FileStoreTable asOf = evolved.withSchema(evolved.schemaManager().schema(first.schemaId()));
    assertThat(
            render(TableTestSupport.read(asOf, new TableScan(asOf, new Options(Map.of())), first)))
        .containsExactly(
            "[1:Integer, a1:String, 100:Integer, 1.5:Float, 1.25:BigDecimal, v1:String, [1:Short,"
                + " y1:String], [1, -1]:ArrayList]");
  }

  /** How many files a value filter on the evolved table plans. */
  static int plannedFiles(FileStoreTable table, Predicate filter) {
    int files = 0;
    for (DataSplit split :
        new TableScan(table, new Options(Map.of()))
            .withValueFilter(filter)
            .plan(table.snapshotManager().latest())
            .splits()) {
      files += split.files().size();
    }
    return files;
  }

  static Predicate leaf(FileStoreTable table, String column, LeafPredicate.Op op, Object literal) {
    RowType type = table.schema().rowType();
    int i = type.indexOf(column);
    DataType t = type.typeAt(i);
    return new LeafPredicate(i, column, t, op, literal == null ? List.of() : List.of(literal));
  }

  @Test
  void statsOfOldFilesAreMappedByIdAndNeverMisapplied() {
    FileStoreTable table = create("t", COLUMNS, Map.of());
    append(table, oldRows(1, 4));
    FileStoreTable evolved = alter(table, EVOLUTION);
    append(evolved, List.<Object[]>of(new Object[] {10L, "z", 1d, null, null, null, null, 200}));
    // A widened column: the old file's INT stats 1..3 are converted, never compared as Integer.
    assertThat(plannedFiles(evolved, leaf(evolved, "id", LeafPredicate.Op.EQ, 2L))).isEqualTo(1);
    assertThat(plannedFiles(evolved, leaf(evolved, "id", LeafPredicate.Op.GE, 1L))).isEqualTo(2);
    assertThat(plannedFiles(evolved, leaf(evolved, "f", LeafPredicate.Op.GT, 3.0d))).isEqualTo(1);
    // A renamed column keeps its stats under the new name.
    assertThat(plannedFiles(evolved, leaf(evolved, "a2", LeafPredicate.Op.EQ, "a2"))).isEqualTo(1);
    assertThat(plannedFiles(evolved, leaf(evolved, "a2", LeafPredicate.Op.EQ, "q"))).isEqualTo(0);
    // The re-added b is a new column: the old file's stats of the dropped b (100..300, no
    // nulls) must not be applied, or `b IS NULL` would skip a file where b is always NULL.
    assertThat(plannedFiles(evolved, leaf(evolved, "b", LeafPredicate.Op.IS_NULL, null)))
        .isEqualTo(1);
    assertThat(plannedFiles(evolved, leaf(evolved, "b", LeafPredicate.Op.EQ, 200))).isEqualTo(2);
    List<Object[]> nullB = new ArrayList<>();
    Predicate isNull = leaf(evolved, "b", LeafPredicate.Op.IS_NULL, null);
    for (Object[] row : readAll(evolved)) {
      if (isNull.test(row)) {
        nullB.add(row);
      }
    }
    assertThat(nullB).hasSize(3);
  }

  @Test
  void primaryKeyRecordsOfDifferentVersionsMergeByKey() {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "k", DataTypes.BIGINT()),
                new DataField(0, "v", DataTypes.INT()),
                new DataField(0, "w", DataTypes.STRING())));
    catalog = TableTestSupport.catalog(dir);
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", "pk"),
            SchemaFactory.create(
                columns, List.of(), List.of("k"), Map.of("bucket", "1"), null, 1L));
    TableTestSupport.write(
        table,
        List.of(new Object[] {1L, 10, "one"}, new Object[] {2L, 20, "two"}),
        List.of(RowKind.INSERT, RowKind.INSERT));
    FileStoreTable evolved =
        alter(
            table,
            List.of(
                new UpdateColumnType(List.of("v"), DataTypes.BIGINT()),
                new RenameColumn(List.of("w"), "w2"),
                new AddColumn(List.of("x"), DataTypes.STRING(), null, Position.first())));
    TableTestSupport.write(
        evolved,
        List.of(new Object[] {"new", 2L, 5_000_000_000L, "TWO"}, new Object[] {"n3", 3L, 30L, "3"}),
        List.of(RowKind.INSERT, RowKind.INSERT));
    List<String> expected =
        List.of(
            "[null, 1:Long, 10:Long, one:String]",
            "[new:String, 2:Long, 5000000000:Long, TWO:String]",
            "[n3:String, 3:Long, 30:Long, 3:String]");
    assertThat(render(readAll(evolved), 1)).containsExactlyElementsOf(expected);
    new FullCompaction(evolved, "test", Clock.systemUTC()).run(null);
    assertThat(render(readAll(evolved), 1)).containsExactlyElementsOf(expected);
    for (DataSplit split :
        new TableScan(evolved, new Options(Map.of()))
            .plan(evolved.snapshotManager().latest())
            .splits()) {
      assertThat(split.files()).extracting(DataFileMeta::schemaId).containsOnly(1L);
    }
  }

  @Test
  void aWriteOfAnOlderSchemaCommitsWhenItsColumnsStillExist() {
    FileStoreTable table = create("t", COLUMNS, Map.of());
    List<CommitMessage> pending = TableTestSupport.write(table, oldRows(1, 2));
    FileStoreTable evolved =
        alter(
            table,
            List.of(
                new AddColumn(List.of("n"), DataTypes.INT(), null, Position.last()),
                new RenameColumn(List.of("a"), "a3")));
    Snapshot snapshot =
        new FileStoreCommit(table, "old-writer", Clock.systemUTC())
            .commit(pending, CommitKind.APPEND);
    assertThat(snapshot.schemaId()).isEqualTo(1);
    assertThat(render(readAll(evolved)).get(0))
        .startsWith("[1:Integer, a1:String")
        .endsWith(", null]");
  }

  @Test
  void aWriteOfAnOlderSchemaFailsWhenAColumnItWritesWasDroppedOrRetyped() {
    FileStoreTable table = create("t", COLUMNS, Map.of());
    List<CommitMessage> dropped = TableTestSupport.write(table, oldRows(1, 2));
    FileStoreTable evolved = alter(table, List.of(new DropColumn(List.of("b"))));
    assertThatThrownBy(
            () ->
                new FileStoreCommit(table, "old-writer", Clock.systemUTC())
                    .commit(dropped, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessage(
            "Cannot commit to "
                + table.root()
                + ": the table schema changed while this write ran (schema 0 to 1) and column 'b'"
                + " (field id 2) that it writes was dropped; run the write again on the new"
                + " schema.");
    List<CommitMessage> retyped =
        TableTestSupport.write(
            evolved,
            oldRows(1, 2).stream()
                .map(r -> new Object[] {r[0], r[1], r[3], r[4], r[5], r[6], r[7]})
                .toList());
    alter(evolved, List.of(new UpdateColumnType(List.of("s", "x"), DataTypes.INT())));
    assertThatThrownBy(
            () ->
                new FileStoreCommit(evolved, "old-writer", Clock.systemUTC())
                    .commit(retyped, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessage(
            "Cannot commit to "
                + table.root()
                + ": the table schema changed while this write ran (schema 1 to 2) and column"
                + " 's.x' that it writes changed type from SMALLINT to INT; run the write again on"
                + " the new schema.");
    assertThat(table.snapshotManager().latest()).isNull();
  }
}
