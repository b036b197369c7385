package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.levels.UniversalCompaction;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Write tasks compact the key buckets they write: at the stop trigger and before the commit. */
class WriterCompactionTest {

  @TempDir Path dir;

  static final RowType KV =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING())));

  FileStoreTable table(Map<String, String> options) {
    Map<String, String> all = new HashMap<>(Map.of("primary-key", "id", "bucket", "1"));
    all.putAll(options);
    return TableTestSupport.catalog(dir)
        .createTable(
            new Identifier("default", "kv"),
            SchemaFactory.create(KV, List.of(), List.of(), all, null, 1L));
  }

  static List<DataFileMeta> live(FileStoreTable t) {
    return new FileStoreScan(t.manifestFiles(), t.schema().partitionType())
        .liveEntries(t.snapshotManager().latest()).stream().map(ManifestEntry::file).toList();
  }

  Set<String> filesOnDisk(FileStoreTable t) throws IOException {
    try (Stream<Path> files = Files.walk(Path.of(t.root().toUri()).resolve("bucket-0"))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("data-"))
          .collect(Collectors.toSet());
    }
  }

  @Test
  void aBucketAtTheStopTriggerIsCompactedBeforeTheTaskWritesMore() throws IOException {
    FileStoreTable t =
        table(
            Map.of(
                "write-buffer-size", "10 kb",
                "write-buffer-spillable", "false",
                "num-sorted-run.compaction-trigger", "10",
                "num-sorted-run.stop-trigger", "3"));
    TableWriter writer = t.newWrite();
    for (long i = 0; i < 1000; i++) {
      writer.write(new Object[] {i % 700, "v" + i});
    }
    List<CommitMessage> messages = writer.prepareCommit();
    CommitMessage m = messages.get(0);
    assertThat(m.newFiles().size()).as("one sorted run per flush").isGreaterThan(5);
    assertThat(m.compactAfter()).as("stop-trigger compactions").isNotEmpty();
    assertThat(m.compactBefore()).isSubsetOf(m.newFiles());
    Set<String> expected = new HashSet<>();
    m.newFiles().forEach(f -> expected.add(f.fileName()));
    m.compactAfter().forEach(f -> expected.add(f.fileName()));
    assertThat(filesOnDisk(t))
        .as("outputs compacted again within the task are deleted at once")
        .isEqualTo(expected);

    t.newCommit("test").commit(messages, CommitKind.APPEND);
    assertThat(t.snapshotManager().snapshot(1).commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(t.snapshotManager().snapshot(2).commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(UniversalCompaction.sortedRunCount(live(t))).isLessThanOrEqualTo(3);
    List<Object[]> rows = TableTestSupport.readAll(t);
    assertThat(rows).hasSize(700);
    assertThat(rows)
        .allMatch(r -> r[1].equals("v" + ((Long) r[0] < 300 ? (Long) r[0] + 700 : r[0])));
  }

  @Test
  void writeOnlyTablesAndPlainWritersNeverCompact() {
    FileStoreTable t =
        table(Map.of("num-sorted-run.compaction-trigger", "2", "write-only", "true"));
    for (int commit = 0; commit < 3; commit++) {
      TableTestSupport.write(
          t,
          List.<Object[]>of(new Object[] {1L, "v" + commit}),
          List.of(io.strata.core.merge.RowKind.INSERT));
    }
    assertThat(t.snapshotManager().latest().commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(live(t)).hasSize(3);
  }

  @Test
  void aTaskCompactsTheBucketItWritesWithWhatTheSnapshotHolds() {
    FileStoreTable t = table(Map.of("num-sorted-run.compaction-trigger", "3"));
    for (int commit = 0; commit < 3; commit++) {
      TableWriter writer = t.newWrite();
      writer.write(new Object[] {(long) commit, "v"});
      writer.write(new Object[] {1L, "c" + commit});
      t.newCommit("test").commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    // Three level-0 runs reach the trigger: the third task merged them all into the top level.
    assertThat(t.snapshotManager().latestId().getAsLong()).isEqualTo(4);
    assertThat(live(t)).extracting(DataFileMeta::level).containsExactly(3);
    assertThat(TableTestSupport.readAll(t))
        .extracting(r -> r[0] + "=" + r[1])
        .containsExactly("0=v", "1=c2", "2=v");
  }

  @Test
  void twoTasksCompactingOneBucketCommitOnlyTheFirstCompaction() {
    // Two runs compact fully: any size amplification exceeds 0%.
    FileStoreTable t =
        table(
            Map.of(
                "num-sorted-run.compaction-trigger", "2",
                "compaction.max-size-amplification-percent", "0"));
    TableTestSupport.write(
        t,
        List.<Object[]>of(new Object[] {0L, "base"}),
        List.of(io.strata.core.merge.RowKind.INSERT));
    List<CommitMessage> messages = new java.util.ArrayList<>();
    for (long key = 1; key <= 2; key++) {
      TableWriter writer = t.newWrite();
      writer.write(new Object[] {key, "v"});
      messages.addAll(writer.prepareCommit());
    }
    assertThat(messages).allMatch(CommitMessage::hasCompaction);
    t.newCommit("test").commit(messages, CommitKind.APPEND);
    assertThat(TableTestSupport.readAll(t))
        .extracting(r -> r[0] + "=" + r[1])
        .containsExactlyInAnyOrder("0=base", "1=v", "2=v");
    assertThat(live(t)).hasSize(2);
  }
}
