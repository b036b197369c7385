package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.compact.FullCompaction;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each merge engine against an in-memory model: 20,000 random rows across commits and compactions.
 */
class MergeEnginesTest {

  @TempDir Path dir;

  static final RowType T =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "a", DataTypes.STRING()),
              new DataField(2, "n", DataTypes.BIGINT()),
              new DataField(3, "m", DataTypes.INT())));

  FileStoreTable table(String name, Map<String, String> options) {
    Map<String, String> all = new HashMap<>(options);
    all.put("primary-key", "id");
    all.put("bucket", "2");
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, T, List.of(), all);
  }

  static Map<Long, List<Object>> read(FileStoreTable table) {
    Map<Long, List<Object>> rows = new HashMap<>();
    for (Object[] r : TableTestSupport.readAll(table)) {
      assertThat(rows.put((Long) r[0], java.util.Arrays.asList(r))).as("duplicate key").isNull();
    }
    return rows;
  }

  /** Random commits of random rows; {@code model} applies one row to the expected state. */
  void randomized(FileStoreTable table, ModelStep model, int commits, long seed) {
    Random random = new Random(seed);
    Map<Long, List<Object>> expected = new HashMap<>();
    for (int c = 0; c < commits; c++) {
      List<Object[]> rows = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        long id = random.nextInt(300);
        Object[] row = {
          id,
          random.nextInt(3) == 0 ? null : "s" + random.nextInt(100),
          random.nextInt(3) == 0 ? null : (long) random.nextInt(10),
          random.nextInt(3) == 0 ? null : random.nextInt(1000)
        };
        rows.add(row);
        model.apply(expected, row);
      }
      TableTestSupport.write(
          table, rows, java.util.Collections.nCopies(rows.size(), RowKind.INSERT));
      if (c % 4 == 3) {
        new FullCompaction(table, "test", Clock.systemUTC()).run(null);
      }
      assertThat(read(table)).as("seed %s commit %s", seed, c).isEqualTo(expected);
    }
  }

  interface ModelStep {
    void apply(Map<Long, List<Object>> state, Object[] row);
  }

  @Test
  void partialUpdateKeepsTheLatestNonNullOfEveryField() {
    FileStoreTable table = table("pu", Map.of("merge-engine", "partial-update"));
    randomized(
        table,
        (state, row) -> {
          List<Object> current =
              state.computeIfAbsent(
                  (Long) row[0],
                  k -> new ArrayList<>(java.util.Arrays.asList(row[0], null, null, null)));
          for (int i = 1; i < row.length; i++) {
            if (row[i] != null) {
              current.set(i, row[i]);
            }
          }
        },
        20,
        7);
  }

  @Test
  void aggregationFoldsEachField() {
    FileStoreTable table =
        table(
            "agg",
            Map.of(
                "merge-engine", "aggregation",
                "fields.a.aggregate-function", "last_non_null_value",
                "fields.n.aggregate-function", "sum",
                "fields.m.aggregate-function", "max"));
    randomized(
        table,
        (state, row) -> {
          List<Object> current =
              state.computeIfAbsent(
                  (Long) row[0],
                  k -> new ArrayList<>(java.util.Arrays.asList(row[0], null, null, null)));
          if (row[1] != null) {
            current.set(1, row[1]);
          }
          if (row[2] != null) {
            current.set(2, current.get(2) == null ? row[2] : (Long) current.get(2) + (Long) row[2]);
          }
          if (row[3] != null
              && (current.get(3) == null || (Integer) row[3] > (Integer) current.get(3))) {
            current.set(3, row[3]);
          }
        },
        20,
        11);
  }

  @Test
  void firstRowKeepsTheFirstVersionAndBecomesVisibleAfterCompaction() {
    FileStoreTable table = table("fr", Map.of("merge-engine", "first-row"));
    Random random = new Random(3);
    Map<Long, List<Object>> expected = new HashMap<>();
    for (int c = 0; c < 20; c++) {
      List<Object[]> rows = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        Object[] row = {(long) random.nextInt(3000), "c" + c, (long) i, i};
        rows.add(row);
        expected.putIfAbsent((Long) row[0], java.util.Arrays.asList(row));
      }
      TableTestSupport.write(
          table, rows, java.util.Collections.nCopies(rows.size(), RowKind.INSERT));
      // The writer compacted level 0 away (readers skip it): APPEND, then COMPACT.
      assertThat(table.snapshotManager().latest().commitKind())
          .isEqualTo(io.strata.core.snapshot.CommitKind.COMPACT);
      assertThat(read(table)).as("commit %s", c).isEqualTo(expected);
    }
    assertThatThrownBy(
            () ->
                TableTestSupport.write(
                    table,
                    List.<Object[]>of(new Object[] {1L, null, null, null}),
                    List.of(RowKind.DELETE)))
        .hasMessageContaining(
            "its 'merge-engine' = 'first-row' cannot apply DELETE or UPDATE_BEFORE");
  }

  @Test
  void sequenceFieldOrdersRecordsInsteadOfArrival() {
    FileStoreTable table = table("seq", Map.of("sequence.field", "m"));
    TableTestSupport.write(
        table, List.<Object[]>of(new Object[] {1L, "new", 1L, 20}), List.of(RowKind.INSERT));
    TableTestSupport.write(
        table,
        List.<Object[]>of(new Object[] {1L, "late-but-old", 1L, 10}),
        List.of(RowKind.INSERT));
    assertThat(read(table).get(1L).get(1)).isEqualTo("new");
  }

  @Test
  void badEngineOptionsFailAtCreate() {
    assertThatThrownBy(
            () ->
                table(
                    "bad",
                    Map.of("merge-engine", "aggregation", "fields.n.aggregate-function", "median")))
        .hasMessageStartingWith(
            "Unsupported aggregate function 'median' for column 'n' (table option"
                + " 'fields.n.aggregate-function'); supported: sum, product, min, max");
    assertThatThrownBy(
            () ->
                table(
                    "bad3",
                    Map.of("merge-engine", "aggregation", "fields.a.aggregate-function", "sum")))
        .hasMessage(
            "Aggregate function 'sum' needs a numeric column, but column 'a' is STRING; choose"
                + " another 'fields.a.aggregate-function'.");
    assertThatThrownBy(() -> table("bad2", Map.of("sequence.field", "nope")))
        .hasMessageStartingWith(
            "Table option 'sequence.field' names column 'nope', which does not exist");
  }
}
