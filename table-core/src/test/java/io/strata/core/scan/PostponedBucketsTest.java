package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.compact.FullCompaction;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.GoldenRows;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table Paimon made with postponed buckets ({@code 'bucket' = -2}) reads the rows its compaction
 * has given a real bucket, each partition with its own bucket count, as Paimon reads it; Strata's
 * upserts and compactions keep each partition's count, and it refuses to stream such a table
 * without a changelog producer. (Writes are tested in {@code PostponedBucketWriteTest}.) (That the
 * files in {@code bucket-postpone/} are passed over is checked against Paimon itself, in the
 * integration tests' {@code PostponedBucketInteropTest}.)
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
  void upsertsGoIntoThePartitionsBucketsAndCompactionKeepsThem() throws Exception {
    FileStoreTable table = copyWithBucket("orders_seed004", "-2");
    RowType type = table.schema().rowType();
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    Map<Object, Integer> before = new HashMap<>();
    for (ManifestEntry e : scan.liveEntries(table.snapshotManager().latest())) {
      before.put(e.partition(), e.totalBuckets());
    }
    List<Object[]> all = TableTestSupport.readAll(table);
    Object[] changed = all.get(0).clone();
    int valueColumn = type.indexOf("status");
    changed[valueColumn] = "upserted by Strata";
    TableTestSupport.write(table, List.<Object[]>of(changed), List.of(RowKind.INSERT));
    new FullCompaction(table, "compact", java.time.Clock.systemUTC()).run(null);

    for (ManifestEntry e : scan.liveEntries(table.snapshotManager().latest())) {
      assertThat(e.totalBuckets()).isEqualTo(before.get(e.partition()));
    }
    List<String> rows =
        TableTestSupport.readAll(table).stream().map(r -> GoldenRows.render(type, r)).toList();
    List<String> expected = new ArrayList<>(expected("orders_seed004"));
    expected.remove(GoldenRows.render(type, all.get(0)));
    expected.add(GoldenRows.render(type, changed));
    assertThat(rows).containsExactlyInAnyOrderElementsOf(expected);
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
