package io.strata.core.format;

import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.ConstantPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.NotPredicate;
import io.strata.core.predicate.OrPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.types.RowType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Translates a pushed value filter into a Parquet filter2 predicate for one file, so the reader
 * skips row groups by their statistics and dictionaries. Columns are found by field id in the
 * file's schema (the file may predate a rename); a comparison is kept only when the file column's
 * physical type holds the table type's values unchanged (a widened column is left to Spark). The
 * result only needs to be conservative: the engine still evaluates every filter on the rows.
 */
public final class ParquetRowGroupFilter {

  private final RowType tableType;
  private final Set<Integer> partitionIds;
  private final MessageType fileSchema;

  private ParquetRowGroupFilter(
      RowType tableType, Set<Integer> partitionIds, MessageType fileSchema) {
    this.tableType = tableType;
    this.partitionIds = partitionIds;
    this.fileSchema = fileSchema;
  }

  /**
   * The file-level predicate for {@code filter}, or null when nothing can be pushed. Comparisons on
   * partition columns are left out: planning already pruned partitions, and a file's copy of a
   * partition column is not what the split reads (its values come from the split's partition).
   */
  public static FilterPredicate of(
      Predicate filter, RowType tableType, RowType partitionType, MessageType fileSchema) {
    if (filter == null) {
      return null;
    }
    Set<Integer> partitionIds = new HashSet<>();
    partitionType.fields().forEach(f -> partitionIds.add(f.id()));
    return new ParquetRowGroupFilter(tableType, partitionIds, fileSchema).convert(filter);
  }

  private FilterPredicate convert(Predicate p) {
    if (p instanceof AndPredicate and) {
      FilterPredicate l = convert(and.left());
      FilterPredicate r = convert(and.right());
      // Dropping one side of AND only widens what may match.
      return l == null ? r : r == null ? l : FilterApi.and(l, r);
    }
    if (p instanceof OrPredicate or) {
      FilterPredicate l = convert(or.left());
      FilterPredicate r = convert(or.right());
      return l == null || r == null ? null : FilterApi.or(l, r);
    }
    if (p instanceof NotPredicate not) {
      // Only an exact child may be negated: a widened child would narrow the negation.
      FilterPredicate child = not.child() instanceof LeafPredicate leaf ? leaf(leaf) : null;
      return child == null ? null : FilterApi.not(child);
    }
    if (p instanceof ConstantPredicate) {
      return null; // filter2 has no constant; planning already skips every file for FALSE
    }
    return leaf((LeafPredicate) p);
  }

  private FilterPredicate leaf(LeafPredicate p) {
    if (partitionIds.contains(tableType.field(p.fieldIndex()).id())) {
      return null;
    }
    PrimitiveType column = column(tableType.field(p.fieldIndex()).id());
    if (column == null) {
      return null;
    }
    String name = column.getName();
    return switch (p.type().root()) {
      case BOOLEAN ->
          is(column, PrimitiveTypeName.BOOLEAN, null)
              ? equality(FilterApi.booleanColumn(name), p)
              : null;
      case TINYINT, SMALLINT, INT, DATE ->
          is(column, PrimitiveTypeName.INT32, p.type().root().name())
              ? compare(FilterApi.intColumn(name), p, v -> ((Number) v).intValue())
              : null;
      case BIGINT ->
          is(column, PrimitiveTypeName.INT64, null)
              ? compare(FilterApi.longColumn(name), p, v -> ((Number) v).longValue())
              : null;
      case FLOAT ->
          is(column, PrimitiveTypeName.FLOAT, null)
              ? compare(FilterApi.floatColumn(name), p, v -> ((Number) v).floatValue())
              : null;
      case DOUBLE ->
          is(column, PrimitiveTypeName.DOUBLE, null)
              ? compare(FilterApi.doubleColumn(name), p, v -> ((Number) v).doubleValue())
              : null;
      case VARCHAR ->
          !is(column, PrimitiveTypeName.BINARY, "VARCHAR")
              ? null
              : p.op() == LeafPredicate.Op.STARTS_WITH
                  ? startsWith(FilterApi.binaryColumn(name), (String) p.literals().get(0))
                  : compare(FilterApi.binaryColumn(name), p, v -> Binary.fromString((String) v));
      default -> null;
    };
  }

  /** The top-level primitive column with this field id, unless its name needs quoting. */
  private PrimitiveType column(int fieldId) {
    for (Type t : fileSchema.getFields()) {
      if (t.getId() != null && t.getId().intValue() == fieldId) {
        // filter2 splits column paths at dots.
        return t.isPrimitive() && !t.getName().contains(".") ? t.asPrimitiveType() : null;
      }
    }
    return null;
  }

  /** Whether the column stores exactly the values of the table type (no narrower annotation). */
  private static boolean is(PrimitiveType column, PrimitiveTypeName physical, String root) {
    if (column.getPrimitiveTypeName() != physical) {
      return false;
    }
    LogicalTypeAnnotation a = column.getLogicalTypeAnnotation();
    if (root == null) {
      return a == null;
    }
    return switch (root) {
      case "INT" -> a == null;
      case "DATE" -> a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation;
      case "VARCHAR" -> a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation;
      // TINYINT and SMALLINT: an INT32 of that width (or wider ints stored as INT32).
      default -> a == null || a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation;
    };
  }

  /** A string prefix test; an empty prefix holds for every value, so nothing is pushed. */
  private static FilterPredicate startsWith(Operators.BinaryColumn col, String prefix) {
    byte[] bytes = prefix.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return bytes.length == 0 ? null : FilterApi.userDefined(col, new PrefixPredicate(bytes));
  }

  private static FilterPredicate equality(Operators.BooleanColumn col, LeafPredicate p) {
    Object v = p.literals().isEmpty() ? null : p.literals().get(0);
    return switch (p.op()) {
      case EQ -> v == null ? null : FilterApi.eq(col, (Boolean) v);
      case NE -> v == null ? null : FilterApi.notEq(col, (Boolean) v);
      case IS_NULL -> FilterApi.eq(col, null);
      case IS_NOT_NULL -> FilterApi.notEq(col, null);
      default -> null;
    };
  }

  private static <T extends Comparable<T>, C extends Operators.Column<T> & Operators.SupportsLtGt>
      FilterPredicate compare(
          C col, LeafPredicate p, java.util.function.Function<Object, T> value) {
    List<Object> literals = p.literals();
    return switch (p.op()) {
      case EQ -> literals.get(0) == null ? null : FilterApi.eq(col, value.apply(literals.get(0)));
      case NE ->
          literals.get(0) == null ? null : FilterApi.notEq(col, value.apply(literals.get(0)));
      case LT -> literals.get(0) == null ? null : FilterApi.lt(col, value.apply(literals.get(0)));
      case LE -> literals.get(0) == null ? null : FilterApi.ltEq(col, value.apply(literals.get(0)));
      case GT -> literals.get(0) == null ? null : FilterApi.gt(col, value.apply(literals.get(0)));
      case GE -> literals.get(0) == null ? null : FilterApi.gtEq(col, value.apply(literals.get(0)));
      case IS_NULL -> FilterApi.eq(col, null);
      case IS_NOT_NULL -> FilterApi.notEq(col, null);
      case IN -> {
        Set<T> values = new HashSet<>();
        for (Object v : literals) {
          if (v != null) {
            values.add(value.apply(v));
          }
        }
        yield values.isEmpty() ? null : FilterApi.in(col, values);
      }
      default -> null;
    };
  }
}
