package io.strata.core.deletion;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.compact.FullCompaction;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Primary-key tables with deletion vectors, written as Paimon writes them (lookup compaction of
 * level 0 after every write), read at every snapshot exactly as a merge-on-read table receiving the
 * same random upserts and deletes, for each merge engine that allows deletion vectors.
 */
class KeyTableDeletionVectorsTest {

  @TempDir Path dir;

  static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "a", DataTypes.INT()),
              new DataField(2, "b", DataTypes.STRING())));

  static Stream<Arguments> engines() {
    return Stream.of(
        Arguments.of("deduplicate", Map.of(), true),
        Arguments.of("dynamic-bucket", Map.of("bucket", "-1"), true),
        // No deletes: a delete dropped at compaction (as Paimon drops them with deletion vectors)
        // no longer outranks a later record with a lower sequence field.
        Arguments.of("sequence-field", Map.of("sequence.field", "a"), false),
        Arguments.of(
            "partial-update",
            Map.of("merge-engine", "partial-update", "ignore-delete", "true"),
            false),
        Arguments.of(
            "aggregation",
            Map.of(
                "merge-engine",
                "aggregation",
                "fields.a.aggregate-function",
                "sum",
                // Strata's deletes carry only keys: they remove rows.
                "aggregation.remove-record-on-delete",
                "true"),
            true));
  }

  FileStoreTable table(String name, Map<String, String> engine, boolean vectors) {
    Map<String, String> options = new HashMap<>();
    options.put("primary-key", "id");
    options.put("bucket", "2");
    options.put("write-buffer-size", "8 kb");
    options.put("write-buffer-spillable", "false");
    options.putAll(engine);
    if (vectors) {
      options.put("deletion-vectors.enabled", "true");
    }
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), name, COLUMNS, List.of(), options);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void everySnapshotReadsAsMergeOnRead(String name, Map<String, String> engine, boolean deletes) {
    FileStoreTable dv = table("dv", engine, true);
    FileStoreTable mor = table("mor", engine, false);
    Random random = new Random(name.hashCode());
    Map<Long, List<List<Object>>> expectedAt = new HashMap<>();
    List<List<Object>> before = List.of();
    boolean sawVectors = false;
    for (int write = 0; write < 25; write++) {
      List<Object[]> rows = new ArrayList<>();
      List<RowKind> kinds = new ArrayList<>();
      int n = 1 + random.nextInt(write % 5 == 0 ? 400 : 40);
      for (int i = 0; i < n; i++) {
        long id = random.nextInt(300);
        boolean delete = deletes && random.nextInt(5) == 0;
        Integer a = random.nextInt(10) == 0 ? null : random.nextInt(1000);
        String b = random.nextInt(10) == 0 ? null : "b" + write + "_" + i;
        rows.add(new Object[] {id, a, b});
        kinds.add(delete ? RowKind.DELETE : RowKind.INSERT);
      }
      Snapshot previous = dv.snapshotManager().latest();
      TableTestSupport.write(dv, rows, kinds);
      TableTestSupport.write(mor, rows, kinds);
      List<List<Object>> expected = sorted(TableTestSupport.readAll(mor));
      Snapshot latest = dv.snapshotManager().latest();
      assertThat(latest.commitKind()).isEqualTo(CommitKind.COMPACT);
      assertThat(levels(dv, latest)).as("level 0 compacted up").doesNotContain(0);
      for (long id = previous == null ? 1 : previous.id() + 1; id < latest.id(); id++) {
        expectedAt.put(id, before);
      }
      expectedAt.put(latest.id(), expected);
      before = expected;
      sawVectors |=
          !DeletionFileIndex.of(latest, dv.manifestFiles(), dv.indexFilePaths()).isEmpty();
    }
    assertThat(sawVectors).as("some rows were marked deleted, not merged").isTrue();
    TableScan scan = new TableScan(dv, new Options(Map.of()));
    expectedAt.forEach(
        (id, expected) ->
            assertThat(sorted(TableTestSupport.read(dv, scan, dv.snapshotManager().snapshot(id))))
                .as("snapshot %s", id)
                .isEqualTo(expected));

    // Null when every bucket already is one top-level run without vectors.
    new FullCompaction(dv, "test", Clock.systemUTC()).run(null);
    Snapshot full = dv.snapshotManager().latest();
    assertThat(sorted(TableTestSupport.readAll(dv))).isEqualTo(before);
    assertThat(DeletionFileIndex.of(full, dv.manifestFiles(), dv.indexFilePaths()).isEmpty())
        .as("a full compaction rewrites the files with vectors and drops them")
        .isTrue();
    assertThat(levels(dv, full)).containsOnly(5);
  }

  static List<Integer> levels(FileStoreTable t, Snapshot s) {
    return new FileStoreScan(t.manifestFiles(), t.schema().partitionType())
        .liveEntries(s).stream().map(ManifestEntry::file).map(DataFileMeta::level).toList();
  }

  static List<List<Object>> sorted(List<Object[]> rows) {
    List<List<Object>> result = new ArrayList<>();
    for (Object[] r : rows) {
      result.add(Arrays.asList(r));
    }
    result.sort(Comparator.comparing(r -> (Long) r.get(0)));
    return result;
  }
}
