package io.strata.core.format;

import java.io.Serializable;
import org.apache.parquet.filter2.predicate.Statistics;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveComparator;

/**
 * Parquet's test for {@code STARTS_WITH}: a value matches when its bytes begin with the prefix's
 * UTF-8 bytes. Row groups are dropped by statistics (the range [min, max] misses every string with
 * the prefix) and by dictionaries (no dictionary value has it). A negation never drops a row group.
 */
final class PrefixPredicate extends UserDefinedPredicate<Binary> implements Serializable {

  private static final long serialVersionUID = 1L;

  private final byte[] prefix;

  PrefixPredicate(byte[] prefix) {
    this.prefix = prefix.clone();
  }

  @Override
  public boolean keep(Binary value) {
    return value != null && startsWith(value);
  }

  @Override
  public boolean canDrop(Statistics<Binary> statistics) {
    Binary min = statistics.getMin();
    Binary max = statistics.getMax();
    if (min == null || max == null) {
      return false;
    }
    Binary p = Binary.fromConstantByteArray(prefix);
    PrimitiveComparator<Binary> order =
        PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR;
    // Strings with the prefix start at the prefix and end before the first string after it that
    // does not have it.
    return order.compare(max, p) < 0 || (order.compare(min, p) > 0 && !startsWith(min));
  }

  @Override
  public boolean inverseCanDrop(Statistics<Binary> statistics) {
    return false;
  }

  private boolean startsWith(Binary value) {
    byte[] bytes = value.getBytesUnsafe();
    if (bytes.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (bytes[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return "startsWith(" + Binary.fromConstantByteArray(prefix).toStringUsingUTF8() + ")";
  }
}
