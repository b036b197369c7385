package io.strata.spark.read;

import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of {@code sequence.field}, which order the records of a key before they merge, and
 * the read columns a merge from batches needs for them: the read columns, then each sequence column
 * that is not read.
 */
record SequenceFields(RowType type) {

  /** The table's sequence fields, or null when it has none or names a missing column. */
  static SequenceFields of(FileStoreTable table) {
    String option = table.options().get(TableOptions.SEQUENCE_FIELD);
    if (option == null) {
      return null;
    }
    RowType rowType = table.schema().rowType();
    List<DataField> fields = new ArrayList<>();
    for (String name : Options.splitColumns(option)) {
      int i = rowType.indexOf(name);
      if (i < 0) {
        return null;
      }
      fields.add(rowType.field(i));
    }
    return new SequenceFields(new RowType(fields));
  }

  /** {@code readType} and then the sequence fields it lacks (by field id). */
  RowType readWith(RowType readType) {
    List<DataField> fields = new ArrayList<>(readType.fields());
    for (DataField f : type.fields()) {
      if (position(readType, f) < 0) {
        fields.add(f);
      }
    }
    return new RowType(fields);
  }

  /** The ordinals of the sequence fields in {@code readType}, which holds them all. */
  int[] ordinalsIn(RowType readType) {
    int[] ordinals = new int[type.size()];
    for (int i = 0; i < ordinals.length; i++) {
      ordinals[i] = position(readType, type.field(i));
    }
    return ordinals;
  }

  private static int position(RowType readType, DataField field) {
    for (int i = 0; i < readType.size(); i++) {
      if (readType.field(i).id() == field.id()) {
        return i;
      }
    }
    return -1;
  }
}
