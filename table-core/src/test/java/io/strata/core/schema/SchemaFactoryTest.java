package io.strata.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaFactoryTest {

  static RowType orders() {
    return new RowType(
        List.of(
            new DataField(0, "order_id", DataTypes.BIGINT()),
            new DataField(0, "user_id", DataTypes.BIGINT()),
            new DataField(0, "amount", DataTypes.DECIMAL(10, 2)),
            new DataField(0, "status", DataTypes.STRING()),
            new DataField(0, "dt", DataTypes.STRING())));
  }

  @Test
  void seed004SchemaHasNotNullKeysAndOptionsWithoutPrimaryKey() {
    TableSchema schema =
        SchemaFactory.create(
            orders(),
            List.of("dt"),
            List.of(),
            Map.of("primary-key", "dt,order_id", "bucket", "2"),
            null,
            1L);
    assertThat(schema.fields())
        .extracting(f -> f.type().toString())
        .containsExactly(
            "BIGINT NOT NULL", "BIGINT", "DECIMAL(10, 2)", "STRING", "STRING NOT NULL");
    assertThat(schema.fields()).extracting(DataField::id).containsExactly(0, 1, 2, 3, 4);
    assertThat(schema.highestFieldId()).isEqualTo(4);
    assertThat(schema.primaryKeys()).containsExactly("dt", "order_id");
    assertThat(schema.partitionKeys()).containsExactly("dt");
    assertThat(schema.options()).containsExactly(Map.entry("bucket", "2"));
    assertThat(schema.trimmedPrimaryKeys()).containsExactly("order_id");
  }

  @Test
  void nestedFieldsTakeIdsFromTheSameCounter() {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "a", DataTypes.INT()),
                new DataField(
                    0,
                    "r",
                    DataTypes.ROW(
                        List.of(
                            new DataField(0, "x", DataTypes.INT()),
                            new DataField(0, "y", DataTypes.STRING())))),
                new DataField(0, "b", DataTypes.INT())));
    TableSchema schema = SchemaFactory.create(columns, List.of(), List.of(), Map.of(), null, 1L);
    RowType nested = (RowType) schema.fields().get(1).type();
    assertThat(schema.fields()).extracting(DataField::id).containsExactly(0, 1, 4);
    assertThat(nested.fields()).extracting(DataField::id).containsExactly(2, 3);
    assertThat(schema.highestFieldId()).isEqualTo(4);
  }

  @Test
  void aTablePaimonMadeWithAnOptionStrataRefusesCanStillBeAlteredOtherwise() {
    TableSchema created =
        SchemaFactory.create(
            orders(),
            List.of(),
            List.of(),
            Map.of("bucket", "2", "bucket-key", "order_id"),
            null,
            1L);
    java.util.HashMap<String, String> paimonOptions = new java.util.HashMap<>(created.options());
    paimonOptions.put("bucket-function.type", "mod");
    paimonOptions.put("sequence.field.sort-order", "descending");
    TableSchema paimonMade = created.withOptions(paimonOptions);
    TableSchema altered =
        SchemaFactory.alterOptions(
            paimonMade, Map.of("snapshot.num-retained.max", "50"), List.of(), 2L);
    assertThat(altered.options()).containsEntry("snapshot.num-retained.max", "50");
    assertThatThrownBy(
            () ->
                SchemaFactory.alterOptions(
                    created, Map.of("manifest.format", "orc"), List.of(), 2L))
        .hasMessageStartingWith("Table option 'manifest.format' = 'orc' is not supported");
    assertThatThrownBy(
            () ->
                SchemaFactory.alterOptions(
                    created, Map.of("sequence.field.sort-order", "descending"), List.of(), 2L))
        .hasMessageStartingWith("Table option 'sequence.field.sort-order' = 'descending'");
  }

  @Test
  void rejectsBadLayouts() {
    assertThatThrownBy(
            () ->
                SchemaFactory.create(
                    orders(), List.of(), List.of(), Map.of("bucket", "4"), null, 1L))
        .hasMessage(
            "An append table with 'bucket' = 4 needs table option 'bucket-key' naming the columns"
                + " to hash; or use 'bucket' = -1.");
    assertThatThrownBy(
            () ->
                SchemaFactory.create(
                    orders(),
                    List.of(),
                    List.of(),
                    Map.of("bucket", "4", "bucket-key", "nope"),
                    null,
                    1L))
        .hasMessage(
            "Bucket key (table option 'bucket-key') column 'nope' does not exist; columns are"
                + " [order_id, user_id, amount, status, dt].");
    assertThatThrownBy(
            () -> SchemaFactory.create(orders(), List.of("nope"), List.of(), Map.of(), null, 1L))
        .hasMessage(
            "Partition key column 'nope' does not exist; columns are [order_id, user_id, amount,"
                + " status, dt].");
    assertThatThrownBy(
            () ->
                SchemaFactory.create(
                    orders(),
                    List.of("dt"),
                    List.of(),
                    Map.of("primary-key", "order_id", "bucket", "2"),
                    null,
                    1L))
        .hasMessage(
            "Primary key [order_id] must contain every partition column, but it lacks 'dt'."
                + " Updates that move a key across partitions (Paimon's cross-partition upsert"
                + " with a global index) are not supported: add 'dt' to the primary key.");
    assertThatThrownBy(
            () ->
                SchemaFactory.create(
                    orders(), List.of(), List.of(), Map.of("bucket", "x"), null, 1L))
        .hasMessage("Invalid value 'x' for table option 'bucket': expected an integer.");
  }

  @Test
  void alterOptionsChangesOnlyAFixedBucketCount() {
    TableSchema schema =
        SchemaFactory.create(
            orders(),
            List.of(),
            List.of(),
            Map.of("bucket", "2", "bucket-key", "order_id"),
            null,
            1L);
    assertThat(SchemaFactory.alterOptions(schema, Map.of("bucket", "3"), List.of(), 2L).options())
        .containsEntry("bucket", "3");
    assertThatThrownBy(
            () -> SchemaFactory.alterOptions(schema, Map.of("bucket", "-1"), List.of(), 2L))
        .hasMessageStartingWith("Cannot change table option 'bucket' from 2 to -1");
    TableSchema altered =
        SchemaFactory.alterOptions(schema, Map.of("snapshot.num-retained.min", "3"), List.of(), 2L);
    assertThat(altered.id()).isEqualTo(1);
    assertThat(altered.options()).containsEntry("snapshot.num-retained.min", "3");
  }
}
