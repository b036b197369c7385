package io.strata.core.compact;

import io.strata.core.data.BinaryRow;
import io.strata.core.fileindex.FileIndexWriter;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.DataFileFormat;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.FileIndexOptions;
import io.strata.core.options.Options;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * {@code CALL sys.rewrite_file_index}: gives data files written before the table's file-index
 * options changed the index those options now ask for, without rewriting the data. Each file is
 * read for its indexed columns only and its new index goes into the manifest or beside it as a new
 * {@code .index} file; the commit replaces each file's manifest entry with the same file carrying
 * the new index (a COMPACT snapshot that deletes and adds the same name, as Paimon's procedure
 * does). The old index file stays on disk while an older snapshot names it; expiration removes it.
 */
public final class FileIndexRewrite {

  private FileIndexRewrite() {}

  /** One data file to index, planned in the driver from the manifests. */
  public record Task(BinaryRow partition, int bucket, int totalBuckets, DataFileMeta file)
      implements Serializable {

    public BucketId bucketId() {
      return new BucketId(partition, bucket);
    }
  }

  /**
   * The live files of the latest snapshot in partitions matching {@code partitionFilter} (null =
   * all), grouped by bucket in manifest order; none for an empty table.
   */
  public static List<Task> plan(FileStore table, Predicate partitionFilter) {
    Snapshot latest = table.snapshotManager().latest();
    if (latest == null) {
      return List.of();
    }
    Map<BucketId, List<Task>> byBucket = new LinkedHashMap<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(partitionFilter)
            .liveEntries(latest)) {
      byBucket
          .computeIfAbsent(new BucketId(e.partition(), e.bucket()), b -> new ArrayList<>())
          .add(new Task(e.partition(), e.bucket(), e.totalBuckets(), e.file()));
    }
    return byBucket.values().stream().flatMap(List::stream).toList();
  }

  /**
   * Indexes {@code tasks}' files under {@code table}'s current options: one compaction message per
   * bucket, holding only the files whose index changed. On failure the index files written so far
   * are deleted and the error is rethrown.
   */
  public static List<CommitMessage> run(FileStore table, List<Task> tasks) {
    List<CommitMessage> changed = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    try {
      for (Task task : tasks) {
        DataFileMeta indexed = reindex(table, task, written);
        if (!sameIndex(task.file(), indexed)) {
          changed.add(
              CommitMessage.compaction(
                  task.bucketId(), task.totalBuckets(), List.of(task.file()), List.of(indexed)));
        }
      }
    } catch (IOException | RuntimeException e) {
      for (Path p : written) {
        try {
          table.fileIO().delete(p);
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Cannot rewrite the file indexes of " + table.root(), io);
      }
      throw (RuntimeException) e;
    }
    return oneMessagePerBucket(changed);
  }

  /**
   * One message per bucket from the messages of several runs: a commit takes one compaction per
   * bucket, and tasks split an unbucketed table's bucket by file.
   */
  public static List<CommitMessage> oneMessagePerBucket(List<CommitMessage> messages) {
    Map<BucketId, List<CommitMessage>> byBucket = new LinkedHashMap<>();
    for (CommitMessage m : messages) {
      byBucket
          .computeIfAbsent(new BucketId(m.partition(), m.bucket()), b -> new ArrayList<>())
          .add(m);
    }
    List<CommitMessage> merged = new ArrayList<>();
    byBucket.forEach(
        (bucket, ms) ->
            merged.add(
                CommitMessage.compaction(
                    bucket,
                    ms.get(0).totalBuckets(),
                    ms.stream().flatMap(m -> m.compactBefore().stream()).toList(),
                    ms.stream().flatMap(m -> m.compactAfter().stream()).toList())));
    return merged;
  }

  /** {@code task}'s file with the index the table's options give it; records files it wrote. */
  static DataFileMeta reindex(FileStore table, Task task, List<Path> written) throws IOException {
    DataFileMeta file = task.file();
    TableSchema current = table.schema();
    TableSchema fileSchema =
        file.schemaId() == current.id() ? current : table.schemaManager().schema(file.schemaId());
    Map<String, String> fileNames =
        indexedColumnsInFile(table.options(), current, fileSchema, file.writeCols());
    List<String> extras =
        new ArrayList<>(file.extraFiles().stream().filter(n -> !isIndexFile(n)).toList());
    if (fileNames.isEmpty()) {
      return file.withFileIndex(extras, null);
    }
    Options options = FileIndexOptions.forFileColumns(table.options(), fileNames);
    List<DataField> read = new ArrayList<>();
    for (DataField f : fileSchema.fields()) {
      if (fileNames.containsValue(f.name())) {
        read.add(f);
      }
    }
    RowType readType = new RowType(read);
    FileIndexWriter index = FileIndexWriter.create(options, readType);
    Path dataPath =
        table
            .dataFilePaths()
            .of(task.partition(), task.bucket(), file.fileName(), file.externalPath());
    try (CloseableIterator<Object[]> rows =
        DataFileFormat.ofFile(file.fileName())
            .open(table.fileIO().fileSystem(dataPath), dataPath, file.fileSize(), readType)) {
      while (rows.hasNext()) {
        index.add(rows.next());
      }
    }
    byte[] bytes = index.finish();
    if (index.embeds(bytes.length)) {
      return file.withFileIndex(extras, bytes);
    }
    String previous =
        file.extraFiles().stream().filter(FileIndexRewrite::isIndexFile).findFirst().orElse(null);
    if (previous != null && holds(table, new Path(dataPath.getParent(), previous), bytes)) {
      return file; // already indexed as the options ask: nothing to write or commit
    }
    Path indexPath = newIndexPath(table, dataPath, file);
    if (!table.fileIO().createExclusively(indexPath, bytes)) {
      throw new IOException("The file index " + indexPath + " appeared while it was written");
    }
    written.add(indexPath);
    extras.add(indexPath.getName());
    return file.withFileIndex(extras, null);
  }

  /**
   * Current indexed column name to the name {@code fileSchema} gives the same field (by id), for
   * the indexed columns the file holds ({@code writeCols}: the columns it holds, null = all).
   */
  private static Map<String, String> indexedColumnsInFile(
      Options options, TableSchema current, TableSchema fileSchema, List<String> writeCols) {
    Map<String, String> names = new LinkedHashMap<>();
    List<String> indexed = new ArrayList<>(FileIndexOptions.bloomFilterColumns(options));
    indexed.addAll(FileIndexOptions.bitmapColumns(options));
    for (String column : indexed) {
      int i = current.rowType().indexOf(column);
      if (i < 0) {
        continue;
      }
      int id = current.rowType().field(i).id();
      for (DataField f : fileSchema.fields()) {
        // A file that Paimon's data evolution wrote holds only its write columns; the others
        // would read as NULL, and an index of NULLs would skip the file for every value.
        if (f.id() == id && (writeCols == null || writeCols.contains(f.name()))) {
          names.put(column, f.name());
        }
      }
    }
    return names;
  }

  /**
   * A name for the file's new index that no file holds: {@code <data file>.index}, or with a number
   * after the previous index's ({@code <data file>-1.index}, {@code -2}...), as Paimon names them.
   * The old index may still serve older snapshots, so it is never overwritten.
   */
  private static Path newIndexPath(FileStore table, Path dataPath, DataFileMeta file)
      throws IOException {
    Path dir = dataPath.getParent();
    String base = file.fileName();
    int next = 0;
    for (String extra : file.extraFiles()) {
      if (isIndexFile(extra)) {
        next = Math.max(next, indexNumber(base, extra) + 1);
      }
    }
    Path candidate = indexPath(dir, base, next);
    while (table.fileIO().exists(candidate)) {
      candidate = indexPath(dir, base, ++next);
    }
    return candidate;
  }

  /** Whether the file at {@code path} exists and holds exactly {@code bytes}. */
  private static boolean holds(FileStore table, Path path, byte[] bytes) throws IOException {
    try {
      return Arrays.equals(bytes, table.fileIO().readBytes(path));
    } catch (FileNotFoundException e) {
      return false;
    }
  }

  private static Path indexPath(Path dir, String dataFile, int number) {
    return new Path(dir, number == 0 ? dataFile + ".index" : dataFile + "-" + number + ".index");
  }

  /** 0 for {@code <data file>.index}, n for {@code <data file>-n.index}. */
  private static int indexNumber(String dataFile, String indexFile) {
    String middle =
        indexFile.startsWith(dataFile)
            ? indexFile.substring(dataFile.length(), indexFile.length() - ".index".length())
            : "";
    if (middle.startsWith("-")) {
      try {
        return Integer.parseInt(middle.substring(1));
      } catch (NumberFormatException e) {
        return 0;
      }
    }
    return 0;
  }

  private static boolean isIndexFile(String extraFile) {
    return extraFile.endsWith(".index");
  }

  private static boolean sameIndex(DataFileMeta before, DataFileMeta after) {
    return before.extraFiles().equals(after.extraFiles())
        && Arrays.equals(before.embeddedIndex(), after.embeddedIndex());
  }
}
