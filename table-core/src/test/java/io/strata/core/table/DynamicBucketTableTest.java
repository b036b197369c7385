package io.strata.core.table;

import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.commit.CommitConflictException;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.format.CloseableIterator;
import io.strata.core.index.HashIndexFile;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.predicate.PartitionPredicates;
import io.strata.core.read.TableRead;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Primary-key tables in dynamic bucket mode ('bucket' = -1): hash index and key assignment. */
class DynamicBucketTableTest {

  @TempDir Path dir;

  static final RowType KV =
      new RowType(
          List.of(
              new DataField(0, "dt", DataTypes.STRING().notNull()),
              new DataField(1, "id", DataTypes.BIGINT().notNull()),
              new DataField(2, "v", DataTypes.STRING())));

  FileStoreTable table() {
    return TableTestSupport.create(
        TableTestSupport.catalog(dir),
        "dyn",
        KV,
        List.of("dt"),
        Map.of("primary-key", "dt,id", "dynamic-bucket.target-row-num", "10"));
  }

  static List<Object[]> rows(String dt, int from, int to, String v) {
    List<Object[]> rows = new ArrayList<>();
    for (long id = from; id < to; id++) {
      rows.add(new Object[] {dt, id, v + id});
    }
    return rows;
  }

  static Snapshot upsert(FileStoreTable table, List<Object[]> rows) {
    return TableTestSupport.write(
        table, rows, java.util.Collections.nCopies(rows.size(), RowKind.INSERT));
  }

  static List<IndexManifestEntry> index(FileStoreTable table) {
    Snapshot latest = table.snapshotManager().latest();
    return table.manifestFiles().readIndexManifest(latest.indexManifest());
  }

  /** Key (dt, id) → value, failing on a key read twice: the proof of a correct index. */
  static Map<String, Object> byKey(FileStoreTable table) {
    Map<String, Object> result = new HashMap<>();
    for (Object[] row : readAll(table)) {
      Object previous = result.put(row[0] + "/" + row[1], row[2]);
      assertThat(previous).as("key %s/%s read twice", row[0], row[1]).isNull();
    }
    return result;
  }

  @Test
  void keysFillBucketsUpToTheTargetAndTheIndexListsEveryKey() {
    FileStoreTable table = table();
    List<Object[]> rows = rows("a", 0, 35, "x");
    rows.addAll(rows("b", 0, 5, "x"));
    upsert(table, rows);
    assertThat(index(table))
        .extracting(e -> e.bucket() + ":" + e.indexFile().rowCount())
        .containsExactlyInAnyOrder("0:10", "1:10", "2:10", "3:5", "0:5");
    assertThat(index(table)).allMatch(e -> e.indexFile().indexType().equals("HASH"));
    assertThat(byKey(table)).hasSize(40);
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    assertThat(scan.liveEntries(table.snapshotManager().latest()))
        .allMatch(e -> e.totalBuckets() == -1);
  }

  @Test
  void upsertsAcrossCommitsKeepEachKeyInItsBucket() {
    FileStoreTable table = table();
    upsert(table, rows("a", 0, 25, "x"));
    upsert(table, rows("a", 10, 40, "y"));
    upsert(table, rows("a", 0, 5, "z"));
    Map<String, Object> rows = byKey(table);
    assertThat(rows).hasSize(40);
    assertThat(rows.get("a/0")).isEqualTo("z0");
    assertThat(rows.get("a/12")).isEqualTo("y12");
    assertThat(rows.get("a/39")).isEqualTo("y39");
    // One HASH file per bucket: 40 keys, 10 a bucket; rewritten buckets replace their old file.
    assertThat(index(table))
        .extracting(e -> e.bucket() + ":" + e.indexFile().rowCount())
        .containsExactlyInAnyOrder("0:10", "1:10", "2:10", "3:10");
    assertHashesMatchData(table);
  }

  @Test
  void deletesFindTheBucketOfTheirKey() {
    FileStoreTable table = table();
    upsert(table, rows("a", 0, 30, "x"));
    List<Object[]> deletes = rows("a", 5, 25, "ignored");
    TableTestSupport.write(
        table, deletes, java.util.Collections.nCopies(deletes.size(), RowKind.DELETE));
    assertThat(byKey(table).keySet())
        .containsExactlyInAnyOrderElementsOf(
            Stream.of(0, 1, 2, 3, 4, 25, 26, 27, 28, 29).map(i -> "a/" + i).toList());
  }

