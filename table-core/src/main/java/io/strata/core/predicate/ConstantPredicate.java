package io.strata.core.predicate;

import java.util.Set;

/** Holds for every row ({@code TRUE}) or for none ({@code FALSE}), NULLs included. */
public record ConstantPredicate(boolean value) implements Predicate {

  @Override
  public boolean test(Object[] row) {
    return value;
  }

  @Override
  public boolean mayMatch(long rowCount, Object[] min, Object[] max, Long[] nullCounts) {
    return value;
  }

  @Override
  public boolean onlyReferences(Set<Integer> fieldIndexes) {
    return true;
  }
}
