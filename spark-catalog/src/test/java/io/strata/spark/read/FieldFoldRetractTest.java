package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import java.math.BigDecimal;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * The batch merge's retractions give table-core's (and Paimon 1.3.1's) values, value by value:
 * products divide in the column's type, decimals keep the column's scale and overflow to NULL,
 * last_value and last_non_null_value forget, and an ignored leading retraction is not the first
 * value. ({@code MergeRowReaderTest} compares whole random runs with the row path.)
 */
class FieldFoldRetractTest {

  private static InternalRow row(Object v) {
    return new GenericInternalRow(new Object[] {v});
  }

  private static Decimal dec(String v) {
    return Decimal.apply(new BigDecimal(v), 5, 2);
  }

  private static Object folded(FieldFold fold, DataType type) {
    GenericInternalRow out = new GenericInternalRow(1);
    fold.writeTo(out, 0);
    return out.isNullAt(0) ? null : out.get(0, io.strata.spark.SparkTypes.toSparkType(type));
  }

  @Test
  void productsDivideInTheColumnsType() {
    FieldFold longs = FieldFold.of("product", "v", DataTypes.BIGINT(), 0, null);
    longs.add(row(6L));
    longs.add(row(7L));
    longs.retract(row(4L));
    assertThat(folded(longs, DataTypes.BIGINT())).isEqualTo(10L);

    FieldFold bytes = FieldFold.of("product", "v", DataTypes.TINYINT(), 0, null);
    bytes.add(row((byte) 12));
    bytes.retract(row((byte) 5));
    assertThat(folded(bytes, DataTypes.TINYINT())).isEqualTo((byte) 2);

    FieldFold floats = FieldFold.of("product", "v", DataTypes.FLOAT(), 0, null);
    floats.add(row(3.0f));
    floats.retract(row(4.0f));
    assertThat(folded(floats, DataTypes.FLOAT())).isEqualTo(0.75f);

    FieldFold none = FieldFold.of("product", "v", DataTypes.BIGINT(), 0, null);
    none.retract(row(4L));
    none.add(row(5L));
    none.retract(row(null));
    assertThat(folded(none, DataTypes.BIGINT())).isEqualTo(5L);

    FieldFold zero = FieldFold.of("product", "v", DataTypes.BIGINT(), 0, null);
    zero.add(row(6L));
    assertThatThrownBy(() -> zero.retract(row(0L)))
        .isInstanceOf(ArithmeticException.class)
        .hasMessageStartingWith(
            "Cannot merge a retraction into column 'v' (aggregate function 'product'): dividing"
                + " the product 6 by the retracted value 0 failed (/ by zero)");
  }

  @Test
  void decimalProductsKeepTheScaleAndOverflowToNull() {
    DataType d52 = DataTypes.DECIMAL(5, 2);
    FieldFold fold = FieldFold.of("product", "v", d52, 0, null);
    fold.add(row(dec("1.55")));
    fold.add(row(dec("1.55")));
    assertThat(((Decimal) folded(fold, d52)).toJavaBigDecimal()).isEqualTo(new BigDecimal("2.40"));
    fold.retract(row(dec("0.80")));
    assertThat(((Decimal) folded(fold, d52)).toJavaBigDecimal()).isEqualTo(new BigDecimal("3.00"));
    fold.reset();
    fold.add(row(dec("500.00")));
    fold.add(row(dec("500.00")));
    assertThat(folded(fold, d52)).isNull();
    fold.add(row(dec("2.00")));
    assertThat(((Decimal) folded(fold, d52)).toJavaBigDecimal()).isEqualTo(new BigDecimal("2.00"));
    assertThatThrownBy(() -> fold.retract(row(dec("3.00"))))
        .isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("dividing the product 2.00 by the retracted value 3.00 failed");
  }

  @Test
  void lastValuesForgetRetractedValues() {
    DataType s = DataTypes.STRING();
    FieldFold last = FieldFold.of("last_value", "v", s, 0, null);
    last.add(row(UTF8String.fromString("a")));
    last.retract(row(null));
    assertThat(folded(last, s)).isNull();

    FieldFold lastNonNull = FieldFold.of("last_non_null_value", "v", s, 0, null);
    lastNonNull.add(row(UTF8String.fromString("a")));
    lastNonNull.retract(row(null));
    assertThat(folded(lastNonNull, s)).isEqualTo(UTF8String.fromString("a"));
    lastNonNull.retract(row(UTF8String.fromString("b")));
    assertThat(folded(lastNonNull, s)).isNull();
  }

  @Test
  void otherFunctionsCannotRetract() {
    FieldFold max = FieldFold.of("max", "top", DataTypes.INT(), 0, null);
    max.add(row(5));
    assertThatThrownBy(() -> max.retract(row(9)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("into column 'top': its aggregate function 'max' cannot undo a value")
        .hasMessageContaining("'fields.top.ignore-retract' = 'true'");
  }

  @Test
  void theFirstValueIsTheFirstFoldedOne() {
    DataType s = DataTypes.STRING();
    FieldFold first = FieldFold.of("first_value", "v", s, 0, null);
    first.add(row(null));
    first.add(row(UTF8String.fromString("b")));
    assertThat(folded(first, s)).isNull();
    first.reset();
    first.add(row(UTF8String.fromString("c")));
    assertThat(folded(first, s)).isEqualTo(UTF8String.fromString("c"));
  }
}
