package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.compact.FullCompaction;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code *.remove-record-on-delete}, a DELETE must keep its key deleted through compactions
 * whose output lands above older files: a key removed last merges into a DELETE record that the
 * compaction carries down (only the top level drops it), never into nothing, which would bring the
 * older row back. Only a DELETE removes; an UPDATE_BEFORE is ignored (partial-update) or retracted
 * field by field (aggregation), as in Paimon.
 */
class RetractionsThroughCompactionTest {

  @TempDir Path dir;

  static final RowType T =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "a", DataTypes.STRING()),
              new DataField(2, "n", DataTypes.BIGINT())));

  /** One bucket whose writers compact at two sorted runs; its top level is then level 2. */
  FileStoreTable table(String name, Map<String, String> options) {
    Map<String, String> all = new HashMap<>(options);
    all.put("primary-key", "id");
    all.put("bucket", "1");
    all.put("num-sorted-run.compaction-trigger", "2");
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, T, List.of(), all);
  }

  static Map<Long, List<Object>> rows(FileStoreTable t) {
    Map<Long, List<Object>> out = new TreeMap<>();
    for (Object[] r : TableTestSupport.readAll(t)) {
      out.put((Long) r[0], Arrays.asList(r));
    }
    return out;
  }

  /** (level, rows) of each live file, and how many of those rows are deletes. */
  static List<String> layout(FileStoreTable t) {
    List<String> out = new ArrayList<>();
    for (ManifestEntry e :
        new FileStoreScan(t.manifestFiles(), t.schema().partitionType())
            .liveEntries(t.snapshotManager().latest())) {
      out.add(
          "L"
              + e.file().level()
              + " rows "
              + e.file().rowCount()
              + " deletes "
              + e.file().deleteRowCount());
    }
    out.sort(null);
    return out;
  }

  static void write(FileStoreTable t, RowKind kind, Object[]... rows) {
    TableTestSupport.write(t, List.of(rows), Collections.nCopies(rows.length, kind));
  }

  /**
   * Keys 0..999 compacted into the top level, then a DELETE of key 1 and an unrelated insert: the
   * writer's compaction merges the two level-0 runs into a level below the top.
   */
  void deleteAboveTheTopLevel(FileStoreTable t) {
    List<Object[]> base = new ArrayList<>();
    for (long i = 0; i < 1000; i++) {
      base.add(new Object[] {i, "base-" + i, i});
    }
    TableTestSupport.write(t, base, Collections.nCopies(base.size(), RowKind.INSERT));
    new FullCompaction(t, "test", Clock.systemUTC()).run(null);
    write(t, RowKind.DELETE, new Object[] {1L, "base-1", 1L});
    write(t, RowKind.INSERT, new Object[] {5000L, "new", 5L});
  }

  void assertKeyOneDeletedThroughCompactions(FileStoreTable t) {
    assertThat(layout(t))
        .as("the writer compacted the two level-0 runs above the top level, keeping the delete")
        .containsExactly("L1 rows 2 deletes 1", "L2 rows 1000 deletes 0");
    assertThat(rows(t)).doesNotContainKey(1L).containsKey(5000L).hasSize(1000);
    new FullCompaction(t, "test", Clock.systemUTC()).run(null);
    assertThat(layout(t)).as("the top level drops it").containsExactly("L2 rows 1000 deletes 0");
    assertThat(rows(t)).doesNotContainKey(1L).containsKey(5000L).hasSize(1000);
  }

  @Test
  void aggregationDeleteOutlivesACompactionAboveOlderFiles() {
    FileStoreTable t =
        table(
            "agg",
            Map.of(
                "merge-engine", "aggregation",
                "aggregation.remove-record-on-delete", "true",
                "fields.n.aggregate-function", "sum"));
    deleteAboveTheTopLevel(t);
    assertKeyOneDeletedThroughCompactions(t);
  }

  @Test
  void partialUpdateDeleteOutlivesACompactionAboveOlderFiles() {
    FileStoreTable t =
        table(
            "pu",
            Map.of(
                "merge-engine",
                "partial-update",
                "partial-update.remove-record-on-delete",
                "true"));
    deleteAboveTheTopLevel(t);
    assertKeyOneDeletedThroughCompactions(t);
  }

  @Test
  void updateBeforeDoesNotRemoveTheRow() {
    FileStoreTable agg =
        table(
            "agg_ub",
            Map.of(
                "merge-engine", "aggregation",
                "aggregation.remove-record-on-delete", "true",
                "fields.n.aggregate-function", "sum"));
    write(agg, RowKind.INSERT, new Object[] {1L, "a", 10L});
    write(agg, RowKind.UPDATE_BEFORE, new Object[] {1L, "a", 3L});
    // The sum subtracts; the default last_non_null_value forgets the retracted 'a', as in Paimon.
    assertThat(rows(agg)).as("sum subtracts").containsEntry(1L, Arrays.asList(1L, null, 7L));

    FileStoreTable pu =
        table(
            "pu_ub",
            Map.of(
                "merge-engine",
                "partial-update",
                "partial-update.remove-record-on-delete",
                "true"));
    write(pu, RowKind.INSERT, new Object[] {1L, "a", 10L});
    write(pu, RowKind.UPDATE_BEFORE, new Object[] {1L, "a", 10L});
    write(pu, RowKind.UPDATE_AFTER, new Object[] {1L, null, 11L});
    assertThat(rows(pu)).as("ignored").containsEntry(1L, Arrays.asList(1L, "a", 11L));
  }
}
