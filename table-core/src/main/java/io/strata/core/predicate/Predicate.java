package io.strata.core.predicate;

/**
 * A filter over rows of one row type (table row or partition row), evaluated on values or on file
 * statistics. Stats evaluation is conservative: it may say "may match" but never drops a file that
 * holds a matching row.
 */
public sealed interface Predicate
    permits LeafPredicate, AndPredicate, OrPredicate, NotPredicate, ConstantPredicate {

  boolean test(Object[] row);

  /**
   * Whether a file with these per-field stats may hold a matching row. Arrays are indexed like
   * rows; a null array or element means unknown.
   */
  boolean mayMatch(long rowCount, Object[] min, Object[] max, Long[] nullCounts);

  /** Whether this predicate only reads the given fields. */
  boolean onlyReferences(java.util.Set<Integer> fieldIndexes);

  default Predicate and(Predicate other) {
    return new AndPredicate(this, other);
  }
}
