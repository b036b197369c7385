package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** Renders canonical rows the way {@code golden/expected/*.tsv} does (see golden/README.md). */
public final class GoldenRows {

  private GoldenRows() {}

  /** One TSV line: the rendered values separated by tabs. */
  public static String render(RowType type, Object[] row) {
    StringJoiner line = new StringJoiner("\t");
    for (int i = 0; i < type.size(); i++) {
      line.add(value(type.typeAt(i), row[i]));
    }
    return line.toString();
  }

  /** One rendered value. */
  public static String value(DataType type, Object v) {
    if (v == null) {
      return "NULL";
    }
    return switch (type.root()) {
      case DECIMAL -> ((BigDecimal) v).toPlainString();
      case BINARY, VARBINARY -> "0x" + HexFormat.of().formatHex((byte[]) v);
      case DATE -> LocalDate.ofEpochDay((Integer) v).toString();
      case TIME -> LocalTime.ofNanoOfDay((Integer) v * 1_000_000L).toString();
      case TIMESTAMP -> ((Timestamp) v).toLocalDateTime().toString();
      case TIMESTAMP_LTZ -> ((Timestamp) v).toInstant().toString();
      case ARRAY -> {
        DataType element = ((ArrayType) type).element();
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (Object e : (List<?>) v) {
          j.add(value(element, e));
        }
        yield j.toString();
      }
      case MAP -> {
        MapType map = (MapType) type;
        List<String> entries = new ArrayList<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          entries.add(value(map.key(), e.getKey()) + "=" + value(map.value(), e.getValue()));
        }
        entries.sort(null);
        yield "{" + String.join(", ", entries) + "}";
      }
      case ROW -> {
        RowType row = (RowType) type;
        Object[] values = (Object[]) v;
        StringJoiner j = new StringJoiner(", ", "(", ")");
        for (int i = 0; i < row.size(); i++) {
          j.add(value(row.typeAt(i), values[i]));
        }
        yield j.toString();
      }
      default -> v.toString();
    };
  }
}
