package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.PartitionPath;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
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
 * How many buckets the partitions of a bucketed table have, as a write finds them: a partition
 * keeps the number its live files were written with, every other partition gets the table's number.
 * Both layouts of Paimon let partitions differ:
 *
 * <ul>
 *   <li>postponed buckets ({@code 'bucket' = -2}): each partition has its own number, chosen when
 *       it is first written ({@code postpone.default-bucket-num}) or by Paimon's compaction or
 *       rescale. Writes put rows straight into these buckets, as Paimon's batch writes do with
 *       {@code postpone.batch-write-fixed-bucket}, so they are readable at once; files in {@code
 *       bucket-postpone/} are not counted.
 *   <li>fixed buckets after a rescale ({@code ALTER TABLE ... SET ('bucket' = ...)}): partitions
 *       written before keep their old number until an INSERT OVERWRITE rewrites them with the new
 *       one, since one partition's keys must stay in one bucket layout.
 * </ul>
 *
 * @param known the bucket count of each partition whose live files have a count other than {@code
 *     forNewPartitions}
 * @param forNewPartitions the bucket count of every other partition
 */
public record PartitionBuckets(Map<BinaryRow, Integer> known, int forNewPartitions)
    implements Serializable {

  public PartitionBuckets {
    known = Map.copyOf(known);
  }

  /** The bucket counts as of {@code snapshot} (null: an empty table). */
  public static PartitionBuckets of(FileStore table, Snapshot snapshot) {
    if (snapshot == null) {
      return of(table, List.of());
    }
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    return of(table, scan.liveEntries(snapshot));
  }

  /** The bucket counts of {@code live}, a snapshot's live files. */
  static PartitionBuckets of(FileStore table, List<ManifestEntry> live) {
    int forNew =
        TableScan.postponesBuckets(table)
            ? table.options().get(TableOptions.POSTPONE_DEFAULT_BUCKET_NUM)
            : table.options().get(TableOptions.BUCKET);
    Map<BinaryRow, Integer> known = new LinkedHashMap<>(liveCounts(table, live));
    known.values().removeIf(n -> n == forNew);
    return new PartitionBuckets(known, forNew);
  }

  /**
   * The bucket count of every partition that has live files in real buckets, for the commit's check
   * that a write keeps each partition in one layout.
   */
  public static Map<BinaryRow, Integer> liveCounts(FileStore table, List<ManifestEntry> live) {
    Map<BinaryRow, Integer> counts = new LinkedHashMap<>();
    for (ManifestEntry e : live) {
      if (e.bucket() < 0) {
        continue;
      }
      Integer before = counts.putIfAbsent(e.partition(), e.totalBuckets());
      if (before != null && before != e.totalBuckets()) {
        throw CoreErrors.mixedBucketCounts(
            table.root().toString(), describe(table, e.partition()), before, e.totalBuckets());
      }
    }
    return counts;
  }

  /**
   * The counts an INSERT OVERWRITE of a fixed-bucket table writes with: the table's own in every
   * partition, since the commit replaces the partitions' old files (this is how a partition is
   * rescaled).
   */
  public PartitionBuckets forOverwrite() {
    return new PartitionBuckets(Map.of(), forNewPartitions);
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
  public static PartitionBuckets decode(String text) {
    HexFormat hex = HexFormat.of();
    String[] parts = text.split(";");
    Map<BinaryRow, Integer> known = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      known.put(
          new BinaryRow(hex.parseHex(parts[i].substring(0, eq))),
          Integer.parseInt(parts[i].substring(eq + 1)));
    }
    return new PartitionBuckets(known, Integer.parseInt(parts[0]));
  }
}
