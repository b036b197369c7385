package io.strata.spark;

import io.strata.core.partition.PartitionEntry;
import io.strata.core.partition.Partitions;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Partition management of one table for {@code SHOW PARTITIONS}, {@code ALTER TABLE ADD/DROP
 * PARTITION} and {@code TRUNCATE TABLE}. A partition exists only through its live files: adding one
 * changes nothing, dropping or truncating one commits an OVERWRITE snapshot of DELETE entries
 * (files stay until snapshot expiration), followed by post-commit maintenance.
 */
final class TablePartitions {

  private final FileStoreTable table;
  private final RowType partitionType;
  private final StructType sparkSchema;
  private final SparkRowConverter converter;

  TablePartitions(FileStoreTable table) {
    this.table = table;
    this.partitionType = table.schema().partitionType();
    this.sparkSchema = SparkTypes.toStructType(partitionType);
    this.converter = new SparkRowConverter(partitionType);
  }

  StructType schema() {
    return sparkSchema;
  }

  /** Partitions whose fields {@code names} equal the values of {@code ident}, in Spark form. */
  InternalRow[] list(String[] names, InternalRow ident) {
    int[] positions = new int[names.length];
    for (int i = 0; i < names.length; i++) {
      positions[i] = sparkSchema.fieldIndex(names[i]);
    }
    List<InternalRow> rows = new ArrayList<>();
    for (PartitionEntry p : Partitions.live(table)) {
      InternalRow row = converter.toSpark(p.values());
      if (matches(row, positions, ident)) {
        rows.add(row);
      }
    }
    return rows.toArray(new InternalRow[0]);
  }

  /** Drops these whole partitions in one commit; false when none of them exists. */
  boolean drop(InternalRow[] idents) {
    List<PartitionEntry> matching = new ArrayList<>();
    for (PartitionEntry p : Partitions.live(table)) {
      InternalRow row = converter.toSpark(p.values());
      for (InternalRow ident : idents) {
        if (matches(row, allPositions(), ident)) {
          matching.add(p);
          break;
        }
      }
    }
    return table.newCommit(UUID.randomUUID().toString()).dropPartitions(matching) != null;
  }

  /** Removes every live file as one OVERWRITE snapshot. */
  boolean truncateTable() {
    table.newCommit(UUID.randomUUID().toString()).truncate();
    return true;
  }

  /** Totals of one partition, as {@code $partitions} shows them; empty when it has no files. */
  Map<String, String> metadata(InternalRow ident) {
    Map<String, String> metadata = new LinkedHashMap<>();
    for (PartitionEntry p : Partitions.live(table)) {
      if (matches(converter.toSpark(p.values()), allPositions(), ident)) {
        metadata.put("record_count", Long.toString(p.recordCount()));
        metadata.put("file_size_in_bytes", Long.toString(p.fileSizeInBytes()));
        metadata.put("file_count", Long.toString(p.fileCount()));
        if (p.lastFileCreationMillis() != null) {
          metadata.put(
              "last_update_time",
              LocalDateTime.ofEpochSecond(
                      Math.floorDiv(p.lastFileCreationMillis(), 1000L),
                      (int) Math.floorMod(p.lastFileCreationMillis(), 1000L) * 1_000_000,
                      ZoneOffset.UTC)
                  .toString());
        }
      }
    }
    return metadata;
  }

  private int[] allPositions() {
    int[] positions = new int[partitionType.size()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = i;
    }
    return positions;
  }

  private boolean matches(InternalRow row, int[] positions, InternalRow ident) {
    for (int j = 0; j < positions.length; j++) {
      int i = positions[j];
      DataType type = sparkSchema.fields()[i].dataType();
      Object expected = ident.isNullAt(j) ? null : ident.get(j, type);
      Object actual = row.isNullAt(i) ? null : row.get(i, type);
      if (!Objects.equals(expected, actual)) {
        return false;
      }
    }
    return true;
  }
}
