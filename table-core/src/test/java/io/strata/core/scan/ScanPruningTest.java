package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.data.BucketFunction;
import io.strata.core.format.CloseableIterator;
import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.predicate.Predicate;
import io.strata.core.read.TableRead;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files skipped by stats, buckets skipped by the bucket key, row groups skipped on the row path.
 */
class ScanPruningTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "name", DataTypes.STRING())));

  private static LeafPredicate leaf(int field, Op op, Object... literals) {
    return new LeafPredicate(
        field, ROW.field(field).name(), ROW.typeAt(field), op, List.of(literals));
  }

  private static List<DataSplit> plan(FileStoreTable t, Predicate filter) {
    return new TableScan(t, new Options(Map.of()))
        .withValueFilter(filter)
        .plan(t.snapshotManager().latest())
        .splits();
  }

  private static long files(List<DataSplit> splits) {
    return splits.stream().mapToLong(s -> s.files().size()).sum();
  }

  private static Object[] row(long id, String name) {
    return new Object[] {id, name};
  }

  @Test
  void manifestStatsSkipFilesForInIsNullAndPrefixes() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable t = TableTestSupport.create(catalog, "stats", ROW, List.of(), Map.of());
    TableTestSupport.append(t, List.of(row(1, "apple"), row(2, "apricot")));
    TableTestSupport.append(t, List.of(row(10, "banana"), row(11, null)));
    TableTestSupport.append(t, List.of(row(20, "zebra"), row(21, "zulu")));

    assertThat(files(plan(t, leaf(0, Op.IN, 2L, 21L)))).isEqualTo(2);
    assertThat(files(plan(t, leaf(0, Op.IN, 5L, 15L)))).isZero();
    assertThat(files(plan(t, leaf(1, Op.IS_NULL)))).isEqualTo(1);
    assertThat(files(plan(t, leaf(1, Op.STARTS_WITH, "ap")))).isEqualTo(1);
    assertThat(files(plan(t, leaf(1, Op.STARTS_WITH, "b")))).isEqualTo(1);
    assertThat(files(plan(t, leaf(1, Op.STARTS_WITH, "c")))).isZero();
    assertThat(files(plan(t, leaf(1, Op.STARTS_WITH, "z")))).isEqualTo(1);
  }

  @Test
  void prefixStatsKeepEveryFileWhoseRangeMeetsThePrefix() {
    LeafPredicate p = leaf(1, Op.STARTS_WITH, "ab");
    assertThat(p.mayMatch(2, new Object[] {null, "aa"}, new Object[] {null, "ac"}, null)).isTrue();
    assertThat(p.mayMatch(2, new Object[] {null, "abz"}, new Object[] {null, "b"}, null)).isTrue();
    assertThat(p.mayMatch(2, new Object[] {null, "a"}, new Object[] {null, "aaz"}, null)).isFalse();
    assertThat(p.mayMatch(2, new Object[] {null, "ac"}, new Object[] {null, "b"}, null)).isFalse();
    assertThat(p.mayMatch(2, new Object[] {null, "a"}, new Object[] {null, "ab"}, null)).isTrue();
  }

  @Test
  void equalityAndInOnTheBucketKeyPlanOnlyTheirBuckets() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable t =
        TableTestSupport.create(
            catalog, "buckets", ROW, List.of(), Map.of("bucket", "4", "bucket-key", "id"));
    List<Object[]> rows = new ArrayList<>();
    LongStream.range(0, 100).forEach(i -> rows.add(row(i, "n" + i)));
    TableTestSupport.append(t, rows);
    assertThat(plan(t, null).stream().map(DataSplit::bucket).collect(Collectors.toSet()))
        .containsExactlyInAnyOrder(0, 1, 2, 3);

    RowType key = ROW.project(List.of("id"));
    Set<Integer> expected = new TreeSet<>();
    for (long id : new long[] {7L, 42L}) {
      expected.add(BucketFunction.bucket(key, new Object[] {id}, 4));
    }
    Predicate in = leaf(0, Op.IN, 7L, 42L).and(leaf(1, Op.IS_NOT_NULL));
    List<DataSplit> splits = plan(t, in);
    assertThat(splits.stream().map(DataSplit::bucket).collect(Collectors.toSet()))
        .isEqualTo(expected);
    assertThat(matching(t, splits, in)).containsExactlyInAnyOrder(7L, 42L);

    Predicate eq = leaf(0, Op.EQ, 7L);
    assertThat(plan(t, eq))
        .extracting(DataSplit::bucket)
        .containsOnly(BucketFunction.bucket(key, new Object[] {7L}, 4));
    assertThat(matching(t, plan(t, eq), eq)).containsExactly(7L);
    // Contradicting conjuncts leave no key, hence no bucket; a range leaves every bucket.
    assertThat(plan(t, eq.and(leaf(0, Op.EQ, 8L)))).isEmpty();
    assertThat(plan(t, leaf(0, Op.LT, 50L))).hasSize(4);
  }

  @Test
  void theRowPathSkipsRowGroupsByStatisticsAndDictionaries() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable t =
        TableTestSupport.create(
            catalog, "groups", ROW, List.of(), Map.of("parquet.block.size", "4096"));
    List<Object[]> rows = new ArrayList<>();
    LongStream.range(0, 20000).forEach(i -> rows.add(row(i, i % 2 == 0 ? "a" : "c")));
    TableTestSupport.append(t, rows);
    assertThat(files(plan(t, null))).isEqualTo(1);

    long byStats = readRows(t, leaf(0, Op.EQ, 12345L));
    assertThat(byStats).isPositive().isLessThan(20000);
    // 'b' lies between every row group's min 'a' and max 'c': only dictionaries rule it out.
    assertThat(readRows(t, leaf(1, Op.EQ, "b"))).isZero();
    assertThat(readRows(t, leaf(1, Op.STARTS_WITH, "b"))).isZero();
    assertThat(readRows(t, leaf(1, Op.EQ, "c"))).isEqualTo(20000);
    assertThat(readRows(t, null)).isEqualTo(20000);
  }

  @Test
  void topNKeepsOnlySplitsThatCanHoldTheFirstRows() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable t = TableTestSupport.create(catalog, "topn", ROW, List.of(), Map.of());
    TableTestSupport.append(t, List.of(row(1, "a"), row(2, "b"), row(3, "c")));
    TableTestSupport.append(t, List.of(row(4, "d"), row(5, "e")));
    TableTestSupport.append(t, List.of(row(9, "x"), row(10, "y")));
    TableTestSupport.append(t, List.of(new Object[] {null, "n"}, row(0, "z")));
    List<DataSplit> all =
        new TableScan(t, new Options(Map.of("source.split.target-size", "1")))
            .plan(t.snapshotManager().latest())
            .splits();
    assertThat(all).hasSize(4);

    // Ascending, nulls last: {1,2,3} and {4,5} hold 5 rows up to 5, so {9,10} cannot hold one of
    // the first 4, while {0,NULL} may.
    assertThat(ids(t, topN(t, all, false, false, 4))).containsExactlyInAnyOrder(1L, 4L, 0L);
    assertThat(ids(t, topN(t, all, false, false, 2))).containsExactlyInAnyOrder(1L, 0L);
    // Descending, nulls last: {9,10} holds the first two.
    assertThat(ids(t, topN(t, all, true, false, 2))).containsExactly(9L);
    // Ascending, nulls first: the split with the NULL leads.
    assertThat(ids(t, topN(t, all, false, true, 1))).containsExactly(0L);
    assertThat(topN(t, all, false, false, 100)).hasSize(4);

    // Packed into one split, the split keeps only the files that may hold the first rows.
    List<DataSplit> packed = plan(t, null);
    assertThat(packed).hasSize(1);
    List<DataSplit> first = topN(t, packed, false, false, 2);
    assertThat(files(first)).isEqualTo(2);
    assertThat(first.get(0).rawConvertible()).isTrue();
  }

  private static List<DataSplit> topN(
      FileStoreTable t, List<DataSplit> splits, boolean descending, boolean nullsFirst, long n) {
    return TopNPruning.prune(
        t.schemaManager(), t.schema(), splits, new TopNPruning.Order(0, descending, nullsFirst), n);
  }

  /** The smallest non-null id of each split, which names it here. */
  private static List<Long> ids(FileStoreTable t, List<DataSplit> splits) {
    FileStatsReader stats = new FileStatsReader(t.schemaManager(), t.schema());
    return splits.stream().map(s -> (Long) stats.read(s.files().get(0)).min()[0]).toList();
  }

  /** Ids of the rows of {@code splits} that match {@code filter}. */
  private static List<Long> matching(FileStoreTable t, List<DataSplit> splits, Predicate filter) {
    List<Long> ids = new ArrayList<>();
    for (Object[] r : read(t, splits, filter)) {
      if (filter.test(r)) {
        ids.add((Long) r[0]);
      }
    }
    return ids;
  }

  /** Rows the row path returns for a scan with {@code filter}, before evaluating it. */
  private static long readRows(FileStoreTable t, Predicate filter) {
    return read(t, plan(t, filter), filter).size();
  }

  private static List<Object[]> read(FileStoreTable t, List<DataSplit> splits, Predicate filter) {
    List<Object[]> rows = new ArrayList<>();
    for (DataSplit split : splits) {
      try (CloseableIterator<Object[]> reader =
          TableRead.open(t, split, t.schema().rowType(), filter)) {
        reader.forEachRemaining(rows::add);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return rows;
  }
}
