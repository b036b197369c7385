package io.strata.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class BucketFunctionTest {

  private static final RowType ORDER_ID =
      new RowType(List.of(new DataField(1, "order_id", DataTypes.BIGINT().notNull())));

  @Test
  void seedOrdersExample() {
    // Table orders: PK (dt, order_id), partitioned by dt, bucket 2; the bucket key is order_id.
    assertThat(BucketFunction.bucket(ORDER_ID, new Object[] {1L}, 2)).isEqualTo(0);
    assertThat(BucketFunction.bucket(ORDER_ID, new Object[] {2L}, 2)).isEqualTo(0);
    assertThat(BucketFunction.bucket(ORDER_ID, new Object[] {3L}, 2)).isEqualTo(1);
    assertThat(BucketFunction.bucket(ORDER_ID, new Object[] {4L}, 2)).isEqualTo(0);
    assertThat(BucketFunction.bucket(ORDER_ID, new Object[] {5L}, 2)).isEqualTo(0);
  }

  @Test
  void negativeHashesGiveNonNegativeBuckets() {
    BinaryRow row = BinaryRowCodec.serialize(ORDER_ID, new Object[] {-1L});
    assertThat(BucketFunction.hash(row)).isEqualTo(-821098432);
    assertThat(BucketFunction.bucket(row, 100)).isEqualTo(32);
    assertThat(BucketFunction.bucket(row, 7)).isEqualTo(Math.abs(-821098432 % 7));
  }

  @Test
  void oneBucketIsAlwaysZero() {
    for (long id = -50; id < 50; id++) {
      assertThat(BucketFunction.bucket(ORDER_ID, new Object[] {id}, 1)).isZero();
    }
  }

  @Test
  void murmurMatchesReferenceVectorsIncludingTails() {
    // Reference MurmurHash3 x86_32 values; tails of 1–3 bytes only occur outside BinaryRows.
    assertThat(murmur("", 0)).isEqualTo(0);
    assertThat(murmur("", 1)).isEqualTo(0x514E28B7);
    assertThat(murmur("", 42)).isEqualTo(142593372);
    assertThat(murmur("a", 42)).isEqualTo(-1293573533);
    assertThat(murmur("ab", 42)).isEqualTo(-684913081);
    assertThat(murmur("abc", 42)).isEqualTo(1313807976);
    assertThat(murmur("abcd", 42)).isEqualTo(-396302900);
    assertThat(murmur("abcde", 42)).isEqualTo(-1361433616);
    assertThat(murmur("Hello, world!", 0)).isEqualTo(-1070186941);
    assertThat(murmur("Hello, world!", 42)).isEqualTo(747406643);
  }

  private static int murmur(String s, int seed) {
    byte[] b = ("xx" + s).getBytes(StandardCharsets.UTF_8);
    return BucketFunction.murmur3(b, 2, b.length - 2, seed);
  }

  @Test
  void rejectsNonPositiveBucketCounts() {
    BinaryRow row = BinaryRowCodec.serialize(ORDER_ID, new Object[] {1L});
    assertThatThrownBy(() -> BucketFunction.bucket(row, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The number of buckets must be positive for a fixed-bucket table, got 0");
    assertThatThrownBy(() -> BucketFunction.bucket(row, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The number of buckets must be positive for a fixed-bucket table, got -1");
  }
}
