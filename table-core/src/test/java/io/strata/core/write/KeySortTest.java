package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.ValueComparator;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The key sort of buffered rows agrees with a stable sort by the key comparator. */
class KeySortTest {

  private static final String[] WORDS = {
    "", "a", "a\0", "ab", "abcdefgh", "abcdefghi", "abcdefgh\uD83D\uDE00", "é", "\uD83D\uDE00", "z"
  };

  @Test
  void bigintKeysSortLikeTheComparatorAndKeepArrivalOrderOfEqualKeys() {
    Random random = new Random(1);
    checkAgainstReference(
        key(DataTypes.BIGINT()),
        1000,
        i -> random.nextBoolean() ? (long) random.nextInt(50) - 25 : random.nextLong());
  }

  @Test
  void extremeBigintsSortSigned() {
    long[] values = {Long.MAX_VALUE, 0, Long.MIN_VALUE, -1, 1};
    checkAgainstReference(key(DataTypes.BIGINT()), values.length, i -> values[i]);
  }

  @Test
  void stringKeysWithSharedPrefixesSortByUtf8Bytes() {
    Random random = new Random(2);
    checkAgainstReference(
        key(DataTypes.STRING()),
        2000,
        i -> WORDS[random.nextInt(WORDS.length)] + WORDS[random.nextInt(WORDS.length)]);
  }

  @Test
  void compositeKeysBreakPrefixTiesOnLaterFields() {
    Random random = new Random(3);
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "a", DataTypes.INT()), new DataField(1, "b", DataTypes.STRING())));
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      rows.add(new Object[] {random.nextInt(5), WORDS[random.nextInt(WORDS.length)], i});
    }
    assertThat(new KeySort(type).order(rows)).containsExactly(reference(type, rows));
  }

  @Test
  void keysWithoutPrefixFallBackToTheComparator() {
    Random random = new Random(4);
    checkAgainstReference(
        key(DataTypes.DECIMAL(10, 2)), 500, i -> BigDecimal.valueOf(random.nextInt(100) - 50, 2));
  }

  private static RowType key(DataType type) {
    return new RowType(List.of(new DataField(0, "k", type)));
  }

  /** Rows {@code (key, arrival)}: the order must match a stable sort by the key comparator. */
  private static void checkAgainstReference(RowType type, int n, Function<Integer, Object> keys) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(new Object[] {keys.apply(i), i});
    }
    int[] order = new KeySort(type).order(rows);
    assertThat(order).containsExactly(reference(type, rows));
  }

  private static int[] reference(RowType type, List<Object[]> rows) {
    Comparator<Object[]> byKey = ValueComparator.ofRow(type);
    return IntStream.range(0, rows.size())
        .boxed()
        .sorted((a, b) -> byKey.compare(rows.get(a), rows.get(b))) // stable
        .mapToInt(Integer::intValue)
        .toArray();
  }
}
