package io.strata.core.compact;

import io.strata.core.data.BinaryRow;
import io.strata.core.format.CloseableIterator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.read.TableRead;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.TableWriter;
import io.strata.core.write.WriteStart;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives a bucket to the rows Apache Paimon's writers left in {@code bucket-postpone/} of a
 * postponed-bucket table ({@code 'bucket' = -2}), the first step of Paimon's compaction of such a
 * table: each partition's files are read record by record, in the order they were committed and
 * each file in its own order (so a later record of a key wins, retractions included), and written
 * into the partition's buckets (the count its live files have, else {@code
 * postpone.default-bucket-num}) as new records after the buckets' own. One COMPACT commit removes
 * the postponed files and adds what replaced them; until then readers see neither. Buckets are
 * compacted afterwards by the usual planner, so the moved rows merge with the older ones there.
 */
public final class PostponedFilesMove {

  /** The bucket of the files Paimon's writers leave in {@code bucket-postpone/}. */
  public static final int POSTPONE_BUCKET = -2;

  private PostponedFilesMove() {}

  /**
   * The postponed files of one partition, in commit order, and the snapshot they were planned on.
   */
  public record Task(
      long snapshotId, BinaryRow partition, int totalBuckets, List<DataFileMeta> files)
      implements Serializable {
    public Task {
      files = List.copyOf(files);
    }
  }

  /** One task per partition matching {@code partitionFilter} (null = all) with postponed files. */
  public static List<Task> plan(FileStore table, Predicate partitionFilter) {
    Snapshot latest = table.snapshotManager().latest();
    if (latest == null || !TableScan.postponesBuckets(table)) {
      return List.of();
    }
    FileStoreScan scan =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(partitionFilter);
    Map<BinaryRow, List<ManifestEntry>> byPartition = new LinkedHashMap<>();
    for (ManifestEntry e : scan.liveEntries(latest)) {
      if (e.bucket() == POSTPONE_BUCKET) {
        byPartition.computeIfAbsent(e.partition(), p -> new ArrayList<>()).add(e);
      }
    }
    List<Task> tasks = new ArrayList<>();
    byPartition.forEach(
        (partition, entries) ->
            tasks.add(
                new Task(
                    latest.id(),
                    partition,
                    entries.get(0).totalBuckets(),
                    entries.stream().map(ManifestEntry::file).toList())));
    return tasks;
  }

  /**
   * Rewrites one partition's postponed rows into its buckets (where this runs: a Spark task, or the
   * driver's serial path), without compacting the buckets. The messages add the new files and
   * remove the postponed ones, all as compaction; the files written are deleted on failure.
   */
  public static List<CommitMessage> run(FileStore table, Task task) {
    RowType rowType = table.schema().rowType();
    DataSplit split =
        new DataSplit(
            task.snapshotId(),
            task.partition(),
            POSTPONE_BUCKET,
            task.totalBuckets(),
            task.files(),
            false,
            List.of());
    // The records' changelog was written with them: moving them changes no row's history.
    Map<String, String> options = new LinkedHashMap<>(table.schema().options());
    options.put(TableOptions.CHANGELOG_PRODUCER.key(), ChangelogProducer.NONE.value());
    FileStore target = table.withSchema(table.schema().withOptions(options));
    List<CommitMessage> written;
    try (TableWriter writer =
            new TableWriter(target, WriteStart.latest(target).withoutCompaction());
        CloseableIterator<Object[]> records =
            TableRead.openChangesWithRowKinds(table, split, rowType)) {
      while (records.hasNext()) {
        Object[] record = records.next();
        writer.write(
            Arrays.copyOfRange(record, 1, record.length),
            RowKind.fromShortString((String) record[0]));
      }
      written = writer.prepareCommit();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the postponed files of " + table.root(), e);
    }
    List<CommitMessage> messages = new ArrayList<>();
    for (CommitMessage m : written) {
      messages.add(
          new CommitMessage(
              m.partition(),
              m.bucket(),
              m.totalBuckets(),
              List.of(),
              List.of(),
              List.of(),
              m.newFiles(),
              List.of(),
              List.of(),
              List.of()));
    }
    messages.add(
        new CommitMessage(
            task.partition(),
            POSTPONE_BUCKET,
            task.totalBuckets(),
            List.of(),
            List.of(),
            task.files(),
            List.of(),
            List.of(),
            List.of(),
            List.of()));
    return messages;
  }
}
