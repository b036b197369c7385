package io.strata.core.merge;

import io.strata.core.options.MergeEngine;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The columns of a primary-key table whose stored value survives a later record that carries null
 * for them: a row-level update that leaves such a column unchanged may write null instead of the
 * old value, so it need not read the column at all.
 *
 * <p>{@code partial-update} ignores nulls in every value column. {@code aggregation} ignores them
 * in the functions that fold only non-null values ({@code sum}, {@code max}, {@code listagg}, ...);
 * not in {@code last_value} and {@code first_value}, which take a null as a value. Rewriting the
 * old value would even be wrong there: a {@code sum} would add it a second time. Key columns,
 * {@code sequence.field} columns and NOT NULL columns are always written; a table with sequence
 * groups keeps every column (a group's fields move together with its sequence). Other engines keep
 * the last record whole, so none.
 */
public final class NullKeptColumns {

  private static final Set<String> NULL_IGNORING_FUNCTIONS =
      Set.of(
          "sum",
          "product",
          "min",
          "max",
          "last_non_null_value",
          "first_non_null_value",
          "bool_and",
          "bool_or",
          "listagg");

  private NullKeptColumns() {}

  /** The names of those columns, in table order. */
  public static Set<String> of(
      RowType rowType, List<String> primaryKeys, Map<String, String> tableOptions) {
    Options options = new Options(tableOptions);
    MergeEngine engine = options.get(TableOptions.MERGE_ENGINE);
    if (engine != MergeEngine.PARTIAL_UPDATE && engine != MergeEngine.AGGREGATION) {
      return Set.of();
    }
    if (tableOptions.keySet().stream().anyMatch(k -> k.endsWith(".sequence-group"))) {
      return Set.of();
    }
    String sequence = options.get(TableOptions.SEQUENCE_FIELD);
    List<String> sequenceFields = sequence == null ? List.of() : Options.splitColumns(sequence);
    String defaultFunction = options.get(MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION);
    Set<String> kept = new LinkedHashSet<>();
    for (DataField f : rowType.fields()) {
      if (primaryKeys.contains(f.name())
          || sequenceFields.contains(f.name())
          || !f.type().nullable()) {
        continue;
      }
      if (engine == MergeEngine.AGGREGATION
          && !NULL_IGNORING_FUNCTIONS.contains(
              MergeOptions.FIELD_AGGREGATE_FUNCTION.get(options, f.name(), defaultFunction))) {
        continue;
      }
      kept.add(f.name());
    }
    return kept;
  }
}
