package io.strata.core.merge;

import static io.strata.core.merge.AggregationRetractionsTest.add;
import static io.strata.core.merge.AggregationRetractionsTest.folded;
import static io.strata.core.merge.AggregationRetractionsTest.retract;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code collect} (ARRAY columns), {@code merge_map} (MAP columns) and Paimon's older name {@code
 * first_not_null_value}, with Paimon 1.3.1's results, retractions included.
 */
class CollectionAggregatesTest {

  static final DataType STRINGS = DataTypes.ARRAY(DataTypes.STRING());
  static final DataType INTS = DataTypes.ARRAY(DataTypes.INT());

  @Test
  void collectConcatenatesAndRetractsOneOccurrencePerElement() {
    assertThat(
            folded(
                STRINGS,
                "collect",
                Map.of(),
                add(1, List.of("a", "b")),
                add(2, null),
                add(3, List.of("b", "c"))))
        .isEqualTo(List.of("a", "b", "b", "c"));
    assertThat(
            folded(
                STRINGS,
                "collect",
                Map.of(),
                add(1, List.of("a", "b", "b", "c")),
                retract(2, List.of("b", "x"))))
        .isEqualTo(List.of("a", "b", "c"));
    assertThat(folded(STRINGS, "collect", Map.of(), add(1, null), add(2, null))).isNull();
  }

  @Test
  void distinctCollectKeepsEachElementOnceInPaimonsOrder() {
    // Numbers come out in the order of a Java hash set, as in Paimon.
    List<Integer> values = List.of(40, 3, 17, 3, 1000, 40, -5);
    Object merged =
        folded(
            INTS,
            "collect",
            Map.of("fields.v.distinct", "true"),
            add(1, values.subList(0, 4)),
            add(2, values.subList(4, 7)));
    assertThat(merged).isEqualTo(new ArrayList<>(new HashSet<>(values)));
    // Nested elements keep the accumulated ones and add the new ones not seen yet.
    DataType nested = DataTypes.ARRAY(INTS);
    assertThat(
            folded(
                nested,
                "collect",
                Map.of("fields.v.distinct", "true"),
                add(1, List.of(List.of(1), List.of(2))),
                add(2, List.of(List.of(2), List.of(3), List.of(3)))))
        .isEqualTo(List.of(List.of(1), List.of(2), List.of(3)));
  }

  @Test
  void mergeMapTakesTheLaterValueAndRetractsKeys() {
    DataType map = DataTypes.MAP(DataTypes.STRING(), DataTypes.INT());
    assertThat(
            folded(
                map,
                "merge_map",
                Map.of(),
                add(1, Map.of("a", 1, "b", 2)),
                add(2, null),
                add(3, Map.of("b", 20, "c", 3))))
        .isEqualTo(Map.of("a", 1, "b", 20, "c", 3));
    assertThat(
            folded(
                map,
                "merge_map",
                Map.of(),
                add(1, Map.of("a", 1, "b", 2)),
                retract(2, Map.of("b", 99))))
        .isEqualTo(Map.of("a", 1));
  }

  @Test
  void firstNotNullValueIsTheOlderNameOfFirstNonNullValue() {
    assertThat(
            folded(
                DataTypes.STRING(),
                "first_not_null_value",
                Map.of(),
                add(1, null),
                add(2, "x"),
                add(3, "y")))
        .isEqualTo("x");
  }

  @Test
  void theColumnMustHaveTheFunctionsType() {
    assertThatThrownBy(() -> folded(DataTypes.STRING(), "collect", Map.of(), add(1, "a")))
        .hasMessage(
            "Aggregate function 'collect' needs an ARRAY column, but column 'v' is STRING; choose"
                + " another 'fields.v.aggregate-function'.");
    assertThatThrownBy(() -> folded(INTS, "merge_map", Map.of(), add(1, List.of(1))))
        .hasMessageStartingWith("Aggregate function 'merge_map' needs a MAP column");
  }

