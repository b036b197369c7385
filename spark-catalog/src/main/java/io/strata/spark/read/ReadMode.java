package io.strata.spark.read;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/** What a scan returns: table rows, top-level files only ({@code $ro}), or {@code $audit_log}. */
public enum ReadMode {
  DATA,
  READ_OPTIMIZED,
  AUDIT_LOG;

  /** The extra leading column of {@code $audit_log}. */
  public static final String ROW_KIND = "rowkind";

  /** The rows' type when reading {@code readType}: {@code $audit_log} rows lead with their kind. */
  public RowType outputType(RowType readType) {
    if (this != AUDIT_LOG) {
      return readType;
    }
    List<DataField> fields = new ArrayList<>();
    fields.add(new DataField(-1, ROW_KIND, DataTypes.STRING().notNull()));
    fields.addAll(readType.fields());
    return new RowType(fields);
  }
}
