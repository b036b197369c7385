package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.table.FileStoreTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table Paimon created with postponed buckets ({@code 'bucket' = -2}) is refused at planning: its
 * newest rows wait in {@code bucket-postpone/}, invisible to Paimon until compaction.
 */
class PostponedBucketsTest {

  @TempDir Path warehouse;

  @Test
  void planningAPostponedBucketTableFailsNamingTheTable() throws Exception {
    FileStoreTable table = copyWithBucket("orders_seed004", "-2");
    TableScan scan = new TableScan(table, new Options(Map.of()));

    assertThatThrownBy(() -> scan.plan(table.snapshotManager().latest()))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Cannot read table "
                + table.root()
                + ": it uses postponed buckets ('bucket' = -2), whose rows wait in"
                + " bucket-postpone/ until Apache Paimon's compaction assigns them a bucket, which"
                + " Strata does not do yet. Compact the table with Apache Paimon, or read it"
                + " there.");
  }

  /** A copy of a golden table whose schemas say {@code 'bucket' = bucket}. */
  private FileStoreTable copyWithBucket(String name, String bucket) throws Exception {
    Path copy = GoldenFiles.copyTable(name, warehouse);
    try (Stream<Path> schemas = Files.list(copy.resolve("schema"))) {
      for (Path p : schemas.toList()) {
        Files.writeString(
            p,
            Files.readString(p)
                .replaceAll("\"bucket\" *: *\"[0-9-]+\"", "\"bucket\" : \"" + bucket + "\""));
      }
    }
    return new WarehouseCatalog(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()))
        .loadTable(new Identifier("golden", name));
  }
}
