package io.strata.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A partial-update column aggregated by anything but {@code last_non_null_value} needs a sequence
 * group, as Paimon 1.3.1 requires: CREATE and ALTER refuse the table otherwise. Aggregates inside
 * groups are accepted and merged as Paimon merges them ({@code SequenceGroupAggregateTest}), and so
 * are groups without aggregates; their DELETE options are checked as Paimon checks them.
 */
class PartialUpdateAggregateValidationTest {

  private static TableSchema create(Map<String, String> options) {
    Map<String, String> all = new HashMap<>(options);
    all.put("primary-key", "order_id");
    all.put("bucket", "1");
    all.put("merge-engine", "partial-update");
    return SchemaFactory.create(SchemaFactoryTest.orders(), List.of(), List.of(), all, null, 1L);
  }

  @Test
  void createRefusesAnAggregateOutsideEverySequenceGroup() {
    assertThatThrownBy(() -> create(Map.of("fields.amount.aggregate-function", "sum")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Column 'amount' of a 'partial-update' table aggregates with 'sum' (table option"
                + " 'fields.amount.aggregate-function'), but no sequence group covers it; Paimon"
                + " refuses such a table. Add a sequence group over it"
                + " ('fields.<sequence column>.sequence-group' = 'amount'), or use"
                + " 'last_non_null_value'.");
    // A group over other columns does not cover it.
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "fields.amount.aggregate-function", "sum",
                        "fields.user_id.sequence-group", "status")))
        .hasMessageStartingWith("Column 'amount' of a 'partial-update' table aggregates");
  }

  @Test
  void theDefaultAggregateFunctionNeedsGroupsForEveryValueColumn() {
    assertThatThrownBy(() -> create(Map.of("fields.default-aggregate-function", "max")))
        .hasMessageStartingWith(
            "Column 'user_id' of a 'partial-update' table aggregates with 'max' (table option"
                + " 'fields.default-aggregate-function')");
    // Keys and sequence columns never aggregate; every other column is in a group, which passes
    // Paimon's rule.
    assertThat(
            create(
                    Map.of(
                        "fields.default-aggregate-function", "max",
                        "fields.user_id,dt.sequence-group", "amount,status"))
                .options())
        .containsEntry("fields.default-aggregate-function", "max");
  }

  @Test
  void acceptsGroupedAggregatesAndLastNonNullValue() {
    assertThat(
            create(
                    Map.of(
                        "fields.amount.aggregate-function", "sum",
                        "fields.user_id.sequence-group", "amount,status"))
                .options())
        .containsEntry("fields.amount.aggregate-function", "sum");
    // A function that does not fit the column's type is refused by name.
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "fields.status.aggregate-function", "sum",
                        "fields.user_id.sequence-group", "amount,status")))
        .hasMessageContaining("'status'");
    assertThat(create(Map.of("fields.user_id.sequence-group", "amount,status")).options())
        .containsEntry("fields.user_id.sequence-group", "amount,status");
    assertThat(create(Map.of("fields.amount.aggregate-function", "last_non_null_value")).options())
        .containsEntry("fields.amount.aggregate-function", "last_non_null_value");
    // Other engines keep their own rules.
    assertThat(
            SchemaFactory.create(
                    SchemaFactoryTest.orders(),
                    List.of(),
                    List.of(),
                    Map.of(
                        "primary-key", "order_id",
                        "bucket", "1",
                        "merge-engine", "aggregation",
                        "fields.amount.aggregate-function", "sum"),
                    null,
                    1L)
                .options())
        .containsEntry("merge-engine", "aggregation");
  }

  @Test
  void alterAcceptsASequenceGroupAndRefusesAnUngroupedAggregate() {
    TableSchema plain = create(Map.of());
    assertThat(
            SchemaFactory.alterOptions(
                    plain, Map.of("fields.user_id.sequence-group", "status"), List.of(), 2L)
                .options())
        .containsEntry("fields.user_id.sequence-group", "status");
    assertThatThrownBy(
            () ->
                SchemaFactory.alterOptions(
                    plain, Map.of("fields.status.aggregate-function", "max"), List.of(), 2L))
        .hasMessageStartingWith(
            "Column 'status' of a 'partial-update' table aggregates with 'max'");
  }

  @Test
  void sequenceGroupsAreCheckedAsPaimonChecksThem() {
    assertThatThrownBy(() -> create(Map.of("fields.user_id.sequence-group", "status,nope")))
        .hasMessage(
            "Table option 'fields.user_id.sequence-group' names column 'nope', which does not"
                + " exist; columns are [order_id, user_id, amount, status, dt].");
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "fields.user_id.sequence-group", "status",
                        "fields.dt.sequence-group", "status,amount")))
        .hasMessageContaining("Column 'status' of table option")
        .hasMessageContaining("already belongs to another sequence group");
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "fields.user_id.sequence-group", "status",
                        "partial-update.remove-record-on-delete", "true")))
        .hasMessage(
            "Table options 'fields.<column>.sequence-group' and"
                + " 'partial-update.remove-record-on-delete' conflict (each decides differently"
                + " what a DELETE does); set only one of them.");
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "ignore-delete", "true", "partial-update.remove-record-on-delete", "true")))
        .hasMessageStartingWith(
            "Table options 'ignore-delete' and 'partial-update.remove-record-on-delete' conflict");
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "fields.user_id.sequence-group", "status",
                        "partial-update.remove-record-on-sequence-group", "dt")))
        .hasMessage(
            "Table option 'partial-update.remove-record-on-sequence-group' names column 'dt',"
                + " which is not a sequence column of any sequence group; sequence columns are"
                + " [user_id].");
    assertThat(
            create(
                    Map.of(
                        "fields.user_id.sequence-group", "status",
                        "partial-update.remove-record-on-sequence-group", "user_id"))
                .options())
        .containsEntry("partial-update.remove-record-on-sequence-group", "user_id");
  }
}
