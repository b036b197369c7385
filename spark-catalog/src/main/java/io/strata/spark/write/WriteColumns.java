package io.strata.spark.write;

import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * Where the written columns are in the rows Spark hands a writer, found by name: row-level
 * operations add columns of their own, so positions are never guessed from widths, and a row of
 * another width than declared fails instead of writing wrong columns.
 *
 * @param table the table's name, for errors
 * @param rowColumns the names of the columns of Spark's rows, in order
 * @param positions position in the rows of each written field
 */
public record WriteColumns(String table, String[] rowColumns, int[] positions)
    implements java.io.Serializable {

  /**
   * The positions in rows of columns {@code rowColumns} of each field of {@code written}; an exact
   * name match wins over a case-insensitive one.
   */
  public static WriteColumns of(String[] rowColumns, RowType written, String table) {
    int[] positions = new int[written.size()];
    for (int i = 0; i < positions.length; i++) {
      String name = written.fields().get(i).name();
      positions[i] = indexOf(rowColumns, name);
      if (positions[i] < 0) {
        throw new IllegalStateException(
            "Cannot write to table "
                + table
                + ": Spark's rows "
                + Arrays.toString(rowColumns)
                + " have no column '"
                + name
                + "' of the written columns "
                + written.fieldNames()
                + "; this is a bug in Strata's row-level write, please report it.");
      }
    }
    return new WriteColumns(table, rowColumns, positions);
  }

  /** The written fields of {@code row}, converted by {@code converter} of the written type. */
  public Object[] read(SparkRowConverter converter, InternalRow row) {
    if (row.numFields() != rowColumns.length) {
      throw new IllegalStateException(
          "Cannot write to table "
              + table
              + ": Spark passed a row of "
              + row.numFields()
              + " columns where the write declared "
              + rowColumns.length
              + " "
              + Arrays.toString(rowColumns)
              + "; this is a bug in Strata's write planning, please report it.");
    }
    return converter.toCore(row, positions);
  }

  private static int indexOf(String[] names, String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    for (int i = 0; i < names.length; i++) {
      if (names[i].equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }
}
