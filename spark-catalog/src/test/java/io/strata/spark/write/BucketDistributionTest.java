package io.strata.spark.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.merge.RowKind;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.distributions.ClusteredDistribution;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a write to a fixed-bucket table clusters its rows: by the table's count, or, once an ALTER
 * TABLE changed it, by the count each written partition's files have, so that each bucket is still
 * written by one task; an overwrite rewrites partitions with the table's count.
 */
class BucketDistributionTest {

  private static final Identifier ID = new Identifier("default", "t");

  @TempDir File dir;

  @Test
  void aRescaledTableClustersWrittenPartitionsByTheirOwnCount() {
    WarehouseCatalog catalog = new WarehouseCatalog(HadoopFileIO.local(), new Path(dir.toURI()));
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "dt", DataTypes.STRING().notNull()),
                new DataField(1, "id", DataTypes.BIGINT().notNull())));
    FileStoreTable table =
        catalog.createTable(
            ID,
            SchemaFactory.create(
                columns, List.of("dt"), List.of("dt", "id"), Map.of("bucket", "2"), null, 1L));
    assertThat(clustering(table, false))
        .isEqualTo("strata_write_task(4, strata_bucket(id, 2), dt)");

    FileStoreTable empty =
        catalog.alterTable(ID, List.of(new SchemaChange.SetOption("bucket", "3")));
    // No partition has files yet: every row takes the new count.
    assertThat(clustering(empty, false))
        .isEqualTo("strata_write_task(4, strata_bucket(id, 3), dt)");

    try (TableWriter writer = empty.newWrite()) {
      writer.write(new Object[] {"a", 1L}, RowKind.INSERT);
      empty.newCommit("test").commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    FileStoreTable rescaled =
        catalog.alterTable(ID, List.of(new SchemaChange.SetOption("bucket", "5")));
    assertThat(clustering(rescaled, false))
        .startsWith("strata_write_task(4, strata_bucket(id, strata_partition_buckets('5;")
        .endsWith("=3', dt)), dt)");
    assertThat(clustering(rescaled, true))
        .isEqualTo("strata_write_task(4, strata_bucket(id, 5), dt)");
  }

  private static String clustering(FileStoreTable table, boolean overwrite) {
    Distribution d = StrataWrite.bucketDistribution(table, 4, overwrite);
    return ((ClusteredDistribution) d).clustering()[0].describe();
  }
}
