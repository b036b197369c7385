package io.strata.bench;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.hadoop.HadoopInputFile;
import org.apache.iceberg.parquet.ParquetUtil;
import org.apache.iceberg.types.Types;

/**
 * Builds the planning table of {@link PlanningCase}: {@code (id BIGINT, v INT, s STRING, p INT)}
 * partitioned by {@code p}, 4 buckets on {@code id}, written by Strata in {@code snapshots} commits
 * of {@code 3 * partitions / snapshots} partitions each (so every bucket ends with 3 small files).
 * Paimon reads Strata's table as it is; Iceberg gets the same shape by appending the very same data
 * files, with their column metrics read from the footers, in as many commits.
 */
final class PlanningTables {

  static final Identifier STRATA_ID = new Identifier("bench", "plan");
  static final TableIdentifier ICEBERG_ID = TableIdentifier.of("bench", "plan");
  private static final int ROWS_PER_PARTITION_COMMIT = 32;

  private PlanningTables() {}

  /** Writes Strata's table; returns its directory. */
  static Path writeStrata(Path warehouse, int partitions, int snapshots) {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "v", DataTypes.INT()),
                new DataField(2, "s", DataTypes.STRING()),
                new DataField(3, "p", DataTypes.INT())));
    Map<String, String> options = Map.of("bucket", "4", "bucket-key", "id", "write-only", "true");
    FileStoreTable table =
        strataCatalog(warehouse)
            .createTable(
                STRATA_ID,
                SchemaFactory.create(columns, List.of("p"), List.of(), options, null, 1L));
    FileStoreCommit commit = new FileStoreCommit(table, "bench", Clock.systemUTC());
    int perCommit = 3 * partitions / snapshots;
    long id = 0;
    for (int c = 0; c < snapshots; c++) {
      try (TableWriter writer = new TableWriter(table)) {
        for (int j = 0; j < perCommit; j++) {
          int p = (c * perCommit + j) % partitions;
          // 32 keys land in all 4 buckets but for a chance of about 1 in 10,000 per bucket.
          for (int k = 0; k < ROWS_PER_PARTITION_COMMIT; k++, id++) {
            writer.write(new Object[] {id, (int) (id % 1000), "s" + id, p});
          }
        }
        commit.commit(writer.prepareCommit(), CommitKind.APPEND);
      }
    }
    return warehouse.resolve("bench.db/plan");
  }

  static WarehouseCatalog strataCatalog(Path warehouse) {
    return BenchSupport.strataCatalog(warehouse, HadoopFileIO.local());
  }

  /** Appends the data files under {@code strataDir} to a new Iceberg table in {@code commits}. */
  static void registerInIceberg(HadoopCatalog catalog, Path strataDir, int commits)
      throws IOException {
    Schema schema =
        new Schema(
            Types.NestedField.optional(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "v", Types.IntegerType.get()),
            Types.NestedField.optional(3, "s", Types.StringType.get()),
            Types.NestedField.optional(4, "p", Types.IntegerType.get()));
    PartitionSpec spec = PartitionSpec.builderFor(schema).identity("p").bucket("id", 4).build();
    Table table = catalog.createTable(ICEBERG_ID, schema, spec, Map.of("format-version", "2"));
    List<Path> files;
    try (Stream<Path> walk = Files.walk(strataDir)) {
      files = walk.filter(f -> f.toString().endsWith(".parquet")).sorted().toList();
    }
    Configuration conf = new Configuration();
    List<DataFile> dataFiles =
        files.parallelStream().map(f -> dataFile(spec, conf, strataDir, f)).toList();
    int perCommit = (dataFiles.size() + commits - 1) / commits;
    for (int from = 0; from < dataFiles.size(); from += perCommit) {
      AppendFiles append = table.newAppend();
      dataFiles
          .subList(from, Math.min(dataFiles.size(), from + perCommit))
          .forEach(append::appendFile);
      append.commit();
    }
  }

  /** {@code p=3/bucket-1/data-….parquet} as an Iceberg data file of partition (3, 1). */
  private static DataFile dataFile(PartitionSpec spec, Configuration conf, Path root, Path file) {
    Path relative = root.relativize(file);
    String p = relative.getName(0).toString();
    String bucket = relative.getName(1).toString().substring("bucket-".length());
    HadoopInputFile input = HadoopInputFile.fromLocation(file.toUri().toString(), conf);
    return DataFiles.builder(spec)
        .withPath(file.toUri().toString())
        .withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(input.getLength())
        .withPartitionPath(p + "/id_bucket=" + bucket)
        .withMetrics(shiftIds(ParquetUtil.fileMetrics(input, MetricsConfig.getDefault())))
        .build();
  }

  /** Strata's field ids start at 0, Iceberg's (assigned at creation) at 1. */
  private static Metrics shiftIds(Metrics m) {
    return new Metrics(
        m.recordCount(),
        shift(m.columnSizes()),
        shift(m.valueCounts()),
        shift(m.nullValueCounts()),
        shift(m.nanValueCounts()),
        shift(m.lowerBounds()),
        shift(m.upperBounds()));
  }

  private static <V> Map<Integer, V> shift(Map<Integer, V> byId) {
    if (byId == null) {
      return null;
    }
    Map<Integer, V> shifted = new HashMap<>();
    byId.forEach((id, v) -> shifted.put(id + 1, v));
    return shifted;
  }
}
