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
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes to postponed-bucket tables ({@code 'bucket' = -2}) go straight into each partition's
 * buckets, as Paimon's batch writes do with {@code postpone.batch-write-fixed-bucket}: a partition
 * keeps the bucket count its files have, a new one gets {@code postpone.default-bucket-num}, and a
 * write that lost the race for a new partition's count fails instead of splitting its keys.
 */
class PostponedBucketWriteTest {

  private static final Identifier ID = new Identifier("default", "post");

  @TempDir Path dir;

  private FileStoreTable create(Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(Map.of("primary-key", "dt,id", "bucket", "-2"));
    options.putAll(extra);
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), "post", KV, List.of("dt"), options);
  }

  private FileStoreTable alter(SchemaChange... changes) {
    return TableTestSupport.catalog(dir).alterTable(ID, List.of(changes));
  }

  /** dt/id → v, failing on a key read twice. */
  private static Map<String, Object> byKey(FileStoreTable table) {
    Map<String, Object> result = new TreeMap<>();
    for (Object[] row : TableTestSupport.readAll(table)) {
      assertThat(result.put(row[0] + "/" + row[1], row[2])).as("%s/%s", row[0], row[1]).isNull();
    }
    return result;
  }

  @Test
  void aNewPartitionGetsTheDefaultCountAndKeepsItWhenTheDefaultChanges() {
    FileStoreTable table = create(Map.of("postpone.default-bucket-num", "3"));
    upsert(table, rows("a", 0, 30, "x"));

    assertThat(layouts(table)).containsExactly("a:3");
    for (ManifestEntry e : live(table)) {
      assertThat(e.bucket()).isBetween(0, 2);
      assertThat(e.file().rowCount()).isPositive();
    }
    // Every key sits in the bucket Paimon's hash of the key gives for 3 buckets.
    Map<Integer, Long> perBucket = new TreeMap<>();
    for (ManifestEntry e : live(table)) {
      perBucket.merge(e.bucket(), e.file().rowCount(), Long::sum);
    }
    Map<Integer, Long> expected = new TreeMap<>();
    for (long id = 0; id < 30; id++) {
      expected.merge(
          BucketFunction.bucket(BinaryRowCodec.serialize(KEY, new Object[] {id}), 3),
          1L,
          Long::sum);
    }
    assertThat(perBucket).isEqualTo(expected);

    table = alter(new SchemaChange.SetOption("postpone.default-bucket-num", "2"));
    upsert(table, rows("a", 0, 10, "y"));
    upsert(table, rows("b", 0, 5, "z"));

    assertThat(layouts(table)).containsExactly("a:3", "b:2");
    Map<String, Object> rows = byKey(table);
    assertThat(rows).hasSize(35).containsEntry("a/3", "y3").containsEntry("a/20", "x20");
    assertThat(rows).containsEntry("b/4", "z4");
  }

  @Test
  void aWriteThatLostTheRaceForANewPartitionsCountFailsAndChangesNothing() {
    FileStoreTable table = create(Map.of("postpone.default-bucket-num", "3"));
    upsert(table, rows("a", 0, 5, "x"));
    TableWriter early = table.newWrite();
    rows("c", 0, 10, "early").forEach(early::write);

    FileStoreTable changed = alter(new SchemaChange.SetOption("postpone.default-bucket-num", "2"));
    upsert(changed, rows("c", 0, 4, "late"));
    long latest = changed.snapshotManager().latest().id();

    List<CommitMessage> messages = early.prepareCommit();
    FileStoreCommit commit = new FileStoreCommit(table, "early", Clock.systemUTC());
    assertThatThrownBy(() -> commit.commit(messages, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessage(
            "Cannot commit to "
                + table.root()
                + ": this write put partition dt=c into 3 buckets, but a concurrent commit gave"
                + " it 2 (the latest snapshot is now "
                + latest
                + "); retry the statement, which then writes into the 2 buckets.");
    commit.abort(messages);

    assertThat(changed.snapshotManager().latest().id()).isEqualTo(latest);
    assertThat(layouts(changed)).containsExactly("a:3", "c:2");
    assertThat(byKey(changed)).hasSize(9).containsEntry("c/0", "late0");
    // The retried write takes the partition's count.
    upsert(changed, rows("c", 0, 10, "retried"));
    assertThat(layouts(changed)).containsExactly("a:3", "c:2");
    assertThat(byKey(changed)).hasSize(15).containsEntry("c/9", "retried9");
  }

  @Test
  void compactionRewritesEachPartitionWithinItsBuckets() {
    FileStoreTable table = create(Map.of("postpone.default-bucket-num", "2", "write-only", "true"));
    upsert(table, rows("a", 0, 20, "x"));
    table = alter(new SchemaChange.SetOption("postpone.default-bucket-num", "4"));
    upsert(table, rows("b", 0, 20, "x"));
    upsert(table, rows("a", 5, 25, "y"));
    upsert(table, rows("b", 10, 30, "y"));
    Map<String, Object> before = byKey(table);
    assertThat(live(table)).hasSizeGreaterThan(6);

    new FullCompaction(table, "compact", Clock.systemUTC()).run(null);

    assertThat(layouts(table)).containsExactly("a:2", "b:4");
    List<ManifestEntry> files = live(table);
    assertThat(files).hasSize(6);
    assertThat(files.stream().map(e -> e.partition() + "/" + e.bucket()).distinct()).hasSize(6);
    assertThat(byKey(table)).isEqualTo(before).hasSize(55);
  }

  @Test
  void writesThatAskForRowsLeftInBucketPostponeAreRefused() {
    FileStoreTable table = create(Map.of("postpone.batch-write-fixed-bucket", "false"));
    assertThatThrownBy(table::newWrite)
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Cannot write table "
                + table.root()
                + ": it sets 'postpone.batch-write-fixed-bucket' = 'false', which asks to leave"
                + " the rows in bucket-postpone/ until a compaction gives them a bucket. Strata"
                + " writes postponed-bucket tables straight into the buckets of each partition;"
                + " unset the option (ALTER TABLE ... UNSET TBLPROPERTIES"
                + " ('postpone.batch-write-fixed-bucket')) to write with Strata.");
    assertThat(table.snapshotManager().latest()).isNull();
  }

  @Test
  void anAppendTableCannotPostponeBuckets() {
    assertThatThrownBy(
            () -> SchemaFactory.create(KV, List.of(), List.of(), Map.of("bucket", "-2"), null, 1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot create a table with 'bucket' = -2 (postponed buckets) without a primary key:"
                + " postponed buckets are for primary-key tables. Use 'bucket' = -1 for an append"
                + " table without buckets, or a fixed bucket count ('bucket' = '4').");
    assertThatThrownBy(() -> create(Map.of("postpone.default-bucket-num", "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("postpone.default-bucket-num");
  }
}
