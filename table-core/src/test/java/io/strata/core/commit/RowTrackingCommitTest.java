package io.strata.core.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Commits to row-tracking tables assign row ids and sequence numbers as Paimon's do. */
class RowTrackingCommitTest {

  @TempDir Path dir;

  private static final RowType ROW = new RowType(List.of(new DataField(0, "id", DataTypes.INT())));

  private FileStoreTable table(Map<String, String> options) {
    return TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROW, List.of(), options);
  }

  private static List<ManifestEntry> live(FileStoreTable table) {
    return new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
        .liveEntries(table.snapshotManager().latest()).stream()
            .sorted(Comparator.comparing(e -> e.file().firstRowId()))
            .toList();
  }

  @Test
  void newFilesTakeTheNextRowIdsAndTheSnapshotIdAsSequenceNumber() {
    FileStoreTable table = table(Map.of("row-tracking.enabled", "true"));
    TableTestSupport.append(table, List.of(new Object[] {1}, new Object[] {2}, new Object[] {3}));
    Snapshot second = TableTestSupport.append(table, List.of(new Object[] {4}, new Object[] {5}));

    List<ManifestEntry> files = live(table);
    assertThat(files).extracting(e -> e.file().firstRowId()).containsExactly(0L, 3L);
    assertThat(files)
        .extracting(e -> e.file().minSequenceNumber() + "-" + e.file().maxSequenceNumber())
        .containsExactly("1-1", "2-2");
    assertThat(second.nextRowId()).isEqualTo(5L);
  }

  @Test
  void tablesWithoutRowTrackingKeepTheirFilesAsWritten() {
    FileStoreTable table = table(Map.of());
    Snapshot first = TableTestSupport.append(table, List.of(new Object[] {1}, new Object[] {2}));
    assertThat(live(table).get(0).file().firstRowId()).isNull();
    assertThat(first.nextRowId()).isZero();
  }

  @Test
  void rowTrackingNeedsAnAppendTableWithoutFixedBuckets() {
    assertThatThrownBy(
            () -> table(Map.of("row-tracking.enabled", "true", "bucket", "2", "bucket-key", "id")))
        .hasMessageContaining("Cannot define bucket = 2 for a row tracking table");
  }
}
