package io.strata.core.predicate;

import java.util.Set;

/** Either side holds. */
public record OrPredicate(Predicate left, Predicate right) implements Predicate {

  @Override
  public boolean test(Object[] row) {
    return left.test(row) || right.test(row);
  }

  @Override
  public boolean mayMatch(long rowCount, Object[] min, Object[] max, Long[] nullCounts) {
    return left.mayMatch(rowCount, min, max, nullCounts)
        || right.mayMatch(rowCount, min, max, nullCounts);
  }

  @Override
  public boolean onlyReferences(Set<Integer> fieldIndexes) {
    return left.onlyReferences(fieldIndexes) && right.onlyReferences(fieldIndexes);
  }
}
