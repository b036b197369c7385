package io.strata.core.split;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.deletion.DeletionFile;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * All splits of one (partition, bucket), for reads that keep buckets apart, such as Spark's
 * storage-partitioned joins: every row of a bucket is then read by one task.
 */
public record BucketGroup(BinaryRow partition, int bucket, List<DataSplit> splits) {

  public BucketGroup {
    splits = List.copyOf(splits);
  }

  /** The splits grouped by (partition, bucket), groups in the order their first split comes. */
  public static List<BucketGroup> of(List<DataSplit> splits) {
    Map<List<Object>, List<DataSplit>> groups = new LinkedHashMap<>();
    for (DataSplit s : splits) {
      groups.computeIfAbsent(List.of(s.partition(), s.bucket()), k -> new ArrayList<>()).add(s);
    }
    List<BucketGroup> result = new ArrayList<>(groups.size());
    for (List<DataSplit> group : groups.values()) {
      result.add(new BucketGroup(group.get(0).partition(), group.get(0).bucket(), group));
    }
    return result;
  }

  /**
   * This bucket as one split whose files, read one after another, give rows sorted by the key, or
   * empty when they would not: some split needs a merge, or two files' key ranges overlap.
   *
   * @param keyType the type of the files' min and max keys (the trimmed primary key)
   */
  public Optional<BucketGroup> asSortedRun(RowType keyType) {
    List<KeyRange> ranges = new ArrayList<>();
    for (DataSplit s : splits) {
      if (!s.rawConvertible()) {
        return Optional.empty();
      }
      for (int i = 0; i < s.files().size(); i++) {
        DataFileMeta f = s.files().get(i);
        ranges.add(
            new KeyRange(
                f,
                s.deletionFile(i),
                BinaryRowCodec.deserialize(keyType, f.minKey()),
                BinaryRowCodec.deserialize(keyType, f.maxKey())));
      }
    }
    Comparator<Object[]> order = ValueComparator.ofRow(keyType);
    ranges.sort((a, b) -> order.compare(a.min(), b.min()));
    for (int i = 1; i < ranges.size(); i++) {
      if (order.compare(ranges.get(i - 1).max(), ranges.get(i).min()) >= 0) {
        return Optional.empty();
      }
    }
    DataSplit first = splits.get(0);
    boolean deletions = splits.stream().anyMatch(DataSplit::hasDeletionFiles);
    DataSplit run =
        new DataSplit(
            first.snapshotId(),
            partition,
            bucket,
            first.totalBuckets(),
            ranges.stream().map(KeyRange::file).toList(),
            true,
            deletions ? ranges.stream().map(KeyRange::deletionFile).toList() : List.of());
    return Optional.of(new BucketGroup(partition, bucket, List.of(run)));
  }

  private record KeyRange(
      DataFileMeta file, DeletionFile deletionFile, Object[] min, Object[] max) {}
}
