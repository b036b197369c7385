package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendCompactionTest {

  @TempDir Path dir;

  FileStoreTable table() {
    return TableTestSupport.create(
        TableTestSupport.catalog(dir),
        "ev",
        new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT()))),
        List.of(),
        Map.of("bucket", "1", "bucket-key", "id", "compaction.min.file-num", "3"));
  }

  static void commit(FileStoreTable t, long from) {
    List<Object[]> rows = new ArrayList<>();
    for (long i = from; i < from + 10; i++) {
      rows.add(new Object[] {i});
    }
    TableTestSupport.append(t, rows);
  }

  static List<ManifestEntry> live(FileStoreTable t) {
    return new FileStoreScan(t.manifestFiles(), t.schema().partitionType())
        .liveEntries(t.snapshotManager().latest());
  }

  @Test
  void minorWaitsForMinFileNumFullMergesAnySmallFiles() {
    FileStoreTable t = table();
    commit(t, 0);
    commit(t, 10);
    FullCompaction compaction = new FullCompaction(t, "test", Clock.systemUTC());
    assertThat(compaction.run(null, CompactStrategy.MINOR)).isNull();
    commit(t, 20);
    assertThat(compaction.run(null, CompactStrategy.MINOR).commitKind())
        .isEqualTo(CommitKind.COMPACT);
    assertThat(live(t)).hasSize(1);
    ManifestEntry merged = live(t).get(0);
    assertThat(merged.file().minSequenceNumber()).isZero();
    assertThat(merged.file().maxSequenceNumber()).isEqualTo(29);
    commit(t, 30);
    assertThat(compaction.run(null).commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(live(t)).hasSize(1);
    assertThat(TableTestSupport.readAll(t)).hasSize(40);
    assertThat(compaction.run(null)).as("one file: nothing to do").isNull();
  }
}
