package io.strata.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * The Spark function writes cluster by gives Paimon's buckets. Expected numbers are Paimon 1.3.1's,
 * from the golden {@code binary-rows.tsv} in table-core's test resources (columns bucket_2,
 * bucket_4, bucket_16, bucket_100).
 */
class SparkBucketFunctionTest {

  @Test
  void givesPaimonsBucketsForOneColumnKeys() {
    assertBuckets(DataTypes.LongType, 5L, 0, 0, 4, 96);
    assertBuckets(DataTypes.LongType, Long.MIN_VALUE, 1, 3, 7, 19);
    assertBuckets(DataTypes.LongType, null, 0, 0, 0, 44);
    assertBuckets(DataTypes.IntegerType, 2147483647, 1, 1, 9, 21);
    assertBuckets(DataTypes.StringType, UTF8String.fromString("12345678"), 1, 1, 9, 1);
    assertBuckets(DataTypes.StringType, UTF8String.fromString("2026-09-24"), 1, 1, 9, 25);
    assertBuckets(
        DataTypes.createDecimalType(38, 10),
        Decimal.apply(new BigDecimal("-1.0000000000"), 38, 10),
        0,
        2,
        2,
        66);
    long micros =
        LocalDateTime.parse("2026-10-04T12:54:14.246789").toEpochSecond(ZoneOffset.UTC) * 1_000_000L
            + 246_789;
    assertBuckets(DataTypes.TimestampNTZType, micros, 0, 0, 12, 16);
    assertBuckets(DataTypes.TimestampType, micros, 0, 0, 12, 16);
  }

  @Test
  void givesPaimonsBucketsForTwoColumnKeys() {
    StructType input = input(DataTypes.StringType, DataTypes.LongType, DataTypes.IntegerType);
    ScalarFunction<Integer> f = bind(input);
    int[] buckets = {2, 4, 16, 100};
    int[] expected = {1, 3, 3, 27};
    for (int i = 0; i < buckets.length; i++) {
      InternalRow row =
          new GenericInternalRow(
              new Object[] {UTF8String.fromString("2026-09-24"), 1L, buckets[i]});
      assertThat(f.produceResult(row)).as("%s buckets", buckets[i]).isEqualTo(expected[i]);
    }
    InternalRow nullFirst = new GenericInternalRow(new Object[] {null, 7L, 100});
    assertThat(f.produceResult(nullFirst)).isEqualTo(91);
  }

  @Test
  void isServedByTheCatalogInTheEmptyNamespace() throws Exception {
    StrataCatalog catalog = new StrataCatalog();
    assertThat(catalog.listFunctions(new String[0]))
        .containsExactly(
            Identifier.of(new String[0], "strata_bucket"),
            Identifier.of(new String[0], "bucket"),
            Identifier.of(new String[0], "strata_mod_bucket"),
            Identifier.of(new String[0], "strata_write_task"),
            Identifier.of(new String[0], "strata_partition_buckets"));
    assertThat(catalog.loadFunction(Identifier.of(new String[0], "strata_bucket")).name())
        .isEqualTo("strata_bucket");
    assertThat(catalog.loadFunction(Identifier.of(new String[0], "bucket")).name())
        .isEqualTo("bucket");
    assertThat(catalog.loadFunction(Identifier.of(new String[0], "strata_mod_bucket")).name())
        .isEqualTo("strata_mod_bucket");
    assertThat(catalog.loadFunction(Identifier.of(new String[0], "strata_write_task")).name())
        .isEqualTo("strata_write_task");
    assertThat(
            catalog.loadFunction(Identifier.of(new String[0], "strata_partition_buckets")).name())
        .isEqualTo("strata_partition_buckets");
    assertThatThrownBy(
            () -> catalog.loadFunction(Identifier.of(new String[] {"db"}, "strata_bucket")))
        .hasMessageContaining("strata_bucket");
  }

  @Test
  void theTransformVariantTakesTheBucketCountFirstAndHashesAlike() {
    @SuppressWarnings("unchecked")
    ScalarFunction<Integer> f =
        (ScalarFunction<Integer>)
            SparkBucketFunction.transform()
                .bind(input(DataTypes.IntegerType, DataTypes.StringType, DataTypes.LongType));
    InternalRow row =
        new GenericInternalRow(new Object[] {100, UTF8String.fromString("2026-09-24"), 1L});
    assertThat(f.produceResult(row)).isEqualTo(27);
    assertThat(f.canonicalName()).isEqualTo("strata.bucket[int, string, bigint]");
    ScalarFunction<Integer> other = bind(input(DataTypes.StringType, DataTypes.IntegerType));
    assertThat(other.canonicalName()).isEqualTo("strata.strata_bucket[string, int]");
    assertThatThrownBy(
            () ->
                SparkBucketFunction.transform().bind(input(DataTypes.LongType, DataTypes.LongType)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "bucket takes the INT number of buckets and then the bucket-key columns, got"
                + " struct<_0:bigint,_1:bigint>.");
  }

  /** {@code strata_mod_bucket}: Paimon's 'mod' buckets, floorMod of an INT or BIGINT key. */
  @Test
  void theModVariantTakesTheRemainderOfAnIntegralKey() {
    for (DataType type : List.of(DataTypes.IntegerType, DataTypes.LongType)) {
      @SuppressWarnings("unchecked")
      ScalarFunction<Integer> f =
          (ScalarFunction<Integer>)
              SparkBucketFunction.mod().bind(input(type, DataTypes.IntegerType));
      for (long key : new long[] {-7, -1, 0, 5, 2_000_000_001L}) {
        Object value = type == DataTypes.IntegerType ? (Object) (int) key : (Object) key;
        assertThat(f.produceResult(new GenericInternalRow(new Object[] {value, 4})))
            .as("%s %d", type, key)
            .isEqualTo((int) Math.floorMod(key, 4L));
      }
      assertThat(f.produceResult(new GenericInternalRow(new Object[] {null, 4}))).isZero();
    }
    assertThatThrownBy(
            () ->
                SparkBucketFunction.mod().bind(input(DataTypes.StringType, DataTypes.IntegerType)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "strata_mod_bucket takes one INT or BIGINT key and then the INT number of buckets,"
                + " got struct<_0:string,_1:int>.");
  }

  @Test
  void refusesArgumentsWithoutTheBucketCount() {
    assertThatThrownBy(() -> new SparkBucketFunction().bind(input(DataTypes.LongType)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "strata_bucket takes the bucket-key columns and then the INT number of buckets, got"
                + " struct<_0:bigint>.");
  }

  private static void assertBuckets(DataType keyType, Object key, int... expected) {
    ScalarFunction<Integer> f = bind(input(keyType, DataTypes.IntegerType));
    int[] buckets = {2, 4, 16, 100};
    for (int i = 0; i < buckets.length; i++) {
      InternalRow row = new GenericInternalRow(new Object[] {key, buckets[i]});
      assertThat(f.produceResult(row))
          .as("%s %s in %s buckets", keyType.simpleString(), key, buckets[i])
          .isEqualTo(expected[i]);
    }
  }

  @SuppressWarnings("unchecked")
  private static ScalarFunction<Integer> bind(StructType input) {
    return (ScalarFunction<Integer>) new SparkBucketFunction().bind(input);
  }

  /** The argument struct Spark binds with: fields {@code _0, _1, ...}. */
  private static StructType input(DataType... types) {
    StructField[] fields = new StructField[types.length];
    for (int i = 0; i < types.length; i++) {
      fields[i] = DataTypes.createStructField("_" + i, types[i], true);
    }
    return new StructType(fields);
  }
}
