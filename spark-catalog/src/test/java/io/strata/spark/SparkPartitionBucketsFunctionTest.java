package io.strata.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.PartitionBuckets;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * The bucket count a write to a postponed-bucket or rescaled fixed-bucket table clusters each
 * partition's rows by: the partition's own count from the driver's layout, the default for a
 * partition the layout lacks.
 */
class SparkPartitionBucketsFunctionTest {

  private static final RowType PARTITION =
      new RowType(
          List.of(
              new DataField(0, "dt", DataTypes.STRING()), new DataField(1, "h", DataTypes.INT())));

  @Test
  void givesEachPartitionItsCountAndNewOnesTheDefault() {
    PartitionBuckets layout =
        new PartitionBuckets(
            Map.of(
                BinaryRowCodec.serialize(PARTITION, new Object[] {"a", 1}), 3,
                BinaryRowCodec.serialize(PARTITION, new Object[] {null, 2}), 5),
            2);
    assertThat(PartitionBuckets.decode(layout.encode())).isEqualTo(layout);
    @SuppressWarnings("unchecked")
    ScalarFunction<Integer> f =
        (ScalarFunction<Integer>)
            new SparkPartitionBucketsFunction()
                .bind(
                    new StructType()
                        .add("layout", org.apache.spark.sql.types.DataTypes.StringType)
                        .add("dt", org.apache.spark.sql.types.DataTypes.StringType)
                        .add("h", org.apache.spark.sql.types.DataTypes.IntegerType));
    UTF8String text = UTF8String.fromString(layout.encode());
    assertThat(f.produceResult(row(text, "a", 1))).isEqualTo(3);
    assertThat(f.produceResult(row(text, null, 2))).isEqualTo(5);
    assertThat(f.produceResult(row(text, "a", 2))).isEqualTo(2);
    // A copy of the layout's text, as an exchange may hand over, reads the same.
    assertThat(f.produceResult(row(text.clone(), "a", 1))).isEqualTo(3);
  }

  @Test
  void findsBinaryPartitionsByTheirBytes() {
    RowType binary = new RowType(List.of(new DataField(0, "b", DataTypes.BYTES())));
    PartitionBuckets layout =
        new PartitionBuckets(
            Map.of(BinaryRowCodec.serialize(binary, new Object[] {new byte[] {1, 2}}), 7), 1);
    @SuppressWarnings("unchecked")
    ScalarFunction<Integer> f =
        (ScalarFunction<Integer>)
            new SparkPartitionBucketsFunction()
                .bind(
                    new StructType()
                        .add("layout", org.apache.spark.sql.types.DataTypes.StringType)
                        .add("b", org.apache.spark.sql.types.DataTypes.BinaryType));
    UTF8String text = UTF8String.fromString(layout.encode());
    assertThat(f.produceResult(new GenericInternalRow(new Object[] {text, new byte[] {1, 2}})))
        .isEqualTo(7);
    assertThat(f.produceResult(new GenericInternalRow(new Object[] {text, new byte[] {1, 3}})))
        .isEqualTo(1);
  }

  @Test
  void refusesArgumentsWithoutALayout() {
    assertThatThrownBy(
            () ->
                new SparkPartitionBucketsFunction()
                    .bind(
                        new StructType()
                            .add("dt", org.apache.spark.sql.types.DataTypes.IntegerType)))
        .hasMessage(
            "strata_partition_buckets takes the STRING bucket layout of a table's partitions and"
                + " then the partition columns, got struct<dt:int>.");
  }

  private static GenericInternalRow row(UTF8String layout, String dt, int h) {
    return new GenericInternalRow(
        new Object[] {layout, dt == null ? null : UTF8String.fromString(dt), h});
  }
}
