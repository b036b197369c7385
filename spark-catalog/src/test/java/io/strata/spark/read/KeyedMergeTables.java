package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tables of the merge tests that vary the key: {@code (k, v BIGINT, s STRING)} keyed by {@code
 * k} in one bucket, {@code write-only} so that every commit stays a file; and the check that each
 * merge engine reads their one split through {@link MergeRowReader} as table-core's merge does.
 */
final class KeyedMergeTables {

  private KeyedMergeTables() {}

  static RowType columns(DataType keyType) {
    return new RowType(
        List.of(
            new DataField(0, "k", keyType.notNull()),
            new DataField(1, "v", DataTypes.BIGINT()),
            new DataField(2, "s", DataTypes.STRING())));
  }

  static FileStoreTable create(Path dir, RowType columns) {
    WarehouseCatalog catalog =
        new WarehouseCatalog(HadoopFileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
    return catalog.createTable(
        new Identifier("default", "t" + System.nanoTime()),
        SchemaFactory.create(
            columns,
            List.of(),
            List.of(),
            Map.of("primary-key", "k", "bucket", "1", "write-only", "true"),
            null,
            1L));
  }

  /** The latest snapshot's one split, which must need a merge of several files. */
  static DataSplit onlySplit(FileStoreTable table) {
    List<DataSplit> splits = table.newScan().plan(table.snapshotManager().latest()).splits();
    assertThat(splits).hasSize(1);
    DataSplit split = splits.get(0);
    assertThat(split.files()).hasSizeGreaterThan(1);
    return split;
  }

  /**
   * Under deduplicate, first-row, partial-update and aggregation (sum of v), all columns and s
   * alone read the same rows (at least {@code minRows}) from batches of each size as table-core.
   */
  static void assertEveryEngineMergesLikeTheRowPath(
      FileStoreTable table, DataSplit split, String what, int minRows, int... batchSizes)
      throws IOException {
    RowType columns = table.schema().rowType();
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
        assertThat(expected).as("%s %s", what, engine).hasSizeGreaterThanOrEqualTo(minRows);
        for (int batchSize : batchSizes) {
          assertThat(MergeRowReaderTest.merged(t, split, readType, batchSize))
              .as("%s %s %s in batches of %d", what, engine, readType, batchSize)
              .isEqualTo(expected);
        }
      }
    }
  }
}
