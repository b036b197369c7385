package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.levels.CompactStrategy;
import io.strata.core.merge.RowKind;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.StreamedChanges;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code changelog-producer = lookup}: each write compacts all of level 0 before it commits, and
 * that compaction writes what it changed for each key (looking up the key's row in the levels it
 * leaves alone) as the COMPACT snapshot's changelog, which streams read.
 */
class ChangelogProducerLookupTest {

  private static final RowType ROWS = StreamedChanges.ID_AND_VALUE;

  private static final RowType SUMS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "total", DataTypes.BIGINT())));

  @TempDir Path dir;
  private int tables;

  private FileStoreTable table(RowType rows, Map<String, String> extra) {
    Map<String, String> options =
        new HashMap<>(Map.of("primary-key", "id", "bucket", "1", "changelog-producer", "lookup"));
    options.putAll(extra);
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), "t" + tables++, rows, List.of(), options);
  }

  private static Snapshot write(FileStoreTable table, List<Object[]> rows, List<RowKind> kinds) {
    TableWriter writer = table.newWrite();
    for (int i = 0; i < rows.size(); i++) {
      writer.write(rows.get(i), kinds.get(i));
    }
    return table.newCommit("test").commit(writer.prepareCommit(), CommitKind.APPEND);
  }

  private static Snapshot upsert(FileStoreTable table, Object[]... rows) {
    return write(table, List.of(rows), java.util.Collections.nCopies(rows.length, RowKind.INSERT));
  }

  /** The changes the stream reads of snapshot {@code id}, as "kind id=v", in stream order. */
  private static List<String> changes(FileStoreTable table, RowType rows, long id) {
    return StreamedChanges.asKeyValues(table, rows, id);
  }

  private static boolean hasLevelZero(FileStoreTable table) {
    return new io.strata.core.scan.FileStoreScan(
            table.manifestFiles(), table.schema().partitionType())
        .liveEntries(table.snapshotManager().latest()).stream()
            .anyMatch(e -> e.file().level() == 0);
  }

  @Test
  void eachWriteCommitsItsChangesAsTheCompactSnapshotsChangelog() {
    FileStoreTable table = table(ROWS, Map.of());
    Snapshot first = upsert(table, new Object[] {1L, "a"}, new Object[] {2L, "b"});
    assertThat(first.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(table.snapshotManager().snapshot(first.id() - 1).changelogManifestList()).isNull();
    assertThat(changes(table, ROWS, first.id())).containsExactly("+I 1=a", "+I 2=b");
    assertThat(hasLevelZero(table)).isFalse();

    Snapshot second =
        write(
            table,
            List.of(new Object[] {1L, "a2"}, new Object[] {2L, "b"}, new Object[] {3L, "c"}),
            List.of(RowKind.INSERT, RowKind.DELETE, RowKind.INSERT));
    assertThat(changes(table, ROWS, second.id()))
        .containsExactly("-U 1=a", "+U 1=a2", "-D 2=b", "+I 3=c");
    assertThat(second.changelogRecordCount()).isEqualTo(4);
    // An update to the same values is still a change, unless row-deduplicate says otherwise.
    Snapshot same = upsert(table, new Object[] {1L, "a2"});
    assertThat(changes(table, ROWS, same.id())).containsExactly("-U 1=a2", "+U 1=a2");
    // Deleting a key that has no row changes nothing.
    Snapshot nothing =
        write(table, List.<Object[]>of(new Object[] {9L, "x"}), List.of(RowKind.DELETE));
    assertThat(changes(table, ROWS, nothing.id())).isEmpty();
    assertThat(TableTestSupport.readAll(table))
        .extracting(r -> r[0] + "=" + r[1])
        .containsExactly("1=a2", "3=c");
  }

  @Test
  void rowDeduplicateDropsUpdatesThatChangeNothingButIgnoredFields() {
    RowType rows =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "v", DataTypes.STRING()),
                new DataField(2, "updated", DataTypes.BIGINT())));
    FileStoreTable table =
        table(
            rows,
            Map.of(
                "changelog-producer.row-deduplicate",
                "true",
                "changelog-producer.row-deduplicate-ignore-fields",
                "updated"));
    upsert(table, new Object[] {1L, "a", 1L}, new Object[] {2L, "b", 1L});
    Snapshot s = upsert(table, new Object[] {1L, "a", 2L}, new Object[] {2L, "b2", 2L});
    List<String> out =
        StreamedChanges.of(table, rows, s.id()).stream()
            .map(r -> r[0] + " " + r[1] + "=" + r[2] + "@" + r[3])
            .toList();
    assertThat(out).containsExactly("-U 2=b@1", "+U 2=b2@2");
  }

  /**
   * Random upserts and deletes over many commits, so keys sit in several levels and most
   * compactions leave the deeper ones alone: each commit's changelog is exactly what it changed.
   */
  @Test
  void changelogMatchesAModelOverManyCommitsAcrossLevels() {
    for (Map<String, String> options :
        List.of(
            Map.<String, String>of(),
            Map.of("deletion-vectors.enabled", "true"),
            Map.of("num-sorted-run.compaction-trigger", "2", "compaction.size-ratio", "0"))) {
      FileStoreTable table = table(ROWS, options);
      Random random = new Random(7);
      Map<Long, String> model = new TreeMap<>();
      for (int commit = 0; commit < 14; commit++) {
        Map<Long, String> before = new TreeMap<>(model);
        List<Object[]> rows = new ArrayList<>();
        List<RowKind> kinds = new ArrayList<>();
        Map<Long, String> last = new LinkedHashMap<>();
        int ops = commit == 0 ? 40 : 1 + random.nextInt(8);
        for (int i = 0; i < ops; i++) {
          long id = random.nextInt(40);
          boolean delete = random.nextInt(4) == 0;
          String v = delete ? model.getOrDefault(id, "gone") : "v" + commit + "-" + i;
          rows.add(new Object[] {id, v});
          kinds.add(delete ? RowKind.DELETE : RowKind.INSERT);
          last.put(id, delete ? null : v);
          if (delete) {
            model.remove(id);
          } else {
            model.put(id, v);
          }
        }
        Snapshot s = write(table, rows, kinds);
        List<String> expected = new ArrayList<>();
        for (Map.Entry<Long, String> e : new TreeMap<>(last).entrySet()) {
          String was = before.get(e.getKey());
          String now = e.getValue();
          if (was == null && now != null) {
            expected.add("+I " + e.getKey() + "=" + now);
          } else if (was != null && now == null) {
            expected.add("-D " + e.getKey() + "=" + was);
          } else if (was != null) {
            expected.add("-U " + e.getKey() + "=" + was);
            expected.add("+U " + e.getKey() + "=" + now);
          }
        }
        assertThat(changes(table, ROWS, s.id()))
            .as("commit %d of %s", commit, options)
            .containsExactlyElementsOf(expected);
        assertThat(hasLevelZero(table)).isFalse();
      }
      assertThat(TableTestSupport.readAll(table))
          .extracting(r -> r[0] + "=" + r[1])
          .containsExactlyElementsOf(
              model.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
      long levels =
          new io.strata.core.scan.FileStoreScan(
                  table.manifestFiles(), table.schema().partitionType())
              .liveEntries(table.snapshotManager().latest()).stream()
                  .map(e -> e.file().level())
                  .distinct()
                  .count();
      if (!options.containsKey("deletion-vectors.enabled")) {
        // Keys sat in levels a compaction left alone, so lookups found their rows.
        assertThat(levels).as("levels of %s", options).isGreaterThan(1);
      }
    }
  }

  @Test
  void aggregationMergesTheLookedUpRowOnceAndReportsTheSums() {
    FileStoreTable table =
        table(
            SUMS, Map.of("merge-engine", "aggregation", "fields.total.aggregate-function", "sum"));
    Random random = new Random(3);
    Map<Long, Long> model = new TreeMap<>();
    for (int commit = 0; commit < 12; commit++) {
      Map<Long, Long> before = new TreeMap<>(model);
      List<Object[]> rows = new ArrayList<>();
      Map<Long, Long> touched = new TreeMap<>();
      int ops = commit == 0 ? 30 : 1 + random.nextInt(6);
      for (int i = 0; i < ops; i++) {
        long id = random.nextInt(30);
        long add = 1 + random.nextInt(9);
        rows.add(new Object[] {id, add});
        model.merge(id, add, Long::sum);
        touched.put(id, model.get(id));
      }
      Snapshot s = write(table, rows, java.util.Collections.nCopies(rows.size(), RowKind.INSERT));
      List<String> expected = new ArrayList<>();
      touched.forEach(
          (id, now) -> {
            Long was = before.get(id);
            if (was == null) {
              expected.add("+I " + id + "=" + now);
            } else {
              expected.add("-U " + id + "=" + was);
              expected.add("+U " + id + "=" + now);
            }
          });
      assertThat(changes(table, SUMS, s.id())).as("commit %d", commit).isEqualTo(expected);
    }
    assertThat(TableTestSupport.readAll(table))
        .extracting(r -> r[0] + "=" + r[1])
        .containsExactlyElementsOf(
            model.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
  }

  @Test
  void firstRowReportsOnlyKeysItHadNoRowOf() {
    FileStoreTable table = table(ROWS, Map.of("merge-engine", "first-row"));
    Snapshot first = upsert(table, new Object[] {1L, "a"});
    assertThat(changes(table, ROWS, first.id())).containsExactly("+I 1=a");
    Snapshot second = upsert(table, new Object[] {1L, "b"}, new Object[] {2L, "c"});
    assertThat(changes(table, ROWS, second.id())).containsExactly("+I 2=c");
    assertThat(TableTestSupport.readAll(table))
        .extracting(r -> r[0] + "=" + r[1])
        .containsExactly("1=a", "2=c");
  }

  @Test
  void aCompactionOfWhatWriteOnlyWritersLeftWritesTheChangelog() {
    FileStoreTable table = table(ROWS, Map.of("write-only", "true"));
    upsert(table, new Object[] {1L, "a"}, new Object[] {2L, "b"});
    Snapshot second = upsert(table, new Object[] {1L, "a2"});
    assertThat(second.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(changes(table, ROWS, second.id())).isEmpty();
    Snapshot compacted = table.newCommit("test").compact(null, CompactStrategy.FULL);
    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(changes(table, ROWS, compacted.id())).containsExactly("+I 1=a2", "+I 2=b");
    upsert(table, new Object[] {2L, "b2"});
    Snapshot again = table.newCommit("test").compact(null, CompactStrategy.FULL);
    assertThat(changes(table, ROWS, again.id())).containsExactly("-U 2=b", "+U 2=b2");
  }
}
