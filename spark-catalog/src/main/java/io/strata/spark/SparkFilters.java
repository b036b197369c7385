package io.strata.spark;

import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.predicate.NotPredicate;
import io.strata.core.predicate.OrPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.sources.AlwaysTrue;
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
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringStartsWith;

/**
 * Converts Spark data source filters into table-core predicates over one row type; a filter that
 * cannot be converted exactly yields empty (Spark still evaluates it).
 */
public final class SparkFilters {

  private final RowType rowType;

  public SparkFilters(RowType rowType) {
    this.rowType = rowType;
  }

  /** The conjunction of every convertible filter, or empty. */
  public Optional<Predicate> convertAll(Filter[] filters) {
    Predicate result = null;
    for (Filter f : filters) {
      Optional<Predicate> p = convert(f);
      if (p.isPresent()) {
        result = result == null ? p.get() : new AndPredicate(result, p.get());
      }
    }
    return Optional.ofNullable(result);
  }

  /**
   * Converts filters that must hold exactly (an overwrite condition): every filter must convert
   * without loss, else the message names the one that cannot.
   *
   * @return the conjunction, or empty when the filters are all {@code AlwaysTrue}
   */
  public Optional<Predicate> convertExactAll(Filter[] filters, String purpose) {
    Predicate result = null;
    for (Filter f : filters) {
      if (f instanceof AlwaysTrue) {
        continue;
      }
      Optional<Predicate> p = convertExact(f);
      if (p.isEmpty()) {
        throw SparkErrors.partitionFilter(purpose, f, rowType.fieldNames());
      }
      result = result == null ? p.get() : new AndPredicate(result, p.get());
    }
    return Optional.ofNullable(result);
  }

  public Optional<Predicate> convert(Filter filter) {
    if (filter instanceof And and) {
      Optional<Predicate> l = convert(and.left());
      Optional<Predicate> r = convert(and.right());
      if (l.isPresent() && r.isPresent()) {
        return Optional.of(new AndPredicate(l.get(), r.get()));
      }
      return l.isPresent() ? l : r;
    }
    if (filter instanceof Or or) {
      Optional<Predicate> l = convert(or.left());
      Optional<Predicate> r = convert(or.right());
      return l.isPresent() && r.isPresent()
          ? Optional.of(new OrPredicate(l.get(), r.get()))
          : Optional.empty();
    }
    if (filter instanceof Not not) {
      // NOT over a partial conversion would widen into narrowing; only convert exact children.
      Optional<Predicate> c = convertExact(not.child());
      return c.map(NotPredicate::new);
    }
    return leaf(filter);
  }

  /** Converts {@code filter} without loss, or empty when any part of it cannot convert. */
  public Optional<Predicate> convertExact(Filter filter) {
    if (filter instanceof And and) {
      Optional<Predicate> l = convertExact(and.left());
      Optional<Predicate> r = convertExact(and.right());
      return l.isPresent() && r.isPresent()
          ? Optional.of(new AndPredicate(l.get(), r.get()))
          : Optional.empty();
    }
    if (filter instanceof Or or) {
      Optional<Predicate> l = convertExact(or.left());
      Optional<Predicate> r = convertExact(or.right());
      return l.isPresent() && r.isPresent()
          ? Optional.of(new OrPredicate(l.get(), r.get()))
          : Optional.empty();
    }
    if (filter instanceof Not not) {
      return convertExact(not.child()).map(NotPredicate::new);
    }
    return leaf(filter);
  }

