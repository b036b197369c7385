package io.strata.core.write;

import io.strata.core.data.PartitionPath;
import io.strata.core.errors.CoreErrors;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * The default values of a table's columns (a schema field's {@code defaultValue}, which Paimon sets
 * with {@code ALTER COLUMN ... SET DEFAULT}): a written NULL takes the column's default, as
 * Paimon's writers fill them, so both engines store the same row.
 */
final class DefaultValues {

  private final int[] ordinals;
  private final Object[] values;

  private DefaultValues(int[] ordinals, Object[] values) {
    this.ordinals = ordinals;
    this.values = values;
  }

  /** The defaults of {@code rowType}'s columns, or null when no column has one. */
  static DefaultValues of(RowType rowType, String table) {
    List<Integer> ordinals = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < rowType.size(); i++) {
      DataField f = rowType.field(i);
      if (f.defaultValue() == null) {
        continue;
      }
      if (!(f.type() instanceof AtomicType)) {
        throw CoreErrors.unsupportedDefaultValue(table, f.name(), f.type().toString());
      }
      DataTypeRoot root = f.type().root();
      ordinals.add(i);
      values.add(
          root == DataTypeRoot.CHAR || root == DataTypeRoot.VARCHAR
              ? f.defaultValue()
              : PartitionPath.parseValue(f.name(), f.type(), f.defaultValue()));
    }
    return ordinals.isEmpty()
        ? null
        : new DefaultValues(
            ordinals.stream().mapToInt(Integer::intValue).toArray(), values.toArray());
  }

  /** {@code row} with its NULLs of defaulted columns replaced (a copy when one is). */
  Object[] fill(Object[] row) {
    Object[] filled = row;
    for (int i = 0; i < ordinals.length; i++) {
      if (row[ordinals[i]] == null) {
        if (filled == row) {
          filled = row.clone();
        }
        filled[ordinals[i]] = values[i];
      }
    }
    return filled;
  }
}
