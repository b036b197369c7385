package io.strata.spark;

import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.ConstantPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.predicate.NotPredicate;
import io.strata.core.predicate.OrPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Converts Spark's V2 predicates ({@code org.apache.spark.sql.connector.expressions.filter}) over
 * top-level columns into table-core predicates over one row type. Literals convert exactly as
 * {@link SparkFilters} converts V1 filter values; a predicate that cannot convert exactly yields
 * empty from {@link #convertExact}, and {@link #convert} may drop the unconvertible side of an AND
 * (a wider predicate, fine for pruning, since Spark still evaluates the original).
 */
public final class SparkPredicates {

  private final RowType rowType;

  public SparkPredicates(RowType rowType) {
    this.rowType = rowType;
  }

  /** A predicate every row matching {@code p} satisfies, or empty. */
  public Optional<Predicate> convert(
      org.apache.spark.sql.connector.expressions.filter.Predicate p) {
    return convert(p, false);
  }

  /** The predicate equivalent to {@code p} on non-NULL results, or empty. */
  public Optional<Predicate> convertExact(
      org.apache.spark.sql.connector.expressions.filter.Predicate p) {
    return convert(p, true);
  }

  /** The conjunction of what converts of {@code predicates}, or empty. */
  public Optional<Predicate> convertAll(
      org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
    Predicate all = null;
    for (org.apache.spark.sql.connector.expressions.filter.Predicate p : predicates) {
      Optional<Predicate> c = convert(p);
      if (c.isPresent()) {
        all = all == null ? c.get() : new AndPredicate(all, c.get());
      }
    }
    return Optional.ofNullable(all);
  }

  private Optional<Predicate> convert(
      org.apache.spark.sql.connector.expressions.filter.Predicate p, boolean exact) {
    Expression[] c = p.children();
    switch (p.name()) {
      case "AND" -> {
        Optional<Predicate> l = convert(predicate(c[0]), exact);
        Optional<Predicate> r = convert(predicate(c[1]), exact);
        if (l.isPresent() && r.isPresent()) {
          return Optional.of(new AndPredicate(l.get(), r.get()));
        }
        return exact ? Optional.empty() : l.isPresent() ? l : r;
      }
      case "OR" -> {
        Optional<Predicate> l = convert(predicate(c[0]), exact);
        Optional<Predicate> r = convert(predicate(c[1]), exact);
        return l.isPresent() && r.isPresent()
            ? Optional.of(new OrPredicate(l.get(), r.get()))
            : Optional.empty();
      }
      case "NOT" -> {
        // A wider child would make the negation narrower: only an exact child may be negated.
        return convert(predicate(c[0]), true).map(NotPredicate::new);
      }
      case "ALWAYS_TRUE" -> {
        return Optional.of(new ConstantPredicate(true));
      }
      case "ALWAYS_FALSE" -> {
        return Optional.of(new ConstantPredicate(false));
      }
      default -> {
        return leaf(p.name(), c, exact);
      }
    }
  }

  private static org.apache.spark.sql.connector.expressions.filter.Predicate predicate(
      Expression e) {
    return (org.apache.spark.sql.connector.expressions.filter.Predicate) e;
  }

  private Optional<Predicate> leaf(String name, Expression[] c, boolean exact) {
    return switch (name) {
      case "IS_NULL" -> nullCheck(c[0], Op.IS_NULL);
      case "IS_NOT_NULL" -> nullCheck(c[0], Op.IS_NOT_NULL);
      case "IN" -> in(c, exact);
      case "=", "<=>", "<", "<=", ">", ">=", "STARTS_WITH" -> binary(name, c[0], c[1]);
      default -> Optional.empty();
    };
  }

  private Optional<Predicate> binary(String name, Expression left, Expression right) {
    boolean columnFirst = left instanceof NamedReference;
    Expression column = columnFirst ? left : right;
    Expression value = columnFirst ? right : left;
    if (!(value instanceof Literal<?> literal) || !(column instanceof NamedReference)) {
      return Optional.empty();
    }
    if (name.equals("<=>") && literal.value() == null) {
      return nullCheck(column, Op.IS_NULL);
    }
    Op op =
        switch (name) {
          case "=", "<=>" -> Op.EQ;
          case "<" -> columnFirst ? Op.LT : Op.GT;
          case "<=" -> columnFirst ? Op.LE : Op.GE;
          case ">" -> columnFirst ? Op.GT : Op.LT;
          case ">=" -> columnFirst ? Op.GE : Op.LE;
          default -> columnFirst ? Op.STARTS_WITH : null;
        };
    if (op == null) {
      return Optional.empty();
    }
    int i = field(column);
    Object v = i < 0 ? null : literal(rowType.typeAt(i), literal);
    return v == null
        ? Optional.empty()
        : Optional.of(
            new LeafPredicate(i, rowType.field(i).name(), rowType.typeAt(i), op, List.of(v)));
  }

  private Optional<Predicate> nullCheck(Expression column, Op op) {
    int i = field(column);
    return i < 0
        ? Optional.empty()
        : Optional.of(
            new LeafPredicate(i, rowType.field(i).name(), rowType.typeAt(i), op, List.of()));
  }

  /**
   * {@code col IN (...)}. A NULL in the list makes a non-matching row's result NULL instead of
   * FALSE, which only a negation could tell apart: dropped when converting widely, refused exactly.
   */
  private Optional<Predicate> in(Expression[] c, boolean exact) {
    int i = field(c[0]);
    if (i < 0) {
      return Optional.empty();
    }
    DataType type = rowType.typeAt(i);
    List<Object> values = new ArrayList<>();
    for (int k = 1; k < c.length; k++) {
      if (!(c[k] instanceof Literal<?> literal)) {
        return Optional.empty();
      }
      if (literal.value() == null) {
        if (exact) {
          return Optional.empty();
        }
        continue;
      }
      Object v = literal(type, literal);
      if (v == null) {
        return Optional.empty();
      }
      values.add(v);
    }
    return Optional.of(new LeafPredicate(i, rowType.field(i).name(), type, Op.IN, values));
  }

  /** The index of a top-level column of the row type, or -1. */
  private int field(Expression e) {
    if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
      return -1;
    }
    return rowType.indexOf(ref.fieldNames()[0]);
  }

  /** The canonical value of a V2 literal for a column type, or null when not exactly one. */
  static Object literal(DataType type, Literal<?> literal) {
    Object v = literal.value();
    org.apache.spark.sql.types.DataType t = literal.dataType();
    if (v == null) {
      return null;
    }
    Object external;
    if (t instanceof StringType s) {
      // Collated strings compare by other rules than their bytes.
      external = s.supportsBinaryEquality() ? ((UTF8String) v).toString() : null;
    } else if (t instanceof org.apache.spark.sql.types.DecimalType) {
      external = ((Decimal) v).toJavaBigDecimal();
    } else if (t.equals(DataTypes.DateType)) {
      external = LocalDate.ofEpochDay((Integer) v);
    } else if (t.equals(DataTypes.TimestampType)) {
      external = Instant.EPOCH.plus((Long) v, java.time.temporal.ChronoUnit.MICROS);
    } else if (t.equals(DataTypes.TimestampNTZType)) {
      external = DateTimeUtils.microsToLocalDateTime((Long) v);
    } else if (t.equals(DataTypes.BooleanType)
        || t.equals(DataTypes.ByteType)
        || t.equals(DataTypes.ShortType)
        || t.equals(DataTypes.IntegerType)
        || t.equals(DataTypes.LongType)
        || t.equals(DataTypes.FloatType)
        || t.equals(DataTypes.DoubleType)) {
      external = v;
    } else {
      external = null;
    }
    return external == null ? null : SparkFilters.literal(type, external);
  }
}
