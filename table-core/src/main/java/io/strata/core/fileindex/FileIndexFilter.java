package io.strata.core.fileindex;

import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.OrPredicate;
import io.strata.core.predicate.Predicate;

/**
 * Whether a data file may hold rows matching a filter, by its Paimon file index: an equality or IN
 * whose every value the column's bloom filter or bitmap index rules out matches no row, nor does IS
 * NULL on a column whose bitmap index holds no null, nor IS NOT NULL on one that holds only nulls.
 * Conservative: any other predicate, column or index may match.
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
    if (!(filter instanceof LeafPredicate leaf)) {
      return true;
    }
    return bloomMayMatch(leaf, index) && bitmapMayMatch(leaf, index);
  }

  private static boolean bloomMayMatch(LeafPredicate leaf, FileIndexFile index) {
    if (!isEqualityOrIn(leaf) || !FileIndexHash.supports(leaf.type())) {
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

  private static boolean bitmapMayMatch(LeafPredicate leaf, FileIndexFile index) {
    LeafPredicate.Op op = leaf.op();
    boolean nulls = op == LeafPredicate.Op.IS_NULL || op == LeafPredicate.Op.IS_NOT_NULL;
    if ((!nulls && !isEqualityOrIn(leaf)) || !BitmapIndex.supports(leaf.type())) {
      return true;
    }
    byte[] body = index.index(leaf.fieldName(), BitmapIndex.TYPE);
    if (body == null) {
      return true;
    }
    BitmapIndex bitmap = BitmapIndex.parse(body, leaf.type());
    if (op == LeafPredicate.Op.IS_NULL) {
      return bitmap.hasNull();
    }
    if (op == LeafPredicate.Op.IS_NOT_NULL) {
      return bitmap.hasNonNull();
    }
    for (Object literal : leaf.literals()) {
      if (literal == null || bitmap.contains(leaf.type(), literal)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isEqualityOrIn(LeafPredicate leaf) {
    return leaf.op() == LeafPredicate.Op.EQ || leaf.op() == LeafPredicate.Op.IN;
  }
}
