package io.strata.spark.write;

import io.strata.core.options.TableOptions;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowTrackingFields;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;

/**
 * How a rewrite of a row-tracking table carries each row's {@code _ROW_ID} and {@code
 * _SEQUENCE_NUMBER} ({@link RowTrackingFields}) from the rows Spark read to the files it writes:
 * row-level operations ask Spark for them as metadata, and the written rows end with them.
 */
public final class RowIdColumns {

  private RowIdColumns() {}

  /**
   * The metadata a row-level operation on {@code table} asks Spark to hand back with each row it
   * rewrites: the row-tracking columns, none for a table without row tracking.
   */
  public static NamedReference[] requiredAttributes(FileStoreTable table) {
    if (!table.options().get(TableOptions.ROW_TRACKING_ENABLED)) {
      return new NamedReference[0];
    }
    return RowTrackingFields.FIELDS.stream()
        .map(f -> Expressions.column(f.name()))
        .toArray(NamedReference[]::new);
  }

  /** Where the row-tracking columns are among {@code columns} (Spark's names, in order). */
  public static int[] positions(String[] columns, String table) {
    int[] positions = new int[RowTrackingFields.FIELDS.size()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = Arrays.asList(columns).indexOf(RowTrackingFields.FIELDS.get(i).name());
      if (positions[i] < 0) {
        throw new IllegalStateException(
            "Cannot write to table "
                + table
                + ": Spark's columns "
                + Arrays.toString(columns)
                + " have no "
                + RowTrackingFields.FIELDS.get(i).name()
                + "; this is a bug in Strata's rewrite, please report it.");
      }
    }
    return positions;
  }

  /**
   * {@code values} followed by the row-tracking values of {@code ids} at {@code positions}; NULLs
   * where {@code ids} is null (a new row, whose ids the commit assigns).
   */
  public static Object[] append(Object[] values, InternalRow ids, int[] positions) {
    Object[] withIds = Arrays.copyOf(values, values.length + positions.length);
    for (int i = 0; ids != null && i < positions.length; i++) {
      withIds[values.length + i] = ids.isNullAt(positions[i]) ? null : ids.getLong(positions[i]);
    }
    return withIds;
  }
}
