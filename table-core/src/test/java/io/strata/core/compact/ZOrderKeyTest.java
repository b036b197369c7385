package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ZOrderKeyTest {

  private static final Comparator<byte[]> UNSIGNED = Arrays::compareUnsigned;

  @Test
  void eachEncodingKeepsTheOrderOfItsValuesWithNullsFirst() {
    assertOrderKept(DataTypes.INT(), Arrays.asList(null, Integer.MIN_VALUE, -7, -1, 0, 1, 42));
    assertOrderKept(
        DataTypes.BIGINT(), Arrays.asList(null, Long.MIN_VALUE + 1, -3L, 0L, Long.MAX_VALUE));
    assertOrderKept(
        DataTypes.DOUBLE(),
        Arrays.asList(
            null, Double.NEGATIVE_INFINITY, -1e9, -1.5, -0.0, 0.0, 1e-9, 2.5, Double.MAX_VALUE));
    assertOrderKept(DataTypes.FLOAT(), Arrays.asList(null, -3.5f, -0.25f, 0f, 0.5f, 7f));
    assertOrderKept(
        DataTypes.DECIMAL(10, 2),
        Arrays.asList(null, new BigDecimal("-10.50"), new BigDecimal("0.01"), new BigDecimal("3")));
    assertOrderKept(DataTypes.DATE(), Arrays.asList(null, -365, 0, 19000));
    assertOrderKept(
        DataTypes.TIMESTAMP(6),
        Arrays.asList(
            null, Timestamp.fromMicros(-5), Timestamp.fromMicros(0), Timestamp.fromMicros(99)));
    assertOrderKept(DataTypes.STRING(), Arrays.asList(null, "a", "ab", "b", "é"));
    assertOrderKept(DataTypes.BOOLEAN(), Arrays.asList(null, false, true));
  }

  @Test
  void randomLongsSortByTheirEncoding() {
    Random random = new Random(7);
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      values.add(random.nextLong());
    }
    List<Long> byEncoding = new ArrayList<>(values);
    byEncoding.sort(Comparator.comparing(OrderedBytes::ofLong, UNSIGNED));
    values.sort(Comparator.naturalOrder());
    assertThat(byEncoding).isEqualTo(values);
  }

  @Test
  void stringsContributeOnlyTheirConfiguredPrefix() {
    ZOrderKey key = new ZOrderKey(List.of(field("s", DataTypes.STRING())), 2);
    assertThat(key.of(new Object[] {"abX"})).isEqualTo(key.of(new Object[] {"abY"}));
    assertThat(key.of(new Object[] {"abX"})).hasSize(2);
    assertThat(UNSIGNED.compare(key.of(new Object[] {"aa"}), key.of(new Object[] {"ab"})))
        .isNegative();
  }

  @Test
  void interleavesBitsFirstColumnFirst() {
    // x = 5 (..101) and y = 3 (..011): the last 3 bits of each interleave to x2 y2 x1 y1 x0 y0.
    ZOrderKey key =
        new ZOrderKey(List.of(field("x", DataTypes.INT()), field("y", DataTypes.INT())), 8);
    byte[] z = key.of(new Object[] {5, 3});
    assertThat(z).hasSize(16);
    assertThat(z[15] & 0x3F).isEqualTo(0b10_01_11);
    // The flipped sign bits of both columns lead the key.
    assertThat(z[0] & 0xC0).isEqualTo(0xC0);
  }

  @Test
  void sortingAGridByZValueFollowsTheMortonCurve() {
    ZOrderKey key =
        new ZOrderKey(List.of(field("x", DataTypes.INT()), field("y", DataTypes.INT())), 8);
    List<int[]> points = grid(8);
    points.sort(Comparator.comparing(p -> key.of(new Object[] {p[0], p[1]}), UNSIGNED));
    for (int i = 0; i < points.size(); i++) {
      assertThat(morton(points.get(i)[0], points.get(i)[1])).isEqualTo(i);
    }
  }

  @Test
  void everyAlignedSquareOfTheGridIsOneRunOfTheZOrder() {
    ZOrderKey key =
        new ZOrderKey(List.of(field("x", DataTypes.BIGINT()), field("y", DataTypes.BIGINT())), 8);
    List<int[]> points = grid(16);
    points.sort(
        Comparator.comparing(p -> key.of(new Object[] {(long) p[0], (long) p[1]}), UNSIGNED));
    for (int side : new int[] {2, 4, 8}) {
      int square = side * side;
      for (int run = 0; run < points.size(); run += square) {
        List<int[]> block = points.subList(run, run + square);
        int x0 = block.get(0)[0] / side * side;
        int y0 = block.get(0)[1] / side * side;
        assertThat(block)
            .as("run %d of %d points", run / square, square)
            .allSatisfy(
                p -> {
                  assertThat(p[0]).isBetween(x0, x0 + side - 1);
                  assertThat(p[1]).isBetween(y0, y0 + side - 1);
                });
      }
    }
  }

  @Test
  void negativeAndPositiveCoordinatesKeepTheirQuadrantOrder() {
    ZOrderKey key =
        new ZOrderKey(List.of(field("x", DataTypes.INT()), field("y", DataTypes.DOUBLE())), 8);
    byte[] lowLow = key.of(new Object[] {-5, -2.0});
    byte[] highLow = key.of(new Object[] {5, -2.0});
    byte[] lowHigh = key.of(new Object[] {-5, 2.0});
    byte[] highHigh = key.of(new Object[] {5, 2.0});
    List<byte[]> sorted = new ArrayList<>(List.of(highHigh, lowHigh, highLow, lowLow));
    sorted.sort(UNSIGNED);
    assertThat(sorted).containsExactly(lowLow, lowHigh, highLow, highHigh);
  }

  private static void assertOrderKept(DataType type, List<Object> ascending) {
    int width = OrderedBytes.width(type, 4);
    for (int i = 0; i + 1 < ascending.size(); i++) {
      byte[] a = OrderedBytes.encode(type, ascending.get(i), width);
      byte[] b = OrderedBytes.encode(type, ascending.get(i + 1), width);
      assertThat(UNSIGNED.compare(a, b))
          .as("%s: %s < %s", type, ascending.get(i), ascending.get(i + 1))
          .isNegative();
    }
  }

  private static List<int[]> grid(int side) {
    List<int[]> points = new ArrayList<>();
    for (int x = side - 1; x >= 0; x--) {
      for (int y = 0; y < side; y++) {
        points.add(new int[] {x, y});
      }
    }
    return points;
  }

  /** The Morton index of (x, y) with x's bits in the more significant place of each pair. */
  private static int morton(int x, int y) {
    int z = 0;
    for (int bit = 0; bit < 16; bit++) {
      z |= ((x >> bit) & 1) << (2 * bit + 1);
      z |= ((y >> bit) & 1) << (2 * bit);
    }
    return z;
  }

  private static DataField field(String name, DataType type) {
    return new DataField(0, name, type);
  }
}
