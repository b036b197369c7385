package io.strata.core.predicate;

import java.util.Set;

/** The child does not hold. Stats cannot prove a negation, so files are never skipped. */
public record NotPredicate(Predicate child) implements Predicate {

  @Override
  public boolean test(Object[] row) {
    return !child.test(row);
  }

  @Override
  public boolean mayMatch(long rowCount, Object[] min, Object[] max, Long[] nullCounts) {
    return true;
  }

  @Override
  public boolean onlyReferences(Set<Integer> fieldIndexes) {
    return child.onlyReferences(fieldIndexes);
  }
}
