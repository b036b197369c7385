package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.CloseableIterator;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.predicate.Predicate;
import io.strata.core.read.TableRead;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A filter on a primary-key table's non-key columns skips files only where no merge can bring a row
 * back (Paimon's value filter and whole-bucket filter), and file indexes skip files of splits read
 * without a merge.
 */
class PrimaryKeyValueFilterTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "name", DataTypes.STRING()),
              new DataField(2, "amount", DataTypes.INT())));

  private FileStoreTable create(String name, Map<String, String> options) {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    return catalog.createTable(
        new Identifier("default", name),
        SchemaFactory.create(ROW, List.of(), List.of("id"), options, null, 1L));
  }

  private static LeafPredicate leaf(int field, Op op, Object... literals) {
    return new LeafPredicate(
        field, ROW.field(field).name(), ROW.typeAt(field), op, List.of(literals));
  }

  private static TableScan.Plan plan(FileStoreTable t, Predicate filter) {
    return new TableScan(t, new Options(Map.of()))
        .withValueFilter(filter)
        .plan(t.snapshotManager().latest());
  }

  private static long files(TableScan.Plan plan) {
    return plan.splits().stream().mapToLong(s -> s.files().size()).sum();
  }

  /** The rows matching {@code filter}, read through a plan and reader that both see it. */
  private static List<String> filteredRead(FileStoreTable t, Predicate filter) {
    List<String> rows = new ArrayList<>();
    for (DataSplit split : plan(t, filter).splits()) {
      try (CloseableIterator<Object[]> reader = TableRead.open(t, split, ROW, filter)) {
        reader.forEachRemaining(
            r -> {
              if (filter.test(r)) {
                rows.add(Arrays.toString(r));
              }
            });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    Collections.sort(rows);
    return rows;
  }

  /** The rows matching {@code filter}, found by reading everything. */
  private static List<String> expected(FileStoreTable t, Predicate filter) {
    List<String> rows = new ArrayList<>();
    for (Object[] r : TableTestSupport.readAll(t)) {
      if (filter.test(r)) {
        rows.add(Arrays.toString(r));
      }
    }
    Collections.sort(rows);
    return rows;
  }

  private static void upsert(FileStoreTable t, Object[]... rows) {
    List<RowKind> kinds = new ArrayList<>();
    for (int i = 0; i < rows.length; i++) {
      kinds.add(RowKind.INSERT);
    }
    TableTestSupport.write(t, List.of(rows), kinds);
  }

  @Test
  void aDeduplicateBucketIsReadWholeOrNotAtAll() {
    FileStoreTable t = create("dedup", Map.of("bucket", "1"));
    upsert(t, new Object[] {1L, "a", 1});
    upsert(t, new Object[] {1L, "b", 2});

    // The older version matches: the bucket is read whole, and the merge hides that version.
    TableScan.Plan older = plan(t, leaf(1, Op.EQ, "a"));
    assertThat(files(older)).isEqualTo(2);
    assertThat(filteredRead(t, leaf(1, Op.EQ, "a"))).isEmpty();
    assertThat(filteredRead(t, leaf(1, Op.EQ, "b"))).containsExactly("[1, b, 2]");

    // No file may hold a match: the bucket is not read.
    TableScan.Plan none = plan(t, leaf(1, Op.EQ, "z"));
    assertThat(none.splits()).isEmpty();
    assertThat(none.statistics().filesSkippedByStats()).isEqualTo(2);
  }

  @Test
  void filesOfOneSortedRunAreSkippedOneByOne() {
    FileStoreTable t = create("run", Map.of("bucket", "1", "target-file-size", "1 kb"));
    List<Object[]> rows = new ArrayList<>();
    List<RowKind> kinds = new ArrayList<>();
    for (long i = 0; i < 3000; i++) {
      rows.add(new Object[] {i, "n" + i, (int) i});
      kinds.add(RowKind.INSERT);
    }
    TableTestSupport.write(t, rows, kinds);
    t.newCommit("test").compact(null, CompactStrategy.FULL);
    long all = files(plan(t, null));
    assertThat(all).isGreaterThan(2);

    TableScan.Plan one = plan(t, leaf(2, Op.EQ, 1500));
    assertThat(files(one)).isEqualTo(1);
    assertThat(one.statistics().filesSkippedByStats()).isEqualTo(all - 1);
    assertThat(filteredRead(t, leaf(2, Op.EQ, 1500))).containsExactly("[1500, n1500, 1500]");
  }

  @Test
  void partialUpdateBucketsWithOverlappingRunsAreReadWhole() {
    FileStoreTable t = create("partial", Map.of("bucket", "1", "merge-engine", "partial-update"));
    upsert(t, new Object[] {1L, "a", null});
    upsert(t, new Object[] {1L, null, 7});
    // Neither file alone holds name 'a' with amount 7; the merged row does.
    Predicate both = leaf(1, Op.EQ, "a").and(leaf(2, Op.EQ, 7));
    assertThat(files(plan(t, both))).isEqualTo(2);
    assertThat(filteredRead(t, both)).containsExactly("[1, a, 7]");
  }

  @Test
  void aggregationFilesAreNeverSkippedByAValueColumn() {
    FileStoreTable t =
        create(
            "agg",
            Map.of(
                "bucket", "1",
                "merge-engine", "aggregation",
                "fields.amount.aggregate-function", "sum"));
    upsert(t, new Object[] {1L, "a", 3});
    upsert(t, new Object[] {1L, "a", 4});
    t.newCommit("test").compact(null, CompactStrategy.FULL);
    upsert(t, new Object[] {1L, "a", 5});
    assertThat(files(plan(t, leaf(2, Op.EQ, 12)))).isEqualTo(2);
    assertThat(filteredRead(t, leaf(2, Op.EQ, 12))).containsExactly("[1, a, 12]");
  }

  @Test
  void filteredReadsEqualFilteringEverythingAfterRandomUpsertsDeletesAndCompactions() {
    Random random = new Random(42);
    String[] names = {"a", "b", "c", "d", null};
    for (Map<String, String> options :
        List.of(
            Map.of("bucket", "2", "target-file-size", "2 kb"),
            Map.of("bucket", "2", "merge-engine", "partial-update"),
            Map.of("bucket", "2", "merge-engine", "first-row"),
            Map.of("bucket", "2", "deletion-vectors.enabled", "true"),
            Map.of(
                "bucket",
                "2",
                "file-index.bloom-filter.columns",
                "name,amount",
                "target-file-size",
                "2 kb"),
            // Small indexes, embedded in the manifest: planning skips files and buckets by them.
            Map.of(
                "bucket", "2",
                "file-index.bloom-filter.columns", "name",
                "file-index.bloom-filter.name.items", "40",
                "file-index.bitmap.columns", "amount",
                "target-file-size", "2 kb"),
            Map.of(
                "bucket", "2",
                "deletion-vectors.enabled", "true",
                "file-index.bitmap.columns", "name,amount"))) {
      FileStoreTable t = create("random" + options.hashCode(), new HashMap<>(options));
      boolean deletes =
          !"first-row".equals(options.get("merge-engine"))
              && !"partial-update".equals(options.get("merge-engine"));
      for (int round = 0; round < 8; round++) {
        List<Object[]> rows = new ArrayList<>();
        List<RowKind> kinds = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
          long id = random.nextInt(120);
          // Each round's values lie in their own range, so that stats tell files apart.
          String name = names[random.nextInt(names.length)];
          rows.add(
              new Object[] {
                id, name == null ? null : name + round, round * 10 + random.nextInt(10)
              });
          kinds.add(deletes && random.nextInt(6) == 0 ? RowKind.DELETE : RowKind.INSERT);
        }
        TableTestSupport.write(t, rows, kinds);
        if (round == 3 || round == 6) {
          t.newCommit("test").compact(null, CompactStrategy.FULL);
        }
      }
      for (Predicate filter :
          List.<Predicate>of(
              leaf(1, Op.EQ, "a1"),
              leaf(1, Op.EQ, "c7"),
              leaf(1, Op.IS_NULL),
              leaf(1, Op.IN, "b2", "d5"),
              leaf(2, Op.GT, 65),
              leaf(2, Op.LT, 12),
              leaf(2, Op.EQ, 33),
              leaf(2, Op.LT, 40).and(leaf(1, Op.STARTS_WITH, "c")),
              leaf(0, Op.EQ, 17L).and(leaf(2, Op.GE, 50)),
              leaf(1, Op.STARTS_WITH, "z"))) {
        assertThat(filteredRead(t, filter))
            .as("%s with %s", options, filter)
            .isEqualTo(expected(t, filter));
      }
    }
  }

  @Test
  void indexesInTheManifestSkipFilesAndDeduplicateBucketsWhilePlanning() {
    FileStoreTable t =
        create(
            "planned",
            Map.of(
                "bucket", "1",
                "file-index.bloom-filter.columns", "name",
                "file-index.bloom-filter.name.items", "100"));
    // Two overlapping runs whose name stats both span "a".."z"; only the second holds "m".
    upsert(t, new Object[] {1L, "a", 1}, new Object[] {2L, "z", 2});
    upsert(t, new Object[] {1L, "m", 3}, new Object[] {3L, "z", 4});
    TableScan.Plan absent = plan(t, leaf(1, Op.EQ, "n"));
    assertThat(absent.splits()).as("no version of any key is 'n'").isEmpty();
    assertThat(absent.statistics().filesSkippedByFileIndex()).isEqualTo(2);
    assertThat(absent.statistics().filesSkippedByStats()).isZero();
    TableScan.Plan present = plan(t, leaf(1, Op.EQ, "m"));
    assertThat(files(present)).as("the bucket merges: read whole").isEqualTo(2);
    assertThat(filteredRead(t, leaf(1, Op.EQ, "m"))).containsExactly("[1, m, 3]");
    assertThat(filteredRead(t, leaf(1, Op.EQ, "a"))).as("'a' was overwritten").isEmpty();

    t.newCommit("test").compact(null, CompactStrategy.FULL);
    TableScan.Plan compacted = plan(t, leaf(1, Op.EQ, "m"));
    assertThat(files(compacted)).isEqualTo(1);
    TableScan.Plan none = plan(t, leaf(1, Op.EQ, "n"));
    assertThat(none.splits()).as("one sorted run: per file").isEmpty();
    assertThat(none.statistics().filesSkippedByFileIndex()).isEqualTo(1);
  }

  @Test
  void fileIndexesSkipOnlyFilesOfSplitsReadWithoutAMerge() {
    FileStoreTable t =
        create(
            "indexed",
            Map.of(
                "bucket",
                "1",
                "file-index.bloom-filter.columns",
                "name",
                "file-index.bloom-filter.name.items",
                "100"));
    upsert(t, new Object[] {1L, "a", 1}, new Object[] {2L, "b", 2});
    upsert(t, new Object[] {1L, "c", 3});
    Predicate absent = leaf(1, Op.EQ, "zz");
    List<DataSplit> merged = plan(t, null).splits();
    assertThat(merged).hasSize(1);
    DataSplit split = merged.get(0);
    assertThat(split.rawConvertible()).isFalse();
    for (DataFileMeta f : split.files()) {
      assertThat(f.embeddedIndex()).isNotNull();
      assertThat(FileIndexes.excludes(t, split, f, absent)).isFalse();
    }

    t.newCommit("test").compact(null, CompactStrategy.FULL);
    DataSplit compacted = plan(t, null).splits().get(0);
    assertThat(compacted.rawConvertible()).isTrue();
    DataFileMeta file = compacted.files().get(0);
    assertThat(FileIndexes.excludes(t, compacted, file, absent)).isTrue();
    assertThat(FileIndexes.excludes(t, compacted, file, leaf(1, Op.EQ, "c"))).isFalse();
    assertThat(FileIndexes.excludes(t, compacted, file, leaf(1, Op.EQ, "a"))).isTrue();
  }
}
