package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactionPlannerTest {

  @TempDir Path dir;

  static final RowType KV =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING()),
              new DataField(2, "dt", DataTypes.STRING())));

  FileStoreTable table(String name, DataFileOpens io) {
    WarehouseCatalog catalog =
        new WarehouseCatalog(io, new org.apache.hadoop.fs.Path(dir.toUri()), Clock.systemUTC());
    return catalog.createTable(
        new Identifier("default", name),
        SchemaFactory.create(
            KV, List.of("dt"), List.of(), Map.of("primary-key", "dt,id", "bucket", "2"), null, 1L));
  }

  /** Three commits over two partitions, rewriting some keys each time. */
  static void fill(FileStoreTable t) {
    for (int commit = 0; commit < 3; commit++) {
      List<Object[]> rows = new ArrayList<>();
      for (long id = commit * 5; id < commit * 5 + 20; id++) {
        rows.add(new Object[] {id, "v" + commit, id % 2 == 0 ? "a" : "b"});
      }
      TableTestSupport.append(t, rows);
    }
  }

  static List<ManifestEntry> live(FileStoreTable t) {
    return new FileStoreScan(t.manifestFiles(), t.schema().partitionType())
        .liveEntries(t.snapshotManager().latest());
  }

  static List<String> rows(FileStoreTable t) {
    return TableTestSupport.readAll(t).stream().map(Arrays::toString).sorted().toList();
  }

  static List<String> layout(FileStoreTable t) {
    return live(t).stream()
        .map(e -> e.bucket() + "@" + e.file().level() + ":" + e.file().rowCount())
        .sorted()
        .toList();
  }

  @Test
  void plansOneTaskPerBucketFromManifestsAlone() {
    DataFileOpens io = new DataFileOpens();
    FileStoreTable t = table("kv", io);
    fill(t);
    int before = io.count();
    List<CompactionTask> tasks = new CompactionPlanner(t).plan(null, CompactStrategy.FULL);
    assertThat(io.count()).as("data files opened while planning").isEqualTo(before);
    assertThat(tasks).hasSize(4);
    assertThat(tasks).allMatch(task -> task.unit().outputLevel() == 5 && task.unit().dropDeletes());
    assertThat(tasks.stream().mapToInt(task -> task.unit().files().size()).sum())
        .isEqualTo(live(t).size());
  }

  @Test
  void partitionFilterSelectsTheBucketsPlanned() {
    FileStoreTable t = table("kv", new DataFileOpens());
    fill(t);
    LeafPredicate onlyA =
        new LeafPredicate(0, "dt", DataTypes.STRING(), LeafPredicate.Op.EQ, List.of("a"));
    List<CompactionTask> tasks = new CompactionPlanner(t).plan(onlyA, CompactStrategy.FULL);
    assertThat(tasks).hasSize(2);
    assertThat(new CompactionPlanner(t).plan(null, CompactStrategy.MINOR))
        .as("three sorted runs are below the trigger of five")
        .isEmpty();
  }

  @Test
  void tasksRunElsewhereCommitTheSameTableAsTheSerialPath() {
    FileStoreTable serial = table("serial", new DataFileOpens());
    FileStoreTable tasks = table("tasks", new DataFileOpens());
    fill(serial);
    fill(tasks);
    new FullCompaction(serial, "test", Clock.systemUTC()).run(null);
    List<CommitMessage> done = new ArrayList<>();
    for (CompactionTask task : new CompactionPlanner(tasks).plan(null, CompactStrategy.FULL)) {
      done.add(task.run(tasks));
    }
    Snapshot compacted = tasks.newCommit("test").commitCompaction(done);
    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(rows(tasks)).isEqualTo(rows(serial)).hasSize(30);
    assertThat(layout(tasks)).isEqualTo(layout(serial));
  }
}
