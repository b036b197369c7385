package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.paimon.table.FileStoreTable;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * {@code CALL sys.remove_unexisting_files}: a data file deleted by hand breaks every read of its
 * bucket; the procedure lists it (dry run), then removes it with its deletion vector, and Apache
 * Paimon 1.3.1 reads the repaired table as Strata does.
 */
@Database(RemoveUnexistingFilesTest.DB)
class RemoveUnexistingFilesTest extends SparkSessionSuite {

  static final String DB = "unexisting";

  private static List<String> strataRows(String table) {
    return CanonicalRows.spark(spark.sql("SELECT * FROM " + table).collectAsList());
  }

  private static List<Path> dataFiles(String name, String partitionDir) throws IOException {
    try (Stream<Path> files =
        Files.walk(warehouse.resolve(DB + ".db").resolve(name).resolve(partitionDir))) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("data-"))
          .filter(p -> !p.toString().endsWith(".crc"))
          .sorted()
          .toList();
    }
  }

  private static List<String> call(String name, String extraArgs) {
    return spark
        .sql(
            "CALL strata.sys.remove_unexisting_files(table => '"
                + DB
                + "."
                + name
                + "'"
                + extraArgs
                + ")")
        .collectAsList()
        .stream()
        .map(r -> r.getString(0))
        .toList();
  }

  private static long latestSnapshot(String name) {
    Row r =
        spark
            .sql("SELECT max(snapshot_id) FROM strata." + DB + ".`" + name + "$snapshots`")
            .first();
    return r.getLong(0);
  }

  @Test
  void aLostFileWithADeletionVectorIsListedThenRemovedAndBothEnginesRead() throws IOException {
    String name = "dv";
    String table = "strata." + DB + "." + name;
    spark.sql(
        "CREATE TABLE "
            + table
            + " (p STRING, id INT, v STRING) PARTITIONED BY (p)"
            + " TBLPROPERTIES ('deletion-vectors.enabled' = 'true')");
    spark.sql(
        "INSERT INTO "
            + table
            + " SELECT IF(id < 60, 'a', 'b'), CAST(id AS INT), CONCAT('v', id)"
            + " FROM range(0, 100, 1, 2)");
    spark.sql("DELETE FROM " + table + " WHERE id % 10 = 3");
    List<Path> inA = dataFiles(name, "p=a");
    assertThat(inA).hasSizeGreaterThan(1);
    Path lost = inA.get(0);
    String lostName = lost.getFileName().toString();
    assertThat(vectoredFiles(paimon.table(DB, name))).contains(lostName);
    Files.delete(lost);
    assertThatThrownBy(() -> strataRows(table)).hasStackTraceContaining(lostName);
    long before = latestSnapshot(name);

    assertThat(call(name, ", dry_run => true"))
        .singleElement()
        .satisfies(p -> assertThat(p).endsWith("/p=a/bucket-0/" + lostName));
    assertThat(latestSnapshot(name)).isEqualTo(before);
    assertThat(call(name, ", partitions => 'p=b'")).isEmpty();
    assertThat(latestSnapshot(name)).isEqualTo(before);

    assertThat(call(name, "")).singleElement().satisfies(p -> assertThat(p).endsWith(lostName));

    assertThat(latestSnapshot(name)).isEqualTo(before + 1);
    List<String> strata = strataRows(table);
    assertThat(strata)
        .hasSizeBetween(40, 89)
        .contains("b | 99 | v99")
        .doesNotContain("b | 63 | v63");
    FileStoreTable paimonTable = paimon.table(DB, name);
    assertThat(PaimonOracle.rows(paimonTable)).containsExactlyElementsOf(strata);
    assertThat(vectoredFiles(paimonTable)).doesNotContain(lostName).isNotEmpty();
    assertThat(call(name, "")).isEmpty();
  }

  @Test
  void badArgumentsAreRefusedAndChangeNothing() {
    String name = "args";
    String table = "strata." + DB + "." + name;
    spark.sql("CREATE TABLE " + table + " (id INT, p STRING) PARTITIONED BY (p)");
    spark.sql("INSERT INTO " + table + " VALUES (1, 'a')");

    assertThatThrownBy(() -> call(name, ", partitions => 'p=a', where => \"p = 'a'\""))
        .hasMessageContaining("partitions")
        .hasMessageContaining("where");
    assertThatThrownBy(() -> call(name, ", parallelism => 0")).hasMessageContaining("0");
    assertThatThrownBy(() -> call(name, ", partitions => 'q=1'")).hasMessageContaining("q");
    assertThat(latestSnapshot(name)).isEqualTo(1);
    assertThat(call(name, "")).isEmpty();
  }

  /** The data files that Paimon sees deletion vectors for. */
  private static List<String> vectoredFiles(FileStoreTable table) {
    return table.store().newIndexFileHandler().scanEntries().stream()
        .filter(e -> e.indexFile().indexType().equals("DELETION_VECTORS"))
        .flatMap(e -> e.indexFile().dvRanges().keySet().stream())
        .toList();
  }
}
