package io.strata.core.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
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
 * or DELETEs, written by Paimon) are undone as Paimon 1.3.1 undoes them: sums subtract, products
 * divide, {@code last_value} becomes NULL, {@code last_non_null_value} becomes NULL when the
 * retracted value is not, and the other functions fail the merge, except in columns with {@code
 * fields.<f>.ignore-retract}.
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
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), name, T, List.of(), options(extra));
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
                + " change nothing. A table created with 'aggregation.remove-record-on-delete' ="
                + " 'true' deletes whole rows, one with 'ignore-delete' = 'true' drops deletes (both"
                + " options are fixed at CREATE TABLE, as in Apache Paimon).");
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

  static final Map<String, String> TOP_IGNORES = Map.of("fields.top.ignore-retract", "true");

  @Test
  void foldedRetractionsSubtractUnlessTheColumnIgnoresThem() {
    KeyValue insert = new KeyValue(1, RowKind.INSERT, new Object[] {1L, 10L, 5});
    KeyValue before = new KeyValue(2, RowKind.UPDATE_BEFORE, new Object[] {1L, 3L, 9});
    assertThat(merged(TOP_IGNORES, insert, before).value()).containsExactly(1L, 7L, 5);
    Map<String, String> bothIgnore = new HashMap<>(TOP_IGNORES);
    bothIgnore.put("fields.total.ignore-retract", "true");
    assertThat(merged(bothIgnore, insert, before).value()).containsExactly(1L, 10L, 5);
    // A key whose first record is a retraction keeps its key; its sum starts negative.
    assertThat(
            merged(
                    TOP_IGNORES,
                    new KeyValue(1, RowKind.DELETE, new Object[] {6L, 4L, null}),
                    new KeyValue(2, RowKind.INSERT, new Object[] {6L, 10L, 2}))
                .value())
        .containsExactly(6L, 6L, 2);
    // A lone retraction goes on as it is (readers drop it), as Paimon's merge passes a lone
    // record; two fold into a row, as in Paimon.
    KeyValue lone = new KeyValue(1, RowKind.DELETE, new Object[] {6L, 4L, null});
    assertThat(merged(TOP_IGNORES, lone)).isSameAs(lone);
    KeyValue retractionsOnly =
        merged(TOP_IGNORES, lone, new KeyValue(2, RowKind.UPDATE_BEFORE, new Object[] {6L, 1L, 3}));
    assertThat(retractionsOnly.kind()).isEqualTo(RowKind.INSERT);
    assertThat(retractionsOnly.value()).containsExactly(6L, -5L, null);
  }

  @Test
  void aFunctionThatCannotRetractFailsTheMergeAsInPaimon() {
    KeyValue insert = new KeyValue(1, RowKind.INSERT, new Object[] {1L, 10L, 5});
    KeyValue before = new KeyValue(2, RowKind.UPDATE_BEFORE, new Object[] {1L, 3L, 9});
    assertThatThrownBy(() -> merged(Map.of(), insert, before))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Cannot merge a retraction (an UPDATE_BEFORE, or a DELETE without"
                + " 'aggregation.remove-record-on-delete') into column 'top': its aggregate"
                + " function 'max' cannot undo a value (only sum, product, last_value and"
                + " last_non_null_value can), and Apache Paimon fails the same merge. Such records"
                + " come from another writer, e.g. a changelog written by Apache Paimon. Set table"
                + " option 'fields.top.ignore-retract' = 'true' to leave the column as it is on"
                + " retractions.");
    for (String function :
        List.of("min", "first_value", "first_non_null_value", "bool_and", "bool_or", "listagg")) {
      DataType type =
          function.startsWith("bool")
              ? DataTypes.BOOLEAN()
              : function.equals("listagg") ? DataTypes.STRING() : DataTypes.INT();
      assertThatThrownBy(() -> folded(type, function, Map.of(), add(1, null), retract(2, null)))
          .as(function)
          .hasMessageContaining("aggregate function '" + function + "' cannot undo a value");
    }
  }

  /** The merged value of column {@code v} of {@code (id BIGINT, v type)} under {@code function}. */
  static Object folded(
      DataType type, String function, Map<String, String> extra, KeyValue... records) {
    RowType rowType =
        new RowType(
            List.of(new DataField(0, "id", DataTypes.BIGINT()), new DataField(1, "v", type)));
    Map<String, String> options = new HashMap<>(extra);
    options.put("merge-engine", "aggregation");
    options.put("fields.v.aggregate-function", function);
    KeyValue out =
        MergeFunctions.of(rowType, List.of("id"), options).merge(new ArrayList<>(List.of(records)));
    assertThat(out.kind()).isEqualTo(RowKind.INSERT);
    return out.value()[1];
  }

  static KeyValue add(long sequence, Object v) {
    return new KeyValue(sequence, RowKind.INSERT, new Object[] {1L, v});
  }

  static KeyValue retract(long sequence, Object v) {
    return new KeyValue(sequence, RowKind.UPDATE_BEFORE, new Object[] {1L, v});
  }

  @Test
  void retractionsUndoValuesAsPaimonDoes() {
    // A product divides, truncating integers; a NULL on either side leaves it.
    assertThat(
            folded(DataTypes.BIGINT(), "product", Map.of(), add(1, 6L), add(2, 7L), retract(3, 4L)))
        .isEqualTo(10L);
    assertThat(folded(DataTypes.INT(), "product", Map.of(), add(1, -7), retract(2, 2)))
        .isEqualTo(-3);
    assertThat(
            folded(
                DataTypes.TINYINT(), "product", Map.of(), add(1, (byte) 12), retract(2, (byte) 5)))
        .isEqualTo((byte) 2);
    assertThat(folded(DataTypes.DOUBLE(), "product", Map.of(), add(1, 3.0), retract(2, 4.0)))
        .isEqualTo(0.75);
    assertThat(folded(DataTypes.BIGINT(), "product", Map.of(), retract(1, 4L), add(2, 5L)))
        .isEqualTo(5L);
    assertThat(folded(DataTypes.BIGINT(), "product", Map.of(), add(1, 5L), retract(2, null)))
        .isEqualTo(5L);
    // last_value forgets its value; last_non_null_value only when the retracted value is not NULL.
    assertThat(folded(DataTypes.STRING(), "last_value", Map.of(), add(1, "a"), retract(2, "b")))
        .isNull();
    assertThat(folded(DataTypes.STRING(), "last_value", Map.of(), add(1, "a"), retract(2, null)))
        .isNull();
    assertThat(
            folded(
                DataTypes.STRING(), "last_non_null_value", Map.of(), add(1, "a"), retract(2, "b")))
        .isNull();
    assertThat(
            folded(
                DataTypes.STRING(), "last_non_null_value", Map.of(), add(1, "a"), retract(2, null)))
        .isEqualTo("a");
    assertThat(
            folded(
                DataTypes.STRING(),
                "last_non_null_value",
                Map.of(),
                add(1, "a"),
                retract(2, "a"),
                add(3, "c")))
        .isEqualTo("c");
  }

  @Test
  void aProductThatCannotBeDividedFailsNamingTheColumn() {
    assertThatThrownBy(
            () -> folded(DataTypes.BIGINT(), "product", Map.of(), add(1, 6L), retract(2, 0L)))
        .isInstanceOf(ArithmeticException.class)
        .hasMessageStartingWith(
            "Cannot merge a retraction into column 'v' (aggregate function 'product'): dividing"
                + " the product 6 by the retracted value 0 failed (/ by zero)")
        .hasMessageEndingWith(
            "Set table option 'fields.v.ignore-retract' = 'true' to leave the"
                + " column as it is on retractions.");
    assertThat(
            folded(
                DataTypes.BIGINT(),
                "product",
                Map.of("fields.v.ignore-retract", "true"),
                add(1, 6L),
                retract(2, 0L)))
        .isEqualTo(6L);
    // 1 / 3 has no exact decimal value: Paimon's BigDecimal division fails as well.
    assertThatThrownBy(
            () ->
                folded(
                    DataTypes.DECIMAL(10, 2),
                    "product",
                    Map.of(),
                    add(1, new BigDecimal("1.00")),
                    retract(2, new BigDecimal("3.00"))))
        .isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("dividing the product 1.00 by the retracted value 3.00 failed");
  }

  /** The product of a DECIMAL(5, 2) column folded from these records. */
  static Object decimalProduct(KeyValue... records) {
    return folded(DataTypes.DECIMAL(5, 2), "product", Map.of(), records);
  }

  static BigDecimal dec(String v) {
    return new BigDecimal(v);
  }

  @Test
  void decimalProductsKeepTheColumnsScaleAndOverflowToNull() {
    assertThat(decimalProduct(add(1, dec("1.55")), add(2, dec("1.55")))).isEqualTo(dec("2.40"));
    assertThat(decimalProduct(add(1, dec("2.40")), retract(2, dec("0.80")))).isEqualTo(dec("3.00"));
    assertThat(decimalProduct(add(1, dec("500.00")), add(2, dec("500.00")))).isNull();
    // After an overflow to NULL the next value starts the product again, as in Paimon.
    assertThat(decimalProduct(add(1, dec("500.00")), add(2, dec("500.00")), add(3, dec("2.00"))))
        .isEqualTo(dec("2.00"));
  }

  @Test
  void anIgnoredLeadingRetractionIsNotTheFirstValue() {
    assertThat(
            folded(
                DataTypes.STRING(),
                "first_value",
                Map.of("fields.v.ignore-retract", "true"),
                retract(1, "gone"),
                add(2, "kept"),
                add(3, "later")))
        .isEqualTo("kept");
  }
}
