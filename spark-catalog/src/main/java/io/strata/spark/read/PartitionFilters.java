package io.strata.spark.read;

import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Or;

/**
 * Which filters partition pruning answers exactly, so Spark need not evaluate them on the rows.
 *
 * <p>A filter qualifies when it references only partition columns and is built from AND, OR and
 * leaves whose SQL meaning equals the predicate's on partition values: equality, IN, IS [NOT] NULL,
 * and range comparisons of non-string types. NOT is excluded (Spark's NOT of NULL is NULL, which
 * drops the row; a negated predicate would keep it), and so are string ranges (Spark orders strings
 * by UTF-8 bytes), and floating point (Spark equates -0.0 and 0.0). The caller must also check that
 * the filter converts without loss.
 */
final class PartitionFilters {

  private PartitionFilters() {}

  static boolean isExact(Filter filter, RowType partitionType) {
    if (partitionType.size() == 0) {
      return false;
    }
    if (filter instanceof And and) {
      return isExact(and.left(), partitionType) && isExact(and.right(), partitionType);
    }
    if (filter instanceof Or or) {
      return isExact(or.left(), partitionType) && isExact(or.right(), partitionType);
    }
    if (filter instanceof EqualTo f) {
      return isPartition(f.attribute(), partitionType) && f.value() != null;
    }
    if (filter instanceof EqualNullSafe f) {
      return isPartition(f.attribute(), partitionType) && f.value() != null;
    }
    if (filter instanceof In f) {
      return isPartition(f.attribute(), partitionType);
    }
    if (filter instanceof IsNull f) {
      return isPartition(f.attribute(), partitionType);
    }
    if (filter instanceof IsNotNull f) {
      return isPartition(f.attribute(), partitionType);
    }
    if (filter instanceof GreaterThan f) {
      return isOrderedPartition(f.attribute(), partitionType);
    }
    if (filter instanceof GreaterThanOrEqual f) {
      return isOrderedPartition(f.attribute(), partitionType);
    }
    if (filter instanceof LessThan f) {
      return isOrderedPartition(f.attribute(), partitionType);
    }
    if (filter instanceof LessThanOrEqual f) {
      return isOrderedPartition(f.attribute(), partitionType);
    }
    return false;
  }

  private static boolean isPartition(String column, RowType partitionType) {
    int i = partitionType.indexOf(column);
    if (i < 0) {
      return false;
    }
    DataTypeRoot root = partitionType.typeAt(i).root();
    // Spark compares -0.0 and 0.0 as equal; Java's ordering of doubles does not.
    return root != DataTypeRoot.FLOAT && root != DataTypeRoot.DOUBLE;
  }

  private static boolean isOrderedPartition(String column, RowType partitionType) {
    if (!isPartition(column, partitionType)) {
      return false;
    }
    DataTypeRoot root = partitionType.typeAt(partitionType.indexOf(column)).root();
    return root != DataTypeRoot.CHAR
        && root != DataTypeRoot.VARCHAR
        && root != DataTypeRoot.BINARY
        && root != DataTypeRoot.VARBINARY;
  }
}
