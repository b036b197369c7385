package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.manifest.ManifestFileMeta;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 004: a primary-key table with two buckets, written by one INSERT through Spark SQL, has
 * exactly the files, snapshot and schema that Paimon 1.3.1 writes for it (golden table {@code
 * orders_seed004}), and its manifest entries match the golden ones field by field.
 */
@Database(Seed004LayoutTest.DB)
class Seed004LayoutTest extends SparkSessionSuite {

  static final String DB = "seed004";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path goldenCopy;

  private static Path table;
  private static PaimonOracle paimonOnGolden;

  @BeforeAll
  static void createAndInsert() throws IOException {
    // The layout must not depend on AQE coalescing the five rows into one task: with two
    // shuffle partitions, the write distribution alone must send each bucket to one task.
    spark.conf().set("spark.sql.adaptive.enabled", "false");
    spark.sql(
        "CREATE TABLE strata."
            + DB
            + ".orders (order_id BIGINT, user_id BIGINT, amount DECIMAL(10,2), status STRING,"
            + " dt STRING) PARTITIONED BY (dt)"
            + " TBLPROPERTIES ('primary-key'='dt,order_id','bucket'='2')");
    // The golden table's rows, so that stats compare too.
    spark.sql(
        "INSERT INTO strata."
            + DB
            + ".orders VALUES (1, 101, 99.90, 'CREATED', '2026-09-24'),"
            + " (2, 102, 15.00, 'CREATED', '2026-09-24'), (3, 103, 250.00, 'CREATED', '2026-09-24'),"
            + " (4, 101, 8.80, 'CREATED', '2026-09-25'), (5, 104, 66.60, 'CREATED', '2026-09-25')");
    table = warehouse.resolve(DB + ".db").resolve("orders");
    // The golden directory is read-only: Paimon opens a copy.
    GoldenTables.copy("orders_seed004", goldenCopy);
    paimonOnGolden = new PaimonOracle(goldenCopy);
  }

  @AfterAll
  static void close() throws Exception {
    paimonOnGolden.close();
  }

  @Test
  void writesThreeDataFilesInTheSeedsBuckets() throws IOException {
    List<String> files = relativeFiles(table);
    assertThat(files.stream().filter(f -> f.endsWith(".parquet")).map(f -> parent(f)).toList())
        .containsExactly(
            "dt=2026-09-24/bucket-0", "dt=2026-09-24/bucket-1", "dt=2026-09-25/bucket-0");
    assertThat(files)
        .as("no .crc or other hidden files")
        .noneMatch(f -> f.startsWith(".") || f.contains("/."));
  }

  @Test
  void writesOneManifestAndTwoManifestLists() throws IOException {
    List<String> names = relativeFiles(table.resolve("manifest"));
    assertThat(names.stream().filter(n -> n.startsWith("manifest-list-"))).hasSize(2);
    assertThat(names.stream().filter(n -> !n.startsWith("manifest-list-")))
        .hasSize(1)
        .allMatch(n -> n.startsWith("manifest-"));
  }

  @Test
  void snapshotAndSchemaJsonSayWhatTheSeedSays() throws IOException {
    JsonNode snapshot = JSON.readTree(table.resolve("snapshot/snapshot-1").toFile());
    assertThat(snapshot.get("version").asInt()).isEqualTo(3);
    assertThat(snapshot.get("id").asLong()).isEqualTo(1);
    assertThat(snapshot.get("schemaId").asLong()).isEqualTo(0);
    assertThat(snapshot.get("commitKind").asText()).isEqualTo("APPEND");
    assertThat(snapshot.get("totalRecordCount").asLong()).isEqualTo(5);
    assertThat(snapshot.get("deltaRecordCount").asLong()).isEqualTo(5);

    JsonNode schema = JSON.readTree(table.resolve("schema/schema-0").toFile());
    List<String> types = new ArrayList<>();
    List<String> names = new ArrayList<>();
    schema
        .get("fields")
        .forEach(
            f -> {
              names.add(f.get("name").asText());
              types.add(f.get("type").asText());
            });
    assertThat(names).containsExactly("order_id", "user_id", "amount", "status", "dt");
    assertThat(types)
        .containsExactly(
            "BIGINT NOT NULL", "BIGINT", "DECIMAL(10, 2)", "STRING", "STRING NOT NULL");
    assertThat(JSON.convertValue(schema.get("partitionKeys"), List.class)).containsExactly("dt");
    assertThat(JSON.convertValue(schema.get("primaryKeys"), List.class))
        .containsExactly("dt", "order_id");
    assertThat(JSON.convertValue(schema.get("options"), Map.class))
        .isEqualTo(Map.of("bucket", "2"));

    assertThat(Files.readString(table.resolve("snapshot/LATEST")).trim()).isEqualTo("1");
    assertThat(Files.readString(table.resolve("snapshot/EARLIEST")).trim()).isEqualTo("1");
  }

  @Test
  void manifestEntriesMatchTheGoldenTable() {
    FileStoreTable strata = paimon.table(DB, "orders");
    FileStoreTable golden = paimonOnGolden.table(GoldenTables.DB, "orders_seed004");
    assertThat(manifestEntries(strata)).containsExactlyElementsOf(manifestEntries(golden));
    assertThat(manifestFiles(strata)).containsExactlyElementsOf(manifestFiles(golden));
  }

