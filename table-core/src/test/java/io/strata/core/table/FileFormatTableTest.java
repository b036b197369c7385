package io.strata.core.table;

import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.compact.FullCompaction;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tables whose {@code file.format} is ORC or Avro: writes, merges and compactions produce files of
 * that format, and a table whose format changed reads and compacts its mixed files.
 */
class FileFormatTableTest {

  @TempDir Path dir;

  static final RowType ORDERS =
      new RowType(
          List.of(
              new DataField(0, "order_id", DataTypes.BIGINT()),
              new DataField(1, "amount", DataTypes.DECIMAL(10, 2)),
              new DataField(2, "status", DataTypes.STRING()),
              new DataField(3, "dt", DataTypes.STRING())));

  FileStoreTable table(String name, Map<String, String> options) {
    return TableTestSupport.catalog(dir)
        .createTable(
            new Identifier("default", name),
            SchemaFactory.create(ORDERS, List.of("dt"), List.of(), options, null, 1L));
  }

  static Object[] order(long id, String status) {
    return new Object[] {id, new BigDecimal(id + ".50"), status, "d"};
  }

  /** The extensions of the live data files of the latest snapshot. */
  static Set<String> extensions(FileStoreTable table) {
    Set<String> extensions = new TreeSet<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(table.snapshotManager().latest())) {
      String name = e.file().fileName();
      extensions.add(name.substring(name.lastIndexOf('.') + 1));
    }
    return extensions;
  }

  static FileStoreTable withFormat(FileStoreTable table, String format) {
    Map<String, String> options = new HashMap<>(table.schema().options());
    options.put("file.format", format);
    return table.withSchema(table.schema().withOptions(options));
  }

  @ParameterizedTest
  @ValueSource(strings = {"orc", "avro"})
  void primaryKeyUpsertsDeletesAndCompactionsMatchAModel(String format) {
    FileStoreTable table =
        table(
            "pk_" + format,
            Map.of(
                "primary-key", "dt,order_id",
                "bucket", "2",
                "file.format", format,
                "num-sorted-run.compaction-trigger", "3"));
    Random random = new Random(7);
    Map<Long, String> model = new HashMap<>();
    for (int commit = 0; commit < 12; commit++) {
      List<Object[]> rows = new ArrayList<>();
      List<RowKind> kinds = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        long id = random.nextInt(150);
        if (random.nextInt(5) == 0) {
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
    }
    assertThat(table.snapshotManager().snapshot(table.snapshotManager().latestId().getAsLong()))
        .isNotNull();
    new FullCompaction(table, "test", Clock.systemUTC()).run(null);
    assertThat(table.snapshotManager().latest().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(statusById(table)).isEqualTo(model);
    assertThat(extensions(table)).containsExactly(format);
  }

  @ParameterizedTest
  @ValueSource(strings = {"orc", "avro"})
  void appendTablesWriteAndReadTheirFormat(String format) {
    FileStoreTable table = table("append_" + format, Map.of("file.format", format));
    TableTestSupport.append(table, List.<Object[]>of(order(1, "a"), order(2, null)));
    TableTestSupport.append(table, List.<Object[]>of(order(3, "c")));
    assertThat(readAll(table))
        .extracting(r -> r[0] + "/" + r[2])
        .containsExactlyInAnyOrder("1/a", "2/null", "3/c");
    assertThat(extensions(table)).containsExactly(format);
  }

  @Test
  void aTableWhoseFormatChangedReadsAndCompactsItsMixedFiles() {
    FileStoreTable parquet = table("mixed", Map.of("primary-key", "dt,order_id", "bucket", "1"));
    TableTestSupport.write(parquet, List.<Object[]>of(order(1, "p1"), order(2, "p2")), inserts(2));
    FileStoreTable orc = withFormat(parquet, "orc");
    TableTestSupport.write(orc, List.<Object[]>of(order(2, "o2"), order(3, "o3")), inserts(2));
    FileStoreTable avro = withFormat(parquet, "avro");
    TableTestSupport.write(
        avro,
        List.<Object[]>of(order(3, "a3"), order(1, "gone")),
        List.of(RowKind.INSERT, RowKind.DELETE));
    assertThat(extensions(avro)).containsExactly("avro", "orc", "parquet");
    assertThat(statusById(avro)).isEqualTo(Map.of(2L, "o2", 3L, "a3"));

    new FullCompaction(orc, "test", Clock.systemUTC()).run(null);
    assertThat(extensions(orc)).containsExactly("orc");
    assertThat(statusById(parquet)).isEqualTo(Map.of(2L, "o2", 3L, "a3"));
  }

  @Test
  void anAppendTableReadsFilesOfEveryFormat() {
    FileStoreTable parquet = table("mixed_append", Map.of());
    TableTestSupport.append(parquet, List.<Object[]>of(order(1, "p")));
    TableTestSupport.append(withFormat(parquet, "orc"), List.<Object[]>of(order(2, "o")));
    TableTestSupport.append(withFormat(parquet, "avro"), List.<Object[]>of(order(3, "a")));
    assertThat(extensions(parquet)).containsExactly("avro", "orc", "parquet");
    assertThat(readAll(parquet))
        .extracting(r -> r[0] + "/" + r[2])
        .containsExactlyInAnyOrder("1/p", "2/o", "3/a");
  }

  static List<RowKind> inserts(int n) {
    return Collections.nCopies(n, RowKind.INSERT);
  }

  static Map<Long, String> statusById(FileStoreTable table) {
    Map<Long, String> read = new HashMap<>();
    for (Object[] row : readAll(table)) {
      assertThat(read.put((Long) row[0], (String) row[2])).as("duplicate key %s", row[0]).isNull();
    }
    return read;
  }
}
