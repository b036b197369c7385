package io.strata.spark;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.types.RowType;
import io.strata.core.write.PartitionBuckets;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.functions.BoundFunction;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code strata_partition_buckets(layout, p1, ..., pM)}: the number of buckets a write puts the
 * rows of a partition into, where {@code layout} is the driver's {@link PartitionBuckets#encode()}
 * (each partition of a postponed-bucket table, or of a rescaled fixed-bucket one, may have its own
 * count). A write to such a table clusters by {@code strata_write_task(tasks,
 * strata_bucket(keys..., strata_partition_buckets(...)), partition columns...)}, so each bucket is
 * written by one task, as for fixed-bucket tables.
 */
public final class SparkPartitionBucketsFunction implements UnboundFunction {

  private static final long serialVersionUID = 1L;

  /** The name under which {@link StrataCatalog} serves this function (empty namespace). */
  public static final String NAME = "strata_partition_buckets";

  @Override
  public BoundFunction bind(StructType inputType) {
    StructField[] fields = inputType.fields();
    if (fields.length < 1 || !(fields[0].dataType() instanceof StringType)) {
      throw SparkErrors.partitionBucketsFunctionArguments(NAME, inputType.simpleString());
    }
    StructType partition = new StructType(Arrays.copyOfRange(fields, 1, fields.length));
    return new Bound(inputType, SparkTypes.toRowType(partition));
  }

  @Override
  public String description() {
    return NAME + "(layout, partition columns...): the bucket count of a partition";
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The function bound to one list of partition types. */
  private static final class Bound extends IntFunction {

    private static final long serialVersionUID = 1L;

    private final RowType partitionType;
    private final SparkRowConverter partition;
    private final int[] partitionPositions;
    // The layout is a literal: it is decoded once per task that evaluates this.
    private transient volatile Decoded decoded;

    /**
     * The decoded layout, its known partitions keyed by their Spark values (the value itself for
     * one partition column, a list of them for several), so a row is looked up without converting
     * it.
     */
    private record Decoded(
        UTF8String seen, UTF8String copy, int forNewPartitions, Map<Object, Integer> known) {}

    Bound(StructType inputType, RowType partitionType) {
      super(NAME, inputType);
      this.partitionType = partitionType;
      this.partition = new SparkRowConverter(partitionType);
      this.partitionPositions = IntStream.range(1, inputTypes.length).toArray();
    }

    @Override
    public Integer produceResult(InternalRow input) {
      Decoded d = decoded(input.getUTF8String(0));
      if (d.known().isEmpty()) {
        return d.forNewPartitions(); // every partition is new: nothing to look up
      }
      Integer count = d.known().get(key(input, 1));
      return count == null ? d.forNewPartitions() : count;
    }

    /** The partition values of {@code row} from {@code offset} on, as the lookup keys them. */
    private Object key(InternalRow row, int offset) {
      int n = partitionPositions.length;
      if (n == 1) {
        return value(row, offset, inputTypes[offset]);
      }
      Object[] values = new Object[n];
      for (int i = 0; i < n; i++) {
        values[i] = value(row, offset + i, inputTypes[offset + i]);
      }
      return Arrays.asList(values);
    }

    private Decoded decoded(UTF8String text) {
      Decoded d = decoded;
      // The same literal comes back as the same object; a copy is compared by its bytes.
      if (d == null || (d.seen() != text && !d.copy().equals(text))) {
        PartitionBuckets buckets = PartitionBuckets.decode(text.toString());
        Map<Object, Integer> known = new HashMap<>();
        buckets
            .known()
            .forEach(
                (p, count) -> {
                  InternalRow values =
                      partition.toSpark(BinaryRowCodec.deserialize(partitionType, p));
                  known.put(keyOfPartition(values), count);
                });
        d = new Decoded(text, text.clone(), buckets.forNewPartitions(), known);
        decoded = d;
      }
      return d;
    }

    /** The key of a partition row (its columns from 0), with the input's types for them. */
    private Object keyOfPartition(InternalRow values) {
      int n = partitionPositions.length;
      if (n == 1) {
        return value(values, 0, inputTypes[1]);
      }
      Object[] key = new Object[n];
      for (int i = 0; i < n; i++) {
        key[i] = value(values, i, inputTypes[i + 1]);
      }
      return Arrays.asList(key);
    }

    /** A value that compares by content: BINARY values are arrays, so they are wrapped. */
    private static Object value(InternalRow row, int pos, DataType type) {
      if (row.isNullAt(pos)) {
        return null;
      }
      Object v = row.get(pos, type);
      return v instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : v;
    }
  }
}
