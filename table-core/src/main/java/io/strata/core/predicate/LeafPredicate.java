package io.strata.core.predicate;

import io.strata.core.data.ValueComparator;
import io.strata.core.types.DataType;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * A comparison of one field with literals. SQL semantics: a comparison with NULL is unknown, so
 * only IS_NULL matches null values.
 */
public record LeafPredicate(
    int fieldIndex, String fieldName, DataType type, Op op, List<Object> literals)
    implements Predicate {

  /** The comparison. */
  public enum Op {
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE,
    IS_NULL,
    IS_NOT_NULL,
    IN,
    STARTS_WITH
  }

  public LeafPredicate {
    literals = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(literals));
  }

  private Comparator<Object> comparator() {
    return ValueComparator.of(type);
  }

  private Object literal() {
    return literals.get(0);
  }

  @Override
  public boolean test(Object[] row) {
    Object v = row[fieldIndex];
    if (op == Op.IS_NULL) {
      return v == null;
    }
    if (op == Op.IS_NOT_NULL) {
      return v != null;
    }
    if (v == null) {
      return false;
    }
    Comparator<Object> cmp = comparator();
    return switch (op) {
      case EQ -> literal() != null && cmp.compare(v, literal()) == 0;
      case NE -> literal() != null && cmp.compare(v, literal()) != 0;
      case LT -> literal() != null && cmp.compare(v, literal()) < 0;
      case LE -> literal() != null && cmp.compare(v, literal()) <= 0;
      case GT -> literal() != null && cmp.compare(v, literal()) > 0;
      case GE -> literal() != null && cmp.compare(v, literal()) >= 0;
      case IN -> literals.stream().anyMatch(l -> l != null && cmp.compare(v, l) == 0);
      case STARTS_WITH -> v.toString().startsWith(literal().toString());
      default -> throw new IllegalStateException(op.name());
    };
  }

  @Override
  public boolean mayMatch(long rowCount, Object[] min, Object[] max, Long[] nullCounts) {
    Long nulls = nullCounts == null ? null : nullCounts[fieldIndex];
    if (op == Op.IS_NULL) {
      return nulls == null || nulls > 0;
    }
    if (op == Op.IS_NOT_NULL) {
      return nulls == null || nulls < rowCount;
    }
    if (nulls != null && nulls == rowCount) {
      return false; // only nulls: no comparison can match
    }
    Object lo = min == null ? null : min[fieldIndex];
    Object hi = max == null ? null : max[fieldIndex];
    if (lo == null || hi == null) {
      return true;
    }
    Comparator<Object> cmp = comparator();
    return switch (op) {
      case EQ ->
          literal() != null && cmp.compare(lo, literal()) <= 0 && cmp.compare(hi, literal()) >= 0;
      case NE ->
          literal() != null
              && !(cmp.compare(lo, literal()) == 0 && cmp.compare(hi, literal()) == 0);
      case LT -> literal() != null && cmp.compare(lo, literal()) < 0;
      case LE -> literal() != null && cmp.compare(lo, literal()) <= 0;
      case GT -> literal() != null && cmp.compare(hi, literal()) > 0;
      case GE -> literal() != null && cmp.compare(hi, literal()) >= 0;
      case IN ->
          literals.stream()
              .anyMatch(l -> l != null && cmp.compare(lo, l) <= 0 && cmp.compare(hi, l) >= 0);
      case STARTS_WITH -> mayStartWith(lo, hi, cmp);
      default -> true;
    };
  }

  /**
   * Strings starting with a prefix form one interval of the lexicographic order, beginning at the
   * prefix itself; a file's [min, max] meets it unless max sorts before the prefix or min sorts
   * after every string with the prefix (after the prefix without starting with it).
   */
  private boolean mayStartWith(Object lo, Object hi, Comparator<Object> cmp) {
    Object prefix = literal();
    if (prefix == null) {
      return false;
    }
    return cmp.compare(hi, prefix) >= 0
        && (cmp.compare(lo, prefix) <= 0 || lo.toString().startsWith(prefix.toString()));
  }

  @Override
  public boolean onlyReferences(Set<Integer> fieldIndexes) {
    return fieldIndexes.contains(fieldIndex);
  }
}
