package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.options.Options;
import io.strata.core.scan.MetadataAggregation.Aggregate;
import io.strata.core.scan.MetadataAggregation.Kind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetadataAggregationTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "name", DataTypes.STRING()),
              new DataField(2, "p", DataTypes.INT())));

  private static final List<Aggregate> ALL =
      List.of(
          new Aggregate(Kind.COUNT_STAR, -1),
          new Aggregate(Kind.COUNT, 1),
          new Aggregate(Kind.MIN, 0),
          new Aggregate(Kind.MAX, 0));

  private static List<DataSplit> splits(FileStoreTable t) {
    return new TableScan(t, new Options(Map.of())).plan(t.snapshotManager().latest()).splits();
  }

  private static List<List<Object>> lists(List<Object[]> rows) {
    return rows.stream().map(Arrays::asList).toList();
  }

  @Test
  void appendTableCountsMinMaxPerPartitionFromStats() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable t = TableTestSupport.create(catalog, "a", ROW, List.of("p"), Map.of());
    TableTestSupport.append(
        t,
        List.<Object[]>of(
            new Object[] {5L, "x", 1}, new Object[] {-3L, null, 1}, new Object[] {7L, "y", 2}));
    TableTestSupport.append(
        t, List.<Object[]>of(new Object[] {100L, "z", 2}, new Object[] {null, "w", 1}));

    List<Object[]> rows =
        MetadataAggregation.compute(t.schemaManager(), t.schema(), splits(t), new int[] {0}, ALL)
            .orElseThrow();
    rows.sort(Comparator.comparing(r -> (Integer) r[0]));
    assertThat(lists(rows))
        .containsExactly(Arrays.asList(1, 3L, 2L, -3L, 5L), Arrays.asList(2, 2L, 2L, 7L, 100L));

    List<Object[]> total =
        MetadataAggregation.compute(t.schemaManager(), t.schema(), splits(t), new int[0], ALL)
            .orElseThrow();
    assertThat(lists(total)).containsExactly(Arrays.asList(5L, 4L, -3L, 100L));
  }

  @Test
  void anEmptyTableCountsZero() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable t = TableTestSupport.create(catalog, "e", ROW, List.of(), Map.of());
    assertThat(
            lists(
                MetadataAggregation.compute(
                        t.schemaManager(), t.schema(), List.of(), new int[0], ALL)
                    .orElseThrow()))
        .containsExactly(Arrays.asList(0L, 0L, null, null));
  }

  @Test
  void stringMinMaxAndMergedPrimaryKeysAreNotAnsweredFromStats() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable a = TableTestSupport.create(catalog, "s", ROW, List.of(), Map.of());
    TableTestSupport.append(a, List.<Object[]>of(new Object[] {1L, "a", 1}));
    assertThat(
            MetadataAggregation.compute(
                a.schemaManager(),
                a.schema(),
                splits(a),
                new int[0],
                List.of(new Aggregate(Kind.MAX, 1))))
        .isEmpty();

    FileStoreTable pk =
        TableTestSupport.create(
            catalog, "pk", ROW, List.of(), Map.of("primary-key", "id", "bucket", "1"));
    TableTestSupport.append(pk, List.<Object[]>of(new Object[] {1L, "a", 1}));
    TableTestSupport.append(pk, List.<Object[]>of(new Object[] {1L, "b", 1}));
    Optional<List<Object[]>> merged =
        MetadataAggregation.compute(
            pk.schemaManager(),
            pk.schema(),
            splits(pk),
            new int[0],
            List.of(new Aggregate(Kind.COUNT_STAR, -1)));
    // Two files hold key 1; only a merge knows it is one row.
    assertThat(merged).isEmpty();
    assertThat(TableTestSupport.readAll(pk)).hasSize(1);
  }

  @Test
  void aLimitPlansOnlyTheSplitsThatHoldEnoughRows() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable t = TableTestSupport.create(catalog, "l", ROW, List.of("p"), Map.of());
    for (int p = 0; p < 5; p++) {
      List<Object[]> rows = new ArrayList<>();
      for (long i = 0; i < 10; i++) {
        rows.add(new Object[] {i, "v", p});
      }
      TableTestSupport.append(t, rows);
    }
    TableScan.Plan plan =
        new TableScan(t, new Options(Map.of())).plan(t.snapshotManager().latest());
    assertThat(plan.splits()).hasSize(5);
    assertThat(plan.limitedTo(5, false).splits()).hasSize(1);
    assertThat(plan.limitedTo(10, false).splits()).hasSize(1);
    assertThat(plan.limitedTo(11, false).splits()).hasSize(2);
    assertThat(plan.limitedTo(1000, false).splits()).hasSize(5);
  }
}
