package io.strata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.predicate.ConstantPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.predicate.NotPredicate;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class SparkPredicatesTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "i", io.strata.core.types.DataTypes.INT()),
              new DataField(1, "s", io.strata.core.types.DataTypes.STRING()),
              new DataField(2, "d", io.strata.core.types.DataTypes.DECIMAL(10, 2)),
              new DataField(3, "day", io.strata.core.types.DataTypes.DATE()),
              new DataField(4, "ts", io.strata.core.types.DataTypes.TIMESTAMP_LTZ(6))));

  private static final SparkPredicates CONVERT = new SparkPredicates(ROW);

  private static Predicate p(String name, Expression... children) {
    return new Predicate(name, children);
  }

  private static Expression col(String name) {
    return Expressions.column(name);
  }

  private static Expression lit(Object value, DataType type) {
    return new LiteralValue<>(value, type);
  }

  private static LeafPredicate leaf(Predicate p) {
    return (LeafPredicate) CONVERT.convertExact(p).orElseThrow();
  }

  @Test
  void literalsConvertFromSparksInternalValuesExactly() {
    assertThat(leaf(p("=", col("i"), lit(5, DataTypes.IntegerType))).literals()).containsExactly(5);
    assertThat(leaf(p("=", col("s"), lit(UTF8String.fromString("x"), DataTypes.StringType))))
        .extracting(LeafPredicate::literals)
        .isEqualTo(List.of("x"));
    assertThat(
            leaf(p(
                    "=",
                    col("d"),
                    lit(Decimal.apply(new BigDecimal("1.5")), DataTypes.createDecimalType(10, 1))))
                .literals())
        .containsExactly(new BigDecimal("1.50"));
    assertThat(leaf(p("<", col("day"), lit(19000, DataTypes.DateType))).literals())
        .containsExactly(19000);
    assertThat(leaf(p(">=", col("ts"), lit(1_500_000L, DataTypes.TimestampType))).literals())
        .containsExactly(Timestamp.fromMicros(1_500_000L));
    // A literal the column cannot hold exactly stays with Spark.
    assertThat(CONVERT.convert(p("=", col("i"), lit(3_000_000_000L, DataTypes.LongType))))
        .isEmpty();
    assertThat(
            CONVERT.convert(
                p(
                    "=",
                    col("d"),
                    lit(
                        Decimal.apply(new BigDecimal("1.234")),
                        DataTypes.createDecimalType(10, 3)))))
        .isEmpty();
    assertThat(CONVERT.convert(p("=", col("i"), lit(1.5, DataTypes.DoubleType)))).isEmpty();
  }

  @Test
  void operatorsMapOnEitherSideAndNullSafeEqualityOfNullIsIsNull() {
    assertThat(leaf(p("<", lit(5, DataTypes.IntegerType), col("i"))).op()).isEqualTo(Op.GT);
    assertThat(leaf(p(">=", lit(5, DataTypes.IntegerType), col("i"))).op()).isEqualTo(Op.LE);
    assertThat(leaf(p("<=>", col("i"), lit(null, DataTypes.IntegerType))).op())
        .isEqualTo(Op.IS_NULL);
    assertThat(leaf(p("<=>", col("i"), lit(4, DataTypes.IntegerType))).op()).isEqualTo(Op.EQ);
    assertThat(
            leaf(p("STARTS_WITH", col("s"), lit(UTF8String.fromString("ab"), DataTypes.StringType)))
                .op())
        .isEqualTo(Op.STARTS_WITH);
    assertThat(CONVERT.convertExact(p("ALWAYS_FALSE"))).contains(new ConstantPredicate(false));
    assertThat(
            CONVERT.convert(
                p("ENDS_WITH", col("s"), lit(UTF8String.fromString("b"), DataTypes.StringType))))
        .isEmpty();
    assertThat(CONVERT.convert(p("=", Expressions.column("a.b"), lit(1, DataTypes.IntegerType))))
        .isEmpty();
  }

  @Test
  void aNullInAnInListIsDroppedOnlyWhereThatCannotWidenANegation() {
    Predicate in =
        p("IN", col("i"), lit(1, DataTypes.IntegerType), lit(null, DataTypes.IntegerType));
    assertThat(((LeafPredicate) CONVERT.convert(in).orElseThrow()).literals()).containsExactly(1);
    assertThat(CONVERT.convertExact(in)).isEmpty();
    assertThat(CONVERT.convert(p("NOT", in))).isEmpty();
    Predicate exact = p("IN", col("i"), lit(1, DataTypes.IntegerType));
    assertThat(CONVERT.convert(p("NOT", exact)).orElseThrow()).isInstanceOf(NotPredicate.class);
  }

  @Test
  void anUnconvertibleSideOfAndIsDroppedOnlyWhenWideningIsAllowed() {
    Predicate ok = p("=", col("i"), lit(1, DataTypes.IntegerType));
    Predicate unknown =
        p("ENDS_WITH", col("s"), lit(UTF8String.fromString("b"), DataTypes.StringType));
    assertThat(CONVERT.convert(p("AND", ok, unknown))).contains(leaf(ok));
    assertThat(CONVERT.convertExact(p("AND", ok, unknown))).isEmpty();
    assertThat(CONVERT.convert(p("OR", ok, unknown))).isEmpty();
    assertThat(CONVERT.convert(p("NOT", p("AND", ok, unknown)))).isEmpty();
  }
}
