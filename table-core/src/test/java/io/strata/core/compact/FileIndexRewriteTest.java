package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.commit.CommitConflictException;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.Rollback;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.fileindex.FileIndexFile;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.scan.FileIndexes;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaChange;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rewrite_file_index gives files written before an index option the index it asks for. */
class FileIndexRewriteTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "s", DataTypes.STRING())));

  private static final Identifier ID = new Identifier("default", "t");

  /** Strings bloom-filtered, each file's index written beside it rather than embedded. */
  private static final Map<String, String> INDEX_FILES =
      Map.of(
          "bucket", "-1",
          "file-index.bloom-filter.columns", "s",
          "file-index.bloom-filter.s.items", "50",
          "file-index.in-manifest-threshold", "1 b");

  /** Three appends of 20 rows each: file c holds ids and strings c, c+3, c+6... */
  private FileStoreTable appendTable(Map<String, String> options) {
    FileStoreTable t =
        TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROW, List.of(), options);
    for (int c = 0; c < 3; c++) {
      List<Object[]> rows = new ArrayList<>();
      for (long i = 0; i < 20; i++) {
        rows.add(new Object[] {i * 3 + c, "s" + (i * 3 + c)});
      }
      TableTestSupport.append(t, rows);
    }
    return t;
  }

  private FileStoreTable alter(SchemaChange... changes) {
    return TableTestSupport.catalog(dir).alterTable(ID, List.of(changes));
  }

  private static Snapshot rewrite(FileStoreTable t) {
    List<CommitMessage> messages = FileIndexRewrite.run(t, FileIndexRewrite.plan(t, null));
    return messages.isEmpty() ? null : t.newCommit("rewrite").commitCompaction(messages);
  }

  private static List<DataSplit> splits(FileStoreTable t) {
    return new TableScan(t, new Options(Map.of())).plan(t.snapshotManager().latest()).splits();
  }

  private static LeafPredicate sIs(String value) {
    return new LeafPredicate(1, "s", ROW.typeAt(1), Op.EQ, List.of(value));
  }

  /** Per file, whether the index rules out s = "s" + i, for i in [0, 60). */
  private static Map<String, Set<Long>> keptValues(FileStoreTable t) {
    Map<String, Set<Long>> kept = new HashMap<>();
    for (DataSplit split : splits(t)) {
      for (DataFileMeta f : split.files()) {
        Set<Long> values = new HashSet<>();
        for (long i = 0; i < 60; i++) {
          if (!FileIndexes.excludes(t, split, f, sIs("s" + i))) {
            values.add(i);
          }
        }
        kept.put(f.fileName(), values);
      }
    }
    return kept;
  }

  private List<String> filesNamed(String suffix) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(suffix))
          .sorted()
          .toList();
    }
  }

  @Test
  void filesWrittenBeforeTheOptionGetTheIndexItAsksFor() throws IOException {
    FileStoreTable t = appendTable(Map.of("bucket", "-1"));
    List<Object[]> before = TableTestSupport.readAll(t);
    assertThat(keptValues(t).values()).allSatisfy(v -> assertThat(v).hasSize(60));

    t =
        alter(
            new SchemaChange.SetOption("file-index.bloom-filter.columns", "s"),
            new SchemaChange.SetOption("file-index.bloom-filter.s.items", "50"));
    Snapshot rewritten = rewrite(t);

    assertThat(rewritten.commitKind().name()).isEqualTo("COMPACT");
    Map<String, Set<Long>> kept = keptValues(t);
    assertThat(kept).hasSize(3);
    for (Set<Long> values : kept.values()) {
      // Each file holds one residue class mod 3; its index keeps all of it.
      assertThat(
              Stream.of(0L, 1L, 2L)
                  .filter(
                      c -> Stream.iterate(c, i -> i < 60, i -> i + 3).allMatch(values::contains))
                  .count())
          .isGreaterThanOrEqualTo(1);
      assertThat(values.size()).as("other files' values mostly ruled out").isLessThan(35);
    }
    assertThat(TableTestSupport.readAll(t)).containsExactlyInAnyOrderElementsOf(before);
    assertThat(rewrite(t)).as("already indexed: nothing to commit").isNull();
  }

  @Test
  void aNewIndexFileNeverOverwritesTheOneOlderSnapshotsReadAndExpirationRemovesIt()
      throws IOException {
    FileStoreTable t = appendTable(INDEX_FILES);
    assertThat(filesNamed(".index")).hasSize(3).allMatch(n -> n.endsWith(".parquet.index"));
    List<Object[]> before = TableTestSupport.readAll(t);

    t = alter(new SchemaChange.SetOption("file-index.bitmap.columns", "id"));
    long firstRewrite = rewrite(t).id();
    assertThat(filesNamed(".index")).hasSize(6);
    assertThat(filesNamed("-1.index")).hasSize(3);
    for (DataSplit split : splits(t)) {
      for (DataFileMeta f : split.files()) {
        assertThat(f.extraFiles()).singleElement().matches(n -> n.endsWith(".parquet-1.index"));
        assertThat(f.embeddedIndex()).isNull();
      }
    }

    // An older snapshot still reads its files through the old index files.
    new SnapshotExpiration(t).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, Integer.MAX_VALUE));
    assertThat(t.snapshotManager().earliestId().getAsLong()).isEqualTo(firstRewrite);
    assertThat(filesNamed(".index")).hasSize(3).allMatch(n -> n.endsWith("-1.index"));
    assertThat(filesNamed(".parquet")).hasSize(3);
    assertThat(TableTestSupport.readAll(t)).containsExactlyInAnyOrderElementsOf(before);

    t =
        alter(
            new SchemaChange.RemoveOption("file-index.bloom-filter.columns"),
            new SchemaChange.RemoveOption("file-index.bitmap.columns"));
    rewrite(t);
    for (DataSplit split : splits(t)) {
      for (DataFileMeta f : split.files()) {
        assertThat(f.extraFiles()).isEmpty();
        assertThat(f.embeddedIndex()).isNull();
      }
    }
    new SnapshotExpiration(t).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, Integer.MAX_VALUE));
    assertThat(filesNamed(".index")).isEmpty();
    assertThat(TableTestSupport.readAll(t)).containsExactlyInAnyOrderElementsOf(before);
  }

  @Test
  void anAbortedRewriteDeletesOnlyTheIndexFilesItWrote() throws IOException {
    FileStoreTable t =
        appendTable(
            Map.of(
                "bucket", "-1",
                "file-index.bloom-filter.columns", "s",
                "file-index.in-manifest-threshold", "1 b"));
    t = alter(new SchemaChange.SetOption("file-index.bloom-filter.s.items", "40"));
    List<CommitMessage> messages = FileIndexRewrite.run(t, FileIndexRewrite.plan(t, null));
    assertThat(filesNamed(".index")).hasSize(6);

    t.newCommit("rewrite").abort(messages);

    assertThat(filesNamed(".parquet")).hasSize(3);
    assertThat(filesNamed(".index")).hasSize(3).noneMatch(n -> n.endsWith("-1.index"));
    assertThat(TableTestSupport.readAll(t)).hasSize(60);
  }

  @Test
  void aRewriteLosingToAConcurrentOneFailsAndKeepsTheWinnersFiles() throws IOException {
    FileStoreTable t =
        appendTable(Map.of("bucket", "-1", "file-index.in-manifest-threshold", "1 b"));
    t = alter(new SchemaChange.SetOption("file-index.bloom-filter.columns", "s"));
    List<CommitMessage> first = FileIndexRewrite.run(t, FileIndexRewrite.plan(t, null));
    List<CommitMessage> second = FileIndexRewrite.run(t, FileIndexRewrite.plan(t, null));
    t.newCommit("first").commitCompaction(first);
    FileStoreTable table = t;

    assertThatThrownBy(() -> table.newCommit("second").commitCompaction(second))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("the file index of file")
        .hasMessageContaining("was rewritten by a concurrent commit");

    assertThat(filesNamed(".parquet")).hasSize(3);
    assertThat(filesNamed(".index")).hasSize(3);
    for (DataSplit split : splits(t)) {
      for (DataFileMeta f : split.files()) {
        assertThat(Files.exists(dir.resolve(indexPath(t, split, f)))).isTrue();
      }
    }
    assertThat(TableTestSupport.readAll(t)).hasSize(60);
  }

  private static Path indexPath(FileStoreTable t, DataSplit split, DataFileMeta f) {
    org.apache.hadoop.fs.Path data =
        t.dataFilePaths().of(split.partition(), split.bucket(), f.fileName(), f.externalPath());
    return Path.of(new org.apache.hadoop.fs.Path(data.getParent(), f.extraFiles().get(0)).toUri());
  }

  @Test
  void aFileOfAnOlderSchemaIsIndexedUnderTheNamesItHoldsAndAddedColumnsAreSkipped()
      throws IOException {
    FileStoreTable t = appendTable(Map.of("bucket", "-1"));
    t =
        alter(
            new SchemaChange.RenameColumn(List.of("s"), "name"),
            new SchemaChange.AddColumn(List.of("extra"), DataTypes.INT(), null, null),
            new SchemaChange.SetOption("file-index.bloom-filter.columns", "name,extra"),
            new SchemaChange.SetOption("file-index.bloom-filter.name.items", "50"),
            new SchemaChange.SetOption("file-index.in-manifest-threshold", "1 b"));
    rewrite(t);

    for (DataSplit split : splits(t)) {
      for (DataFileMeta f : split.files()) {
        byte[] index = Files.readAllBytes(dir.resolve(indexPath(t, split, f)));
        assertThat(FileIndexFile.parse(index).columns()).containsExactly("s");
        // Strata looks the index up by the current name, so it keeps the file: never a wrong skip.
        LeafPredicate byNewName =
            new LeafPredicate(1, "name", DataTypes.STRING(), Op.EQ, List.of("nothing"));
        assertThat(FileIndexes.excludes(t, split, f, byNewName)).isFalse();
      }
    }
    assertThat(TableTestSupport.readAll(t)).hasSize(60);
  }

  /** A table of three indexed files (index files, not embedded) given new index files. */
  private FileStoreTable rewrittenIndexFiles() {
    appendTable(INDEX_FILES);
    FileStoreTable t = alter(new SchemaChange.SetOption("file-index.bitmap.columns", "id"));
    new TagOperations(t, Clock.systemUTC()).create("before", 3L, null);
    rewrite(t);
    return t;
  }

  @Test
  void aTagKeepsTheOldIndexFilesUntilItIsDeleted() throws IOException {
    FileStoreTable t = rewrittenIndexFiles();
    new SnapshotExpiration(t).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, Integer.MAX_VALUE));
    assertThat(filesNamed(".parquet.index")).as("the tag lists them").hasSize(3);
    assertThat(filesNamed("-1.index")).hasSize(3);
    Snapshot tagged = t.tagManager().tag("before").orElseThrow().snapshot();
    assertThat(TableTestSupport.read(t, new TableScan(t, new Options(Map.of())), tagged).size())
        .isEqualTo(60);

    new TagOperations(t, Clock.systemUTC()).delete(List.of("before"));

    assertThat(filesNamed(".parquet.index")).isEmpty();
    assertThat(filesNamed("-1.index")).hasSize(3);
    assertThat(filesNamed(".parquet")).hasSize(3);
    assertThat(TableTestSupport.readAll(t)).hasSize(60);
  }

  @Test
  void aRollbackToBeforeTheRewriteDeletesTheNewIndexFilesOnly() throws IOException {
    FileStoreTable t = rewrittenIndexFiles();
    new Rollback(t).to(t.snapshotManager().snapshot(3));

    assertThat(filesNamed("-1.index")).isEmpty();
    assertThat(filesNamed(".parquet.index")).hasSize(3);
    assertThat(filesNamed(".parquet")).hasSize(3);
    assertThat(TableTestSupport.readAll(t)).hasSize(60);
  }

  @Test
  void aChangelogKeptLongerThanSnapshotsDeletesTheOldIndexFilesWhenItExpires() throws IOException {
    Map<String, String> options = new HashMap<>(INDEX_FILES);
    options.putAll(
        Map.of(
            "snapshot.num-retained.min", "1",
            "snapshot.num-retained.max", "2",
            "changelog.num-retained.max", "3"));
    FileStoreTable t = appendTable(options);
    t = alter(new SchemaChange.SetOption("file-index.bitmap.columns", "id"));
    rewrite(t);
    assertThat(filesNamed("-1.index")).hasSize(3);
    List<String> oldIndexes = filesNamed(".parquet.index");
    assertThat(oldIndexes).hasSize(3);
    for (long id = 100; id < 105; id++) {
      TableTestSupport.append(t, List.<Object[]>of(new Object[] {id, "s" + id}));
      new SnapshotExpiration(t)
          .expire(ExpireConfig.fromOptions(t.options(), System.currentTimeMillis()));
    }

    // The old indexes went with the last changelog that listed the files they indexed.
    assertThat(t.snapshotManager().earliestId().getAsLong()).isGreaterThan(5);
    assertThat(filesNamed(".parquet.index")).hasSize(5).doesNotContainAnyElementsOf(oldIndexes);
    assertThat(filesNamed("-1.index")).hasSize(3);
    assertThat(TableTestSupport.readAll(t)).hasSize(65);
  }
}
