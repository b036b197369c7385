package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retractions and aggregation tables. Strata's DELETE carries only the key, which no aggregate can
 * fold, so it is written only with {@code aggregation.remove-record-on-delete} (it removes the
 * row), dropped with {@code ignore-delete}, and refused otherwise instead of changing nothing.
 * Retractions that other writers fold into the columns (change-data-capture UPDATE_BEFORE records,
 * written by Paimon) subtract from sums, except in columns with {@code fields.<f>.ignore-retract}.
 */
class AggregationRetractionsTest {

  @TempDir Path dir;

  static final RowType T =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "total", DataTypes.BIGINT()),
              new DataField(2, "top", DataTypes.INT())));

  static Map<String, String> options(Map<String, String> extra) {
    Map<String, String> all = new HashMap<>(extra);
    all.put("primary-key", "id");
    all.put("bucket", "1");
    all.put("merge-engine", "aggregation");
    all.put("fields.total.aggregate-function", "sum");
    all.put("fields.top.aggregate-function", "max");
    return all;
  }

  FileStoreTable table(String name, Map<String, String> extra) {
    return TableTestSupport.catalog(dir)
        .createTable(
            new Identifier("default", name),
            SchemaFactory.create(T, List.of(), List.of(), options(extra), null, 1L));
  }

  static void write(FileStoreTable t, RowKind kind, Object... row) {
    TableTestSupport.write(t, List.<Object[]>of(row), List.of(kind));
  }

  static List<List<Object>> rows(FileStoreTable t) {
    List<List<Object>> out = new ArrayList<>();
    TableTestSupport.readAll(t).forEach(r -> out.add(Arrays.asList(r)));
    return out;
  }

  @Test
  void aDeleteIsRefusedUnlessItRemovesOrIsDropped() {
    FileStoreTable t = table("plain", Map.of());
    write(t, RowKind.INSERT, 1L, 10L, 5);
    assertThatThrownBy(() -> write(t, RowKind.DELETE, 1L, null, null))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Cannot delete rows of table plain: its 'merge-engine' = 'aggregation' would fold a"
                + " DELETE into its columns, and Strata's DELETE carries only the key, so it would"
                + " change nothing. Set table option 'aggregation.remove-record-on-delete' = 'true'"
                + " to delete whole rows, or 'ignore-delete' = 'true' to drop deletes.");
    assertThat(rows(t)).containsExactly(List.of(1L, 10L, 5));

    FileStoreTable removes =
        table("removes", Map.of("aggregation.remove-record-on-delete", "true"));
    write(removes, RowKind.INSERT, 1L, 10L, 5);
    write(removes, RowKind.INSERT, 2L, 1L, 1);
    write(removes, RowKind.DELETE, 1L, null, null);
    assertThat(rows(removes)).containsExactly(List.of(2L, 1L, 1));

    FileStoreTable drops = table("drops", Map.of("ignore-delete", "true"));
    write(drops, RowKind.INSERT, 1L, 10L, 5);
    write(drops, RowKind.DELETE, 1L, null, null);
    assertThat(rows(drops)).containsExactly(List.of(1L, 10L, 5));
  }

  static KeyValue merged(Map<String, String> extra, KeyValue... records) {
    return MergeFunctions.of(T, List.of("id"), options(extra))
        .merge(new ArrayList<>(List.of(records)));
  }

  @Test
  void foldedRetractionsSubtractUnlessTheColumnIgnoresThem() {
    KeyValue insert = new KeyValue(1, RowKind.INSERT, new Object[] {1L, 10L, 5});
    KeyValue before = new KeyValue(2, RowKind.UPDATE_BEFORE, new Object[] {1L, 3L, 9});
    assertThat(merged(Map.of(), insert, before).value()).containsExactly(1L, 7L, 5);
    assertThat(merged(Map.of("fields.total.ignore-retract", "true"), insert, before).value())
        .containsExactly(1L, 10L, 5);
    // A key whose first record is a retraction keeps its key; its sum starts negative.
    assertThat(
            merged(
                    Map.of(),
                    new KeyValue(1, RowKind.DELETE, new Object[] {6L, 4L, null}),
                    new KeyValue(2, RowKind.INSERT, new Object[] {6L, 10L, 2}))
                .value())
        .containsExactly(6L, 6L, 2);
    KeyValue retractionOnly =
        merged(Map.of(), new KeyValue(1, RowKind.DELETE, new Object[] {6L, 4L, null}));
    assertThat(retractionOnly.kind()).isEqualTo(RowKind.INSERT);
    assertThat(retractionOnly.value()).containsExactly(6L, -4L, null);
  }
}
