package io.strata.it;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One text rendering for rows read through Spark (Strata) and through Paimon's Java API, so the two
 * can be compared as sorted lists of strings. It follows golden/README.md: NULL as {@code NULL};
 * numbers as Java prints them; DECIMAL as plain text; bytes as {@code 0x} + hex; DATE {@code
 * yyyy-MM-dd}; TIMESTAMP as {@link LocalDateTime#toString()}; TIMESTAMP WITH LOCAL TIME ZONE as a
 * UTC {@link Instant}; ARRAY {@code [a, b]}; MAP {@code {k=v}} sorted; ROW {@code (a, b)}. Values
 * are separated by {@code " | "}.
 *
 * <p>Spark rows must come from a session with {@code spark.sql.datetime.java8API.enabled} so that
 * dates and timestamps arrive as {@code java.time} values.
 */
public final class CanonicalRows {

  private static final String SEPARATOR = " | ";

  private CanonicalRows() {}

  /** A snapshot as both engines' views are compared: {@code 3 APPEND schema=0 total=9 delta=4}. */
  static String snapshot(long id, Object commitKind, long schemaId, Long total, Long delta) {
    return id + " " + commitKind + " schema=" + schemaId + " total=" + total + " delta=" + delta;
  }

  // ---- Spark (external rows) ----

  static String spark(Row row) {
    return sparkStruct(row.schema(), row, SEPARATOR, "", "");
  }

  static List<String> spark(List<Row> rows) {
    List<String> out = new ArrayList<>(rows.size());
    rows.forEach(r -> out.add(spark(r)));
    out.sort(null);
    return out;
  }

  private static String sparkStruct(
      StructType type, Row row, String separator, String open, String close) {
    StringJoiner j = new StringJoiner(separator, open, close);
    for (int i = 0; i < type.size(); i++) {
      j.add(sparkValue(type.fields()[i].dataType(), row.isNullAt(i) ? null : row.get(i)));
    }
    return j.toString();
  }

  /** One value of a Spark row, rendered as inside {@link #spark(Row)}. */
  static String sparkValue(org.apache.spark.sql.types.DataType type, Object v) {
    if (v == null) {
      return "NULL";
    }
    if (type instanceof org.apache.spark.sql.types.ArrayType a) {
      StringJoiner j = new StringJoiner(", ", "[", "]");
      for (Object e : CollectionConverters.asJava((scala.collection.Seq<?>) v)) {
        j.add(sparkValue(a.elementType(), e));
      }
      return j.toString();
    }
    if (type instanceof org.apache.spark.sql.types.MapType m) {
      List<String> entries = new ArrayList<>();
      for (Map.Entry<?, ?> e :
          CollectionConverters.asJava((scala.collection.Map<?, ?>) v).entrySet()) {
        entries.add(
            sparkValue(m.keyType(), e.getKey()) + "=" + sparkValue(m.valueType(), e.getValue()));
      }
      entries.sort(null);
      return "{" + String.join(", ", entries) + "}";
    }
    if (type instanceof StructType s) {
      return sparkStruct(s, (Row) v, ", ", "(", ")");
    }
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof byte[] b) {
      return "0x" + HexFormat.of().formatHex(b);
    }
    if (v instanceof LocalDate || v instanceof LocalDateTime || v instanceof Instant) {
      return v.toString();
    }
    if (v instanceof java.util.Date) {
      throw new IllegalStateException(
          "Got " + v.getClass() + "; enable spark.sql.datetime.java8API.enabled");
    }
    return v.toString();
  }

  // ---- Paimon (InternalRow) ----

  static String paimon(RowType type, InternalRow row) {
    return String.join(SEPARATOR, paimonFields(type, row, true));
  }

  /**
   * Each field of a Paimon row, rendered. {@code padChar}: CHAR(n) padded to n as Spark reads it;
   * without it, what Paimon stored (the golden {@code expected/*.tsv} form).
   */
  public static List<String> paimonFields(RowType type, InternalRow row, boolean padChar) {
    List<String> out = new ArrayList<>(type.getFieldCount());
    for (int i = 0; i < type.getFieldCount(); i++) {
      DataType fieldType = type.getTypeAt(i);
      out.add(
          paimonValue(
              fieldType, InternalRow.createFieldGetter(fieldType, i).getFieldOrNull(row), padChar));
    }
    return out;
  }

  private static String paimonValue(DataType type, Object v, boolean padChar) {
    if (v == null) {
      return "NULL";
    }
    switch (type.getTypeRoot()) {
      case CHAR:
        // Spark reads CHAR(n) padded to n (read-side padding); Paimon returns what is stored.
        return padChar
            ? String.format(
                "%-" + ((org.apache.paimon.types.CharType) type).getLength() + "s", v.toString())
            : v.toString();
      case VARCHAR:
        return ((BinaryString) v).toString();
      case DECIMAL:
        return ((Decimal) v).toBigDecimal().toPlainString();
      case BINARY, VARBINARY:
        return "0x" + HexFormat.of().formatHex((byte[]) v);
      case DATE:
        return LocalDate.ofEpochDay((Integer) v).toString();
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return ((Timestamp) v).toLocalDateTime().toString();
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return ((Timestamp) v).toInstant().toString();
      case ARRAY:
        {
          DataType element = ((ArrayType) type).getElementType();
          InternalArray array = (InternalArray) v;
          InternalArray.ElementGetter getter = InternalArray.createElementGetter(element);
          StringJoiner j = new StringJoiner(", ", "[", "]");
          for (int i = 0; i < array.size(); i++) {
            j.add(paimonValue(element, getter.getElementOrNull(array, i), padChar));
          }
          return j.toString();
        }
      case MAP:
        {
          MapType map = (MapType) type;
          InternalMap m = (InternalMap) v;
          InternalArray.ElementGetter keys = InternalArray.createElementGetter(map.getKeyType());
          InternalArray.ElementGetter values =
              InternalArray.createElementGetter(map.getValueType());
          List<String> entries = new ArrayList<>();
          for (int i = 0; i < m.size(); i++) {
            entries.add(
                paimonValue(map.getKeyType(), keys.getElementOrNull(m.keyArray(), i), padChar)
                    + "="
                    + paimonValue(
                        map.getValueType(), values.getElementOrNull(m.valueArray(), i), padChar));
          }
          entries.sort(null);
          return "{" + String.join(", ", entries) + "}";
        }
      case ROW:
        return "("
            + String.join(", ", paimonFields((RowType) type, (InternalRow) v, padChar))
            + ")";
      default:
        return v.toString();
    }
  }
}
