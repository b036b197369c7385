package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.io.FileIO;
import io.strata.core.io.FileTaskPool;
import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Expiration, tag deletion and orphan removal on a pool of threads do exactly what they do on one
 * thread: the same files deleted, the same files left, in the same crash-safe phase order.
 */
class ParallelMaintenanceTest {

  private static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()), new DataField(1, "p", DataTypes.INT())));
  private static final int COMMITS = 24;

  @TempDir Path dir;
  private Path built;

  /**
   * 24 commits to 4 partitions, with 2 buckets each: appends, and every third commit overwrites the
   * whole table with rows in only some partitions, so old data files, whole partitions and
   * manifests become unused. Tags hold snapshots 5 and 13.
   */
  @BeforeEach
  void build() {
    built = dir.resolve("built");
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(built),
            "t",
            COLUMNS,
            List.of("p"),
            Map.of("bucket", "2", "bucket-key", "id", "snapshot.clean-empty-directories", "true"));
    FileStoreCommit commit = new FileStoreCommit(table, "test", Clock.systemUTC());
    long id = 0;
    for (int c = 1; c <= COMMITS; c++) {
      List<Object[]> rows = new ArrayList<>();
      int partitions = c % 3 == 0 ? 1 + c % 4 : 4;
      for (int p = 0; p < partitions; p++) {
        rows.add(new Object[] {id++, p});
        rows.add(new Object[] {id++, p});
      }
      List<CommitMessage> written = TableTestSupport.write(table, rows);
      if (c % 3 == 0) {
        commit.overwrite(written, null);
      } else {
        commit.commit(written, CommitKind.APPEND);
      }
    }
    TagOperations tags = new TagOperations(table, Clock.systemUTC());
    tags.create("t5", 5L, null);
    tags.create("t13", 13L, null);
  }

  @Test
  void parallelExpirationDeletesWhatSerialExpirationDeletes() throws Exception {
    FileStoreTable serial = copy("serial", 1);
    FileStoreTable parallel = copy("parallel", 4);
    Set<String> before = files(dir.resolve("serial"));
    int expirable = expirable(serial);

    int expiredSerially = new SnapshotExpiration(serial).expire(config());
    int expiredInParallel = new SnapshotExpiration(parallel).expire(config());

    assertThat(expiredInParallel).isEqualTo(expiredSerially).isEqualTo(expirable);
    Set<String> left = files(dir.resolve("serial"));
    assertThat(files(dir.resolve("parallel"))).isEqualTo(left);
    assertThat(before).containsAll(left);
    assertThat(dataFiles(before)).hasSizeGreaterThan(dataFiles(left).size());
    assertThat(parallel.snapshotManager().earliestId())
        .isEqualTo(serial.snapshotManager().earliestId());
    assertReadable(parallel);
  }

  @Test
  void parallelTagDeletionDeletesWhatSerialTagDeletionDeletes() throws Exception {
    FileStoreTable serial = copy("serial", 1);
    FileStoreTable parallel = copy("parallel", 4);
    new SnapshotExpiration(serial).expire(config());
    new SnapshotExpiration(parallel).expire(config());
    Set<String> before = files(dir.resolve("parallel"));

    new TagDeletion(serial).delete(List.of("t5"));
    new TagDeletion(parallel).delete(List.of("t5"));

    Set<String> left = files(dir.resolve("serial"));
    assertThat(files(dir.resolve("parallel"))).isEqualTo(left);
    assertThat(dataFiles(before)).hasSizeGreaterThan(dataFiles(left).size());
    assertReadable(parallel);
  }

  @Test
  void parallelExpirationDeletesDataFilesThenManifestsThenSnapshotsInOrder() {
    RecordingFileIO io = new RecordingFileIO();
    FileStoreTable table = copy("recorded", 4, io);
    int expirable = expirable(table);
    new SnapshotExpiration(table).expire(config());

    List<String> kinds = io.deleted.stream().map(ParallelMaintenanceTest::kind).toList();
    assertThat(kinds).contains("data", "manifest", "snapshot");
    int lastData = kinds.lastIndexOf("data");
    int firstManifest = kinds.indexOf("manifest");
    int lastManifest = kinds.lastIndexOf("manifest");
    int firstSnapshot = kinds.indexOf("snapshot");
    assertThat(lastData).isLessThan(firstManifest);
    assertThat(lastManifest).isLessThan(firstSnapshot);
    List<Long> snapshotIds =
        io.deleted.stream()
            .filter(p -> kind(p).equals("snapshot"))
            .map(p -> Long.parseLong(p.substring(p.lastIndexOf('-') + 1)))
            .toList();
    assertThat(snapshotIds).isSorted().hasSize(expirable);
  }

  @Test
  void parallelOrphanRemovalFindsWhatSerialOrphanRemovalFinds() throws Exception {
    List<String> planted =
        List.of(
            "p=0/bucket-0/data-orphan-a.parquet",
            "p=1/bucket-1/data-orphan-b.parquet",
            "p=3/bucket-0/nested/deeper/data-orphan-c.parquet",
            "manifest/manifest-orphan-d");
    // Not files the table writes: a partition's done marker, something left in the directory.
    List<String> foreign = List.of("stray-at-root", "p=0/_SUCCESS");
    FileStoreTable serial = copy("serial", 1);
    FileStoreTable parallel = copy("parallel", 4);
    for (String copy : List.of("serial", "parallel")) {
      Path root = dir.resolve(copy).resolve("default.db/t");
      for (String rel :
          java.util.stream.Stream.concat(planted.stream(), foreign.stream()).toList()) {
        Path file = root.resolve(rel);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "orphan");
        Files.setLastModifiedTime(
            file, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
      }
    }
    long cutoff = System.currentTimeMillis() - 60_000;

    OrphanFiles.Result bySerial = new OrphanFiles(serial).remove(cutoff, false);
    OrphanFiles.Result byParallel = new OrphanFiles(parallel).remove(cutoff, false);

    assertThat(relative(parallel, byParallel)).isEqualTo(relative(serial, bySerial));
    assertThat(relative(parallel, byParallel)).containsExactlyInAnyOrderElementsOf(planted);
    assertThat(byParallel.bytes()).isEqualTo(bySerial.bytes()).isEqualTo(6L * planted.size());
    assertThat(files(dir.resolve("parallel"))).isEqualTo(files(dir.resolve("serial")));
    assertThat(files(dir.resolve("parallel"))).noneMatch(f -> f.contains("orphan"));
    for (String rel : foreign) {
      assertThat(dir.resolve("parallel").resolve("default.db/t").resolve(rel)).exists();
    }
    assertReadable(parallel);
  }

  @Test
  void localListerListsEveryLevelAndSkipsNewFiles() throws Exception {
    Path root = dir.resolve("tree");
    Files.createDirectories(root.resolve("a/b/c"));
    Files.createDirectories(root.resolve("d"));
    for (String rel : List.of("a/1", "a/b/2", "a/b/c/3", "d/4")) {
      Files.setLastModifiedTime(Files.writeString(root.resolve(rel), "x"), FileTime.fromMillis(0));
    }
    Files.writeString(root.resolve("d/new"), "x");
    DirectoryLister lister =
        new LocalDirectoryLister(HadoopFileIO.local(), FileTaskPool.withThreads(3));

    List<FileIO.FileStatusInfo> listed =
        lister.filesBelow(
            List.of(hadoopPath(root.resolve("a")), hadoopPath(root.resolve("d"))), 1_000);

    assertThat(listed)
        .extracting(f -> f.path().getName())
        .containsExactlyInAnyOrder("1", "2", "3", "4");
  }

  /** All snapshots but the 3 newest (commits that compact small files add snapshots). */
  private static int expirable(FileStoreTable table) {
    assertThat(table.snapshotManager().earliestId()).hasValue(1);
    return (int) table.snapshotManager().latestId().getAsLong() - 3;
  }

  private static ExpireConfig config() {
    return new ExpireConfig(3, 3, Long.MAX_VALUE, 1000);
  }

  private FileStoreTable copy(String name, int threads) {
    return copy(name, threads, HadoopFileIO.local());
  }

  /** A copy of the built table at {@code dir/name}, using {@code threads} delete threads. */
  private FileStoreTable copy(String name, int threads, FileIO io) {
    Path target = dir.resolve(name);
    try (Stream<Path> walk = Files.walk(built)) {
      for (Path p : walk.toList()) {
        Path to = target.resolve(built.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    FileStoreTable table =
        new WarehouseCatalog(io, hadoopPath(target)).loadTable(new Identifier("default", "t"));
    Map<String, String> options = new HashMap<>(table.schema().options());
    options.put("delete-file.thread-num", Integer.toString(threads));
    return table.withSchema(table.schema().withOptions(options));
  }

  private static org.apache.hadoop.fs.Path hadoopPath(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  /** Every file and directory below {@code root}, relative to it. */
  private static Set<String> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> !p.equals(root))
          .map(p -> root.relativize(p).toString())
          .filter(p -> !p.startsWith("default.db/t/snapshot/EARLIEST"))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static Set<String> dataFiles(Set<String> files) {
    return files.stream().filter(f -> f.contains("/data-")).collect(Collectors.toSet());
  }

  private static List<String> relative(FileStoreTable table, OrphanFiles.Result result) {
    List<String> paths = new ArrayList<>();
    for (org.apache.hadoop.fs.Path p : result.files()) {
      paths.add(ReferencedFiles.relative(table.root(), p));
    }
    Collections.sort(paths);
    return paths;
  }

  /** The latest snapshot and both tags still read their rows. */
  private static void assertReadable(FileStoreTable table) {
    TableScan scan = new TableScan(table, new Options(Map.of()));
    assertThat(TableTestSupport.read(table, scan, table.snapshotManager().latest())).isNotEmpty();
    SnapshotSelector selector = new SnapshotSelector(table);
    for (String tag : table.tagManager().tags().keySet()) {
      assertThat(TableTestSupport.read(table, scan, selector.byTag(tag))).isNotEmpty();
    }
  }

  private static String kind(String path) {
    if (path.contains("/snapshot/snapshot-")) {
      return "snapshot";
    }
    if (path.contains("/manifest/")) {
      return "manifest";
    }
    return path.contains("/data-") ? "data" : "other";
  }

  /** Records the path of every delete, in the order they happen. */
  private static final class RecordingFileIO extends ForwardingFileIO {
    final List<String> deleted = Collections.synchronizedList(new ArrayList<>());

    RecordingFileIO() {
      super(HadoopFileIO.local());
    }

    @Override
    public boolean delete(org.apache.hadoop.fs.Path path) throws IOException {
      deleted.add(path.toString());
      return delegate.delete(path);
    }
  }
}