  @Test
  void anOverwriteReplacesThePartitionsKeyIndex() {
    FileStoreTable table = table();
    upsert(table, rows("a", 0, 30, "x"));
    upsert(table, rows("b", 0, 3, "x"));
    TableWriter writer =
        new TableWriter(table, io.strata.core.write.WriteStart.latest(table).forOverwrite(table));
    rows("a", 100, 105, "o").forEach(writer::write);
    table
        .newCommit("test")
        .overwrite(
            writer.prepareCommit(),
            PartitionPredicates.equalTo(table.schema().partitionType(), new Object[] {"a"}));
    assertThat(index(table))
        .extracting(
            e ->
                BinaryRowCodec.deserialize(table.schema().partitionType(), e.partition())[0]
                    + ":"
                    + e.bucket()
                    + ":"
                    + e.indexFile().rowCount())
        .containsExactlyInAnyOrder("a:0:5", "b:0:3");
    upsert(table, rows("a", 100, 112, "p"));
    assertThat(byKey(table)).hasSize(15).containsEntry("a/101", "p101");
    assertHashesMatchData(table);
  }

  @Test
  void droppingAPartitionDropsItsKeyIndex() {
    FileStoreTable table = table();
    upsert(table, rows("a", 0, 12, "x"));
    upsert(table, rows("b", 0, 3, "x"));
    new FileStoreCommit(table, "test")
        .dropPartitions(
            Set.of(BinaryRowCodec.serialize(table.schema().partitionType(), new Object[] {"a"})));
    assertThat(index(table)).extracting(e -> e.indexFile().rowCount()).containsExactly(3L);
  }

  @Test
  void aConcurrentWriteThatChangedTheBucketsKeyIndexFailsTheCommit() {
    FileStoreTable table = table();
    upsert(table, rows("a", 0, 5, "x"));
    TableWriter first = table.newWrite();
    TableWriter second = table.newWrite();
    rows("a", 5, 6, "first").forEach(first::write);
    rows("a", 5, 6, "second").forEach(second::write);
    List<CommitMessage> firstMessages = first.prepareCommit();
    List<CommitMessage> secondMessages = second.prepareCommit();
    new FileStoreCommit(table, "one").commit(firstMessages, CommitKind.APPEND);
    FileStoreCommit loser = new FileStoreCommit(table, "two");
    assertThatThrownBy(() -> loser.commit(secondMessages, CommitKind.APPEND))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining(
            ": a concurrent commit changed the key index of dynamic bucket 0 that this write"
                + " assigned keys with; retry the statement");
    assertThat(byKey(table)).hasSize(6).containsEntry("a/5", "first5");
  }

  @Test
  void twoTasksRewritingOneBucketsIndexFailTheCommit() {
    FileStoreTable table = table();
    TableWriter first = table.newWrite();
    TableWriter second = table.newWrite();
    rows("a", 0, 2, "x").forEach(first::write);
    rows("a", 2, 4, "x").forEach(second::write);
    List<CommitMessage> all = new ArrayList<>(first.prepareCommit());
    all.addAll(second.prepareCommit());
    assertThatThrownBy(() -> new FileStoreCommit(table, "t").commit(all, CommitKind.APPEND))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(
            ": two tasks of one write changed the key index of bucket 0 of partition")
        .hasMessageEndingWith(
            "A dynamic-bucket table needs all rows of a partition in one task; nothing was"
                + " committed, retry the write.");
    assertThat(table.snapshotManager().latest()).isNull();
  }

  @Test
  void upsertsIntoPaimonsDynamicBucketTableFollowItsHashIndex() throws IOException {
    Path copy = dir.resolve("warehouse");
    copyTree(
        GoldenFiles.dir().resolve("warehouse/golden.db/pk_dynamic_bucket"),
        copy.resolve("golden.db/pk_dynamic_bucket"));
    FileStoreTable table =
        TableTestSupport.catalog(copy).loadTable(new Identifier("golden", "pk_dynamic_bucket"));
    List<Object[]> rows = new ArrayList<>();
    for (long id = 0; id < 300; id += 2) {
      rows.add(new Object[] {id, "s" + id, (int) id});
    }
    upsert(table, rows);
    Map<Long, Object> byId = new HashMap<>();
    for (Object[] row : readAll(table)) {
      assertThat(byId.put((Long) row[0], row[1])).as("id %s read twice", row[0]).isNull();
    }
    assertThat(byId).hasSize(275).containsEntry(248L, "s248").containsEntry(249L, "v249");
    // Paimon's buckets held 100, 100 and 50 keys: the 25 new keys join bucket 2.
    assertThat(index(table))
        .extracting(e -> e.bucket() + ":" + e.indexFile().rowCount())
        .containsExactlyInAnyOrder("0:100", "1:100", "2:75");
  }

