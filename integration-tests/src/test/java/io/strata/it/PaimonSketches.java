package io.strata.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HexFormat;
import java.util.stream.IntStream;
import org.apache.paimon.utils.HllSketchUtil;
import org.apache.paimon.utils.RoaringBitmap32;
import org.apache.paimon.utils.RoaringBitmap64;
import org.apache.paimon.utils.ThetaSketch;

/**
 * Bitmaps and sketches serialized by Apache Paimon 1.3.1's own utilities, as SQL binary literals:
 * the values of its rbm32, rbm64, hll_sketch and theta_sketch columns.
 */
final class PaimonSketches {

  private PaimonSketches() {}

  /**
   * {@code r32, r64, hll, theta} literals: the bitmaps of {@code ints} and {@code longs}, and the
   * sketches of the ints in [from, to).
   */
  static String row(int[] ints, long[] longs, int from, int to) {
    int[] distinct = range(from, to);
    try {
      return String.join(
          ", ",
          literal(RoaringBitmap32.bitmapOf(ints).serialize()),
          literal(RoaringBitmap64.bitmapOf(longs).serialize()),
          literal(HllSketchUtil.sketchOf(distinct)),
          literal(ThetaSketch.sketchOf(distinct)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static int[] range(int from, int to) {
    return IntStream.range(from, to).toArray();
  }

  private static String literal(byte[] bytes) {
    return "X'" + HexFormat.of().formatHex(bytes) + "'";
  }
}
