package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.Options;
import io.strata.core.read.RowTracking;
import io.strata.core.read.SplitReader;
import io.strata.core.scan.FileStatsReader;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowTrackingFields;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rewriting a row-tracking table (compaction, and the writers of copy-on-write UPDATE, MERGE and
 * DELETE) keeps every row's id and sequence number, in the new files' own {@code _ROW_ID} and
 * {@code _SEQUENCE_NUMBER} columns, as Paimon's rewrites do.
 */
class RowTrackingCompactionTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.INT()), new DataField(1, "s", DataTypes.STRING())));

  private FileStoreTable table() {
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), "t", ROW, List.of(), Map.of("row-tracking.enabled", "true"));
  }

  private static List<Object[]> rows(int from, int to) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = from; i < to; i++) {
      rows.add(new Object[] {i, "v" + i});
    }
    return rows;
  }

  /** Per row: its id, then "row id / sequence number", as a reader of _ROW_ID sees them. */
  private static Map<Integer, String> identities(FileStoreTable table) throws Exception {
    Map<Integer, String> ids = new TreeMap<>();
    TableScan scan = new TableScan(table, new Options(Map.of()));
    int arity = ROW.size();
    for (DataSplit split : scan.plan(table.snapshotManager().latest()).splits()) {
      try (SplitReader reader =
          new SplitReader(table, split, ROW).withSystemFields(RowTrackingFields.FIELDS)) {
        while (reader.hasNext()) {
          Object[] row = reader.next();
          Long rowId = RowTracking.rowId(row[arity], reader.lastFile(), reader.lastPosition());
          long seq = RowTracking.sequenceNumber(row[arity + 1], reader.lastFile());
          ids.put((Integer) row[0], rowId + "/" + seq);
        }
      }
    }
    return ids;
  }

  private static List<DataFileMeta> live(FileStoreTable table) {
    return new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
        .liveEntries(table.snapshotManager().latest()).stream().map(ManifestEntry::file).toList();
  }

  private static Snapshot compact(FileStoreTable table) {
    List<CommitMessage> done = new ArrayList<>();
    for (CompactionTask task : new CompactionPlanner(table).plan(null, CompactStrategy.FULL)) {
      done.add(task.run(table));
    }
    return table.newCommit("test").commitCompaction(done);
  }

  @Test
  void compactedRowsKeepTheirIdsAndSequenceNumbers() throws Exception {
    FileStoreTable table = table();
    TableTestSupport.append(table, rows(0, 3));
    TableTestSupport.append(table, rows(3, 5));
    TableTestSupport.append(table, rows(5, 9));
    Map<Integer, String> before = identities(table);
    assertThat(before).containsEntry(0, "0/1").containsEntry(4, "4/2").containsEntry(8, "8/3");

    Snapshot compacted = compact(table);
    assertThat(compacted.nextRowId()).as("no new row ids").isEqualTo(9L);
    assertThat(identities(table)).isEqualTo(before);
    assertThat(TableTestSupport.readAll(table)).hasSize(9);
    DataFileMeta file = live(table).get(0);
    assertThat(live(table)).hasSize(1);
    assertThat(file.fileSource()).isEqualTo(FileSource.COMPACT);
    assertThat(file.firstRowId()).as("the ids are in the file, as Paimon leaves them").isNull();
    assertThat(file.writeCols()).containsExactly("id", "s", "_ROW_ID", "_SEQUENCE_NUMBER");
    assertThat(file.minSequenceNumber()).isEqualTo(compacted.id());

    FileStatsReader.FileStats stats =
        new FileStatsReader(table.schemaManager(), table.schema()).read(file);
    assertThat(stats.min()).containsExactly(0, "v0");
    assertThat(stats.max()).containsExactly(8, "v8");
  }

  /**
   * A rewrite's writer (copy-on-write UPDATE) hands each row's id and sequence number with it: rows
   * with them keep them, a NULL sequence number (a changed row) takes the commit's snapshot id and
   * a row without id (an inserted one) the ids the commit gives the file.
   */
  @Test
  void rowsWrittenWithTheirIdsKeepThemAndNewRowsTakeTheCommits() throws Exception {
    FileStoreTable table = table();
    TableTestSupport.append(table, rows(0, 3));
    io.strata.core.write.TableWriter writer = table.newWrite().withRowTrackingColumns();
    writer.write(new Object[] {10, "copied", 1L, 1L});
    writer.write(new Object[] {11, "changed", 2L, null});
    writer.write(new Object[] {12, "inserted", null, null});
    Snapshot second =
        table
            .newCommit("test")
            .commit(writer.prepareCommit(), io.strata.core.snapshot.CommitKind.APPEND);

    Map<Integer, String> ids = identities(table);
    assertThat(ids)
        .as("the file's ids start at the next free one, 3")
        .containsEntry(10, "1/1")
        .containsEntry(11, "2/2")
        .containsEntry(12, "5/2")
        .hasSize(6);
    assertThat(second.nextRowId()).isEqualTo(6L);
    assertThat(live(table))
        .extracting(DataFileMeta::writeCols)
        .contains(List.of("id", "s", "_ROW_ID", "_SEQUENCE_NUMBER"));
  }

  @Test
  void laterAppendsTakeNewIdsAndACompactionAgainKeepsAll() throws Exception {
    FileStoreTable table = table();
    TableTestSupport.append(table, rows(0, 4));
    TableTestSupport.append(table, rows(4, 6));
    compact(table);
    Snapshot appended = TableTestSupport.append(table, rows(6, 8));
    assertThat(appended.nextRowId()).isEqualTo(8L);
    Map<Integer, String> before = identities(table);
    assertThat(before).containsEntry(5, "5/2").containsEntry(6, "6/4").containsEntry(7, "7/4");

    compact(table);
    assertThat(identities(table)).isEqualTo(before);
    assertThat(live(table)).hasSize(1);
  }
}
