package io.strata.core.fileindex;

import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.OrPredicate;
import io.strata.core.predicate.Predicate;

/**
 * Whether a data file may hold rows matching a filter, by its Paimon file index: an equality or IN
 * whose every value the column's bloom filter rules out matches no row. Conservative: any other
 * predicate, column or index may match.
 */
public final class FileIndexFilter {

  private FileIndexFilter() {}

  /** False only when {@code index} proves no row of its data file matches {@code filter}. */
  public static boolean mayMatch(Predicate filter, FileIndexFile index) {
    if (filter instanceof AndPredicate and) {
      return mayMatch(and.left(), index) && mayMatch(and.right(), index);
    }
    if (filter instanceof OrPredicate or) {
      return mayMatch(or.left(), index) || mayMatch(or.right(), index);
    }
    if (!(filter instanceof LeafPredicate leaf)
        || (leaf.op() != LeafPredicate.Op.EQ && leaf.op() != LeafPredicate.Op.IN)
        || !FileIndexHash.supports(leaf.type())) {
      return true;
    }
    byte[] body = index.index(leaf.fieldName(), BloomFilterIndex.TYPE);
    if (body == null) {
      return true;
    }
    BloomFilterIndex bloom = new BloomFilterIndex(body);
    for (Object literal : leaf.literals()) {
      if (literal == null || bloom.mightContain(FileIndexHash.hash(leaf.type(), literal))) {
        return true;
      }
    }
    return false;
  }
}
