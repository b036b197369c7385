package io.strata.spark.sort;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.DeletionVectorChange;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.predicate.Predicate;
import io.strata.core.progress.Progress;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.PartitionBuckets;
import io.strata.core.write.RowBuckets;
import io.strata.core.write.WriteStart;
import io.strata.spark.SparkJobs;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.read.StrataScan;
import io.strata.spark.write.StrataDataWriterFactory;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.HashPartitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.internal.SQLConf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * {@code CALL sys.rescale}, as a Spark job: Spark reads the selected partitions of the latest
 * snapshot through Strata's scan (merged rows, as a query sees them), sends each row to the task of
 * its bucket among {@code bucketNum}, and the tasks write them through the table's write path as
 * partitions of {@code bucketNum} buckets; the driver plans from manifests only and commits once.
 *
 * <p>The commit is one COMPACT snapshot (no row changes) that removes exactly the files the scan
 * read, as {@link SortCompaction}'s does (Paimon's rescale commits an OVERWRITE instead). A
 * concurrent compaction or delete of a file read makes it fail rather than resurrect rows; rows a
 * concurrent write added to a selected partition in its old count make it fail at the commit's
 * bucket count check, rather than leave the partition with two counts. Rows Paimon's writers left
 * in {@code bucket-postpone/}, which queries do not read, stay there for {@code CALL sys.compact}.
 */
public final class BucketRescale {

  private static final Logger LOG = LoggerFactory.getLogger(BucketRescale.class);

  private BucketRescale() {}

  /**
   * Rewrites the partitions matching {@code partitionFilter} (null = all) with {@code bucketNum}
   * buckets each.
   *
   * @return the COMPACT snapshot, or null when the selected partitions hold no file
   */
  public static Snapshot run(
      SparkSession spark,
      FileStoreTable table,
      Predicate partitionFilter,
      int bucketNum,
      String commitUser) {
    long start = System.nanoTime();
    Snapshot latest = table.snapshotManager().latest();
    Set<BinaryRow> partitions = new HashSet<>();
    long bytes = 0;
    if (latest != null) {
      FileStoreScan scan =
          new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
              .withPartitionFilter(partitionFilter);
      for (ManifestEntry e : scan.liveEntries(latest)) {
        if (e.bucket() >= 0) {
          partitions.add(e.partition());
          bytes += e.file().fileSize();
        }
      }
    }
    if (partitions.isEmpty()) {
      LOG.info(
          "Rescale of {} found no data file in the selected partitions, in {}",
          Progress.table(table.root()),
          Progress.elapsedSince(start));
      return null;
    }
    long buckets = (long) partitions.size() * bucketNum;
    int tasks = (int) Math.max(1, Math.min(buckets, SQLConf.get().numShufflePartitions()));
    AtomicReference<StrataScan> scan = new AtomicReference<>();
    CompactionSource source = new CompactionSource(table, latest, partitionFilter, scan::set);
    // Every partition written gets bucketNum buckets. The tasks compact what they write as the
    // table's writers do, so no level-0 file stays where reads skip level 0 (deletion vectors).
    WriteStart fresh =
        new WriteStart(null, Map.of(), true, false, new PartitionBuckets(Map.of(), bucketNum));
    StrataDataWriterFactory writers =
        new StrataDataWriterFactory(table, fresh, table.schema().rowType());
    RowTask rowTask = new RowTask(table.schema(), bucketNum, tasks);
    String description =
        "Strata rescale of "
            + Progress.table(table.root())
            + ": "
            + Progress.count(partitions.size(), "partition")
            + " ("
            + Progress.bytes(bytes)
            + ") to "
            + Progress.count(bucketNum, "bucket")
            + " each, in "
            + Progress.count(tasks, "task");
    List<SortedWrite> writes =
        SparkJobs.described(
            spark.sparkContext(),
            description,
            () ->
                source
                    .read(spark)
                    .queryExecution()
                    .toRdd()
                    .toJavaRDD()
                    .mapToPair(
                        row -> {
                          InternalRow copy = row.copy();
                          return new Tuple2<>(rowTask.of(copy), copy);
                        })
                    .partitionBy(new HashPartitioner(tasks))
                    .values()
                    .mapPartitionsWithIndex(
                        (index, rows) -> {
                          long taskId =
                              TaskContext.get() == null ? index : TaskContext.get().taskAttemptId();
                          return List.of(SortedWrite.run(writers, index, taskId, rows)).iterator();
                        },
                        false)
                    .collect());
    TableCommit commit = table.newCommit(commitUser);
    List<CommitMessage> written =
        asRewrite(commit, SortCompaction.writtenOrThrow("rescale", table, commit, writes));
    List<CommitMessage> messages = new ArrayList<>(deletions(table, latest, scan.get().splits()));
    messages.addAll(written);
    Snapshot committed;
    try {
      committed = commit.commit(messages, CommitKind.COMPACT);
    } catch (RuntimeException e) {
      commit.abort(written);
      throw e;
    }
    LOG.info(
        "Rescaled {} of {} to {} each in {}: {} ({}) into {} ({}), snapshot {}, in {}",
        Progress.count(partitions.size(), "partition"),
        Progress.table(table.root()),
        Progress.count(bucketNum, "bucket"),
        Progress.count(tasks, "Spark task"),
        Progress.count(scan.get().splits().stream().mapToInt(s -> s.files().size()).sum(), "file"),
        Progress.bytes(bytes),
        Progress.count(written.stream().mapToInt(m -> m.newFiles().size()).sum(), "file"),
        Progress.bytes(
            written.stream()
                .flatMap(m -> m.newFiles().stream())
                .mapToLong(DataFileMeta::fileSize)
                .sum()),
        committed == null ? "none" : committed.id(),
        Progress.elapsedSince(start));
    return committed;
  }

