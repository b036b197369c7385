package io.strata.core.system;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code t$partitions} (one row per partition) and {@code t$buckets} (one per partition and
 * bucket): record counts, sizes, file counts and the last file creation time.
 */
final class PartitionsTable implements SystemTable {

  private final boolean perBucket;

  PartitionsTable(boolean perBucket) {
    this.perBucket = perBucket;
  }

  @Override
  public String name() {
    return perBucket ? "buckets" : "partitions";
  }

  @Override
  public String description() {
    return perBucket
        ? "One row per partition and bucket of a snapshot: records, bytes, files, last update."
        : "One row per partition of a snapshot: records, bytes, files, last update.";
  }

  @Override
  public RowType rowType() {
    List<Object> columns = new ArrayList<>();
    columns.addAll(List.of("partition", Fields.string(), "Partition as k=v/k2=v2."));
    if (perBucket) {
      columns.addAll(List.of("bucket", Fields.integer().notNull(), "Bucket."));
    }
    columns.addAll(
        List.of(
            "record_count",
            Fields.bigintNotNull(),
            "Records in the live files, deletes included.",
            "file_size_in_bytes",
            Fields.bigintNotNull(),
            "Bytes of the live files.",
            "file_count",
            Fields.bigintNotNull(),
            "Live files.",
            "last_update_time",
            Fields.timestamp(),
            "Creation time of the newest live file."));
    return Fields.row(columns.toArray());
  }

  private record Key(BinaryRow partition, int bucket) {}

  private static final class Totals {
    long records;
    long bytes;
    long files;
    Long lastUpdate;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot snapshot) {
    Snapshot at = snapshot != null ? snapshot : table.snapshotManager().latest();
    RowType partitionType = table.schema().partitionType();
    Map<Key, Totals> totals = new LinkedHashMap<>();
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), partitionType);
    for (ManifestEntry e : scan.liveEntries(at)) {
      Totals t =
          totals.computeIfAbsent(
              new Key(e.partition(), perBucket ? e.bucket() : 0), k -> new Totals());
      t.records += e.file().rowCount();
      t.bytes += e.file().fileSize();
      t.files++;
      Long created = e.file().creationTimeMillis();
      if (created != null && (t.lastUpdate == null || created > t.lastUpdate)) {
        t.lastUpdate = created;
      }
    }
    String defaultName = table.options().get(TableOptions.PARTITION_DEFAULT_NAME);
    List<Object[]> rows = new ArrayList<>();
    totals.forEach(
        (k, t) -> {
          String partition = Render.partition(partitionType, k.partition(), defaultName);
          Object updated = t.lastUpdate == null ? null : Fields.wallClock(t.lastUpdate);
          rows.add(
              perBucket
                  ? new Object[] {partition, k.bucket(), t.records, t.bytes, t.files, updated}
                  : new Object[] {partition, t.records, t.bytes, t.files, updated});
        });
    rows.sort((a, b) -> String.valueOf(a[0]).compareTo(String.valueOf(b[0])));
    return rows;
  }
}
