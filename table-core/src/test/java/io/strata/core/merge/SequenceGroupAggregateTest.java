package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Aggregate functions inside partial-update sequence groups, as Paimon 1.3.1 merges them: group
 * {@code ts} orders {@code total} (sum), {@code names} (listagg) and {@code first} (first_value);
 * {@code plain} is in the group without a function. A record not older than the row folds its value
 * in, an older one is folded in front of the row's value, and a retraction of either age undoes its
 * value. (The compatibility matrix checks the same merges against Paimon.)
 */
class SequenceGroupAggregateTest {

  static final RowType T =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "total", DataTypes.BIGINT()),
              new DataField(2, "names", DataTypes.STRING()),
              new DataField(3, "first", DataTypes.STRING()),
              new DataField(4, "plain", DataTypes.STRING()),
              new DataField(5, "ts", DataTypes.INT())));

  static MergeFunction merge(Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(extra);
    options.put("merge-engine", "partial-update");
    options.put("fields.ts.sequence-group", "total,names,first,plain");
    options.put("fields.total.aggregate-function", "sum");
    options.put("fields.names.aggregate-function", "listagg");
    options.put("fields.first.aggregate-function", "first_value");
    return MergeFunctions.of(T, List.of("id"), options);
  }

  static KeyValue kv(long sequence, RowKind kind, Object... values) {
    return new KeyValue(sequence, kind, values);
  }

  static KeyValue in(long sequence, Long total, String name, Integer ts) {
    return kv(sequence, RowKind.INSERT, 1L, total, name, name, name, ts);
  }

  static Object[] merged(MergeFunction f, KeyValue... records) {
    KeyValue r = f.merge(new ArrayList<>(List.of(records)));
    assertThat(r.kind()).isEqualTo(RowKind.INSERT);
    return r.value();
  }

  @Test
  void newerRecordsFoldInAndOlderOnesFoldInFront() {
    Object[] row =
        merged(
            merge(Map.of()),
            in(1, 10L, "x", 1),
            in(2, 5L, "z", 3),
            // Older than the row (2 < 3): its value goes in front, the sequence stays 3.
            in(3, 7L, "y", 2),
            // No sequence: the group is left alone.
            in(4, 100L, "none", null));
    assertThat(row).containsExactly(1L, 22L, "y,x,z", "y", "z", 3);
  }

  @Test
  void retractionsOfEitherAgeUndoTheirValues() {
    Object[] row =
        merged(
            merge(
                Map.of(
                    "fields.first.ignore-retract", "true", "fields.names.ignore-retract", "true")),
            in(1, 10L, "x", 5),
            // An older retraction still subtracts; a newer one subtracts and moves the sequence.
            kv(2, RowKind.UPDATE_BEFORE, 1L, 4L, "x", "x", "x", 3),
            kv(3, RowKind.UPDATE_BEFORE, 1L, 1L, "x", "x", "x", 6));
    // plain has no function: the newer retraction sets it to NULL, as without aggregates.
    assertThat(row).containsExactly(1L, 5L, "x", "x", null, 6);
  }

  @Test
  void aFunctionThatCannotRetractFailsAsInPaimon() {
    assertThatThrownBy(
            () ->
                merged(
                    merge(Map.of()),
                    in(1, 10L, "x", 5),
                    kv(2, RowKind.UPDATE_BEFORE, 1L, 4L, "x", "x", "x", 6)))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("into column 'names': its aggregate function 'listagg'");
  }

  @Test
  void theDefaultFunctionAppliesToEveryGroupedColumn() {
    Map<String, String> options = new HashMap<>();
    options.put("merge-engine", "partial-update");
    options.put("fields.ts.sequence-group", "total,names,first,plain");
    options.put("fields.default-aggregate-function", "max");
    Object[] row =
        MergeFunctions.of(T, List.of("id"), options)
            .merge(
                new ArrayList<>(List.of(in(1, 10L, "b", 1), in(2, 5L, "c", 3), in(3, 7L, "a", 2))))
            .value();
    assertThat(row).containsExactly(1L, 10L, "c", "c", "c", 3);
  }

  @Test
  void mergingIsAssociativeOverAnySplitOfTheRecords() {
    MergeFunction f = merge(Map.of("fields.names.aggregate-function", "max"));
    List<KeyValue> records =
        List.of(
            in(1, 10L, "b", 1),
            in(2, 5L, "d", 4),
            in(3, 7L, "a", 2),
            in(4, 1L, null, null),
            in(5, 3L, "c", 4));
    KeyValue all = f.merge(new ArrayList<>(records));
    for (int split = 2; split < records.size() - 1; split++) {
      KeyValue head = f.merge(new ArrayList<>(records.subList(0, split)));
      List<KeyValue> rest = new ArrayList<>();
      rest.add(head);
      rest.addAll(records.subList(split, records.size()));
      assertThat(f.merge(rest).value()).as("split at %d", split).containsExactly(all.value());
    }
  }
}
