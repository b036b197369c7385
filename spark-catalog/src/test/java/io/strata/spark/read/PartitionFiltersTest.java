package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class PartitionFiltersTest {

  private static final RowType PARTITIONS =
      new RowType(
          List.of(
              new DataField(0, "p", DataTypes.INT()),
              new DataField(1, "q", DataTypes.INT().notNull()),
              new DataField(2, "s", DataTypes.STRING()),
              new DataField(3, "f", DataTypes.DOUBLE())));

  private static final org.apache.spark.sql.types.DataType INT =
      org.apache.spark.sql.types.DataTypes.IntegerType;
  private static final org.apache.spark.sql.types.DataType STRING =
      org.apache.spark.sql.types.DataTypes.StringType;

  private static Predicate p(String name, Expression... children) {
    return new Predicate(name, children);
  }

  private static Expression col(String name) {
    return Expressions.column(name);
  }

  private static Expression lit(Object value, org.apache.spark.sql.types.DataType type) {
    return new LiteralValue<>(value, type);
  }

  private static boolean exact(Predicate p) {
    return PartitionFilters.isExact(p, PARTITIONS);
  }

  @Test
  void equalityInNullChecksPrefixesAndNonStringRangesAreExact() {
    assertThat(exact(p("=", col("p"), lit(1, INT)))).isTrue();
    assertThat(exact(p("IN", col("p"), lit(1, INT), lit(2, INT)))).isTrue();
    assertThat(exact(p("IS_NULL", col("p")))).isTrue();
    assertThat(exact(p("<", col("p"), lit(3, INT)))).isTrue();
    assertThat(exact(p("STARTS_WITH", col("s"), lit(UTF8String.fromString("a"), STRING)))).isTrue();
    assertThat(exact(p("OR", p("=", col("p"), lit(1, INT)), p("IS_NULL", col("p"))))).isTrue();
    assertThat(exact(p("ALWAYS_TRUE"))).isTrue();
  }

  @Test
  void stringRangesFloatsDataColumnsAndNullLiteralsAreNot() {
    assertThat(exact(p(">", col("s"), lit(UTF8String.fromString("a"), STRING)))).isFalse();
    assertThat(exact(p("=", col("f"), lit(0.0, org.apache.spark.sql.types.DataTypes.DoubleType))))
        .isFalse();
    assertThat(exact(p("=", col("id"), lit(1, INT)))).isFalse();
    assertThat(exact(p("=", col("p"), lit(null, INT)))).isFalse();
    assertThat(PartitionFilters.isExact(p("=", col("p"), lit(1, INT)), new RowType(List.of())))
        .isFalse();
  }

  @Test
  void notIsExactOnlyWhereItsChildIsNeverNull() {
    // NOT (p = 1) is NULL for a NULL p, which Spark drops and the negated predicate keeps.
    assertThat(exact(p("NOT", p("=", col("p"), lit(1, INT))))).isFalse();
    assertThat(exact(p("NOT", p("=", col("q"), lit(1, INT))))).isTrue();
    assertThat(exact(p("NOT", p("IS_NULL", col("p"))))).isTrue();
    assertThat(exact(p("NOT", p("<=>", col("p"), lit(1, INT))))).isTrue();
    assertThat(exact(p("NOT", p("IN", col("q"), lit(1, INT), lit(null, INT))))).isFalse();
    assertThat(exact(p("NOT", p("OR", p("IS_NULL", col("p")), p("=", col("p"), lit(1, INT))))))
        .isFalse();
  }
}