  static final DataType NESTED =
      DataTypes.ARRAY(
          DataTypes.ROW(
              List.of(
                  new DataField(10, "k", DataTypes.INT()),
                  new DataField(11, "s", DataTypes.STRING()))));

  /** The rows {@code nested_update} folds from these records, under these options. */
  @SuppressWarnings("unchecked")
  static List<Object[]> nestedUpdate(Map<String, String> options, KeyValue... records) {
    return (List<Object[]>) folded(NESTED, "nested_update", options, records);
  }

  static Object[] r(Integer k, String s) {
    return new Object[] {k, s};
  }

  /** The rows as one array value (a list of rows, not the rows' values as varargs). */
  static List<Object> rows(Object[]... rows) {
    return java.util.Arrays.asList((Object[]) rows);
  }

  @Test
  void nestedUpdateReplacesRowsByKeyInPaimonsHashOrder() {
    Map<String, String> keyed = Map.of("fields.v.nested-key", "k");
    List<Object[]> merged =
        nestedUpdate(
            keyed,
            add(1, List.of(r(1, "a"), r(2, "b"))),
            add(2, java.util.Arrays.asList(r(2, "b2"), null, r(3, "c"))));
    // Paimon's HashMap of BinaryRow keys orders them by its murmur hash of the key bytes.
    Map<Object, Object[]> expected = new java.util.HashMap<>();
    for (Object[] row : List.of(r(1, "a"), r(2, "b2"), r(3, "c"))) {
      expected.put(paimonKey((Integer) row[0]), row);
    }
    assertThat(merged)
        .usingElementComparator((a, b) -> java.util.Arrays.deepEquals(a, b) ? 0 : 1)
        .containsExactlyElementsOf(expected.values());
    List<Object[]> retracted =
        nestedUpdate(
            keyed, add(1, List.of(r(1, "a"), r(2, "b"))), retract(2, rows(r(1, "ignored value"))));
    assertThat(retracted).hasSize(1);
    assertThat(retracted.get(0)).containsExactly(2, "b");
  }

  /** A key that hashes as Paimon's BinaryRow of one INT field does. */
  private static Object paimonKey(int k) {
    io.strata.core.data.BinaryRow row =
        io.strata.core.data.BinaryRowCodec.serialize(
            new io.strata.core.types.RowType(List.of(new DataField(10, "k", DataTypes.INT()))),
            new Object[] {k});
    return new Object() {
      @Override
      public int hashCode() {
        return io.strata.core.data.BucketFunction.hash(row);
      }

      @Override
      public boolean equals(Object o) {
        return o == this;
      }
    };
  }

  @Test
  void nestedUpdateWithoutKeysAppendsUpToTheCountLimit() {
    List<Object[]> merged =
        nestedUpdate(
            Map.of("fields.v.count-limit", "3"),
            add(1, List.of(r(1, "a"), r(2, "b"))),
            add(2, List.of(r(3, "c"), r(4, "d"))),
            add(3, List.of(r(5, "e"))));
    assertThat(merged).hasSize(3);
    assertThat(merged.get(2)).containsExactly(3, "c");
    List<Object[]> retracted =
        nestedUpdate(
            Map.of(),
            add(1, List.of(r(1, "a"), r(2, "b"), r(1, "a"))),
            retract(2, rows(r(1, "a"))));
    assertThat(retracted).hasSize(1);
    assertThat(retracted.get(0)).containsExactly(2, "b");
    assertThatThrownBy(
            () ->
                folded(
                    NESTED,
                    "nested_update",
                    Map.of("fields.v.nested-key", "nope"),
                    add(1, List.of(r(1, "a")))))
        .hasMessage(
            "Table option 'fields.v.nested-key' names field 'nope', which the rows of column 'v'"
                + " do not have; their fields are [k, s].");
  }
}
