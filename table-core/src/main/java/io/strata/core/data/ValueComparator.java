package io.strata.core.data;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.ArrayType;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Orders canonical values of a data type (see {@link DataType}) the way Paimon orders them for keys
 * and stats: numbers numerically, strings by UTF-8 bytes (= code points), bytes unsigned, nulls
 * first.
 */
public final class ValueComparator {

  private ValueComparator() {}

  /** A comparator for non-null and null values of this type; nulls sort first. */
  public static Comparator<Object> of(DataType type) {
    Comparator<Object> nonNull = nonNull(type);
    return (a, b) -> {
      if (a == null || b == null) {
        return a == null ? (b == null ? 0 : -1) : 1;
      }
      return nonNull.compare(a, b);
    };
  }

  /** Compares whole rows field by field: the order of primary keys. */
  public static Comparator<Object[]> ofRow(RowType type) {
    int n = type.size();
    @SuppressWarnings("unchecked")
    Comparator<Object>[] fields = new Comparator[n];
    for (int i = 0; i < n; i++) {
      fields[i] = of(type.typeAt(i));
    }
    return (a, b) -> {
      for (int i = 0; i < n; i++) {
        int c = fields[i].compare(a[i], b[i]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  @SuppressWarnings("unchecked")
  private static Comparator<Object> nonNull(DataType type) {
    return switch (type.root()) {
      case VARCHAR, CHAR -> (a, b) -> compareStrings((String) a, (String) b);
      case BINARY, VARBINARY -> (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      case DECIMAL -> (a, b) -> ((BigDecimal) a).compareTo((BigDecimal) b);
      case ARRAY -> {
        Comparator<Object> element = of(((ArrayType) type).element());
        yield (a, b) -> compareLists((List<Object>) a, (List<Object>) b, element);
      }
      case ROW -> {
        Comparator<Object[]> row = ofRow((RowType) type);
        yield (a, b) -> row.compare((Object[]) a, (Object[]) b);
      }
      case MAP ->
          (a, b) -> {
            throw ValueErrors.mapsNotComparable();
          };
      default -> (a, b) -> ((Comparable<Object>) a).compareTo(b);
    };
  }

  /** UTF-8 byte order, which equals code point order (String.compareTo uses UTF-16 units). */
  public static int compareStrings(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        return Integer.compare(inCodePointOrder(ca), inCodePointOrder(cb));
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  /**
   * A UTF-16 unit moved so that units compare in code point order at the first difference: a
   * surrogate stands for a code point above U+FFFF, so surrogates move above U+E000..U+FFFF.
   */
  private static int inCodePointOrder(char c) {
    if (c < Character.MIN_SURROGATE) {
      return c;
    }
    return c > Character.MAX_SURROGATE ? c - 0x800 : c + 0x2000;
  }

  private static int compareLists(List<Object> a, List<Object> b, Comparator<Object> element) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      int c = element.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }
}
