package io.strata.core.scan;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.data.ValueComparator;
import io.strata.core.options.BucketFunctionType;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The buckets of a fixed-bucket table that can hold rows matching a filter: when the filter's
 * conjuncts restrict every bucket-key column to a few values (equality or IN), a matching row's key
 * is one of their combinations, and only the buckets those keys hash to can hold it. Buckets are
 * computed per bucket count, since files written before a rescale keep their own.
 */
public final class BucketFilter {

  /** More key combinations than this are not worth hashing; the filter then keeps every bucket. */
  static final int MAX_KEYS = 4096;

  private final List<BinaryRow> keys;

  /**
   * With {@code 'bucket-function.type' = 'mod'}: the values of the one bucket-key column, whose
   * remainders are the buckets; null for the default hash of {@link #keys}.
   */
  private final List<Object> modValues;

  private final Map<Integer, Set<Integer>> bucketsByCount = new ConcurrentHashMap<>();

  private BucketFilter(List<BinaryRow> keys, List<Object> modValues) {
    this.keys = keys;
    this.modValues = modValues;
  }

  /**
   * The bucket filter {@code filter} (bound to the table's row type) implies, or empty when the
   * table has no fixed buckets or the filter does not pin every bucket-key column.
   */
  public static Optional<BucketFilter> of(TableSchema schema, Predicate filter) {
    Options options = new Options(schema.options());
    if (filter == null || options.get(TableOptions.BUCKET) <= 0) {
      return Optional.empty();
    }
    boolean mod = options.get(TableOptions.BUCKET_FUNCTION_TYPE) == BucketFunctionType.MOD;
    List<String> keyNames = schema.bucketKeys();
    RowType rowType = schema.rowType();
    List<List<Object>> valuesPerKey = new ArrayList<>();
    long combinations = 1;
    for (String name : keyNames) {
      int field = rowType.indexOf(name);
      Set<Object> values =
          field < 0 ? null : valuesOf(filter, field, ValueComparator.of(rowType.typeAt(field)));
      if (values == null || !hashesByValue(rowType.typeAt(field).root())) {
        return Optional.empty();
      }
      combinations *= Math.max(1, values.size());
      if (combinations > MAX_KEYS) {
        return Optional.empty();
      }
      valuesPerKey.add(new ArrayList<>(values));
    }
    if (valuesPerKey.isEmpty()) {
      return Optional.empty();
    }
    if (mod) {
      DataTypeRoot root = rowType.typeAt(rowType.indexOf(keyNames.get(0))).root();
      return valuesPerKey.size() == 1 && (root == DataTypeRoot.INT || root == DataTypeRoot.BIGINT)
          ? Optional.of(new BucketFilter(List.of(), valuesPerKey.get(0)))
          : Optional.empty();
    }
    RowType keyType = rowType.project(keyNames);
    List<BinaryRow> keys = new ArrayList<>();
    combine(valuesPerKey, 0, new Object[keyNames.size()], keyType, keys);
    return Optional.of(new BucketFilter(keys, null));
  }

  /**
   * Equal values must hash equally: floating point is excluded, since SQL equates -0.0 and 0.0
   * whose bytes differ.
   */
  private static boolean hashesByValue(DataTypeRoot root) {
    return root != DataTypeRoot.FLOAT && root != DataTypeRoot.DOUBLE;
  }

  /**
   * The values the conjuncts of {@code filter} allow for {@code field} (the intersection of its
   * equalities and IN lists), or null when no conjunct restricts it to a list of values.
   */
  static Set<Object> valuesOf(Predicate filter, int field, Comparator<Object> order) {
    if (filter instanceof AndPredicate and) {
      Set<Object> left = valuesOf(and.left(), field, order);
      Set<Object> right = valuesOf(and.right(), field, order);
      if (left == null || right == null) {
        return left == null ? right : left;
      }
      Set<Object> both = new LinkedHashSet<>();
      for (Object v : left) {
        if (right.stream().anyMatch(w -> order.compare(v, w) == 0)) {
          both.add(v);
        }
      }
      return both;
    }
    if (filter instanceof LeafPredicate leaf
        && leaf.fieldIndex() == field
        && (leaf.op() == LeafPredicate.Op.EQ || leaf.op() == LeafPredicate.Op.IN)) {
      Set<Object> values = new LinkedHashSet<>();
      for (Object v : leaf.literals()) {
        if (v != null) {
          values.add(v);
        }
      }
      return values;
    }
    return null;
  }

  private static void combine(
      List<List<Object>> values, int i, Object[] key, RowType keyType, List<BinaryRow> out) {
    if (i == values.size()) {
      out.add(BinaryRowCodec.serialize(keyType, key.clone()));
      return;
    }
    for (Object v : values.get(i)) {
      key[i] = v;
      combine(values, i + 1, key, keyType, out);
    }
  }

  /** Whether bucket {@code bucket} of a layout with {@code totalBuckets} may hold a match. */
  public boolean accepts(int bucket, int totalBuckets) {
    if (totalBuckets <= 0) {
      return true; // not a fixed-bucket file layout
    }
    return bucketsByCount.computeIfAbsent(totalBuckets, this::bucketsFor).contains(bucket);
  }

  /** The buckets of a layout with {@code totalBuckets} that may hold a match. */
  public Set<Integer> bucketsFor(int totalBuckets) {
    Set<Integer> buckets = new HashSet<>();
    if (modValues != null) {
      for (Object value : modValues) {
        buckets.add(BucketFunction.modBucket(value, totalBuckets));
      }
      return buckets;
    }
    for (BinaryRow key : keys) {
      buckets.add(BucketFunction.bucket(key, totalBuckets));
    }
    return buckets;
  }
}
