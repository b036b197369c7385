package io.strata.core.system;

import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/** Small helpers to declare system-table columns and render values as Paimon does. */
final class Fields {

  private Fields() {}

  /** Columns as (name, type, meaning) triples; the meaning becomes the column comment and docs. */
  static RowType row(Object... nameTypeMeaning) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < nameTypeMeaning.length; i += 3) {
      fields.add(
          new DataField(
              i / 3,
              (String) nameTypeMeaning[i],
              (DataType) nameTypeMeaning[i + 1],
              (String) nameTypeMeaning[i + 2]));
    }
    return new RowType(fields);
  }

  static DataType string() {
    return DataTypes.STRING();
  }

  static DataType stringNotNull() {
    return DataTypes.STRING().notNull();
  }

  static DataType bigint() {
    return DataTypes.BIGINT();
  }

  static DataType bigintNotNull() {
    return DataTypes.BIGINT().notNull();
  }

  static DataType integer() {
    return DataTypes.INT();
  }

  static DataType timestamp() {
    return DataTypes.TIMESTAMP(3);
  }

  /** Epoch millis as a wall-clock timestamp in the JVM's zone, as Paimon shows commit times. */
  static Timestamp localTime(long epochMillis) {
    return Timestamp.fromLocalDateTime(
        LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneId.systemDefault()));
  }

  /** Millis that already are local wall-clock time stored as UTC (file creation times). */
  static Timestamp wallClock(long millis) {
    return Timestamp.fromMillis(millis);
  }
}