  @Test
  void compactionKeepsTheKeyIndexAndExpirationDeletesReplacedHashFiles() throws IOException {
    FileStoreTable table = table();
    upsert(table, rows("a", 0, 15, "x"));
    upsert(table, rows("a", 10, 25, "y"));
    List<IndexManifestEntry> before = index(table);
    Map<String, Object> rows = byKey(table);
    table.newCommit("test").compact(null, CompactStrategy.FULL);
    assertThat(table.snapshotManager().latest().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(index(table)).containsExactlyInAnyOrderElementsOf(before);
    assertThat(byKey(table)).isEqualTo(rows);

    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));
    Set<String> live = new HashSet<>();
    index(table).forEach(e -> live.add(e.indexFile().fileName()));
    try (Stream<Path> files = Files.list(dir.resolve("default.db/dyn/index"))) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .containsExactlyInAnyOrderElementsOf(live);
    }
    assertThat(byKey(table)).isEqualTo(rows);
  }

  /**
   * With {@code index-file-in-data-file-dir} each bucket's hash index sits in its bucket directory:
   * later writes restore it from there, expiration deletes replaced ones there and orphan removal
   * keeps the live ones.
   */
  @Test
  void hashIndexesInBucketDirectoriesAreRestoredExpiredAndKept() throws Exception {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "dyn",
            KV,
            List.of("dt"),
            Map.of(
                "primary-key", "dt,id",
                "dynamic-bucket.target-row-num", "10",
                "index-file-in-data-file-dir", "true"));
    upsert(table, rows("a", 0, 25, "x"));
    upsert(table, rows("a", 10, 40, "y"));
    upsert(table, rows("b", 0, 5, "z"));
    Map<String, Object> rows = byKey(table);
    assertThat(rows).hasSize(45);
    assertHashesMatchData(table);

    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));
    assertThat(Files.exists(dir.resolve("default.db/dyn/index"))).isFalse();
    Thread.sleep(20); // every file older than the orphan cutoff below
    Set<String> live = new HashSet<>();
    index(table).forEach(e -> live.add(e.indexFile().fileName()));
    assertThat(live).hasSize(5);
    assertThat(indexFilesInBucketDirectories()).containsExactlyInAnyOrderElementsOf(live);
    io.strata.core.expire.OrphanFiles.Result orphans =
        new io.strata.core.expire.OrphanFiles(table).remove(table.clock().millis(), false);
    assertThat(orphans.files()).isEmpty();
    assertThat(indexFilesInBucketDirectories()).containsExactlyInAnyOrderElementsOf(live);
    assertThat(byKey(table)).isEqualTo(rows);
  }

  private List<String> indexFilesInBucketDirectories() throws IOException {
    try (Stream<Path> files = Files.walk(dir.resolve("default.db/dyn"))) {
      return files
          .filter(f -> f.getParent().getFileName().toString().startsWith("bucket-"))
          .map(f -> f.getFileName().toString())
          .filter(n -> n.startsWith("index-"))
          .toList();
    }
  }

  @Test
  void aTableWhoseKeyLacksPartitionColumnsIsNotWritten() {
    // Paimon creates such tables (cross-partition upsert with a global index); Strata only reads.
    TableSchema schema =
        new TableSchema(
            TableSchema.CURRENT_VERSION,
            0,
            KV.fields(),
            2,
            List.of("dt"),
            List.of("id"),
            Map.of(),
            null,
            0L);
    FileStoreTable table =
        new FileStoreTable(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()), schema);
    assertThatThrownBy(() -> TableWriter.checkWritable(table))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageEndingWith(
            ": its primary key [id] lacks partition columns [dt], so an update may move a key to"
                + " another partition (Paimon's cross-partition upsert with a global index),"
                + " which Strata does not support. Write it with Paimon.");
  }

  /** Every key read from a bucket has its hash in that bucket's index file. */
  private static void assertHashesMatchData(FileStoreTable table) {
    HashIndexFile files = new HashIndexFile(table.fileIO(), table.indexFilePaths());
    Map<String, Set<Integer>> indexed = new HashMap<>();
    for (IndexManifestEntry e : index(table)) {
      Set<Integer> hashes = new HashSet<>();
      Arrays.stream(files.read(e.partition(), e.bucket(), e.indexFile())).forEach(hashes::add);
      indexed.put(Arrays.toString(e.partition().bytes()) + "/" + e.bucket(), hashes);
    }
    RowType keyType = table.schema().trimmedPrimaryKeyType();
    Snapshot latest = table.snapshotManager().latest();
    int rows = 0;
    for (DataSplit split : new TableScan(table, new Options(Map.of())).plan(latest).splits()) {
      Set<Integer> hashes =
          indexed.get(Arrays.toString(split.partition().bytes()) + "/" + split.bucket());
      try (CloseableIterator<Object[]> reader =
          TableRead.open(table, split, table.schema().rowType())) {
        while (reader.hasNext()) {
          Object[] key = {reader.next()[1]};
          assertThat(hashes).contains(BucketFunction.hash(BinaryRowCodec.serialize(keyType, key)));
          rows++;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    assertThat(rows).isEqualTo(readAll(table).size());
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
          target.toFile().setWritable(true);
        }
      }
    }
  }
}
