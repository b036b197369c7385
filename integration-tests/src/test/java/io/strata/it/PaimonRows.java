package io.strata.it;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericArray;
import org.apache.paimon.data.GenericMap;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;

/** Short constructors for Paimon's internal values, for building rows that Paimon writes. */
public final class PaimonRows {

  private PaimonRows() {}

  public static GenericRow row(Object... values) {
    return GenericRow.of(values);
  }

  public static BinaryString str(String s) {
    return BinaryString.fromString(s);
  }

  public static Decimal dec(String value, int precision, int scale) {
    return Decimal.fromBigDecimal(
        new BigDecimal(value).setScale(scale, RoundingMode.UNNECESSARY), precision, scale);
  }

  /** DATE as Paimon stores it: days since 1970-01-01. */
  public static int date(String isoDate) {
    return (int) LocalDate.parse(isoDate).toEpochDay();
  }

  /** TIMESTAMP (without time zone) from {@code yyyy-MM-ddTHH:mm:ss[.f]}. */
  public static Timestamp ntz(String isoLocal) {
    return Timestamp.fromLocalDateTime(LocalDateTime.parse(isoLocal));
  }

  /** TIMESTAMP WITH LOCAL TIME ZONE from an ISO instant such as {@code 2024-01-02T03:04:05Z}. */
  public static Timestamp ltz(String isoInstant) {
    return Timestamp.fromInstant(Instant.parse(isoInstant));
  }

  public static GenericArray arr(Object... elements) {
    return new GenericArray(elements);
  }

  /** A map from alternating keys and values; values may be null. */
  public static GenericMap map(Object... keysAndValues) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put(
          keysAndValues[i] instanceof String s ? str(s) : keysAndValues[i], keysAndValues[i + 1]);
    }
    return new GenericMap(map);
  }
}
