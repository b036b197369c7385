package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Paimon's partial-update sequence groups, record by record: group {@code g1} orders {@code a, b},
 * group {@code g2} orders {@code c}, and {@code d} belongs to no group. (The compatibility matrix
 * checks the same merges against Paimon 1.3.1 reading the same files.)
 */
class SequenceGroupMergeTest {

  static final RowType T =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "a", DataTypes.STRING()),
              new DataField(2, "b", DataTypes.STRING()),
              new DataField(3, "g1", DataTypes.INT()),
              new DataField(4, "c", DataTypes.STRING()),
              new DataField(5, "g2", DataTypes.INT()),
              new DataField(6, "d", DataTypes.STRING())));

  static MergeFunction merge(Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(extra);
    options.put("merge-engine", "partial-update");
    options.put("fields.g1.sequence-group", "a,b");
    options.put("fields.g2.sequence-group", "c");
    return MergeFunctions.of(T, List.of("id"), options);
  }

  static KeyValue kv(long sequence, RowKind kind, Object... values) {
    return new KeyValue(sequence, kind, values);
  }

  static KeyValue merged(MergeFunction f, KeyValue... records) {
    return f.merge(new ArrayList<>(List.of(records)));
  }

  @Test
  void aGroupTakesTheRecordWithTheHigherSequenceNullsIncluded() {
    KeyValue r =
        merged(
            merge(Map.of()),
            kv(1, RowKind.INSERT, 1L, "a1", "b1", 2, "c1", 1, "d1"),
            kv(2, RowKind.INSERT, 1L, "a0", null, 1, "c2", 2, null),
            kv(3, RowKind.INSERT, 1L, null, "b3", 2, null, null, "d3"));
    // g1: the second record is older (1 < 2), the third equal (2), so a = NULL, b = 'b3'.
    // g2: the second record is newer (2 > 1); the third has no g2, so c stays.
    // d: no group, the latest non-null value.
    assertThat(r.kind()).isEqualTo(RowKind.INSERT);
    assertThat(r.sequence()).isEqualTo(3);
    assertThat(r.value()).containsExactly(1L, null, "b3", 2, "c2", 2, "d3");
  }

  @Test
  void aRetractionNullsTheGroupsItIsNotOlderThan() {
    KeyValue r =
        merged(
            merge(Map.of()),
            kv(1, RowKind.INSERT, 1L, "a1", "b1", 2, "c1", 5, "d1"),
            kv(2, RowKind.DELETE, 1L, "x", "y", 3, "z", 4, "w"));
    // g1 (3 >= 2): a and b retract to NULL and g1 moves to 3; g2 (4 < 5) stays; d is untouched.
    assertThat(r.kind()).isEqualTo(RowKind.INSERT);
    assertThat(r.value()).containsExactly(1L, null, null, 3, "c1", 5, "d1");
  }

  @Test
  void aDeleteOfARemovingGroupRemovesTheRow() {
    MergeFunction f = merge(Map.of("partial-update.remove-record-on-sequence-group", "g1"));
    KeyValue r =
        merged(
            f,
            kv(1, RowKind.INSERT, 1L, "a1", "b1", 2, "c1", 5, "d1"),
            kv(2, RowKind.DELETE, 1L, null, null, 2, null, null, null));
    assertThat(r.kind()).isEqualTo(RowKind.DELETE);
    assertThat(r.value())
        .as("only the NOT NULL key kept")
        .containsExactly(1L, null, null, null, null, null, null);
    // An older DELETE of the group retracts nothing.
    KeyValue kept =
        merged(
            f,
            kv(1, RowKind.INSERT, 1L, "a1", "b1", 2, "c1", 5, "d1"),
            kv(2, RowKind.DELETE, 1L, null, null, 1, null, null, null));
    assertThat(kept.kind()).isEqualTo(RowKind.INSERT);
    assertThat(kept.value()).containsExactly(1L, "a1", "b1", 2, "c1", 5, "d1");
    // A later insert after the removal starts a new row.
    KeyValue again =
        merged(
            f,
            kv(1, RowKind.INSERT, 1L, "a1", "b1", 2, "c1", 5, "d1"),
            kv(2, RowKind.DELETE, 1L, null, null, 2, null, null, null),
            kv(3, RowKind.INSERT, 1L, null, null, null, "c4", 1, null));
    assertThat(again.kind()).isEqualTo(RowKind.INSERT);
    assertThat(again.value()).containsExactly(1L, null, null, null, "c4", 1, null);
  }

  @Test
  void retractionsAloneMergeIntoADeleteAndIgnoreDeleteSkipsThem() {
    KeyValue r =
        merged(
            merge(Map.of()),
            kv(3, RowKind.UPDATE_BEFORE, 1L, "a", "b", 1, "c", 1, "d"),
            kv(4, RowKind.UPDATE_BEFORE, 1L, "a", "b", 1, "c", 1, "d"));
    assertThat(r.kind()).isEqualTo(RowKind.DELETE);
    assertThat(r.value()).containsExactly(1L, null, null, 1, null, 1, null);
    // A lone record goes on as it is, as Paimon's merge passes it.
    KeyValue alone = kv(4, RowKind.UPDATE_BEFORE, 1L, "a", "b", 1, "c", 1, "d");
    assertThat(merged(merge(Map.of()), alone)).isSameAs(alone);

    KeyValue ignored =
        merged(
            merge(Map.of("ignore-delete", "true")),
            kv(1, RowKind.INSERT, 1L, "a1", "b1", 2, "c1", 5, "d1"),
            kv(2, RowKind.DELETE, 1L, "x", "y", 3, "z", 6, "w"));
    assertThat(ignored.kind()).isEqualTo(RowKind.INSERT);
    assertThat(ignored.value()).containsExactly(1L, "a1", "b1", 2, "c1", 5, "d1");
  }

  @Test
  void mergingIsAssociativeOverAnySplitOfTheRecords() {
    MergeFunction f = merge(Map.of());
    List<KeyValue> records =
        List.of(
            kv(1, RowKind.INSERT, 1L, "a1", null, 3, null, null, "d1"),
            kv(2, RowKind.INSERT, 1L, null, "b2", 1, "c2", 2, null),
            kv(3, RowKind.DELETE, 1L, null, null, 4, null, 1, null),
            kv(4, RowKind.INSERT, 1L, "a4", "b4", 4, "c4", 3, "d4"),
            kv(5, RowKind.INSERT, 1L, "a5", null, null, "c5", 2, null));
    KeyValue all = f.merge(new ArrayList<>(records));
    for (int split = 1; split < records.size(); split++) {
      KeyValue head = f.merge(new ArrayList<>(records.subList(0, split)));
      List<KeyValue> rest = new ArrayList<>();
      rest.add(head);
      rest.addAll(records.subList(split, records.size()));
      KeyValue twoSteps = f.merge(rest);
      assertThat(Arrays.asList(twoSteps.value()))
          .as("split at %s", split)
          .isEqualTo(Arrays.asList(all.value()));
      assertThat(twoSteps.kind()).isEqualTo(all.kind());
    }
    assertThat(all.value()).containsExactly(1L, "a4", "b4", 4, "c4", 3, "d4");
  }
}
