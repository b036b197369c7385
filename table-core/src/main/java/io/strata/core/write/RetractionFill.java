package io.strata.core.write;

import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Values for the NOT NULL columns of a retraction that knows only its key (Strata's DELETE, and the
 * DELETE of an old key an UPDATE moves a row from): data files hold NOT NULL columns as required,
 * so the record must carry some value there. Merges ignore a deleted row's values; a Paimon reader
 * that starts a row from a DELETE under {@code *.remove-record-on-delete} starts its NOT NULL
 * columns at these neutral values (zero, empty, false, the epoch).
 */
final class RetractionFill {

  private RetractionFill() {}

  /** {@code row}, or a copy with the NOT NULL columns at {@code indexes} that are null filled. */
  static Object[] fill(Object[] row, RowType rowType, int[] indexes) {
    Object[] filled = row;
    for (int i : indexes) {
      if (row[i] == null) {
        if (filled == row) {
          filled = row.clone();
        }
        filled[i] = neutral(rowType.typeAt(i));
      }
    }
    return filled;
  }

  /** The neutral non-null value of a type (see {@link DataType} for the Java classes). */
  static Object neutral(DataType type) {
    return switch (type.root()) {
      case BOOLEAN -> false;
      case TINYINT -> (byte) 0;
      case SMALLINT -> (short) 0;
      case INT, DATE, TIME -> 0;
      case BIGINT -> 0L;
      case FLOAT -> 0f;
      case DOUBLE -> 0d;
      case DECIMAL -> BigDecimal.ZERO.setScale(((AtomicType) type).scale());
      case CHAR, VARCHAR -> "";
      case BINARY -> new byte[((AtomicType) type).length()];
      case VARBINARY -> new byte[0];
      case TIMESTAMP, TIMESTAMP_LTZ -> Timestamp.fromMicros(0);
      case ARRAY -> List.of();
      case MAP -> Map.of();
      case ROW -> {
        RowType row = (RowType) type;
        Object[] fields = new Object[row.size()];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = row.typeAt(i).nullable() ? null : neutral(row.typeAt(i));
        }
        yield fields;
      }
    };
  }
}
