package io.strata.spark.read.stream;

import io.strata.core.data.BinaryRow;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.paths.Names;
import io.strata.core.scan.StreamPosition;
import io.strata.core.scan.StreamScan;
import io.strata.core.scan.StreamStart;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.read.ReadMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.SupportsAdmissionControl;
import org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow;

/**
 * A Strata table as a Structured Streaming source: the first step reads what {@code scan.mode}
 * chooses (by default the whole latest snapshot), each later one the changes of the next snapshot
 * ({@link StreamScan}). Offsets are {@link StreamPosition}s; a batch ends where the read limits
 * stop it, possibly inside a snapshot's splits. With {@code consumer-id}, every committed batch
 * records the snapshot the stream reads next, which snapshot expiration then keeps. Read through
 * {@code t$audit_log}, every row leads with its row kind, and changes keep their retractions.
 */
public final class StrataMicroBatchStream
    implements MicroBatchStream, SupportsAdmissionControl, SupportsTriggerAvailableNow {

  private final FileStoreTable table;
  private final RowType readType;
  private final ReadMode mode;
  private final Map<String, String> options;
  private final StreamScan scan;
  private final String consumerId;

  /** The last snapshot an AvailableNow trigger reads; null when the stream runs on. */
  private Long availableNowEnd;

  public StrataMicroBatchStream(
      FileStoreTable table, RowType readType, ReadMode mode, Map<String, String> options) {
    this.table = table;
    this.readType = readType;
    this.mode = mode;
    this.options = Map.copyOf(options);
    this.scan = new StreamScan(table, new Options(this.options));
    String id = table.options().with(this.options).get(ScanOptions.CONSUMER_ID);
    // Refuse an unsafe consumer id when the query starts, not at its first commit.
    this.consumerId = id == null ? null : Names.consumer(id);
  }

  @Override
  public Offset initialOffset() {
    return new StreamOffset(new StreamStart(table).resolve(new Options(options)));
  }

  @Override
  public ReadLimit getDefaultReadLimit() {
    return ReadLimits.of(options);
  }

  @Override
  public void prepareForTriggerAvailableNow() {
    availableNowEnd = scan.latestId();
  }

  @Override
  public Offset latestOffset() {
    return latestOffset(initialOffset(), ReadLimit.allAvailable());
  }

  /** Walks the steps from {@code start} while the limit admits their splits. */
  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    StreamPosition position = ((StreamOffset) start).position();
    ReadLimits budget = ReadLimits.budget(limit, options);
    long last = availableNowEnd != null ? availableNowEnd : scan.latestId();
    while (position.snapshotId() <= last) {
      List<DataSplit> splits = scan.plan(position);
      int taken = 0;
      for (int i = position.splitIndex(); i < splits.size(); i++) {
        if (!budget.admit(splits.get(i))) {
          break;
        }
        taken++;
      }
      if (position.splitIndex() + taken < splits.size()) {
        return new StreamOffset(position.after(taken));
      }
      position = position.nextSnapshot();
    }
    return new StreamOffset(position);
  }

  @Override
  public InputPartition[] planInputPartitions(Offset start, Offset end) {
    StreamPosition position = ((StreamOffset) start).position();
    StreamPosition stop = ((StreamOffset) end).position();
    recordConsumer(position);
    Map<BucketKey, List<StreamSplit>> byBucket = new LinkedHashMap<>();
    while (!position.equals(stop)) {
      List<DataSplit> splits = scan.plan(position);
      boolean last = samestep(position, stop);
      int to = last ? stop.splitIndex() : splits.size();
      for (DataSplit s : splits.subList(position.splitIndex(), to)) {
        byBucket
            .computeIfAbsent(new BucketKey(s.partition(), s.bucket()), k -> new ArrayList<>())
            .add(new StreamSplit(s, !position.full()));
      }
      if (last) {
        break;
      }
      position = position.nextSnapshot();
    }
    return byBucket.values().stream().map(StreamInputPartition::new).toArray(InputPartition[]::new);
  }

  private static boolean samestep(StreamPosition a, StreamPosition b) {
    return a.snapshotId() == b.snapshotId() && a.full() == b.full();
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new StreamReaderFactory(table, readType, mode);
  }

  @Override
  public Offset deserializeOffset(String json) {
    return StreamOffset.fromJson(json);
  }

  /**
   * Records the consumer's next snapshot: the one this offset still reads (or waits for). Spark
   * commits a batch's end only when it starts the next batch (an AvailableNow run never commits its
   * last one), so {@link #planInputPartitions} also records each batch's start, which its previous
   * batch has committed: the consumer never runs ahead of the checkpoint.
   */
  @Override
  public void commit(Offset end) {
    recordConsumer(((StreamOffset) end).position());
  }

  private void recordConsumer(StreamPosition next) {
    if (consumerId != null) {
      table.consumerManager().write(consumerId, next.snapshotId());
    }
  }

  @Override
  public void stop() {}

  @Override
  public String toString() {
    return "StrataMicroBatchStream[" + table.root().getName() + "]";
  }

  private record BucketKey(BinaryRow partition, int bucket) {}
}
