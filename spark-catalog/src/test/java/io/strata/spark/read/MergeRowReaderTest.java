package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.merge.RowKind;
import io.strata.core.read.TableRead;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MergeRowReader} returns exactly the rows of table-core's {@code MergeSplitReader} for the
 * same split, for {@code deduplicate} and {@code first-row}, over 6 sorted runs of random upserts,
 * deletes and UPDATE_BEFORE records, with batches of 1, 2, 3 and 4096 rows and with projections.
 * (Scans never hand first-row tables a merge split, since their levels never overlap, so the split
 * of a deduplicate table is read as if the table were first-row.)
 */
class MergeRowReaderTest {

  private static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.STRING().notNull()),
              new DataField(1, "n", DataTypes.INT().notNull()),
              new DataField(2, "v", DataTypes.BIGINT())));

  @TempDir Path dir;
  private FileStoreTable table;
  private DataSplit split;

  @BeforeEach
  void writeRuns() {
    WarehouseCatalog catalog = new WarehouseCatalog(HadoopFileIO.local(), toHadoop(dir));
    table =
        catalog.createTable(
            new Identifier("default", "runs"),
            SchemaFactory.create(
                COLUMNS,
                List.of(),
                List.of(),
                Map.of("primary-key", "k,n", "bucket", "1", "write-only", "true"),
                null,
                1L));
    Random random = new Random(7);
    String[] strings = {"a", "", "ab", "é", "\uFF21", "\uD83D\uDE00"};
    RowKind[] kinds = RowKind.values();
    for (int run = 0; run < 6; run++) {
      TableWriter writer = table.newWrite();
      for (int i = 0; i < 40; i++) {
        Object[] row = {
          strings[random.nextInt(strings.length)], random.nextInt(8), (long) run * 100 + i
        };
        RowKind kind =
            random.nextInt(4) == 0 ? kinds[random.nextInt(kinds.length)] : RowKind.INSERT;
        writer.write(row, kind);
      }
      new FileStoreCommit(table, "test", Clock.systemUTC())
          .commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    List<DataSplit> splits = table.newScan().plan(table.snapshotManager().latest()).splits();
    assertThat(splits).hasSize(1);
    split = splits.get(0);
    assertThat(split.rawConvertible()).isFalse();
    assertThat(split.files()).hasSizeGreaterThan(1);
  }

  @Test
  void deduplicateMatchesTheRowPath() throws IOException {
    assertSameRows(table);
  }

  @Test
  void firstRowMatchesTheRowPath() throws IOException {
    Map<String, String> options = new HashMap<>(table.schema().options());
    options.put("merge-engine", "first-row");
    assertSameRows(table.withSchema(table.schema().withOptions(options)));
  }

  private void assertSameRows(FileStoreTable t) throws IOException {
    List<RowType> readTypes =
        List.of(COLUMNS, COLUMNS.project(List.of("v", "k")), COLUMNS.project(List.of()));
    for (RowType readType : readTypes) {
      List<List<Object>> expected = rowPath(t, readType);
      assertThat(expected).isNotEmpty();
      for (int batchSize : new int[] {1, 2, 3, 4096}) {
        assertThat(merged(t, readType, batchSize))
            .as("%s in batches of %d", readType, batchSize)
            .isEqualTo(expected);
      }
    }
  }

  private List<List<Object>> rowPath(FileStoreTable t, RowType readType) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    try (CloseableIterator<Object[]> reader = TableRead.open(t, split, readType)) {
      reader.forEachRemaining(r -> rows.add(Arrays.asList(r)));
    }
    return rows;
  }

  private List<List<Object>> merged(FileStoreTable t, RowType readType, int batchSize)
      throws IOException {
    SparkRowConverter converter = new SparkRowConverter(readType);
    List<List<Object>> rows = new ArrayList<>();
    try (MergeRowReader reader =
        new MergeRowReader(
            t,
            split,
            readType,
            new ColumnarReadSettings(batchSize, false),
            new TaskReadMetrics())) {
      while (reader.next()) {
        rows.add(Arrays.asList(converter.toCore(reader.get())));
      }
    }
    return rows;
  }

  private static org.apache.hadoop.fs.Path toHadoop(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }
}
