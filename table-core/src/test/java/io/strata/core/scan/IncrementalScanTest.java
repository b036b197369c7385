package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.format.CloseableIterator;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.read.IncrementalRead;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.split.IncrementalSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resolving and reading batch incremental ranges, Spark-free; Paimon parity is in integration. */
class IncrementalScanTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.INT()), new DataField(1, "v", DataTypes.STRING())));

  private FileStoreTable keyTable(Map<String, String> options) {
    Map<String, String> all = new java.util.HashMap<>(options);
    all.put("primary-key", "id");
    all.putIfAbsent("bucket", "1");
    return TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROW, List.of(), all);
  }

  private static Snapshot upsert(FileStoreTable table, Object[]... rows) {
    return TableTestSupport.write(
        table, Arrays.asList(rows), java.util.Collections.nCopies(rows.length, RowKind.INSERT));
  }

  private static Snapshot delete(FileStoreTable table, Object[]... rows) {
    return TableTestSupport.write(
        table, Arrays.asList(rows), java.util.Collections.nCopies(rows.length, RowKind.DELETE));
  }

  private static List<String> read(FileStoreTable table, boolean withKinds, String... options) {
    Map<String, String> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < options.length; i += 2) {
      map.put(options[i], options[i + 1]);
    }
    Options read = table.options().with(map);
    IncrementalRange range = IncrementalRange.resolve(table, read);
    List<String> rows = new ArrayList<>();
    for (IncrementalSplit split : new IncrementalScan(table, new Options(map)).plan(range)) {
      try (CloseableIterator<Object[]> it =
          IncrementalRead.open(table, split, table.schema().rowType(), withKinds)) {
        it.forEachRemaining(r -> rows.add(Arrays.toString(r)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    rows.sort(null);
    return rows;
  }

  @Test
  void deltaReadsTheRecordsOfAppendSnapshotsOnly() {
    FileStoreTable table = keyTable(Map.of());
    upsert(table, new Object[] {1, "a"}, new Object[] {2, "b"});
    upsert(table, new Object[] {2, "bb"});
    delete(table, new Object[] {1, "a"});

    assertThat(read(table, false, "incremental-between", "1,3")).containsExactly("[2, bb]");
    assertThat(read(table, true, "incremental-between", "1,3"))
        .containsExactly("[+I, 2, bb]", "[-D, 1, a]");
    assertThat(read(table, false, "incremental-between", "0,1"))
        .containsExactly("[1, a]", "[2, b]");
    assertThat(read(table, false, "incremental-between", "2,2")).isEmpty();
  }

  @Test
  void diffComparesMergedRowsKeyByKey() {
    FileStoreTable table = keyTable(Map.of());
    upsert(table, new Object[] {1, "a"}, new Object[] {2, "b"}, new Object[] {3, "c"});
    upsert(table, new Object[] {2, "bb"}, new Object[] {3, "c"}, new Object[] {4, "d"});
    delete(table, new Object[] {1, "a"});

    String[] diff = {"incremental-between", "1,3", "incremental-between-scan-mode", "diff"};
    // As in Paimon, the files both versions hold are left out of both sides: key 3, written
    // again with the same value into a new file, is compared with nothing and shows.
    assertThat(read(table, false, diff)).containsExactly("[2, bb]", "[3, c]", "[4, d]");
    assertThat(read(table, true, diff))
        .containsExactly("[+I, 2, bb]", "[+I, 3, c]", "[+I, 4, d]", "[-D, 1, a]");
  }

  /**
   * A deletion-vector table deletes by marking rows of a file both versions hold: the file stays on
   * both sides of the diff, so that the deleted row shows.
   */
  @Test
  void diffSeesRowsADeletionVectorHidSince() {
    FileStoreTable table = keyTable(Map.of("deletion-vectors.enabled", "true"));
    upsert(table, new Object[] {1, "a"}, new Object[] {2, "b"});
    Snapshot before = table.snapshotManager().latest();
    delete(table, new Object[] {1, "a"});
    Snapshot after = table.snapshotManager().latest();

    List<String> rows =
        read(
            table,
            true,
            "incremental-between",
            before.id() + "," + after.id(),
            "incremental-between-scan-mode",
            "diff");

    assertThat(rows).containsExactly("[-D, 1, a]");
  }

  @Test
  void timestampsChooseTheLatestSnapshotsAtOrBeforeThem() {
    FileStoreTable table = keyTable(Map.of());
    Snapshot first = upsert(table, new Object[] {1, "a"});
    upsert(table, new Object[] {2, "b"});
    Snapshot last = upsert(table, new Object[] {3, "c"});
    Options options =
        table
            .options()
            .with(
                Map.of(
                    "incremental-between-timestamp",
                    (first.timeMillis() - 1) + "," + last.timeMillis()));

    IncrementalRange range = IncrementalRange.resolve(table, options);

    assertThat(range.kind()).isEqualTo(IncrementalRange.Kind.DELTA);
    assertThat(range.startId()).as("before the earliest: its changes count").isEqualTo(0);
    assertThat(range.endId()).isEqualTo(last.id());
    IncrementalRange none =
        IncrementalRange.resolve(
            table,
            table
                .options()
                .with(
                    Map.of(
                        "incremental-between-timestamp",
                        (last.timeMillis() + 1) + "," + (last.timeMillis() + 5))));
    assertThat(none.kind()).isEqualTo(IncrementalRange.Kind.EMPTY);
  }

  @Test
  void autoModeReadsChangelogFilesOfChangelogTables() {
    FileStoreTable table = keyTable(Map.of("changelog-producer", "input"));
    upsert(table, new Object[] {1, "a"});
    IncrementalRange range =
        IncrementalRange.resolve(table, table.options().with(Map.of("incremental-between", "0,1")));
    assertThat(range.kind()).isEqualTo(IncrementalRange.Kind.CHANGELOG);
    assertThat(read(table, true, "incremental-between", "0,1")).containsExactly("[+I, 1, a]");
  }

  @Test
  void toAutomaticTagDiffsFromTheLatestEarlierAutomaticTag() {
    FileStoreTable table = keyTable(Map.of());
    Snapshot s1 = upsert(table, new Object[] {1, "a"});
    Snapshot s2 = upsert(table, new Object[] {2, "b"});
    Snapshot s3 = upsert(table, new Object[] {3, "c"});
    table.tagManager().create("2026-11-28", Tag.of(s1));
    table.tagManager().create("2026-11-30", Tag.of(s2));
    table.tagManager().create("not-a-day", Tag.of(s1));
    table.tagManager().create("2026-12-02", Tag.of(s3));

    assertThat(read(table, false, "incremental-to-auto-tag", "2026-12-02"))
        .containsExactly("[3, c]");
    assertThat(read(table, false, "incremental-to-auto-tag", "2026-11-28")).isEmpty();
    assertThat(read(table, false, "incremental-to-auto-tag", "2026-12-05")).isEmpty();
    assertThatThrownBy(() -> read(table, false, "incremental-to-auto-tag", "not-a-day"))
        .hasMessageContaining("Specified tag 'not-a-day' is not an auto-created tag");
  }

  @Test
  void versionSelectorsAndIncrementalOptionsExcludeEachOther() {
    FileStoreTable table = keyTable(Map.of());
    upsert(table, new Object[] {1, "a"});
    assertThatThrownBy(
            () ->
                IncrementalRange.resolve(
                    table,
                    table
                        .options()
                        .with(
                            Map.of("incremental-between", "0,1", "scan.tag-name", "t", "x", "y"))))
        .hasMessageContaining("incremental-between")
        .hasMessageContaining("scan.tag-name");
  }
}
