package io.strata.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.hash.Murmur3_x86_32;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * The value writes cluster by lands each bucket, under Spark's hash partitioning ({@code
 * pmod(murmur3(value, 42), numTasks)}), in the task chosen for it: distinct tasks for the buckets
 * of one partition.
 */
class SparkWriteTaskFunctionTest {

  @Test
  void eachTaskHasAValueThatSparkHashesToIt() {
    for (int tasks : new int[] {1, 2, 4, 8, 200, 1000}) {
      int[] values = SparkWriteTaskFunction.hashValuesByTask(tasks);
      for (int t = 0; t < tasks; t++) {
        assertThat(sparkPartition(values[t], tasks)).as("task %d of %d", t, tasks).isEqualTo(t);
      }
    }
  }

  @Test
  void bucketsOfAnUnpartitionedTableGoToDistinctTasks() {
    ScalarFunction<Integer> f = bind(new StructType().add("n", "int").add("b", "int"));
    Set<Integer> tasks = new HashSet<>();
    for (int bucket = 0; bucket < 8; bucket++) {
      int value = f.produceResult(new GenericInternalRow(new Object[] {8, bucket}));
      tasks.add(sparkPartition(value, 8));
    }
    assertThat(tasks).hasSize(8);

    int[] perTask = new int[4];
    for (int bucket = 0; bucket < 16; bucket++) {
      int value = f.produceResult(new GenericInternalRow(new Object[] {4, bucket}));
      perTask[sparkPartition(value, 4)]++;
    }
    assertThat(perTask).containsExactly(4, 4, 4, 4);
  }

  @Test
  void eachPartitionSpreadsItsBucketsFromItsOwnSlot() {
    ScalarFunction<Integer> f =
        bind(new StructType().add("n", "int").add("b", "int").add("dt", "string"));
    Set<Integer> firstTasks = new HashSet<>();
    for (int day = 1; day <= 20; day++) {
      UTF8String dt = UTF8String.fromString("2026-01-" + day);
      Set<Integer> tasks = new HashSet<>();
      for (int bucket = 0; bucket < 4; bucket++) {
        int value = f.produceResult(new GenericInternalRow(new Object[] {16, bucket, dt}));
        tasks.add(sparkPartition(value, 16));
      }
      assertThat(tasks).as(dt.toString()).hasSize(4);
      firstTasks.add(
          sparkPartition(f.produceResult(new GenericInternalRow(new Object[] {16, 0, dt})), 16));
    }
    assertThat(firstTasks).as("partitions start at different tasks").hasSizeGreaterThan(4);
  }

  @Test
  void argumentsOtherThanTwoIntsFirstAreRefused() {
    StructType wrong = new StructType().add("b", "string").add("n", "int");
    assertThatThrownBy(() -> new SparkWriteTaskFunction().bind(wrong))
        .hasMessage(
            "strata_write_task takes the INT number of tasks, the INT bucket and then the"
                + " partition columns, got struct<b:string,n:int>.");
  }

  @SuppressWarnings("unchecked")
  private static ScalarFunction<Integer> bind(StructType input) {
    ScalarFunction<Integer> f = (ScalarFunction<Integer>) new SparkWriteTaskFunction().bind(input);
    assertThat(f.resultType()).isEqualTo(DataTypes.IntegerType);
    return f;
  }

  /** What Spark's HashPartitioning computes for one INT clustering expression. */
  private static int sparkPartition(int value, int numPartitions) {
    return Math.floorMod(Murmur3_x86_32.hashInt(value, 42), numPartitions);
  }
}
