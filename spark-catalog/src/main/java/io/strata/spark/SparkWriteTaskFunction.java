package io.strata.spark;

import io.strata.core.data.BucketFunction;
import io.strata.core.types.RowType;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.functions.BoundFunction;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.hash.Murmur3_x86_32;

/**
 * {@code strata_write_task(numTasks, bucket, p1, ..., pM)}: a value that Spark's hash partitioning
 * into {@code numTasks} partitions sends to the task chosen for that partition's bucket, so that a
 * write spreads its buckets evenly over its tasks.
 *
 * <p>Clustering by the bucket itself leaves the spread to Murmur3: 8 buckets hashed into 8 tasks
 * usually give some tasks two or three buckets and others none. Here the task of a bucket is {@code
 * (slot(partition) + bucket) mod numTasks}, where the partition's slot is its Paimon hash modulo
 * {@code numTasks}: one partition's buckets go to consecutive distinct tasks, and B buckets over T
 * tasks give each task B/T of them when T divides B. The function returns, for each task t, the
 * smallest non-negative int whose Spark hash ({@code pmod(murmur3(v, seed 42), numTasks)}, what
 * {@code HashPartitioning} computes for one INT expression) is t, so the exchange lands the row
 * exactly there. Each bucket stays in one task per write; Spark's partitioning of the written
 * table's scan is unaffected.
 */
public final class SparkWriteTaskFunction implements UnboundFunction {

  private static final long serialVersionUID = 1L;

  /** The name under which {@link StrataCatalog} serves this function (empty namespace). */
  public static final String NAME = "strata_write_task";

  /** The seed Spark's {@code Murmur3Hash} expression, and so its hash partitioning, uses. */
  static final int SPARK_HASH_SEED = 42;

  @Override
  public BoundFunction bind(StructType inputType) {
    StructField[] fields = inputType.fields();
    if (fields.length < 2
        || !(fields[0].dataType() instanceof IntegerType)
        || !(fields[1].dataType() instanceof IntegerType)) {
      throw SparkErrors.writeTaskFunctionArguments(NAME, inputType.simpleString());
    }
    StructType partition = new StructType(Arrays.copyOfRange(fields, 2, fields.length));
    return new Bound(inputType, SparkTypes.toRowType(partition));
  }

  @Override
  public String description() {
    return NAME + "(numTasks, bucket, partition columns...): the write task of a bucket";
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The task a write sends bucket {@code bucket} of a partition of slot {@code slot} to. */
  public static int task(int slot, int bucket, int numTasks) {
    return Math.floorMod(slot + bucket, numTasks);
  }

  /**
   * For each task {@code t < numTasks}, the smallest non-negative int that Spark's hash
   * partitioning into {@code numTasks} partitions sends to partition t.
   */
  public static int[] hashValuesByTask(int numTasks) {
    int[] values = new int[numTasks];
    Arrays.fill(values, -1);
    int found = 0;
    for (int v = 0; found < numTasks; v++) {
      int t = Math.floorMod(Murmur3_x86_32.hashInt(v, SPARK_HASH_SEED), numTasks);
      if (values[t] < 0) {
        values[t] = v;
        found++;
      }
    }
    return values;
  }

  /** The function bound to one list of partition types. */
  private static final class Bound extends IntFunction {

    private static final long serialVersionUID = 1L;

    private final RowType partitionType;
    private final SparkRowConverter partition;
    private final int[] partitionPositions;
    // Filled before it is published: a task sharing this instance sees a whole table or none.
    private transient volatile int[] valuesByTask;

    Bound(StructType inputType, RowType partitionType) {
      super(NAME, inputType);
      this.partitionType = partitionType;
      this.partition = new SparkRowConverter(partitionType);
      this.partitionPositions = IntStream.range(2, inputTypes.length).toArray();
    }

    @Override
    public Integer produceResult(InternalRow input) {
      int numTasks = input.getInt(0);
      int slot =
          partitionPositions.length == 0
              ? 0
              : BucketFunction.bucket(
                  partitionType, partition.toCore(input, partitionPositions), numTasks);
      return valuesByTask(numTasks)[task(slot, input.getInt(1), numTasks)];
    }

    /** numTasks is a literal: the table is computed once per task that evaluates this. */
    private int[] valuesByTask(int numTasks) {
      int[] values = valuesByTask;
      if (values == null || values.length != numTasks) {
        values = hashValuesByTask(numTasks);
        valuesByTask = values;
      }
      return values;
    }
  }
}
