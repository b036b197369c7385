package io.strata.core.merge;

import io.strata.core.options.MergeEngine;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of a table whose values are bitmaps or sketches merged by {@code rbm32}, {@code
 * rbm64}, {@code hll_sketch} or {@code theta_sketch}. A writer parses each value it writes there: a
 * value no merge could read is refused with the statement that wrote it, instead of failing every
 * later read and compaction of its key.
 */
public final class SketchColumns {

  private final int[] ordinals;
  private final String[] functions;
  private final String[] names;

  private SketchColumns(List<Integer> ordinals, List<String> functions, List<String> names) {
    this.ordinals = ordinals.stream().mapToInt(Integer::intValue).toArray();
    this.functions = functions.toArray(String[]::new);
    this.names = names.toArray(String[]::new);
  }

  /**
   * The sketch columns of a table of {@code rowType} with these options, or null when it has none
   * (only the aggregation and partial-update engines aggregate columns).
   */
  public static SketchColumns of(RowType rowType, List<String> primaryKeys, Options options) {
    MergeEngine engine = options.get(TableOptions.MERGE_ENGINE);
    boolean aggregation = engine == MergeEngine.AGGREGATION;
    if (primaryKeys.isEmpty() || !(aggregation || engine == MergeEngine.PARTIAL_UPDATE)) {
      return null;
    }
    // Partial-update applies no default function unless the option is set, as in Paimon.
    String defaultFunction =
        aggregation || options.contains(MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION)
            ? options.get(MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION)
            : null;
    List<Integer> ordinals = new ArrayList<>();
    List<String> functions = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<DataField> fields = rowType.fields();
    for (int i = 0; i < fields.size(); i++) {
      DataField f = fields.get(i);
      if (primaryKeys.contains(f.name()) || f.type().root() != DataTypeRoot.VARBINARY) {
        continue;
      }
      String function =
          MergeOptions.FIELD_AGGREGATE_FUNCTION.get(options, f.name(), defaultFunction);
      if (function != null && SketchUnion.NAMES.contains(function)) {
        ordinals.add(i);
        functions.add(function);
        names.add(f.name());
      }
    }
    return ordinals.isEmpty() ? null : new SketchColumns(ordinals, functions, names);
  }

  /** Fails, naming the column, unless every sketch value of {@code row} parses. */
  public void check(Object[] row) {
    for (int i = 0; i < ordinals.length; i++) {
      Object value = row[ordinals[i]];
      if (value != null) {
        SketchUnion.parse(functions[i], names[i], (byte[]) value);
      }
    }
  }
}
