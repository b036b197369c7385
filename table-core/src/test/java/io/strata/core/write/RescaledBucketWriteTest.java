package io.strata.core.write;

import static io.strata.core.write.PartitionedKeyRows.KEY;
import static io.strata.core.write.PartitionedKeyRows.KV;
import static io.strata.core.write.PartitionedKeyRows.layouts;
import static io.strata.core.write.PartitionedKeyRows.live;
import static io.strata.core.write.PartitionedKeyRows.rows;
import static io.strata.core.write.PartitionedKeyRows.upsert;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.commit.CommitConflictException;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.compact.FullCompaction;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.format.CloseableIterator;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaChange;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fixed bucket count changed by ALTER TABLE, as Paimon rescales buckets: partitions written
 * before keep their files' count (a write adds to them in that layout), new partitions and INSERT
 * OVERWRITE use the new count, and no partition ever holds files of two counts.
 */
class RescaledBucketWriteTest {

  @TempDir Path dir;

  private FileStoreTable create(String name, Map<String, String> options) {
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, KV, List.of("dt"), options);
  }

  private FileStoreTable rescale(String name, int buckets) {
    return TableTestSupport.catalog(dir)
        .alterTable(
            new Identifier("default", name),
            List.of(new SchemaChange.SetOption("bucket", String.valueOf(buckets))));
  }

  /** An INSERT OVERWRITE of the partitions {@code rows} fall in, as Spark's overwrite runs it. */
  private static Snapshot overwrite(FileStoreTable table, List<Object[]> rows) {
    TableWriter writer = new TableWriter(table, WriteStart.latest(table).forOverwrite(table));
    rows.forEach(writer::write);
    return table.newCommit("test").overwritePartitions(writer.prepareCommit());
  }

  /**
   * dt/id → v, read split by split, failing on a key read twice or a row outside the bucket
   * Paimon's hash gives its key for its split's bucket count.
   */
  private static Map<String, Object> byKey(FileStoreTable table) {
    Map<String, Object> result = new TreeMap<>();
    TableScan scan = new TableScan(table, new Options(Map.of()));
    for (DataSplit split : scan.plan(table.snapshotManager().latest()).splits()) {
      try (CloseableIterator<Object[]> reader =
          TableRead.open(table, split, table.schema().rowType())) {
        while (reader.hasNext()) {
          Object[] row = reader.next();
          assertThat(
                  BucketFunction.bucket(
                      BinaryRowCodec.serialize(KEY, new Object[] {row[1]}), split.totalBuckets()))
              .as("bucket of %s/%s among %s", row[0], row[1], split.totalBuckets())
              .isEqualTo(split.bucket());
          assertThat(result.put(row[0] + "/" + row[1], row[2]))
              .as("%s/%s", row[0], row[1])
              .isNull();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return result;
  }

  @Test
  void writtenPartitionsKeepTheirCountUntilAnOverwriteRescalesThem() {
    FileStoreTable table = create("pk", Map.of("primary-key", "dt,id", "bucket", "2"));
    upsert(table, rows("a", 0, 40, "x"));
    upsert(table, rows("b", 0, 40, "x"));

    table = rescale("pk", 4);
    // Upserts into a written partition stay in its 2 buckets: in 4 buckets, half of these keys
    // would land beside their old records' bucket, and the table would read them twice.
    upsert(table, rows("a", 20, 60, "y"));
    upsert(table, rows("c", 0, 40, "z"));
    assertThat(layouts(table)).containsExactly("a:2", "b:2", "c:4");
    Map<String, Object> rows = byKey(table);
    assertThat(rows).hasSize(140).containsEntry("a/10", "x10").containsEntry("a/30", "y30");

    // INSERT OVERWRITE of a partition with its own rows rescales it.
    List<Object[]> a = new ArrayList<>();
    rows.forEach(
        (k, v) -> {
          if (k.startsWith("a/")) {
            a.add(new Object[] {"a", Long.parseLong(k.substring(2)), v});
          }
        });
    overwrite(table, a);
    assertThat(layouts(table)).containsExactly("a:4", "b:2", "c:4");
    assertThat(byKey(table)).isEqualTo(rows);

    upsert(table, rows("a", 50, 70, "w"));
    upsert(table, rows("b", 30, 50, "w"));
    assertThat(layouts(table)).containsExactly("a:4", "b:2", "c:4");
    Map<String, Object> after = byKey(table);
    assertThat(after).hasSize(160).containsEntry("a/55", "w55").containsEntry("b/45", "w45");

    // A compaction rewrites each bucket within its partition's count.
    new FullCompaction(table, "compact", Clock.systemUTC()).run(null);
    assertThat(layouts(table)).containsExactly("a:4", "b:2", "c:4");
    assertThat(live(table)).hasSize(10);
    assertThat(byKey(table)).isEqualTo(after);
  }

  @Test
  void anAppendTableAddsToAPartitionInItsOwnBucketLayout() {
    FileStoreTable table = create("append", Map.of("bucket", "3", "bucket-key", "id"));
    TableTestSupport.append(table, rows("a", 0, 30, "x"));
    table = rescale("append", 5);
    TableTestSupport.append(table, rows("a", 30, 60, "y"));
    TableTestSupport.append(table, rows("b", 0, 30, "z"));

    assertThat(layouts(table)).containsExactly("a:3", "b:5");
    assertThat(byKey(table)).hasSize(90).containsEntry("a/45", "y45").containsEntry("b/3", "z3");
  }

  @Test
  void aWriteStartedBeforeAnOverwriteRescaledItsPartitionFailsAndChangesNothing() {
    FileStoreTable table = create("race", Map.of("primary-key", "dt,id", "bucket", "2"));
    upsert(table, rows("a", 0, 10, "x"));
    TableWriter early = table.newWrite();
    rows("a", 0, 10, "early").forEach(early::write);

    FileStoreTable rescaled = rescale("race", 4);
    overwrite(rescaled, rows("a", 0, 5, "rescaled"));
    long latest = rescaled.snapshotManager().latest().id();

    List<CommitMessage> messages = early.prepareCommit();
    FileStoreCommit commit = new FileStoreCommit(table, "early", Clock.systemUTC());
    assertThatThrownBy(() -> commit.commit(messages, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessage(
            "Cannot commit to "
                + table.root()
                + ": this write put partition dt=a into 2 buckets, but a concurrent commit gave"
                + " it 4 (the latest snapshot is now "
                + latest
                + "); retry the statement, which then writes into the 4 buckets.");
    commit.abort(messages);

    assertThat(rescaled.snapshotManager().latest().id()).isEqualTo(latest);
    assertThat(layouts(rescaled)).containsExactly("a:4");
    assertThat(byKey(rescaled)).hasSize(5).containsEntry("a/0", "rescaled0");
    upsert(rescaled, rows("a", 0, 10, "retried"));
    assertThat(byKey(rescaled)).hasSize(10).containsEntry("a/9", "retried9");
  }

  /**
   * What {@code CALL sys.rescale} commits: a partition's files of the old count deleted and files
   * of the new count added, in one COMPACT snapshot. The count check sees the partition as the
   * commit leaves it; deleting only part of the old files leaves two counts and is refused.
   */
  @Test
  void aCommitThatReplacesAPartitionsFilesMayChangeItsCount() {
    FileStoreTable table = create("replace", Map.of("primary-key", "dt,id", "bucket", "2"));
    upsert(table, rows("a", 0, 30, "x"));
    upsert(table, rows("b", 0, 30, "x"));
    FileStoreTable rescaled = rescale("replace", 4);
    Map<String, Object> before = byKey(rescaled);

    List<io.strata.core.manifest.ManifestEntry> oldA =
        live(rescaled).stream().filter(e -> layoutOf(rescaled, e).equals("a")).toList();
    List<CommitMessage> written = writeInFourBuckets(rescaled, before);
    // Leaving one old file live would put the partition in two layouts.
    List<CommitMessage> partial = new ArrayList<>(deletions(oldA.subList(1, oldA.size())));
    partial.addAll(written);
    assertThatThrownBy(
            () ->
                new FileStoreCommit(rescaled, "rescale", Clock.systemUTC())
                    .commit(partial, CommitKind.COMPACT))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("this write put partition dt=a into 4 buckets");

    // The failed commit deleted the files it was given.
    List<CommitMessage> replacement = new ArrayList<>(deletions(oldA));
    replacement.addAll(writeInFourBuckets(rescaled, before));
    Snapshot committed =
        new FileStoreCommit(rescaled, "rescale", Clock.systemUTC())
            .commit(replacement, CommitKind.COMPACT);
    assertThat(committed.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(layouts(rescaled)).containsExactly("a:4", "b:2");
    assertThat(byKey(rescaled)).isEqualTo(before);
  }

  private static List<CommitMessage> writeInFourBuckets(
      FileStoreTable table, Map<String, Object> rows) {
    TableWriter writer =
        new TableWriter(
            table, new WriteStart(null, Map.of(), false, false, new PartitionBuckets(Map.of(), 4)));
    rows.forEach(
        (k, v) -> {
          if (k.startsWith("a/")) {
            writer.write(new Object[] {"a", Long.parseLong(k.substring(2)), v});
          }
        });
    return writer.prepareCommit();
  }

  private static String layoutOf(FileStoreTable table, io.strata.core.manifest.ManifestEntry e) {
    return String.valueOf(
        BinaryRowCodec.deserialize(table.schema().partitionType(), e.partition())[0]);
  }

  private static List<CommitMessage> deletions(List<io.strata.core.manifest.ManifestEntry> files) {
    return files.stream()
        .map(
            e ->
                new CommitMessage(
                    e.partition(), e.bucket(), e.totalBuckets(), List.of(), List.of(e.file())))
        .toList();
  }

  @Test
  void aWriteOfTheOldCountLosesTheRaceForANewPartition() {
    FileStoreTable table = create("new_part", Map.of("primary-key", "dt,id", "bucket", "2"));
    upsert(table, rows("a", 0, 10, "x"));
    TableWriter early = table.newWrite();
    rows("b", 0, 10, "early").forEach(early::write);

    FileStoreTable rescaled = rescale("new_part", 4);
    upsert(rescaled, rows("b", 0, 5, "late"));

    List<CommitMessage> messages = early.prepareCommit();
    FileStoreCommit commit = new FileStoreCommit(table, "early", Clock.systemUTC());
    assertThatThrownBy(() -> commit.commit(messages, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("this write put partition dt=b into 2 buckets");
    commit.abort(messages);
    assertThat(layouts(rescaled)).containsExactly("a:2", "b:4");
    assertThat(byKey(rescaled)).hasSize(15);
  }

  @Test
  void onlyAFixedCountChangesOnceTheTableHasSnapshots() {
    upsert(create("dynamic", Map.of("primary-key", "dt,id", "bucket", "-1")), rows("a", 0, 4, ""));
    assertThatThrownBy(() -> rescale("dynamic", 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot change table option 'bucket' from -1 to 4: once a table has snapshots, only"
                + " a fixed bucket count (1 or more) can change to another fixed count, as dynamic"
                + " (-1) and postponed (-2) buckets lay files out by their own rules; rewrite the"
                + " table with CREATE TABLE AS SELECT instead.");
    upsert(create("fixed", Map.of("primary-key", "dt,id", "bucket", "2")), rows("a", 0, 4, ""));
    assertThatThrownBy(() -> rescale("fixed", -2))
        .hasMessageStartingWith("Cannot change table option 'bucket' from 2 to -2: ");
    assertThatThrownBy(() -> rescale("fixed", 0))
        .hasMessage(
            "Invalid value '0' for table option 'bucket': expected a positive number, -1"
                + " or -2.");
    upsert(
        create("postponed", Map.of("primary-key", "dt,id", "bucket", "-2")), rows("a", 0, 4, ""));
    assertThatThrownBy(() -> rescale("postponed", 3))
        .hasMessageStartingWith("Cannot change table option 'bucket' from -2 to 3: ");
  }

  @Test
  void aTableNeverRescaledSkipsTheCommitsLayoutCheck() {
    Map<String, String> options = new HashMap<>(Map.of("primary-key", "dt,id", "bucket", "2"));
    FileStoreTable table = create("plain", options);
    assertThat(table.schemaManager().bucketCountChangedFrom(table.schema())).isFalse();
    FileStoreTable other =
        TableTestSupport.catalog(dir)
            .alterTable(
                new Identifier("default", "plain"),
                List.of(new SchemaChange.SetOption("write-only", "true")));
    assertThat(other.schemaManager().bucketCountChangedFrom(other.schema())).isFalse();
    FileStoreTable rescaled = rescale("plain", 3);
    assertThat(rescaled.schemaManager().bucketCountChangedFrom(rescaled.schema())).isTrue();
    // A writer of an older schema learns of the newer one too.
    assertThat(table.schemaManager().bucketCountChangedFrom(table.schema())).isTrue();
  }
}
