package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which columns an update may write as null, checked against the merge functions themselves: a
 * record with nulls in those columns leaves their stored values as they were.
 */
class NullKeptColumnsTest {

  static final RowType T =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "total", DataTypes.BIGINT()),
              new DataField(2, "hi", DataTypes.INT()),
              new DataField(3, "tags", DataTypes.STRING()),
              new DataField(4, "last", DataTypes.STRING()),
              new DataField(5, "ts", DataTypes.BIGINT()),
              new DataField(6, "required", DataTypes.INT().notNull())));

  static final List<String> KEYS = List.of("id");

  @Test
  void partialUpdateKeepsEveryNullableValueColumnButTheSequenceField() {
    Map<String, String> options = Map.of("merge-engine", "partial-update", "sequence.field", "ts");
    Set<String> kept = NullKeptColumns.of(T, KEYS, options);
    assertThat(kept).containsExactly("total", "hi", "tags", "last");
    assertKeptByMerge(options, kept);
  }

  @Test
  void aggregationKeepsOnlyColumnsWhoseFunctionIgnoresNulls() {
    Map<String, String> options =
        Map.of(
            "merge-engine", "aggregation",
            "fields.total.aggregate-function", "sum",
            "fields.hi.aggregate-function", "max",
            "fields.tags.aggregate-function", "listagg",
            "fields.last.aggregate-function", "last_value",
            "fields.ts.aggregate-function", "first_value");
    Set<String> kept = NullKeptColumns.of(T, KEYS, options);
    assertThat(kept).containsExactly("total", "hi", "tags");
    assertKeptByMerge(options, kept);
  }

  @Test
  void aggregationDefaultFunctionDecides() {
    assertThat(NullKeptColumns.of(T, KEYS, Map.of("merge-engine", "aggregation")))
        .containsExactly("total", "hi", "tags", "last", "ts");
    assertThat(
            NullKeptColumns.of(
                T,
                KEYS,
                Map.of(
                    "merge-engine",
                    "aggregation",
                    "fields.default-aggregate-function",
                    "last_value",
                    "fields.hi.aggregate-function",
                    "min")))
        .containsExactly("hi");
  }

  @Test
  void deduplicateFirstRowAndSequenceGroupsKeepNothing() {
    assertThat(NullKeptColumns.of(T, KEYS, Map.of())).isEmpty();
    assertThat(NullKeptColumns.of(T, KEYS, Map.of("merge-engine", "first-row"))).isEmpty();
    assertThat(
            NullKeptColumns.of(
                T,
                KEYS,
                Map.of("merge-engine", "partial-update", "fields.ts.sequence-group", "hi,tags")))
        .isEmpty();
  }

  /**
   * Merges a stored row with an update that writes a new {@code required}, nulls in the kept
   * columns and the stored values elsewhere: the kept columns must come out unchanged.
   */
  private static void assertKeptByMerge(Map<String, String> options, Set<String> kept) {
    Map<String, String> all = new java.util.HashMap<>(options);
    MergeFunction merge = MergeFunctions.of(T, KEYS, all);
    Object[] stored = {1L, 10L, 7, "a", "x", 5L, 1};
    Object[] update = stored.clone();
    update[6] = 2;
    for (String c : kept) {
      update[T.indexOf(c)] = null;
    }
    KeyValue merged =
        merge.merge(
            List.of(
                new KeyValue(1, RowKind.INSERT, stored),
                new KeyValue(2, RowKind.UPDATE_AFTER, update)));
    Object[] expected = stored.clone();
    expected[6] = 2;
    assertThat(Arrays.asList(merged.value())).isEqualTo(Arrays.asList(expected));
  }
}
