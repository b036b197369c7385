package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.compact.CompactionPlanner;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.GoldenRows;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table Paimon made with postponed buckets ({@code 'bucket' = -2}) reads the rows its compaction
 * has given a real bucket, each partition with its own bucket count, as Paimon reads it; Strata
 * refuses to create, write or compact such a table, and to stream it without a changelog producer.
 * (That the files in {@code bucket-postpone/} are passed over is checked against Paimon itself, in
 * the integration tests' {@code PostponedBucketInteropTest}.)
 */
class PostponedBucketsTest {

  @TempDir Path warehouse;

  @Test
  void theRealBucketsOfAPostponedBucketTableReadAsBefore() throws Exception {
    FileStoreTable table = copyWithBucket("orders_seed004", "-2");
    List<DataSplit> splits =
        new TableScan(table, new Options(Map.of())).plan(table.snapshotManager().latest()).splits();
    assertThat(splits).isNotEmpty().allMatch(s -> s.bucket() >= 0 && s.totalBuckets() > 0);
    RowType type = table.schema().rowType();
    List<String> rows = new ArrayList<>();
    for (DataSplit split : splits) {
      try (CloseableIterator<Object[]> reader = TableRead.open(table, split, type)) {
        reader.forEachRemaining(r -> rows.add(GoldenRows.render(type, r)));
      }
    }
    assertThat(rows).containsExactlyInAnyOrderElementsOf(expected("orders_seed004"));
  }

  @Test
  void writesAndCompactionsAreRefusedNamingTheTable() throws Exception {
    FileStoreTable table = copyWithBucket("orders_seed004", "-2");
    String because =
        " table "
            + table.root()
            + ": it uses postponed buckets ('bucket' = -2). Apache Paimon's writers put its new"
            + " rows into bucket-postpone/ and its compaction gives them a bucket; Strata reads the"
            + " rows compaction has placed but does not write or compact such tables. Do that with"
            + " Apache Paimon, or copy the table into one with a fixed bucket number ('bucket' ="
            + " '4').";

    assertThatThrownBy(() -> TableWriter.checkWritable(table))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage("Cannot write" + because);
    assertThatThrownBy(() -> new CompactionPlanner(table).plan(null, CompactStrategy.FULL))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage("Cannot compact" + because);
  }

  @Test
  void streamsNeedAChangelogProducer() throws Exception {
    FileStoreTable table = copyWithBucket("orders_seed004", "-2");
    assertThatThrownBy(() -> new StreamScan(table, new Options(Map.of())))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageStartingWith(
            "Cannot stream table orders_seed004: it uses postponed buckets ('bucket' = -2)"
                + " without a changelog producer");

    StreamScan lookup = new StreamScan(table, new Options(Map.of("changelog-producer", "lookup")));
    assertThat(lookup.latestId()).isEqualTo(table.snapshotManager().latest().id());
  }

  @Test
  void creatingOneIsRefused() {
    assertThatThrownBy(
            () ->
                SchemaFactory.create(
                    new RowType(
                        List.of(
                            new io.strata.core.types.DataField(
                                0, "id", io.strata.core.types.DataTypes.INT()))),
                    List.of(),
                    List.of("id"),
                    Map.of("bucket", "-2"),
                    null,
                    1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot create a table with 'bucket' = -2 (postponed buckets): Strata reads such tables"
                + " (the rows Apache Paimon's compaction has given a bucket) but does not write"
                + " them. Use a fixed bucket count ('bucket' = '4') or 'bucket' = -1 (dynamic"
                + " buckets).");
  }

  private static List<String> expected(String table) throws Exception {
    Path tsv = GoldenFiles.goldenDir().resolve("expected").resolve(table).resolve("latest.tsv");
    List<String> lines = Files.readAllLines(tsv);
    return lines.subList(1, lines.size());
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
