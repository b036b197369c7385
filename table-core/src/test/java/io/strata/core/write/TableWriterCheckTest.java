package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.CloseableIterator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.read.TableRead;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableWriterCheckTest {

  @TempDir Path dir;

  static final RowType KV =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.INT()), new DataField(1, "v", DataTypes.STRING())));

  FileStoreTable table(String name, Map<String, String> options) {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    return TableTestSupport.create(catalog, name, KV, List.of(), options);
  }

  /**
   * A table as Paimon made it: {@code base} options through Strata's CREATE, then {@code
   * paimonOnly} ones Strata would refuse to create, as a loaded schema carries them.
   */
  FileStoreTable paimonMade(String name, Map<String, String> base, Map<String, String> paimonOnly) {
    FileStoreTable t = table(name, base);
    Map<String, String> all = new java.util.HashMap<>(t.schema().options());
    all.putAll(paimonOnly);
    return t.withSchema(t.schema().withOptions(all));
  }

  @Test
  void writableTablesPass() {
    assertThatCode(() -> TableWriter.checkWritable(table("append", Map.of())))
        .doesNotThrowAnyException();
    assertThatCode(
            () -> TableWriter.checkWritable(table("pk", Map.of("primary-key", "k", "bucket", "2"))))
        .doesNotThrowAnyException();
  }

  @Test
  void everyMergeEngineIsWritable() {
    for (String engine : List.of("deduplicate", "first-row", "partial-update", "aggregation")) {
      assertThatCode(
              () ->
                  TableWriter.checkWritable(
                      table(
                          "e_" + engine.replace('-', '_'),
                          Map.of("primary-key", "k", "bucket", "1", "merge-engine", engine))))
          .doesNotThrowAnyException();
    }
  }

  @Test
  void tablesWhoseChangelogComesFromCompactionAreWritten() {
    // Lookup merges are written, with or without deletion vectors.
    List<Map<String, String>> lookups =
        List.of(
            Map.of("changelog-producer", "lookup"),
            Map.of("changelog-producer", "full-compaction"),
            Map.of("force-lookup", "true"),
            Map.of("force-lookup", "true", "deletion-vectors.enabled", "true"));
    for (int i = 0; i < lookups.size(); i++) {
      Map<String, String> options = new java.util.HashMap<>(lookups.get(i));
      options.put("primary-key", "k");
      options.put("bucket", "1");
      FileStoreTable lookup = table("lookup_" + i, options);
      assertThatCode(() -> TableWriter.checkWritable(lookup)).doesNotThrowAnyException();
    }
    // Append tables have no changelog of their own; 'none' and 'input' are written.
    for (String producer : List.of("none", "input")) {
      assertThatCode(
              () ->
                  TableWriter.checkWritable(
                      table(
                          "p_" + producer,
                          Map.of(
                              "primary-key", "k", "bucket", "1", "changelog-producer", producer))))
          .doesNotThrowAnyException();
    }
    assertThatCode(
            () ->
                TableWriter.checkWritable(
                    table("append_lookup", Map.of("changelog-producer", "lookup"))))
        .doesNotThrowAnyException();
  }

  @Test
  void layoutsStrataDoesNotImplementAreRefusedWithTheOptionNamed() {
    FileStoreTable evolution =
        paimonMade("evolution", Map.of(), Map.of("data-evolution.enabled", "true"));
    assertThatThrownBy(() -> TableWriter.checkWritable(evolution))
        .hasMessageStartingWith(
            "Cannot write to table evolution: it has table option 'data-evolution.enabled' ="
                + " 'true', a layout of Apache Paimon's that Strata does not implement");
    assertThatThrownBy(
            () ->
                new io.strata.core.scan.TableScan(
                    evolution, new io.strata.core.options.Options(Map.of())))
        .hasMessageStartingWith(
            "Cannot read table evolution: it has table option 'data-evolution.enabled' = 'true'");
    FileStoreTable tracked =
        paimonMade("tracked", Map.of(), Map.of("row-tracking.enabled", "true"));
    assertThatCode(() -> tracked.newWrite().close()).doesNotThrowAnyException();
    FileStoreTable orcManifests =
        paimonMade("orc_manifests", Map.of(), Map.of("manifest.format", "orc"));
    assertThatThrownBy(orcManifests::newWrite).hasMessageContaining("'manifest.format' = 'orc'");
    assertThatThrownBy(
            () ->
                new io.strata.core.scan.TableScan(
                    orcManifests, new io.strata.core.options.Options(Map.of())))
        .hasMessageContaining("'manifest.format' = 'orc'");
    FileStoreTable mod =
        paimonMade(
            "mod",
            Map.of("primary-key", "k", "bucket", "2"),
            Map.of("bucket-function.type", "mod"));
    assertThatCode(() -> mod.newWrite().close()).doesNotThrowAnyException();
    assertThatCode(
            () ->
                new io.strata.core.scan.TableScan(
                    mod, new io.strata.core.options.Options(Map.of())))
        .doesNotThrowAnyException();
  }

  @Test
  void rowKindFieldMustNameAStringColumn() {
    assertThatThrownBy(
            () ->
                TableWriter.checkWritable(
                    table(
                        "rk_missing",
                        Map.of("primary-key", "k", "bucket", "1", "rowkind.field", "op"))))
        .hasMessage(
            "Table option 'rowkind.field' = 'op' of table rk_missing names no column of the"
                + " table; it must name the STRING column whose value ('+I', '-U', '+U', '-D') is"
                + " each written row's kind.");
    assertThatThrownBy(
            () ->
                TableWriter.checkWritable(
                    table(
                        "rk_int", Map.of("primary-key", "v", "bucket", "1", "rowkind.field", "k"))))
        .hasMessageContaining("names a column of type INT, not a STRING column");
  }

  @Test
  void orcAndAvroTablesAreWritable() {
    for (String format : List.of("orc", "avro")) {
      assertThatCode(
              () -> TableWriter.checkWritable(table("f_" + format, Map.of("file.format", format))))
          .doesNotThrowAnyException();
    }
  }

  @Test
  void avroTablesWithNanosecondTimestampsFail() {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "k", DataTypes.INT()),
                new DataField(1, "ts", DataTypes.ARRAY(DataTypes.TIMESTAMP(9)))));
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "avro_ts9",
            type,
            List.of(),
            Map.of("file.format", "avro"));
    assertThatThrownBy(() -> TableWriter.checkWritable(table))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Cannot write table avro_ts9 as Avro: column ts is ARRAY<TIMESTAMP(9)>, and Avro data"
                + " files hold timestamps of precision up to 6 (as in Paimon). Use TIMESTAMP(6) or"
                + " another 'file.format'.");
  }

  @Test
  void avroLevelsOfNanosecondTimestampsFailToo() {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "k", DataTypes.INT().notNull()),
                new DataField(1, "ts", DataTypes.TIMESTAMP(9))));
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "avro_level_ts9",
            type,
            List.of(),
            Map.of("primary-key", "k", "bucket", "1", "file.format.per.level", "0:avro"));
    assertThatThrownBy(() -> TableWriter.checkWritable(table))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageStartingWith("Cannot write table avro_level_ts9 as Avro: column ts is");
  }

  @Test
  void layoutsStrataDoesNotWriteAreRefusedAtCreate() {
    assertThatThrownBy(() -> table("c_orc", Map.of("manifest.format", "orc")))
        .hasMessageStartingWith("Table option 'manifest.format' = 'orc' is not supported");
  }

  /** 'mod' buckets need one INT or BIGINT bucket-key column; Strata writes them as Paimon does. */
  @Test
  void modBucketsNeedOneIntegralKeyAndPutKeysInTheirRemainders() {
    assertThatThrownBy(
            () ->
                table(
                    "c_mod_str",
                    Map.of("bucket", "2", "bucket-key", "v", "bucket-function.type", "mod")))
        .hasMessage(
            "Table option 'bucket-function.type' = 'mod' needs a bucket key of one INT or BIGINT"
                + " column (its value modulo 'bucket' is the bucket), but the bucket key is"
                + " [v STRING]. Set 'bucket-key' to such a column, or use 'bucket-function.type'"
                + " = 'default'.");
    assertThatThrownBy(
            () ->
                table(
                    "c_mod_two",
                    Map.of("bucket", "2", "bucket-key", "k,v", "bucket-function.type", "mod")))
        .hasMessageContaining("but the bucket key is [k INT, v STRING]");
    FileStoreTable mod =
        table("c_mod", Map.of("bucket", "3", "bucket-key", "k", "bucket-function.type", "mod"));
    List<Object[]> rows = new ArrayList<>();
    for (int k = -4; k <= 4; k++) {
      rows.add(new Object[] {k, "v" + k});
    }
    rows.add(new Object[] {null, "null key"});
    Map<Integer, List<Object>> keysByBucket = new TreeMap<>();
    for (CommitMessage m : TableTestSupport.write(mod, rows)) {
      for (DataFileMeta f : m.newFiles()) {
        DataSplit split = new DataSplit(-1, m.partition(), m.bucket(), 3, List.of(f), true);
        try (CloseableIterator<Object[]> read =
            TableRead.open(mod, split, mod.schema().rowType())) {
          read.forEachRemaining(
              r -> keysByBucket.computeIfAbsent(m.bucket(), b -> new ArrayList<>()).add(r[0]));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    assertThat(keysByBucket)
        .containsOnlyKeys(0, 1, 2)
        .containsEntry(0, Arrays.asList(-3, 0, 3, null))
        .containsEntry(1, List.of(-2, 1, 4))
        .containsEntry(2, List.of(-4, -1, 2));
  }
}
