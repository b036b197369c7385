package io.strata.core.merge;

import static io.strata.core.merge.AggregationRetractionsTest.add;
import static io.strata.core.merge.AggregationRetractionsTest.folded;
import static io.strata.core.merge.AggregationRetractionsTest.retract;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.options.Options;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.theta.CompactSketch;
import org.apache.datasketches.theta.UpdateSketch;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The bitmap and sketch functions of VARBINARY columns ({@code rbm32}, {@code rbm64}, {@code
 * hll_sketch}, {@code theta_sketch}): unions as Paimon 1.3.1 computes them, NULLs passed over,
 * retractions refused, and values that do not parse reported with their column.
 */
class SketchAggregatesTest {

  @Test
  void rbm32UnionsBitmapsAsUnsignedInts() throws IOException {
    byte[] a = bitmap32(1, 5, 100_000, -1);
    byte[] b = bitmap32(5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
    byte[] merged = (byte[]) folded(DataTypes.BYTES(), "rbm32", Map.of(), add(1, a), add(2, b));
    RoaringBitmap union = new RoaringBitmap();
    union.deserialize(ByteBuffer.wrap(merged));
    assertThat(union.toArray()).containsExactly(1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 100_000, -1);
    // The union is written run-optimized, as Paimon writes it: 5..14 is one run.
    assertThat(union.hasRunCompression()).isTrue();
    RoaringBitmap expected = RoaringBitmap.bitmapOf(1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 100_000);
    expected.add(-1);
    expected.runOptimize();
    assertThat(merged).isEqualTo(serialize(expected));
  }

  @Test
  void nullsLeaveTheOtherValueAsItIs() {
    byte[] a = bitmap32(3);
    for (String function : new String[] {"rbm32", "rbm64", "hll_sketch", "theta_sketch"}) {
      assertThat(
              folded(DataTypes.BYTES(), function, Map.of(), add(1, null), add(2, a), add(3, null)))
          .isSameAs(a);
      assertThat(folded(DataTypes.BYTES(), function, Map.of(), add(1, null), add(2, null)))
          .isNull();
    }
  }

  @Test
  void rbm64UnionsBitmapsBeyondThirtyTwoBits() throws IOException {
    long big = 1L << 40;
    byte[] a = bitmap64(1, big, -3L);
    byte[] b = bitmap64(2, big, big + 1, Long.MAX_VALUE);
    byte[] merged = (byte[]) folded(DataTypes.BYTES(), "rbm64", Map.of(), add(1, a), add(2, b));
    Roaring64Bitmap union = new Roaring64Bitmap();
    union.deserialize(new DataInputStream(new ByteArrayInputStream(merged)));
    assertThat(union.toArray()).containsExactly(1, 2, big, big + 1, Long.MAX_VALUE, -3L);
  }

  @Test
  void hllSketchUnionEstimatesTheDistinctCountAsHll4() {
    byte[] a = hll(LongStream.range(0, 1000));
    byte[] b = hll(LongStream.range(500, 1500));
    byte[] c = hll(LongStream.range(1400, 1600));
    byte[] merged =
        (byte[]) folded(DataTypes.BYTES(), "hll_sketch", Map.of(), add(1, a), add(2, b), add(3, c));
    HllSketch union = HllSketch.heapify(merged);
    assertThat(union.getTgtHllType()).isEqualTo(TgtHllType.HLL_4);
    assertThat(union.getEstimate()).isBetween(1600 * 0.97, 1600 * 1.03);
  }

  @Test
  void thetaSketchUnionCountsExactlyBelowItsNominalEntries() {
    byte[] a = theta(LongStream.range(0, 1000));
    byte[] b = theta(LongStream.range(500, 1500));
    byte[] merged =
        (byte[]) folded(DataTypes.BYTES(), "theta_sketch", Map.of(), add(1, a), add(2, b));
    CompactSketch union = CompactSketch.wrap(Memory.wrap(merged));
    assertThat(union.isEstimationMode()).isFalse();
    assertThat(union.getEstimate()).isEqualTo(1500.0);
    // Beyond 4096 distinct values the union estimates.
    byte[] large = theta(LongStream.range(0, 20_000));
    byte[] estimated =
        (byte[]) folded(DataTypes.BYTES(), "theta_sketch", Map.of(), add(1, large), add(2, a));
    assertThat(CompactSketch.wrap(Memory.wrap(estimated)).getEstimate())
        .isBetween(20_000 * 0.95, 20_000 * 1.05);
  }

  @Test
  void retractionsAreRefusedUnlessIgnored() {
    byte[] a = bitmap32(1, 2);
    byte[] b = bitmap32(2, 3);
    assertThatThrownBy(() -> folded(DataTypes.BYTES(), "rbm32", Map.of(), add(1, a), retract(2, b)))
        .hasMessageContaining("column 'v'")
        .hasMessageContaining("'rbm32' cannot undo a value")
        .hasMessageContaining("'fields.v.ignore-retract' = 'true'");
    assertThat(
            folded(
                DataTypes.BYTES(),
                "rbm32",
                Map.of("fields.v.ignore-retract", "true"),
                add(1, a),
                retract(2, b)))
        .isSameAs(a);
  }

  @Test
  void valuesThatDoNotParseNameTheColumnAndTheForm() {
    byte[] garbage = {1, 2, 3};
    assertThatThrownBy(
            () ->
                folded(DataTypes.BYTES(), "rbm32", Map.of(), add(1, bitmap32(1)), add(2, garbage)))
        .hasMessageContaining("Cannot merge column 'v' (aggregate function 'rbm32')")
        .hasMessageContaining("a value of 3 bytes is not a 32-bit RoaringBitmap")
        .hasMessageContaining("not a 32-bit RoaringBitmap in its portable serialization");
    assertThatThrownBy(
            () ->
                folded(
                    DataTypes.BYTES(),
                    "hll_sketch",
                    Map.of(),
                    add(1, hll(LongStream.of(1))),
                    add(2, garbage)))
        .hasMessageContaining("'hll_sketch'")
        .hasMessageContaining("not a serialized DataSketches HLL sketch");
  }

  @Test
  void onlyVarbinaryColumnsTakeThem() {
    for (String function : new String[] {"rbm32", "rbm64", "hll_sketch", "theta_sketch"}) {
      assertThatThrownBy(() -> folded(DataTypes.BIGINT(), function, Map.of(), add(1, 1L)))
          .hasMessageContaining("Aggregate function '" + function + "' needs a VARBINARY (BYTES)")
          .hasMessageContaining("column 'v' is BIGINT");
    }
  }

  @Test
  void writersRefuseValuesNoMergeCouldRead() {
    RowType rowType =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "b", DataTypes.BYTES()),
                new DataField(2, "h", DataTypes.BYTES()),
                new DataField(3, "raw", DataTypes.BYTES())));
    Options options =
        new Options(
            Map.of(
                "merge-engine", "aggregation",
                "fields.b.aggregate-function", "rbm32",
                "fields.h.aggregate-function", "hll_sketch"));
    SketchColumns columns = SketchColumns.of(rowType, List.of("id"), options);
    columns.check(new Object[] {1L, bitmap32(1, 2), hll(LongStream.of(1)), new byte[] {9}});
    columns.check(new Object[] {1L, null, null, null});
    assertThatThrownBy(
            () -> columns.check(new Object[] {1L, bitmap32(1), new byte[] {1, 2}, new byte[0]}))
        .hasMessageContaining("Cannot write a value of 2 bytes into column 'h'")
        .hasMessageContaining("(aggregate function 'hll_sketch')")
        .hasMessageContaining("Nothing was written.");
    // Other engines, and partial-update without a function on the column, merge no sketch.
    assertThat(SketchColumns.of(rowType, List.of("id"), new Options(Map.of()))).isNull();
    assertThat(
            SketchColumns.of(
                rowType, List.of("id"), new Options(Map.of("merge-engine", "partial-update"))))
        .isNull();
  }

  static byte[] bitmap32(int... values) {
    RoaringBitmap bitmap = RoaringBitmap.bitmapOf(values);
    bitmap.runOptimize();
    return serialize(bitmap);
  }

  private static byte[] serialize(RoaringBitmap bitmap) {
    ByteBuffer out = ByteBuffer.allocate(bitmap.serializedSizeInBytes());
    bitmap.serialize(out);
    return out.array();
  }

  static byte[] bitmap64(long... values) throws IOException {
    Roaring64Bitmap bitmap = Roaring64Bitmap.bitmapOf(values);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      bitmap.serialize(out);
    }
    return bytes.toByteArray();
  }

  static byte[] hll(LongStream values) {
    HllSketch sketch = new HllSketch();
    values.forEach(sketch::update);
    return sketch.toCompactByteArray();
  }

  static byte[] theta(LongStream values) {
    UpdateSketch sketch = UpdateSketch.builder().build();
    values.forEach(sketch::update);
    return sketch.compact().toByteArray();
  }
}
