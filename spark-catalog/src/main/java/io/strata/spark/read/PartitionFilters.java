package io.strata.spark.read;

import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * Which V2 predicates partition pruning answers exactly, so Spark need not evaluate them on the
 * rows.
 *
 * <p>A predicate qualifies when it references only partition columns and is built from AND, OR,
 * constants and leaves whose SQL meaning equals the pruning predicate's on partition values:
 * equality (also null-safe), IN, IS [NOT] NULL, string prefixes, and range comparisons of
 * non-string types. Excluded: string ranges (Spark orders collated strings by other rules), and
 * floating point (Spark equates -0.0 and 0.0, and orders NaN). NOT qualifies only over a child that
 * is never NULL: Spark's NOT of NULL is NULL, which drops the row, while the negated pruning
 * predicate would keep it. Under AND and OR a NULL result drops a row just like FALSE. The caller
 * must also check that the predicate converts without loss.
 */
final class PartitionFilters {

  private PartitionFilters() {}

  static boolean isExact(Predicate p, RowType partitionType) {
    if (partitionType.size() == 0) {
      return false;
    }
    Expression[] c = p.children();
    return switch (p.name()) {
      case "AND", "OR" ->
          isExact((Predicate) c[0], partitionType) && isExact((Predicate) c[1], partitionType);
      case "NOT" ->
          isExact((Predicate) c[0], partitionType) && neverNull((Predicate) c[0], partitionType);
      case "ALWAYS_TRUE", "ALWAYS_FALSE" -> true;
      case "IS_NULL", "IS_NOT_NULL", "IN" -> column(c[0], partitionType) != null;
      case "=", "<=>" -> comparesLiteral(c, partitionType, false);
      case "<", "<=", ">", ">=" -> comparesLiteral(c, partitionType, true);
      case "STARTS_WITH" ->
          column(c[0], partitionType) == DataTypeRoot.VARCHAR && c[1] instanceof Literal<?>;
      default -> false;
    };
  }

  /** Whether {@code p} (an exact predicate) is TRUE or FALSE for every partition, never NULL. */
  private static boolean neverNull(Predicate p, RowType partitionType) {
    Expression[] c = p.children();
    return switch (p.name()) {
      case "AND", "OR" ->
          neverNull((Predicate) c[0], partitionType) && neverNull((Predicate) c[1], partitionType);
      case "NOT" -> neverNull((Predicate) c[0], partitionType);
      case "ALWAYS_TRUE", "ALWAYS_FALSE", "IS_NULL", "IS_NOT_NULL", "<=>" -> true;
      default -> {
        // A comparison is NULL when its column or one of its literals is.
        for (Expression e : c) {
          if (e instanceof Literal<?> l && l.value() == null) {
            yield false;
          }
          if (e instanceof NamedReference ref && nullable(ref, partitionType)) {
            yield false;
          }
        }
        yield true;
      }
    };
  }

  private static boolean nullable(NamedReference ref, RowType partitionType) {
    return partitionType.typeAt(partitionType.indexOf(ref.fieldNames()[0])).nullable();
  }

  /** A column against a non-NULL literal, in either order; ordered: a range comparison. */
  private static boolean comparesLiteral(Expression[] c, RowType partitionType, boolean ordered) {
    Expression column = c[0] instanceof NamedReference ? c[0] : c[1];
    Expression value = column == c[0] ? c[1] : c[0];
    DataTypeRoot root = column(column, partitionType);
    if (root == null || !(value instanceof Literal<?> literal) || literal.value() == null) {
      return false;
    }
    return !ordered
        || (root != DataTypeRoot.CHAR
            && root != DataTypeRoot.VARCHAR
            && root != DataTypeRoot.BINARY
            && root != DataTypeRoot.VARBINARY);
  }

  /** The type of a top-level partition column other than floating point, or null. */
  private static DataTypeRoot column(Expression e, RowType partitionType) {
    if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
      return null;
    }
    int i = partitionType.indexOf(ref.fieldNames()[0]);
    if (i < 0) {
      return null;
    }
    DataTypeRoot root = partitionType.typeAt(i).root();
    return root == DataTypeRoot.FLOAT || root == DataTypeRoot.DOUBLE ? null : root;
  }
}
