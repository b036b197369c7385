package io.strata.core.manifest;

import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * The row type stats are stored with: nested columns carry no stats (always null), so they are
 * stored as a placeholder atomic type the BinaryRow codec can write.
 */
public final class StatsTypes {

  private StatsTypes() {}

  public static RowType of(RowType rowType) {
    List<DataField> fields = new ArrayList<>(rowType.size());
    for (DataField f : rowType.fields()) {
      fields.add(f.withType(statsType(f.type())));
    }
    return new RowType(fields);
  }

  private static DataType statsType(DataType type) {
    return switch (type.root()) {
      case ARRAY, MAP, ROW -> DataTypes.BIGINT();
      default -> type.withNullable(true);
    };
  }
}
