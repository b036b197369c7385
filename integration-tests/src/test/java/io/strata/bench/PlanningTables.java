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
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.Split;

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
  private static final Schema ICEBERG_SCHEMA =
      new Schema(
          Types.NestedField.optional(1, "id", Types.LongType.get()),
          Types.NestedField.optional(2, "v", Types.IntegerType.get()),
          Types.NestedField.optional(3, "s", Types.StringType.get()),
          Types.NestedField.optional(4, "p", Types.IntegerType.get()));
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

  /**
   * Appends the data files of Strata's table at {@code strataDir} to a new Iceberg table in {@code
   * commits} commits, with the row counts, null counts and bounds of Strata's own manifests (read
   * through Paimon), so both formats plan over the same statistics.
   */
  static void registerInIceberg(HadoopCatalog catalog, Path strataDir, int commits) {
    PartitionSpec spec =
        PartitionSpec.builderFor(ICEBERG_SCHEMA).identity("p").bucket("id", 4).build();
    Table table =
        catalog.createTable(ICEBERG_ID, ICEBERG_SCHEMA, spec, Map.of("format-version", "2"));
    List<DataFile> dataFiles = new ArrayList<>();
    org.apache.paimon.table.FileStoreTable paimon =
        BenchSupport.paimonTable(LocalFileIO.create(), strataDir);
    for (Split split : paimon.newReadBuilder().newScan().plan().splits()) {
      DataSplit data = (DataSplit) split;
      String partition = "p=" + data.partition().getInt(0) + "/id_bucket=" + data.bucket();
      for (DataFileMeta file : data.dataFiles()) {
        dataFiles.add(
            DataFiles.builder(spec)
                .withPath(data.bucketPath() + "/" + file.fileName())
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(file.fileSize())
                .withPartitionPath(partition)
                .withMetrics(metrics(file))
                .build());
      }
    }
    int perCommit = (dataFiles.size() + commits - 1) / commits;
    for (int from = 0; from < dataFiles.size(); from += perCommit) {
      AppendFiles append = table.newAppend();
      dataFiles
          .subList(from, Math.min(dataFiles.size(), from + perCommit))
          .forEach(append::appendFile);
      append.commit();
    }
  }

  /** Strata's statistics of {@code file} as Iceberg metrics (Iceberg ids are Strata's plus 1). */
  private static Metrics metrics(DataFileMeta file) {
    SimpleStats stats = file.valueStats();
    List<String> columns = file.valueStatsCols();
    if (columns != null && !columns.isEmpty() && !columns.equals(List.of("id", "v", "s", "p"))) {
      throw new IllegalStateException("Stats of " + file.fileName() + " cover only " + columns);
    }
    Map<Integer, Long> valueCounts = new HashMap<>();
    Map<Integer, Long> nullCounts = new HashMap<>();
    Map<Integer, ByteBuffer> lower = new HashMap<>();
    Map<Integer, ByteBuffer> upper = new HashMap<>();
    for (int i = 0; i < ICEBERG_SCHEMA.columns().size(); i++) {
      Types.NestedField field = ICEBERG_SCHEMA.columns().get(i);
      valueCounts.put(field.fieldId(), file.rowCount());
      if (!stats.nullCounts().isNullAt(i)) {
        nullCounts.put(field.fieldId(), stats.nullCounts().getLong(i));
      }
      if (!stats.minValues().isNullAt(i)) {
        lower.put(field.fieldId(), bound(field.type(), stats.minValues(), i));
        upper.put(field.fieldId(), bound(field.type(), stats.maxValues(), i));
      }
    }
    return new Metrics(file.rowCount(), null, valueCounts, nullCounts, null, lower, upper);
  }

  private static ByteBuffer bound(Type type, BinaryRow row, int i) {
    Object value =
        switch (type.typeId()) {
          case LONG -> row.getLong(i);
          case INTEGER -> row.getInt(i);
          default -> row.getString(i).toString();
        };
    return Conversions.toByteBuffer(type, value);
  }
}
