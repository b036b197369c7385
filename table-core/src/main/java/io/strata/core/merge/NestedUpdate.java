package io.strata.core.merge;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.errors.OptionErrors;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code nested_update} of an ARRAY&lt;ROW&gt; column, with Paimon 1.3.1's results: the rows of
 * both arrays (NULL rows dropped), at most {@code fields.<f>.count-limit} of them; with {@code
 * fields.<f>.nested-key} a later row replaces the row of the same key. A retraction removes the
 * rows of its keys, or without keys the rows equal to its rows.
 *
 * <p>Keyed rows come out in the order of Paimon's hash map of key rows, which Strata reproduces:
 * the key is the same BinaryRow, hashed as Paimon hashes it ({@link BucketFunction#hash}).
 */
final class NestedUpdate {

  private NestedUpdate() {}

  /** A key row that hashes and compares as Paimon's BinaryRow does. */
  private record Key(BinaryRow row) {
    @Override
    public int hashCode() {
      return BucketFunction.hash(row);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key other && Arrays.equals(row.bytes(), other.row.bytes());
    }
  }

  static FieldAggregator of(
      String name, String field, RowType rows, List<String> keys, int countLimit) {
    int[] keyIndexes = new int[keys.size()];
    for (int i = 0; i < keyIndexes.length; i++) {
      keyIndexes[i] = rows.indexOf(keys.get(i));
      if (keyIndexes[i] < 0) {
        throw OptionErrors.nestedKeyUnknown(field, keys.get(i), rows.fieldNames());
      }
    }
    RowType keyType = rows.project(keys);
    return new FieldAggregator(name, field) {
      @Override
      Object add(Object acc, Object v, boolean first) {
        if (acc == null || v == null) {
          return acc == null ? v : acc;
        }
        List<?> accumulated = (List<?>) acc;
        if (accumulated.size() >= countLimit) {
          return acc;
        }
        List<Object> out = new ArrayList<>();
        addNonNull(out, accumulated, Integer.MAX_VALUE);
        addNonNull(out, (List<?>) v, countLimit - accumulated.size());
        if (keyIndexes.length == 0) {
          return out;
        }
        Map<Key, Object> byKey = new HashMap<>();
        for (Object row : out) {
          byKey.put(key(row), row);
        }
        return new ArrayList<>(byKey.values());
      }

      @Override
      Object retract(Object acc, Object v) {
        if (acc == null || v == null) {
          return acc;
        }
        List<Object> rowsLeft = new ArrayList<>();
        addNonNull(rowsLeft, (List<?>) acc, Integer.MAX_VALUE);
        if (keyIndexes.length == 0) {
          for (Object retracted : (List<?>) v) {
            if (retracted != null) {
              rowsLeft.removeIf(row -> Objects.deepEquals(row, retracted));
            }
          }
          return rowsLeft;
        }
        Map<Key, Object> byKey = new HashMap<>();
        for (Object row : rowsLeft) {
          byKey.put(key(row), row);
        }
        for (Object retracted : (List<?>) v) {
          if (retracted != null) {
            byKey.remove(key(retracted));
          }
        }
        return new ArrayList<>(byKey.values());
      }

      private Key key(Object row) {
        Object[] values = (Object[]) row;
        Object[] key = new Object[keyIndexes.length];
        for (int i = 0; i < key.length; i++) {
          key[i] = values[keyIndexes[i]];
        }
        return new Key(BinaryRowCodec.serialize(keyType, key));
      }
    };
  }

  /** Adds the non-null rows of {@code rows} to {@code out}, at most {@code limit} of them. */
  private static void addNonNull(List<Object> out, List<?> rows, int limit) {
    int added = 0;
    for (Object row : rows) {
      if (added >= limit) {
        return;
      }
      if (row != null) {
        out.add(row);
        added++;
      }
    }
  }
}
