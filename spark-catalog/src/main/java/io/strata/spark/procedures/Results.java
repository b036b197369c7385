package io.strata.spark.procedures;

import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/** Result row types of procedures, as Paimon's Spark procedures name their columns. */
final class Results {

  private Results() {}

  static RowType of(Object... nameTypePairs) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < nameTypePairs.length; i += 2) {
      fields.add(new DataField(i / 2, (String) nameTypePairs[i], (DataType) nameTypePairs[i + 1]));
    }
    return new RowType(fields);
  }

  static final RowType RESULT = of("result", DataTypes.BOOLEAN());

  static List<Object[]> ok() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {true});
    return rows;
  }
}
