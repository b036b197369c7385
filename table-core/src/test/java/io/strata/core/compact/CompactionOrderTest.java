package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.levels.CompactStrategy;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionOrderTest {

  private static final List<DataField> FIELDS =
      List.of(
          new DataField(0, "a", DataTypes.INT()),
          new DataField(1, "b", DataTypes.STRING()),
          new DataField(2, "tags", DataTypes.ARRAY(DataTypes.STRING())),
          new DataField(3, "dt", DataTypes.STRING()));

  @Test
  void parsesStrategiesCaseInsensitively() {
    assertThat(OrderStrategy.parse(null)).isEqualTo(OrderStrategy.NONE);
    assertThat(OrderStrategy.parse("ZOrder")).isEqualTo(OrderStrategy.ZORDER);
    assertThat(OrderStrategy.parse(" order ")).isEqualTo(OrderStrategy.ORDER);
    assertThat(CompactStrategy.parse(null)).isEqualTo(CompactStrategy.FULL);
    assertThat(CompactStrategy.parse("MINOR")).isEqualTo(CompactStrategy.MINOR);
  }

  @Test
  void refusesUnknownStrategiesNamingTheValidOnes() {
    assertThatThrownBy(() -> OrderStrategy.parse("sorted"))
        .hasMessage("CALL sys.compact: order_strategy 'sorted' is not one of none, order, zorder.");
    assertThatThrownBy(() -> OrderStrategy.parse("hilbert"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("'hilbert' is not supported by Strata; use 'zorder'");
    assertThatThrownBy(() -> CompactStrategy.parse("auto"))
        .hasMessage("CALL sys.compact: compact_strategy 'auto' is not one of full, minor.");
  }

  @Test
  void resolvesTheOrderColumns() {
    CompactionOrder order = CompactionOrder.of("t", append("-1"), OrderStrategy.ZORDER, "b, a");
    assertThat(order.columnNames()).containsExactly("b", "a");
    assertThat(order.sorts()).isTrue();
    assertThat(CompactionOrder.of("t", append("-1"), OrderStrategy.NONE, null).sorts()).isFalse();
  }

  @Test
  void refusesColumnsThatCannotOrderAPartition() {
    assertThatThrownBy(() -> CompactionOrder.of("t", append("-1"), OrderStrategy.ORDER, "a,nope"))
        .hasMessage(
            "CALL sys.compact: order_by column 'nope' does not exist; columns are [a, b, tags,"
                + " dt].");
    assertThatThrownBy(() -> CompactionOrder.of("t", append("-1"), OrderStrategy.ORDER, "dt"))
        .hasMessage(
            "CALL sys.compact: order_by column 'dt' is a partition column, constant within each"
                + " partition a sort compaction rewrites; sort by the other columns [a, b].");
    assertThatThrownBy(() -> CompactionOrder.of("t", append("-1"), OrderStrategy.ORDER, "tags"))
        .hasMessageContaining("order_by column 'tags' has type ARRAY<STRING>");
    assertThatThrownBy(() -> CompactionOrder.of("t", append("-1"), OrderStrategy.ORDER, " "))
        .hasMessage(
            "CALL sys.compact: order_strategy 'order' needs the columns to sort by: add order_by"
                + " => 'col1,col2'.");
    assertThatThrownBy(() -> CompactionOrder.of("t", append("-1"), OrderStrategy.NONE, "a"))
        .hasMessageContaining("order_by => 'a' needs an order_strategy");
  }

  @Test
  void refusesKeyAndFixedBucketTables() {
    TableSchema keyed =
        new TableSchema(3, 0, FIELDS, 3, List.of("dt"), List.of("a", "dt"), Map.of(), null, 0);
    assertThatThrownBy(() -> CompactionOrder.of("t", keyed, OrderStrategy.ZORDER, "b"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("but t has a primary key");
    assertThatThrownBy(() -> CompactionOrder.of("t", append("4"), OrderStrategy.ZORDER, "b"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "CALL sys.compact: order_strategy applies only to append tables with 'bucket' = -1,"
                + " but t has 'bucket' = 4, whose rows must stay in their hash buckets; compact it"
                + " without order_strategy.");
  }

  private static TableSchema append(String bucket) {
    return new TableSchema(
        3, 0, FIELDS, 3, List.of("dt"), List.of(), Map.of("bucket", bucket), null, 0);
  }
}