  /** Works on a copy of the table, so that the other tests still see the hint. */
  @Test
  void readsAllRowsWithoutTheLatestHint(@TempDir Path copyRoot) throws IOException {
    GoldenTables.copyTree(table, copyRoot.resolve(DB + ".db").resolve("orders"));
    Files.delete(copyRoot.resolve(DB + ".db/orders/snapshot/LATEST"));
    spark.conf().set("spark.sql.catalog.seed004_copy", TestSpark$.MODULE$.CatalogClass());
    spark.conf().set("spark.sql.catalog.seed004_copy.warehouse", copyRoot.toString());
    List<String> rows =
        CanonicalRows.spark(
            spark.sql("SELECT * FROM seed004_copy." + DB + ".orders").collectAsList());
    assertThat(rows)
        .containsExactly(
            "1 | 101 | 99.90 | CREATED | 2026-09-24",
            "2 | 102 | 15.00 | CREATED | 2026-09-24",
            "3 | 103 | 250.00 | CREATED | 2026-09-24",
            "4 | 101 | 8.80 | CREATED | 2026-09-25",
            "5 | 104 | 66.60 | CREATED | 2026-09-25");
    try (PaimonOracle paimon = new PaimonOracle(copyRoot)) {
      assertThat(PaimonOracle.rows(paimon.table(DB, "orders"))).containsExactlyElementsOf(rows);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  // ---- manifest rendering (through Paimon's own manifest readers) ----

  /** Every entry of every data manifest of the latest snapshot, without file names and sizes. */
  private static List<String> manifestEntries(FileStoreTable t) {
    Snapshot snapshot = t.snapshotManager().latestSnapshot();
    RowType partitionType = t.schema().logicalPartitionType();
    RowType keyType = t.schema().logicalTrimmedPrimaryKeysType();
    List<String> out = new ArrayList<>();
    for (ManifestFileMeta meta :
        t.store().manifestListFactory().create().readDataManifests(snapshot)) {
      for (ManifestEntry e : t.store().manifestFileFactory().create().read(meta.fileName())) {
        DataFileMeta f = e.file();
        out.add(
            e.kind()
                + " partition=("
                + CanonicalRows.paimon(partitionType, e.partition())
                + ") bucket="
                + e.bucket()
                + "/"
                + e.totalBuckets()
                + " rows="
                + f.rowCount()
                + " key=["
                + key(keyType, f.minKey())
                + ".."
                + key(keyType, f.maxKey())
                + "] seq=["
                + f.minSequenceNumber()
                + ".."
                + f.maxSequenceNumber()
                + "] level="
                + f.level()
                + " schema="
                + f.schemaId()
                + " deleteRows="
                + f.deleteRowCount().orElse(null)
                + " source="
                + f.fileSource().orElse(null)
                + " extraFiles="
                + f.extraFiles()
                + " keyStats="
                + stats(keyType, f.keyStats())
                + " valueStatsCols="
                + f.valueStatsCols()
                + " valueStats="
                + stats(t.rowType(), f.valueStats()));
      }
    }
    out.sort(null);
    return out;
  }

  /** The manifest lists of the latest snapshot: per manifest its counts, stats and ranges. */
  private static List<String> manifestFiles(FileStoreTable t) {
    Snapshot snapshot = t.snapshotManager().latestSnapshot();
    RowType partitionType = t.schema().logicalPartitionType();
    List<String> out = new ArrayList<>();
    var lists = t.store().manifestListFactory().create();
    out.add("base manifests: " + lists.read(snapshot.baseManifestList()).size());
    for (ManifestFileMeta m : lists.readDeltaManifests(snapshot)) {
      out.add(
          "delta manifest: added="
              + m.numAddedFiles()
              + " deleted="
              + m.numDeletedFiles()
              + " schema="
              + m.schemaId()
              + " partitionStats="
              + stats(partitionType, m.partitionStats())
              + " bucket=["
              + m.minBucket()
              + ".."
              + m.maxBucket()
              + "] level=["
              + m.minLevel()
              + ".."
              + m.maxLevel()
              + "]");
    }
    return out;
  }

  private static String key(RowType keyType, BinaryRow key) {
    return CanonicalRows.paimon(keyType, key);
  }

  private static String stats(RowType type, org.apache.paimon.stats.SimpleStats stats) {
    int arity = stats.minValues().getFieldCount();
    if (arity != type.getFieldCount()) {
      return "arity " + arity + " " + stats.minValues() + ".." + stats.maxValues();
    }
    List<Long> nulls = new ArrayList<>();
    for (int i = 0; i < stats.nullCounts().size(); i++) {
      nulls.add(stats.nullCounts().isNullAt(i) ? null : stats.nullCounts().getLong(i));
    }
    return "min("
        + CanonicalRows.paimon(type, stats.minValues())
        + ") max("
        + CanonicalRows.paimon(type, stats.maxValues())
        + ") nulls"
        + nulls;
  }

  // ---- files ----

  /** Every regular file under {@code root}, as sorted paths relative to it. */
  private static List<String> relativeFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  private static String parent(String relativeFile) {
    return relativeFile.substring(0, relativeFile.lastIndexOf('/'));
  }
}
