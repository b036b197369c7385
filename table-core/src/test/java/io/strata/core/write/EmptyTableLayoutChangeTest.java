package io.strata.core.write;

import static io.strata.core.write.PartitionedKeyRows.KV;
import static io.strata.core.write.PartitionedKeyRows.layouts;
import static io.strata.core.write.PartitionedKeyRows.rows;
import static io.strata.core.write.PartitionedKeyRows.upsert;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.commit.CommitConflictException;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.schema.SchemaChange;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Until its first snapshot a table may change its bucket layout and merge options, as Paimon
 * allows: no file depends on them yet. A write that started before such a change cannot commit
 * after it, and once a snapshot exists the change is refused.
 */
class EmptyTableLayoutChangeTest {

  @TempDir Path dir;

  private FileStoreTable create(String name, Map<String, String> options) {
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, KV, List.of("dt"), options);
  }

  private FileStoreTable alter(String name, SchemaChange... changes) {
    return TableTestSupport.catalog(dir)
        .alterTable(new Identifier("default", name), Arrays.asList(changes));
  }

  private static SchemaChange set(String key, String value) {
    return new SchemaChange.SetOption(key, value);
  }

  @Test
  void anEmptyTableChangesBetweenDynamicPostponedAndFixedBuckets() {
    create("t", Map.of("primary-key", "dt,id"));
    FileStoreTable table = alter("t", set("bucket", "4"));
    upsert(table, rows("a", 0, 40, "x"));
    assertThat(layouts(table)).containsExactly("a:4");
    assertThat(live(table)).extracting(e -> e.bucket()).contains(0, 1, 2, 3);

    create("p", Map.of("primary-key", "dt,id", "bucket", "-2"));
    table = alter("p", set("bucket", "3"));
    upsert(table, rows("a", 0, 30, "x"));
    assertThat(layouts(table)).containsExactly("a:3");

    create("f", Map.of("primary-key", "dt,id", "bucket", "2"));
    table = alter("f", new SchemaChange.RemoveOption("bucket"));
    assertThat(table.schema().options()).doesNotContainKey("bucket");
    upsert(table, rows("a", 0, 10, "x"));
    assertThat(TableTestSupport.readAll(table)).hasSize(10);
    assertThat(table.snapshotManager().latest().indexManifest())
        .as("a dynamic-bucket table keeps its key index")
        .isNotNull();
  }

  @Test
  void anEmptyTableChangesItsMergeEngine() {
    create("t", Map.of("primary-key", "dt,id", "bucket", "1"));
    FileStoreTable table = alter("t", set("merge-engine", "first-row"));
    upsert(table, rows("a", 0, 5, "x"));
    upsert(table, rows("a", 0, 5, "y"));
    assertThat(TableTestSupport.readAll(table))
        .extracting(r -> r[2])
        .containsExactlyInAnyOrder("x0", "x1", "x2", "x3", "x4");
  }

  @Test
  void theNewLayoutIsValidatedAsAtCreate() {
    TableTestSupport.create(
        TableTestSupport.catalog(dir),
        "append",
        KV,
        List.of("dt"),
        Map.of("bucket", "2", "bucket-key", "id"));
    assertThatThrownBy(() -> alter("append", set("bucket", "-2")))
        .hasMessageContaining("postpone")
        .hasMessageContaining("primary key");
    create("t", Map.of("primary-key", "dt,id"));
    assertThatThrownBy(() -> alter("t", set("bucket", "0")))
        .hasMessageStartingWith("Invalid value '0' for table option 'bucket'");
    assertThat(
            TableTestSupport.catalog(dir).loadTable(new Identifier("default", "t")).schema().id())
        .isZero();
  }

  @Test
  void onceATableHasASnapshotItsLayoutIsFixed() {
    FileStoreTable table = create("t", Map.of("primary-key", "dt,id"));
    // An emptied table has snapshots too: Paimon decides by them, not by files.
    upsert(table, rows("a", 0, 4, "x"));
    table.newCommit("test").overwrite(List.of(), null);
    assertThat(TableTestSupport.readAll(table)).isEmpty();
    assertThatThrownBy(() -> alter("t", set("bucket", "4")))
        .hasMessage(
            "Cannot change table option 'bucket' from -1 to 4: once a table has snapshots, only a"
                + " fixed bucket count (1 or more) can change to another fixed count, as dynamic"
                + " (-1) and postponed (-2) buckets lay files out by their own rules; rewrite the"
                + " table with CREATE TABLE AS SELECT instead.");
    assertThatThrownBy(() -> alter("t", set("merge-engine", "first-row")))
        .hasMessageStartingWith(
            "Cannot change table option 'merge-engine' of a table that has snapshots");
    FileStoreTable fixed = create("f", Map.of("primary-key", "dt,id", "bucket", "2"));
    upsert(fixed, rows("a", 0, 4, "x"));
    assertThatThrownBy(() -> alter("f", new SchemaChange.RemoveOption("bucket")))
        .hasMessage(
            "Cannot unset table option 'bucket' of a table that has snapshots: the bucket layout"
                + " of its files depends on it.");
    assertThat(alter("f", set("bucket", "3")).schema().options()).containsEntry("bucket", "3");
  }

  @Test
  void aWriteStartedBeforeALayoutChangeCannotCommitAfterIt() {
    FileStoreTable dynamic = create("t", Map.of("primary-key", "dt,id"));
    List<CommitMessage> written = TableTestSupport.write(dynamic, rows("a", 0, 20, "x"));
    alter("t", set("bucket", "4"));
    FileStoreCommit commit = new FileStoreCommit(dynamic, "early", Clock.systemUTC());
    assertThatThrownBy(() -> commit.commit(written, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("the table schema changed while this write ran (schema 0 to 1)")
        .hasMessageContaining("table option 'bucket' that laid out its files changed from -1 to 4");
    commit.abort(written);
    assertThat(dynamic.snapshotManager().latestId()).isEmpty();

    FileStoreTable dedup = create("m", Map.of("primary-key", "dt,id", "bucket", "1"));
    List<CommitMessage> messages = TableTestSupport.write(dedup, rows("a", 0, 3, "x"));
    alter("m", set("merge-engine", "first-row"));
    FileStoreCommit second = new FileStoreCommit(dedup, "early", Clock.systemUTC());
    assertThatThrownBy(() -> second.commit(messages, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining(
            "table option 'merge-engine' that its files were written under changed from its"
                + " default deduplicate to 'first-row'");
    second.abort(messages);

    // Options that do not lay out or merge files change freely under a running write.
    FileStoreTable other = create("o", Map.of("primary-key", "dt,id", "bucket", "1"));
    List<CommitMessage> third = TableTestSupport.write(other, rows("a", 0, 3, "x"));
    alter("o", set("snapshot.num-retained.min", "3"));
    assertThat(new FileStoreCommit(other, "w", Clock.systemUTC()).commit(third, CommitKind.APPEND))
        .isNotNull();
  }

  private static List<io.strata.core.manifest.ManifestEntry> live(FileStoreTable table) {
    return PartitionedKeyRows.live(table);
  }
}
