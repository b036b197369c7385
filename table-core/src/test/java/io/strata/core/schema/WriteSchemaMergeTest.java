package io.strata.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.data.ValueConverters;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WriteSchemaMergeTest {

  static final RowType TABLE =
      SchemaEvolutionTest.row(
          "id", DataTypes.BIGINT().notNull(),
          "v", DataTypes.INT(),
          "s", SchemaEvolutionTest.row("a", DataTypes.INT()));

  static TableSchema table() {
    return SchemaFactory.create(TABLE, List.of(), List.of(), Map.of(), null, 1L);
  }

  @Test
  void newColumnsAndFieldsAreAddedAndWiderDataWidensTheTable() {
    RowType data =
        SchemaEvolutionTest.row(
            "ID", DataTypes.INT(),
            "v", DataTypes.BIGINT(),
            "s",
                SchemaEvolutionTest.row(
                    "b", DataTypes.STRING().notNull(), "a", DataTypes.SMALLINT().notNull()),
            "note", SchemaEvolutionTest.row("x", DataTypes.INT().notNull()));
    List<SchemaChange> changes = WriteSchemaMerge.changes(TABLE, data);
    assertThat(changes)
        .containsExactly(
            new SchemaChange.UpdateColumnType(List.of("v"), DataTypes.BIGINT()),
            new SchemaChange.AddColumn(
                List.of("s", "b"), DataTypes.STRING(), null, SchemaChange.Position.last()),
            new SchemaChange.AddColumn(
                List.of("note"),
                SchemaEvolutionTest.row("x", DataTypes.INT()),
                null,
                SchemaChange.Position.last()));
    TableSchema merged = SchemaEvolution.apply(table(), changes, 2L);
    assertThat(SchemaEvolutionTest.ids(merged.rowType()))
        .isEqualTo("id:0 v:1 s:2(a:3 b:4) note:5(x:6)");
    RowType withIds = WriteSchemaMerge.withTableIds(data, merged.rowType());
    Object[] row = {7, 8L, new Object[] {"bee", (short) 9}, new Object[] {10}};
    Object converted = ValueConverters.create(withIds, merged.rowType()).convert(row);
    assertThat(Arrays.deepToString((Object[]) converted)).isEqualTo("[7, 8, [9, bee], [10]]");
    assertThat(((Object[]) converted)[0]).isEqualTo(7L);
  }

  @Test
  void dataThatCannotBeMergedIsRefused() {
    assertThatThrownBy(
            () -> WriteSchemaMerge.changes(TABLE, SchemaEvolutionTest.row("v", DataTypes.STRING())))
        .hasMessage(
            "Cannot merge the written data into column 'v': the data has type STRING and the table"
                + " INT, and neither widens to the other; cast the data to INT.");
    assertThatThrownBy(
            () ->
                WriteSchemaMerge.withTableIds(
                    SchemaEvolutionTest.row("v", DataTypes.INT()), table().rowType()))
        .hasMessage(
            "Cannot write the data: it has no column 'id', which is NOT NULL in the table.");
  }
}
