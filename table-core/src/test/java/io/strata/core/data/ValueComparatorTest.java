package io.strata.core.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValueComparatorTest {

  /** Characters from every UTF-8 length, including code points above U+FFFF (surrogate pairs). */
  private static final int[] CODE_POINTS = {
    'a', 'b', 'z', 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E2D, 0xD7FF, 0xE000, 0xFB01, 0xFFFD, 0xFFFF,
    0x10000, 0x1F600, 0x1F601, 0x10FFFF
  };

  @Test
  void stringsCompareInUtf8ByteOrder() {
    Random random = new Random(42);
    for (int i = 0; i < 200_000; i++) {
      String a = randomString(random);
      String b = random.nextInt(4) == 0 ? a + randomString(random) : randomString(random);
      int expected =
          Integer.signum(
              Arrays.compareUnsigned(
                  a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
      assertThat(Integer.signum(ValueComparator.compareStrings(a, b)))
          .as("%s vs %s", a, b)
          .isEqualTo(expected);
      assertThat(Integer.signum(ValueComparator.compareStrings(b, a))).isEqualTo(-expected);
    }
  }

  @Test
  void aCodePointAboveTheBasicPlaneSortsAfterPrivateUseCharacters() {
    // UTF-16 puts the surrogate 0xD83D before 0xE000; code point (and UTF-8) order does not.
    assertThat(ValueComparator.compareStrings("\uD83D\uDE00", "\uE000")).isPositive();
    assertThat("\uD83D\uDE00".compareTo("\uE000")).isNegative();
    assertThat(ValueComparator.compareStrings("ab", "ab")).isZero();
    assertThat(ValueComparator.compareStrings("ab", "abc")).isNegative();
  }

  private static String randomString(Random random) {
    StringBuilder s = new StringBuilder();
    int length = random.nextInt(5);
    for (int i = 0; i < length; i++) {
      s.appendCodePoint(CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
    }
    return s.toString();
  }
}
