package io.strata.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.ValueConverters;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TypeWideningTest {

  private static void widens(DataType from, DataType to, Object value, Object expected) {
    assertThat(TypeWidening.isSafe(from, to)).as("%s to %s", from, to).isTrue();
    assertThat(ValueConverters.apply(ValueConverters.create(from, to), value))
        .as("%s as %s", value, to)
        .isEqualTo(expected);
  }

  private static void refuses(DataType from, DataType to) {
    assertThat(TypeWidening.isSafe(from, to)).as("%s to %s", from, to).isFalse();
  }

  @Test
  void everyAllowedWideningHasAnExactConversion() {
    widens(DataTypes.TINYINT(), DataTypes.SMALLINT(), (byte) -7, (short) -7);
    widens(DataTypes.TINYINT(), DataTypes.INT(), (byte) 7, 7);
    widens(DataTypes.TINYINT(), DataTypes.BIGINT(), (byte) 7, 7L);
    widens(DataTypes.SMALLINT(), DataTypes.INT(), (short) 300, 300);
    widens(DataTypes.SMALLINT(), DataTypes.BIGINT(), (short) 300, 300L);
    widens(DataTypes.INT(), DataTypes.BIGINT(), Integer.MIN_VALUE, (long) Integer.MIN_VALUE);
    widens(DataTypes.SMALLINT(), DataTypes.FLOAT(), (short) 300, 300f);
    widens(DataTypes.INT(), DataTypes.DOUBLE(), Integer.MAX_VALUE, 2147483647d);
    widens(DataTypes.FLOAT(), DataTypes.DOUBLE(), 1.5f, 1.5d);
    widens(DataTypes.INT(), DataTypes.DECIMAL(12, 2), 42, new BigDecimal("42.00"));
    widens(
        DataTypes.BIGINT(),
        DataTypes.DECIMAL(19, 0),
        Long.MAX_VALUE,
        new BigDecimal(Long.MAX_VALUE));
    widens(
        DataTypes.DECIMAL(5, 2),
        DataTypes.DECIMAL(10, 2),
        new BigDecimal("1.25"),
        new BigDecimal("1.25"));
    widens(DataTypes.VARCHAR(3), DataTypes.STRING(), "abc", "abc");
    widens(DataTypes.VARCHAR(3), DataTypes.VARCHAR(4), "abc", "abc");
    widens(DataTypes.VARBINARY(3), DataTypes.BYTES(), new byte[] {1}, new byte[] {1});
    Timestamp t = new Timestamp(1000, 0);
    widens(DataTypes.TIMESTAMP(3), DataTypes.TIMESTAMP(6), t, t);
    widens(DataTypes.TIMESTAMP_LTZ(3), DataTypes.TIMESTAMP_LTZ(6), t, t);
    widens(
        DataTypes.ARRAY(DataTypes.INT()),
        DataTypes.ARRAY(DataTypes.BIGINT()),
        List.of(1, 2),
        List.of(1L, 2L));
    widens(
        DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.FLOAT()),
        DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.DOUBLE()),
        Map.of("k", 0.5f),
        Map.of("k", 0.5d));
    widens(DataTypes.INT().notNull(), DataTypes.INT(), 1, 1);
  }

  @Test
  void lossyOrNarrowingChangesAreRefused() {
    refuses(DataTypes.BIGINT(), DataTypes.INT());
    refuses(DataTypes.BIGINT(), DataTypes.DOUBLE());
    refuses(DataTypes.INT(), DataTypes.FLOAT());
    refuses(DataTypes.INT(), DataTypes.DECIMAL(9, 0));
    refuses(DataTypes.INT(), DataTypes.DECIMAL(10, 1));
    refuses(DataTypes.INT(), DataTypes.STRING());
    refuses(DataTypes.DOUBLE(), DataTypes.FLOAT());
    refuses(DataTypes.DECIMAL(10, 2), DataTypes.DECIMAL(12, 3));
    refuses(DataTypes.DECIMAL(10, 2), DataTypes.DECIMAL(9, 2));
    refuses(DataTypes.STRING(), DataTypes.VARCHAR(10));
    refuses(DataTypes.CHAR(3), DataTypes.STRING());
    refuses(DataTypes.TIMESTAMP(6), DataTypes.TIMESTAMP(3));
    refuses(DataTypes.TIMESTAMP(6), DataTypes.TIMESTAMP_LTZ(6));
    refuses(DataTypes.DATE(), DataTypes.TIMESTAMP(6));
    refuses(DataTypes.BOOLEAN(), DataTypes.INT());
    refuses(DataTypes.ARRAY(DataTypes.INT()), DataTypes.ARRAY(DataTypes.INT().notNull()));
    refuses(
        DataTypes.MAP(DataTypes.INT().notNull(), DataTypes.INT()),
        DataTypes.MAP(DataTypes.BIGINT().notNull(), DataTypes.INT()));
  }
}