  /**
   * The files the tasks wrote as one change per bucket: what a task's compaction replaced never
   * commits (one snapshot, not a data change and then a compaction), and no changelog either, since
   * no row changed. The files that do not commit are deleted.
   */
  private static List<CommitMessage> asRewrite(TableCommit commit, List<CommitMessage> written) {
    List<CommitMessage> result = new ArrayList<>();
    List<CommitMessage> dropped = new ArrayList<>();
    for (CommitMessage m : written) {
      Set<String> replaced = new HashSet<>();
      m.compactBefore().forEach(f -> replaced.add(f.fileName()));
      Set<String> kept = new HashSet<>();
      m.compactAfter().forEach(f -> kept.add(f.fileName()));
      List<DataFileMeta> files = new ArrayList<>();
      m.newFiles().stream().filter(f -> !replaced.contains(f.fileName())).forEach(files::add);
      files.addAll(m.compactAfter());
      List<DataFileMeta> unused = new ArrayList<>();
      m.compactBefore().stream().filter(f -> !kept.contains(f.fileName())).forEach(unused::add);
      unused.addAll(m.changelogFiles());
      unused.addAll(m.compactChangelogFiles());
      dropped.add(
          new CommitMessage(m.partition(), m.bucket(), m.totalBuckets(), unused, List.of()));
      result.add(
          new CommitMessage(
              m.partition(),
              m.bucket(),
              m.totalBuckets(),
              files,
              List.of(),
              List.of(),
              List.of(),
              m.newIndexFiles(),
              m.deletedIndexFiles()));
    }
    commit.abort(dropped);
    return result;
  }

  /**
   * The removal of every file read, in its old bucket and count, with the deletion vectors of those
   * files dropped. A commit message per old bucket: the new files, of another count, come in
   * messages of their own, since one message has one count.
   */
  private static List<CommitMessage> deletions(
      FileStoreTable table, Snapshot latest, List<DataSplit> splits) {
    ReadFiles read = new ReadFiles(table, latest, splits);
    List<CommitMessage> messages = new ArrayList<>();
    read.totalBuckets()
        .forEach(
            (id, total) -> {
              DeletionVectorChange dropped = read.vectorsDropped(id);
              messages.add(
                  new CommitMessage(
                      id.partition(),
                      id.bucket(),
                      total,
                      List.of(),
                      read.files(id),
                      List.of(),
                      List.of(),
                      dropped.newIndexFiles(),
                      dropped.deletedIndexFiles()));
            });
    return messages;
  }

  /**
   * The task of a row: one per (partition, new bucket), so each new bucket is written by one
   * writer. The bucket is the one the table's writer then gives the row.
   */
  private static final class RowTask implements Serializable {

    private static final long serialVersionUID = 1L;

    private final SparkRowConverter rows;
    private final int[] partitionIndexes;
    private final RowBuckets buckets;
    private final int bucketNum;
    private final int tasks;

    RowTask(TableSchema schema, int bucketNum, int tasks) {
      this.rows = new SparkRowConverter(schema.rowType());
      this.partitionIndexes =
          schema.partitionKeys().stream().mapToInt(schema.rowType()::indexOf).toArray();
      this.buckets = new RowBuckets(schema);
      this.bucketNum = bucketNum;
      this.tasks = tasks;
    }

    int of(InternalRow row) {
      Object[] values = rows.toCore(row);
      Object[] partition = new Object[partitionIndexes.length];
      for (int i = 0; i < partition.length; i++) {
        partition[i] = values[partitionIndexes[i]];
      }
      int bucket = buckets.bucket(values, bucketNum);
      return Math.floorMod(31 * java.util.Arrays.hashCode(partition) + bucket, tasks);
    }
  }
}
