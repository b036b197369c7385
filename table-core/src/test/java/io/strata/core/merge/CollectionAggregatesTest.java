package io.strata.core.merge;

import static io.strata.core.merge.AggregationRetractionsTest.add;
import static io.strata.core.merge.AggregationRetractionsTest.folded;
import static io.strata.core.merge.AggregationRetractionsTest.retract;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