  private Optional<Predicate> leaf(Filter filter) {
    if (filter instanceof EqualTo f) {
      return compare(f.attribute(), Op.EQ, f.value());
    } else if (filter instanceof EqualNullSafe f && f.value() != null) {
      return compare(f.attribute(), Op.EQ, f.value());
    } else if (filter instanceof GreaterThan f) {
      return compare(f.attribute(), Op.GT, f.value());
    } else if (filter instanceof GreaterThanOrEqual f) {
      return compare(f.attribute(), Op.GE, f.value());
    } else if (filter instanceof LessThan f) {
      return compare(f.attribute(), Op.LT, f.value());
    } else if (filter instanceof LessThanOrEqual f) {
      return compare(f.attribute(), Op.LE, f.value());
    } else if (filter instanceof IsNull f) {
      return nullCheck(f.attribute(), Op.IS_NULL);
    } else if (filter instanceof IsNotNull f) {
      return nullCheck(f.attribute(), Op.IS_NOT_NULL);
    } else if (filter instanceof In f) {
      return in(f.attribute(), f.values());
    } else if (filter instanceof StringStartsWith f) {
      return compare(f.attribute(), Op.STARTS_WITH, f.value());
    } else if (filter instanceof AlwaysTrue) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  private Optional<Predicate> compare(String attribute, Op op, Object value) {
    int i = rowType.indexOf(attribute);
    if (i < 0 || value == null) {
      return Optional.empty();
    }
    DataType type = rowType.typeAt(i);
    Object literal = literal(type, value);
    if (literal == null) {
      return Optional.empty();
    }
    return Optional.of(new LeafPredicate(i, attribute, type, op, List.of(literal)));
  }

  private Optional<Predicate> nullCheck(String attribute, Op op) {
    int i = rowType.indexOf(attribute);
    if (i < 0) {
      return Optional.empty();
    }
    return Optional.of(new LeafPredicate(i, attribute, rowType.typeAt(i), op, List.of()));
  }

  private Optional<Predicate> in(String attribute, Object[] values) {
    int i = rowType.indexOf(attribute);
    if (i < 0) {
      return Optional.empty();
    }
    DataType type = rowType.typeAt(i);
    List<Object> literals = new ArrayList<>();
    for (Object v : values) {
      if (v != null) {
        Object l = literal(type, v);
        if (l == null) {
          return Optional.empty();
        }
        literals.add(l);
      }
    }
    return Optional.of(new LeafPredicate(i, attribute, type, Op.IN, literals));
  }

  /** Whether {@code v} is an integer value (a fraction would be truncated by narrowing). */
  private static boolean integral(Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
  }

  /** The canonical value of a Spark filter literal, or null when it cannot be represented. */
  static Object literal(DataType type, Object v) {
    try {
      return switch (type.root()) {
        case BOOLEAN -> v instanceof Boolean ? v : null;
        case TINYINT ->
            integral(v) && ((Number) v).longValue() == ((Number) v).byteValue()
                ? ((Number) v).byteValue()
                : null;
        case SMALLINT ->
            integral(v) && ((Number) v).longValue() == ((Number) v).shortValue()
                ? ((Number) v).shortValue()
                : null;
        case INT ->
            integral(v) && ((Number) v).longValue() == ((Number) v).intValue()
                ? ((Number) v).intValue()
                : null;
        case BIGINT -> integral(v) ? ((Number) v).longValue() : null;
        case FLOAT -> v instanceof Float ? v : null;
        case DOUBLE -> v instanceof Double ? v : null;
        case DECIMAL ->
            v instanceof BigDecimal b && b.scale() <= ((AtomicType) type).scale()
                ? b.setScale(((AtomicType) type).scale())
                : null;
        case CHAR -> null; // padding semantics differ; let Spark evaluate
        case VARCHAR -> v instanceof String ? v : null;
        case DATE ->
            v instanceof LocalDate d
                ? (int) d.toEpochDay()
                : v instanceof java.sql.Date d ? (int) d.toLocalDate().toEpochDay() : null;
        case TIMESTAMP_LTZ ->
            v instanceof Instant t
                ? Timestamp.fromMicros(
                    Math.addExact(
                        Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000))
                : v instanceof java.sql.Timestamp t
                    ? Timestamp.fromMicros(
                        Math.addExact(
                            Math.multiplyExact(Math.floorDiv(t.getTime(), 1000), 1_000_000L),
                            t.getNanos() / 1000))
                    : null;
        case TIMESTAMP -> v instanceof LocalDateTime t ? Timestamp.fromLocalDateTime(t) : null;
        default -> null;
      };
    } catch (ArithmeticException e) {
      return null;
    }
  }
}
