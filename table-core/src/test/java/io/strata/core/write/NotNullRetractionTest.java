package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.merge.RowKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DELETE that knows only its key, on a table with NOT NULL value columns: the data file's
 * required columns get neutral values (a key-only DELETE used to fail writing the file), and the
 * merge still removes the key.
 */
class NotNullRetractionTest {

  @TempDir Path dir;

  static final RowType T =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "n", DataTypes.BIGINT().notNull()),
              new DataField(2, "s", DataTypes.STRING().notNull()),
              new DataField(3, "c", DataTypes.CHAR(3).notNull()),
              new DataField(4, "b", DataTypes.BINARY(4).notNull()),
              new DataField(5, "d", DataTypes.DECIMAL(10, 2).notNull()),
              new DataField(6, "dt", DataTypes.DATE().notNull()),
              new DataField(7, "ts", DataTypes.TIMESTAMP(6).notNull()),
              new DataField(8, "flag", DataTypes.BOOLEAN().notNull()),
              new DataField(9, "tags", DataTypes.ARRAY(DataTypes.STRING()).notNull()),
              new DataField(
                  10,
                  "nested",
                  DataTypes.ROW(
                          List.of(
                              new DataField(11, "x", DataTypes.INT().notNull()),
                              new DataField(12, "y", DataTypes.STRING())))
                      .notNull()),
              new DataField(13, "opt", DataTypes.STRING())));

  static Object[] row(long id, long n) {
    return new Object[] {
      id,
      n,
      "s" + id,
      "abc",
      new byte[] {1, 2, 3, 4},
      new BigDecimal("1.50"),
      19000,
      Timestamp.fromMicros(1_000_000L * id),
      true,
      List.of("t"),
      new Object[] {7, "y"},
      null
    };
  }

  FileStoreTable table(String name, Map<String, String> extra, String format) {
    Map<String, String> options = new HashMap<>(extra);
    options.put("primary-key", "id");
    options.put("bucket", "1");
    options.put("file.format", format);
    options.put("write-only", "true");
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, T, List.of(), options);
  }

  static Object[] keyOnly(long id) {
    Object[] row = new Object[T.size()];
    row[0] = id;
    return row;
  }

  static List<List<Object>> idsAndCounts(FileStoreTable t) {
    List<List<Object>> out = new ArrayList<>();
    TableTestSupport.readAll(t).forEach(r -> out.add(Arrays.asList(r[0], r[1])));
    out.sort((a, b) -> Long.compare((Long) a.get(0), (Long) b.get(0)));
    return out;
  }

  @Test
  void aKeyOnlyDeleteIsWrittenInEveryFormat() {
    for (String format : List.of("parquet", "orc", "avro")) {
      FileStoreTable t = table("dedup_" + format, Map.of(), format);
      TableTestSupport.write(
          t, List.<Object[]>of(row(1, 10), row(2, 20)), List.of(RowKind.INSERT, RowKind.INSERT));
      TableTestSupport.write(t, List.<Object[]>of(keyOnly(1)), List.of(RowKind.DELETE));
      assertThat(idsAndCounts(t)).as(format).containsExactly(List.of(2L, 20L));
    }
  }

  @Test
  void aDeletedAggregationKeyStartsAgainFromItsNextInsert() {
    FileStoreTable t =
        table(
            "agg",
            Map.of(
                "merge-engine", "aggregation",
                "aggregation.remove-record-on-delete", "true",
                "fields.n.aggregate-function", "sum"),
            "parquet");
    TableTestSupport.write(
        t, List.<Object[]>of(row(1, 10), row(2, 20)), List.of(RowKind.INSERT, RowKind.INSERT));
    TableTestSupport.write(t, List.<Object[]>of(keyOnly(1)), List.of(RowKind.DELETE));
    TableTestSupport.write(t, List.<Object[]>of(row(1, 5)), List.of(RowKind.INSERT));
    assertThat(idsAndCounts(t)).containsExactly(List.of(1L, 5L), List.of(2L, 20L));
  }

  @Test
  void neutralValuesFitTheirTypes() {
    assertThat((byte[]) RetractionFill.neutral(DataTypes.BINARY(4))).hasSize(4);
    assertThat(RetractionFill.neutral(DataTypes.DECIMAL(10, 2))).isEqualTo(new BigDecimal("0.00"));
    assertThat((Object[]) RetractionFill.neutral(T.typeAt(10))).containsExactly(0, null);
    Object[] key = keyOnly(3);
    Object[] filled = RetractionFill.fill(key, T, new int[] {0, 1, 2});
    assertThat(filled).isNotSameAs(key);
    assertThat(Arrays.asList(filled).subList(0, 3)).containsExactly(3L, 0L, "");
    assertThat(key[1]).isNull();
  }
}
