package io.strata.spark.sort;

import io.strata.core.compact.CompactionOrder;
import io.strata.core.compact.CompactionSummary;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.progress.Progress;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.WriteStart;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkJobs;
import io.strata.spark.read.StrataScan;
import io.strata.spark.write.StrataDataWriterFactory;
import io.strata.spark.write.WriteColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code CALL sys.compact} with an order strategy, as a Spark job: Spark reads the selected
 * partitions of the latest snapshot through Strata's scan, range-partitions and sorts the rows
 * ({@link SortedRows}), and its tasks write them through the table's write path; the driver plans
 * from manifests only and commits once.
 *
 * <p>The commit is one COMPACT snapshot that removes exactly the files the scan read and adds the
 * files the tasks wrote (Paimon commits an OVERWRITE of the partitions instead). Naming the removed
 * files keeps concurrent writers safe: files appended meanwhile stay live, while a concurrent
 * compaction or delete that removed a file read here makes this commit fail rather than resurrect
 * or lose rows. COMPACT also tells streaming readers that no row changed.
 */
public final class SortCompaction {

  private SortCompaction() {}

  /**
   * Sorts the partitions matching {@code partitionFilter} (null = all) by {@code order}.
   *
   * @return the COMPACT snapshot, or null when the selected partitions hold no file
   */
  public static Snapshot run(
      SparkSession spark,
      FileStoreTable table,
      Predicate partitionFilter,
      CompactionOrder order,
      String commitUser) {
    long start = System.nanoTime();
    Snapshot latest = table.snapshotManager().latest();
    long bytes = latest == null ? 0 : selectedBytes(table, latest, partitionFilter);
    if (bytes == 0) {
      CompactionSummary.of(List.of()).log(table, "by sorting", null, start);
      return null;
    }
    int tasks = tasks(table, bytes);
    AtomicReference<StrataScan> scan = new AtomicReference<>();
    Dataset<Row> sorted =
        SortedRows.of(
            new CompactionSource(table, latest, partitionFilter, scan::set).read(spark),
            order,
            table.schema().partitionKeys(),
            tasks,
            table.options().get(TableOptions.ZORDER_VAR_LENGTH_CONTRIBUTION));
    String description =
        "Strata sort compaction of "
            + Progress.table(table.root())
            + ": "
            + Progress.bytes(bytes)
            + " in "
            + Progress.count(tasks, "task")
            + " ("
            + order.strategy().name().toLowerCase()
            + " by "
            + String.join(",", order.columns().stream().map(DataField::name).toList())
            + ")";
    List<SortedWrite> writes =
        SparkJobs.described(spark.sparkContext(), description, () -> write(table, sorted));
    List<CommitMessage> replacements = new ArrayList<>();
    Snapshot committed =
        commit(table, table.newCommit(commitUser), latest, scan.get(), writes, replacements);
    CompactionSummary.of(replacements)
        .log(table, "by sorting in " + Progress.count(tasks, "Spark task"), committed, start);
    return committed;
  }

  /**
   * Commits what every task wrote in place of the files {@code scan} read, or deletes it all when a
   * task failed.
   */
  private static Snapshot commit(
      FileStoreTable table,
      TableCommit commit,
      Snapshot latest,
      StrataScan scan,
      List<SortedWrite> writes,
      List<CommitMessage> replacements) {
    List<CommitMessage> written = writtenOrThrow("compact", table, commit, writes);
    replacements.addAll(replacements(table, latest, scan.splits(), written));
    return commit.commitCompaction(replacements);
  }

  /**
   * The files every task of {@code procedure} wrote; when a task failed, deletes them all and
   * throws.
   */
  static List<CommitMessage> writtenOrThrow(
      String procedure, FileStoreTable table, TableCommit commit, List<SortedWrite> writes) {
    List<CommitMessage> written = new ArrayList<>();
    List<RuntimeException> failures = new ArrayList<>();
    for (SortedWrite w : writes) {
      written.addAll(w.written());
      if (w.failure() != null) {
        failures.add(w.failure());
      }
    }
    if (!failures.isEmpty()) {
      commit.abort(written);
      RuntimeException error =
          SparkErrors.tasksFailed(
              procedure, table.root().getName(), failures.size(), failures.get(0));
      failures.subList(1, failures.size()).forEach(error::addSuppressed);
      throw error;
    }
    return written;
  }

  /** The rows written by Spark tasks, each through its own writer, in the sorted order. */
  private static List<SortedWrite> write(FileStoreTable table, Dataset<Row> sorted) {
    // Overwrite-like: the tasks write new files and never compact what they write.
    WriteStart start = WriteStart.latest(table).withoutCompaction();
    RowType rowType = table.schema().rowType();
    String[] columns = sorted.columns();
    // A row-tracking table's rows end with their ids, which the rewritten files keep.
    StrataDataWriterFactory writers =
        table.options().get(TableOptions.ROW_TRACKING_ENABLED)
            ? new StrataDataWriterFactory(
                    table,
                    start,
                    rowType,
                    WriteColumns.of(columns, rowType, table.root().getName()))
                .withRowTrackingInRows(columns)
            : new StrataDataWriterFactory(table, start, rowType);
    return sorted
        .queryExecution()
        .toRdd()
        .toJavaRDD()
        .mapPartitionsWithIndex(
            (index, rows) -> {
              long taskId = TaskContext.get() == null ? index : TaskContext.get().taskAttemptId();
              return List.of(SortedWrite.run(writers, index, taskId, rows)).iterator();
            },
            false)
        .collect();
  }

  /**
   * One compaction per (partition, bucket): the files read there replaced by those written, and the
   * read files' deletion vectors (of {@code latest}, which the scan read) dropped.
   */
  private static List<CommitMessage> replacements(
      FileStoreTable table, Snapshot latest, List<DataSplit> read, List<CommitMessage> written) {
    ReadFiles before = new ReadFiles(table, latest, read);
    Map<BucketId, List<DataFileMeta>> after = new LinkedHashMap<>();
    Map<BucketId, Integer> totalBuckets = new LinkedHashMap<>(before.totalBuckets());
    for (CommitMessage m : written) {
      BucketId id = new BucketId(m.partition(), m.bucket());
      after.computeIfAbsent(id, k -> new ArrayList<>()).addAll(m.newFiles());
      totalBuckets.putIfAbsent(id, m.totalBuckets());
    }
    List<CommitMessage> messages = new ArrayList<>();
    totalBuckets.forEach(
        (id, total) ->
            messages.add(
                CommitMessage.compaction(
                    id,
                    total,
                    before.files(id),
                    after.getOrDefault(id, List.of()),
                    before.vectorsDropped(id))));
    return messages;
  }

  /** The bytes of the live files in the selected partitions, from the manifests. */
  private static long selectedBytes(FileStoreTable table, Snapshot latest, Predicate filter) {
    FileStoreScan scan =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(filter);
    long bytes = 0;
    for (ManifestEntry e : scan.liveEntries(latest)) {
      bytes += e.file().fileSize();
    }
    return bytes;
  }

  /** One writing task per target file size of input, so files come out near that size. */
  private static int tasks(FileStoreTable table, long bytes) {
    long target = TableOptions.targetFileSize(table.options(), false);
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (bytes + target - 1) / target));
  }
}
