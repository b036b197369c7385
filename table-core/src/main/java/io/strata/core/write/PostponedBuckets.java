package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.PartitionPath;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import java.io.Serializable;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many buckets each partition of a postponed-bucket table ({@code 'bucket' = -2}) has, as a
 * write finds them: every partition may have its own number. A partition keeps the number its live
 * files were written with (by Strata, or by Paimon's compaction or rescale); a partition without
 * such files gets {@code postpone.default-bucket-num}. Writes put rows straight into these buckets,
 * as Paimon's batch writes do with {@code postpone.batch-write-fixed-bucket}, so they are readable
 * at once; files in {@code bucket-postpone/} are not counted.
 *
 * @param known the bucket count of each partition that has live files in real buckets
 * @param forNewPartitions the bucket count of every other partition
 */
public record PostponedBuckets(Map<BinaryRow, Integer> known, int forNewPartitions)
    implements Serializable {

  public PostponedBuckets {
    known = Map.copyOf(known);
  }

  /** The bucket counts as of {@code snapshot} (null: an empty table). */
  public static PostponedBuckets of(FileStore table, Snapshot snapshot) {
    if (snapshot == null) {
      return of(table, List.of());
    }
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    return of(table, scan.liveEntries(snapshot));
  }

  /** The bucket counts of {@code live}, a snapshot's live files. */
  static PostponedBuckets of(FileStore table, List<ManifestEntry> live) {
    Map<BinaryRow, Integer> known = new LinkedHashMap<>();
    for (ManifestEntry e : live) {
      if (e.bucket() < 0) {
        continue;
      }
      Integer before = known.putIfAbsent(e.partition(), e.totalBuckets());
      if (before != null && before != e.totalBuckets()) {
        throw CoreErrors.mixedBucketCounts(
            table.root().toString(), describe(table, e.partition()), before, e.totalBuckets());
      }
    }
    return new PostponedBuckets(
        known, table.options().get(TableOptions.POSTPONE_DEFAULT_BUCKET_NUM));
  }

  /** {@code p=a/q=1} for a message; "the table" when it has no partition columns. */
  public static String describe(FileStore table, BinaryRow partition) {
    RowType type = table.schema().partitionType();
    if (type.size() == 0) {
      return "the table";
    }
    return "partition "
        + PartitionPath.displayString(
            type,
            BinaryRowCodec.deserialize(type, partition),
            table.options().get(TableOptions.PARTITION_DEFAULT_NAME));
  }

  /** The number of buckets rows of {@code partition} are written into. */
  public int of(BinaryRow partition) {
    return known.getOrDefault(partition, forNewPartitions);
  }

  /**
   * A text form for a Spark write's clustering function, which runs in tasks: {@code
   * "<forNewPartitions>;<hex partition>=<count>;..."}, in a stable order.
   */
  public String encode() {
    HexFormat hex = HexFormat.of();
    Map<String, Integer> sorted = new TreeMap<>();
    known.forEach((p, n) -> sorted.put(hex.formatHex(p.bytes()), n));
    StringBuilder text = new StringBuilder().append(forNewPartitions);
    sorted.forEach((p, n) -> text.append(';').append(p).append('=').append(n));
    return text.toString();
  }

  /** The inverse of {@link #encode()}. */
  public static PostponedBuckets decode(String text) {
    HexFormat hex = HexFormat.of();
    String[] parts = text.split(";");
    Map<BinaryRow, Integer> known = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      known.put(
          new BinaryRow(hex.parseHex(parts[i].substring(0, eq))),
          Integer.parseInt(parts[i].substring(eq + 1)));
    }
    return new PostponedBuckets(known, Integer.parseInt(parts[0]));
  }
}
