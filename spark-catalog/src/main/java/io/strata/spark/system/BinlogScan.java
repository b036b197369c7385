package io.strata.spark.system;

import io.strata.spark.read.ReadMode;
import java.io.IOException;
import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.SupportsAdmissionControl;
import org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/** A {@code $binlog} scan: the audit log's scan, its rows turned into arrays as they are read. */
final class BinlogScan implements Scan, Batch {

  private final Scan rows;

  BinlogScan(Scan rows) {
    this.rows = rows;
  }

  @Override
  public StructType readSchema() {
    return BinlogSystemTable.binlogSchema(rows.readSchema());
  }

  @Override
  public String description() {
    return "Binlog[" + rows.description() + "]";
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    return rows.toBatch().planInputPartitions();
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new Readers(rows.toBatch().createReaderFactory(), rows.readSchema(), false);
  }

  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    return new Stream(rows.toMicroBatchStream(checkpointLocation), rows.readSchema());
  }

  /** The audit log's stream, its rows packed as a stream's binlog. */
  private record Stream(MicroBatchStream rows, StructType auditLog)
      implements MicroBatchStream, SupportsAdmissionControl, SupportsTriggerAvailableNow {

    @Override
    public Offset latestOffset() {
      return rows.latestOffset();
    }

    @Override
    public InputPartition[] planInputPartitions(Offset start, Offset end) {
      return rows.planInputPartitions(start, end);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
      return new Readers(rows.createReaderFactory(), auditLog, true);
    }

    @Override
    public Offset initialOffset() {
      return rows.initialOffset();
    }

    @Override
    public Offset deserializeOffset(String json) {
      return rows.deserializeOffset(json);
    }

    @Override
    public void commit(Offset end) {
      rows.commit(end);
    }

    @Override
    public void stop() {
      rows.stop();
    }

    @Override
    public ReadLimit getDefaultReadLimit() {
      return ((SupportsAdmissionControl) rows).getDefaultReadLimit();
    }

    @Override
    public Offset latestOffset(Offset start, ReadLimit limit) {
      return ((SupportsAdmissionControl) rows).latestOffset(start, limit);
    }

    @Override
    public void prepareForTriggerAvailableNow() {
      ((SupportsTriggerAvailableNow) rows).prepareForTriggerAvailableNow();
    }
  }

  /**
   * Readers of the audit log's rows as binlog rows; {@code pack}: an update's {@code -U} and the
   * {@code +U} right after it become one {@code +U} row, as Paimon packs a stream's changelog.
   */
  private record Readers(PartitionReaderFactory rows, StructType auditLog, boolean pack)
      implements PartitionReaderFactory, Serializable {

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
      return new Reader(rows.createReader(partition), auditLog, pack);
    }
  }

  private static final class Reader implements PartitionReader<InternalRow> {
    private static final UTF8String UPDATE_BEFORE = UTF8String.fromString("-U");
    private static final UTF8String UPDATE_AFTER = UTF8String.fromString("+U");

    private final PartitionReader<InternalRow> rows;
    private final DataType[] types;
    private final int kindIndex;
    private final boolean pack;
    private InternalRow pending;
    private InternalRow current;

    Reader(PartitionReader<InternalRow> rows, StructType auditLog, boolean pack) {
      this.rows = rows;
      this.types = new DataType[auditLog.fields().length];
      int kind = -1;
      for (int i = 0; i < types.length; i++) {
        types[i] = auditLog.fields()[i].dataType();
        kind = auditLog.fields()[i].name().equals(ReadMode.ROW_KIND) ? i : kind;
      }
      this.kindIndex = kind;
      this.pack = pack;
    }

    @Override
    public boolean next() throws IOException {
      InternalRow row = pending;
      pending = null;
      if (row == null) {
        if (!rows.next()) {
          return false;
        }
        row = rows.get().copy();
      }
      InternalRow after = null;
      if (pack && kindIndex >= 0 && UPDATE_BEFORE.equals(row.getUTF8String(kindIndex))) {
        if (rows.next()) {
          InternalRow next = rows.get().copy();
          if (UPDATE_AFTER.equals(next.getUTF8String(kindIndex))) {
            after = next;
          } else {
            pending = next;
          }
        }
      }
      current = arrays(row, after);
      return true;
    }

    /** {@code row} with each value as an array: of it alone, or of it and {@code after}'s. */
    private InternalRow arrays(InternalRow row, InternalRow after) {
      Object[] values = new Object[types.length];
      for (int i = 0; i < types.length; i++) {
        if (i == kindIndex) {
          values[i] = after == null ? row.getUTF8String(i) : UPDATE_AFTER;
        } else if (after == null) {
          values[i] = new GenericArrayData(new Object[] {row.get(i, types[i])});
        } else {
          values[i] =
              new GenericArrayData(new Object[] {row.get(i, types[i]), after.get(i, types[i])});
        }
      }
      return new GenericInternalRow(values);
    }

    @Override
    public InternalRow get() {
      return current;
    }

    @Override
    public void close() throws IOException {
      rows.close();
    }
  }
}
