package io.strata.spark.sort;

import io.strata.core.compact.ZOrderKey;
import io.strata.core.types.DataField;
import io.strata.core.types.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;

/**
 * The z-order key of a struct of the order columns, as Spark hands it to a UDF: its external values
 * (dates, times and timestamps as Java time or java.sql objects) become table-core values first.
 */
final class ZOrderUdf implements UDF1<Row, byte[]> {

  private static final long serialVersionUID = 1L;

  private final List<DataField> columns;
  private final ZOrderKey key;

  ZOrderUdf(List<DataField> columns, int varLengthBytes) {
    this.columns = List.copyOf(columns);
    this.key = new ZOrderKey(columns, varLengthBytes);
  }

  @Override
  public byte[] call(Row row) {
    Object[] values = new Object[columns.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = row.isNullAt(i) ? null : toCore(row.get(i));
    }
    return key.of(values);
  }

  private static Object toCore(Object value) {
    if (value instanceof java.sql.Date d) {
      return (int) d.toLocalDate().toEpochDay();
    } else if (value instanceof LocalDate d) {
      return (int) d.toEpochDay();
    } else if (value instanceof java.sql.Timestamp t) {
      return micros(t.toInstant());
    } else if (value instanceof Instant t) {
      return micros(t);
    } else if (value instanceof LocalDateTime t) {
      return Timestamp.fromLocalDateTime(t);
    } else if (value instanceof LocalTime t) {
      return (int) (t.toNanoOfDay() / 1_000_000);
    }
    return value;
  }

  private static Timestamp micros(Instant t) {
    return Timestamp.fromMicros(
        Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000));
  }
}
