package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.merge.RowKind;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key of one integral column (BIGINT, INT, DATE, TIMESTAMP up to microseconds) is compared as the
 * primitive each file's cursor reads once per record. Merges over such keys, with negative and
 * extreme keys, a key in many runs, retractions and every batch size, must give the rows of
 * table-core's merge for the picking and the folding engines.
 */
class PrimitiveKeyMergeTest {

  @TempDir Path dir;

  @Test
  void bigintKeys() throws IOException {
    assertMergesLikeTheRowPath(
        DataTypes.BIGINT(),
        (r, i) ->
            switch (i % 7) {
              case 0 -> Long.MIN_VALUE;
              case 1 -> Long.MAX_VALUE;
              default -> (long) r.nextInt(60) - 30;
            });
  }

  @Test
  void intKeys() throws IOException {
    assertMergesLikeTheRowPath(
        DataTypes.INT(), (r, i) -> i % 9 == 0 ? Integer.MIN_VALUE : r.nextInt(60) - 30);
  }

  @Test
  void dateKeys() throws IOException {
    assertMergesLikeTheRowPath(DataTypes.DATE(), (r, i) -> r.nextInt(60) - 30);
  }

  @Test
  void timestampKeys() throws IOException {
    assertMergesLikeTheRowPath(
        DataTypes.TIMESTAMP(6), (r, i) -> Timestamp.fromMicros((r.nextInt(60) - 30) * 1001L));
    assertMergesLikeTheRowPath(
        DataTypes.TIMESTAMP(3), (r, i) -> Timestamp.fromMillis((r.nextInt(60) - 30) * 7L));
  }

  @FunctionalInterface
  private interface Keys {
    Object next(Random random, int index);
  }

  private void assertMergesLikeTheRowPath(DataType keyType, Keys keys) throws IOException {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "k", keyType.notNull()),
                new DataField(1, "v", DataTypes.BIGINT()),
                new DataField(2, "s", DataTypes.STRING())));
    String name = "t" + System.nanoTime();
    WarehouseCatalog catalog =
        new WarehouseCatalog(HadoopFileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", name),
            SchemaFactory.create(
                columns,
                List.of(),
                List.of(),
                Map.of("primary-key", "k", "bucket", "1", "write-only", "true"),
                null,
                1L));
    Random random = new Random(11);
    for (int run = 0; run < 5; run++) {
      TableWriter writer = table.newWrite();
      for (int i = 0; i < 50; i++) {
        Object[] row = {
          keys.next(random, i),
          random.nextInt(6) == 0 ? null : (long) run * 1000 + i,
          random.nextInt(6) == 0 ? null : "s" + random.nextInt(100)
        };
        RowKind kind = random.nextInt(5) == 0 ? RowKind.DELETE : RowKind.INSERT;
        writer.write(row, kind);
      }
      new FileStoreCommit(table, "test", Clock.systemUTC())
          .commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    List<DataSplit> splits = table.newScan().plan(table.snapshotManager().latest()).splits();
    assertThat(splits).hasSize(1);
    DataSplit split = splits.get(0);
    assertThat(split.files()).hasSizeGreaterThan(1);
    for (Map<String, String> engine :
        List.of(
            Map.<String, String>of(),
            Map.of("merge-engine", "first-row"),
            Map.of("merge-engine", "partial-update"),
            Map.of("merge-engine", "aggregation", "fields.v.aggregate-function", "sum"))) {
      Map<String, String> options = new HashMap<>(table.schema().options());
      options.putAll(engine);
      FileStoreTable t = table.withSchema(table.schema().withOptions(options));
      for (RowType readType : List.of(columns, columns.project(List.of("s")))) {
        List<List<Object>> expected = MergeRowReaderTest.rowPath(t, split, readType);
        assertThat(expected).as("%s %s", keyType, engine).isNotEmpty();
        for (int batchSize : new int[] {1, 2, 3, 4096}) {
          assertThat(MergeRowReaderTest.merged(t, split, readType, batchSize))
              .as("%s %s %s in batches of %d", keyType, engine, readType, batchSize)
              .isEqualTo(expected);
        }
      }
    }
  }
}
