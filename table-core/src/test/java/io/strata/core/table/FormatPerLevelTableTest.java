package io.strata.core.table;

import static io.strata.core.table.FileFormatTableTest.ORDERS;
import static io.strata.core.table.FileFormatTableTest.extensions;
import static io.strata.core.table.FileFormatTableTest.order;
import static io.strata.core.table.FileFormatTableTest.statusById;
import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.compact.FullCompaction;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.options.FileFormat;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.schema.SchemaFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code file.format.per.level}: files a primary-key table writes at a level (level-0 flushes,
 * compaction outputs) take that level's format, reads merge files of every format, and an invalid
 * value fails naming the option and its syntax.
 */
class FormatPerLevelTableTest {

  @TempDir Path dir;

  FileStoreTable table(String name, Map<String, String> options) {
    return TableTestSupport.catalog(dir)
        .createTable(
            new Identifier("default", name),
            SchemaFactory.create(ORDERS, List.of("dt"), List.of(), options, null, 1L));
  }

  /** Level to the extensions of the live files at that level. */
  static Map<Integer, TreeSet<String>> extensionsByLevel(FileStoreTable table) {
    Map<Integer, TreeSet<String>> byLevel = new TreeMap<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(table.snapshotManager().latest())) {
      String name = e.file().fileName();
      byLevel
          .computeIfAbsent(e.file().level(), l -> new TreeSet<>())
          .add(name.substring(name.lastIndexOf('.') + 1));
    }
    return byLevel;
  }

  @Test
  void everyLevelIsWrittenInItsFormatAndReadsMatchAModel() {
    FileStoreTable table =
        table(
            "per_level",
            Map.of(
                "primary-key", "dt,order_id",
                "bucket", "2",
                "file.format", "orc",
                "file.format.per.level", "0:avro,3:parquet",
                "num-levels", "4",
                "num-sorted-run.compaction-trigger", "2"));
    Random random = new Random(11);
    Map<Long, String> model = new HashMap<>();
    TreeSet<Integer> levelsSeen = new TreeSet<>();
    for (int commit = 0; commit < 10; commit++) {
      List<Object[]> rows = new ArrayList<>();
      List<RowKind> kinds = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        long id = random.nextInt(120);
        if (random.nextInt(6) == 0) {
          rows.add(order(id, "x"));
          kinds.add(RowKind.DELETE);
          model.remove(id);
        } else {
          String status = "s" + random.nextInt(1000);
          rows.add(order(id, status));
          kinds.add(RowKind.INSERT);
          model.put(id, status);
        }
      }
      TableTestSupport.write(table, rows, kinds);
      assertThat(statusById(table)).as("after commit %s", commit).isEqualTo(model);
      Map<Integer, TreeSet<String>> byLevel = extensionsByLevel(table);
      levelsSeen.addAll(byLevel.keySet());
      for (Map.Entry<Integer, TreeSet<String>> e : byLevel.entrySet()) {
        int level = e.getKey();
        assertThat(e.getValue())
            .as("level %s after commit %s", level, commit)
            .containsExactly(level == 0 ? "avro" : level == 3 ? "parquet" : "orc");
      }
    }
    // Compactions wrote into the top level and, between, into level 2, which has no format.
    assertThat(levelsSeen).containsExactly(0, 2, 3);
    new FullCompaction(table, "test", Clock.systemUTC()).run(null);
    assertThat(extensionsByLevel(table)).isEqualTo(Map.of(3, new TreeSet<>(List.of("parquet"))));
    assertThat(statusById(table)).isEqualTo(model);
  }

  @Test
  void levelsWithoutAFormatUseFileFormat() {
    FileStoreTable table =
        table(
            "fallback",
            Map.of(
                "primary-key", "dt,order_id",
                "bucket", "1",
                "file.format.per.level", "3:orc"));
    TableTestSupport.write(table, List.<Object[]>of(order(1, "a"), order(2, "b")), inserts(2));
    assertThat(extensionsByLevel(table)).isEqualTo(Map.of(0, new TreeSet<>(List.of("parquet"))));
  }

  @Test
  void appendTablesIgnoreIt() {
    // As Paimon: only the LSM files of primary-key tables follow file.format.per.level.
    FileStoreTable table =
        table("append", Map.of("file.format", "orc", "file.format.per.level", "0:avro"));
    TableTestSupport.append(table, List.<Object[]>of(order(1, "a"), order(2, "b")));
    assertThat(extensions(table)).containsExactly("orc");
    assertThat(readAll(table)).hasSize(2);
  }

  @Test
  void parsesPaimonsSyntax() {
    assertThat(TableOptions.formatPerLevel(options(" 0 : AVRO , 3:parquet ")).formats())
        .isEqualTo(Map.of(0, FileFormat.AVRO, 3, FileFormat.PARQUET));
    assertThat(TableOptions.formatPerLevel(options("")).formats()).isEmpty();
    assertThat(TableOptions.formatPerLevel(new Options(Map.of())).formats()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0avro", "x:orc", "0:csv", "0:orc,0:avro", "-1:orc", "0:orc,", ":orc"})
  void invalidValuesFailNamingTheOptionAndItsSyntax(String value) {
    assertThatThrownBy(
            () ->
                table(
                    "invalid",
                    Map.of("primary-key", "dt,order_id", "file.format.per.level", value)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Invalid value '"
                + value
                + "' for table option 'file.format.per.level': expected comma-separated"
                + " level:format pairs such as '0:avro,3:parquet', each level a non-negative"
                + " integer listed once and each format one of parquet, orc or avro.");
  }

  private static Options options(String perLevel) {
    return new Options(Map.of("file.format.per.level", perLevel));
  }

  private static List<RowKind> inserts(int n) {
    return FileFormatTableTest.inserts(n);
  }
}
