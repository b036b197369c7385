package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Column statistics per stats mode: exact, truncated into true bounds, or absent. */
class StatsTest {

  static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(0, "i", DataTypes.INT()),
              new DataField(1, "s", DataTypes.STRING()),
              new DataField(2, "b", DataTypes.BYTES()),
              new DataField(3, "d", DataTypes.DECIMAL(20, 2)),
              new DataField(4, "ts", DataTypes.TIMESTAMP(6)),
              new DataField(5, "f", DataTypes.DOUBLE()),
              new DataField(6, "arr", DataTypes.ARRAY(DataTypes.INT())),
              new DataField(7, "allnull", DataTypes.BIGINT())));

  static final String LONG_A = "abcdefghijklmnopqrstuvwxyz";
  static final String LONG_Z = "zzzzzzzzzzzzzzzzzzzzzzzzzzz";

  @TempDir Path tmp;

  static List<Object[]> rows() {
    List<Object[]> rows = new ArrayList<>();
    rows.add(
        new Object[] {
          5,
          LONG_A,
          new byte[] {1, 2, 3},
          new BigDecimal("1.50"),
          Timestamp.fromMicros(10),
          2.5,
          List.of(1),
          null
        });
    rows.add(
        new Object[] {
          -3,
          LONG_Z,
          new byte[] {(byte) 0xff, (byte) 0xff, 5},
          new BigDecimal("-7.25"),
          Timestamp.fromMicros(-10),
          -0.0,
          null,
          null
        });
    rows.add(new Object[] {null, null, null, null, null, null, Arrays.asList(1, null), null});
    rows.add(
        new Object[] {
          7, "m", new byte[0], new BigDecimal("100.00"), Timestamp.fromMicros(5), 0.0, null, null
        });
    return rows;
  }

  FileStats write(ParquetWriteOptions options) throws Exception {
    Path file = tmp.resolve("f-" + System.nanoTime() + ".parquet");
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(TestFiles.fs(), TestFiles.hadoopPath(file), TYPE, options)) {
      for (Object[] row : rows()) {
        writer.write(row);
      }
      return writer.finish();
    }
  }

  @Test
  void fullModeIsExact() throws Exception {
    FileStats stats = write(ParquetWriteOptions.defaults().withStatsMode(StatsMode.FULL));
    assertThat(stats.min())
        .containsExactly(
            -3,
            LONG_A,
            new byte[0],
            new BigDecimal("-7.25"),
            Timestamp.fromMicros(-10),
            -0.0,
            null,
            null);
    assertThat(stats.max())
        .containsExactly(
            7,
            LONG_Z,
            new byte[] {(byte) 0xff, (byte) 0xff, 5},
            new BigDecimal("100.00"),
            Timestamp.fromMicros(10),
            2.5,
            null,
            null);
    assertThat(stats.nullCounts()).containsExactly(1L, 1L, 1L, 1L, 1L, 1L, 2L, 4L);
  }

  @Test
  void defaultTruncateModeCutsStringsAndBytesIntoTrueBounds() throws Exception {
    FileStats stats = write(ParquetWriteOptions.defaults());
    assertThat(stats.min()[1]).isEqualTo("abcdefghijklmnop");
    assertThat(stats.max()[1]).isEqualTo("zzzzzzzzzzzzzzz{");
    assertThat(stats.min()[0]).isEqualTo(-3);
    assertThat(stats.nullCounts()[6]).isEqualTo(2L);

    FileStats two = write(ParquetWriteOptions.defaults().withStatsMode(StatsMode.truncate(2)));
    assertThat(two.min()[1]).isEqualTo("ab");
    assertThat(two.max()[1]).isEqualTo("z{");
    assertThat(two.min()[2]).isEqualTo(new byte[0]);
    assertThat(two.max()[2]).isNull(); // 0xff 0xff cannot be incremented within 2 bytes
    assertThat(two.max()[3]).isEqualTo(new BigDecimal("100.00"));
  }

  @Test
  void countsAndNoneModes() throws Exception {
    FileStats counts = write(ParquetWriteOptions.defaults().withStatsMode(StatsMode.COUNTS));
    assertThat(counts.min()).containsOnlyNulls();
    assertThat(counts.max()).containsOnlyNulls();
    assertThat(counts.nullCounts()).containsExactly(1L, 1L, 1L, 1L, 1L, 1L, 2L, 4L);

    FileStats none = write(ParquetWriteOptions.defaults().withStatsMode(StatsMode.NONE));
    assertThat(none.min()).containsOnlyNulls();
    assertThat(none.max()).containsOnlyNulls();
    assertThat(none.nullCounts()).containsOnlyNulls();
  }

  @Test
  void perFieldModesOverrideTheTableMode() throws Exception {
    ParquetWriteOptions options =
        ParquetWriteOptions.fromTableOptions(
            Map.of("metadata.stats-mode", "none", "fields.s.stats-mode", "full"));
    FileStats stats = write(options);
    assertThat(stats.max()[1]).isEqualTo(LONG_Z);
    assertThat(stats.nullCounts()[1]).isEqualTo(1L);
    assertThat(stats.max()[0]).isNull();
    assertThat(stats.nullCounts()[0]).isNull();
  }

  @Test
  void nanMakesFloatBoundsUnknownAndZerosWidenThem() throws Exception {
    RowType type = new RowType(List.of(new DataField(0, "f", DataTypes.FLOAT())));
    ColumnStatsCollector zeros = new ColumnStatsCollector(type.typeAt(0), StatsMode.FULL);
    zeros.add(0.0f);
    assertThat(zeros.min()).isEqualTo(-0.0f);
    assertThat(zeros.max()).isEqualTo(0.0f);
    ColumnStatsCollector nan = new ColumnStatsCollector(type.typeAt(0), StatsMode.FULL);
    nan.add(1.0f);
    nan.add(Float.NaN);
    nan.add(null);
    assertThat(nan.min()).isNull();
    assertThat(nan.max()).isNull();
    assertThat(nan.nullCount()).isEqualTo(1L);
  }

  @Test
  void numbersAndBooleansKeepBoundsOfTheirOwnType() {
    assertBounds(DataTypes.BOOLEAN(), List.of(true, false), false, true);
    assertBounds(
        DataTypes.TINYINT(), List.of((byte) 3, (byte) -128, (byte) 127), (byte) -128, (byte) 127);
    assertBounds(DataTypes.SMALLINT(), List.of((short) -2, (short) 9), (short) -2, (short) 9);
    assertBounds(DataTypes.DATE(), List.of(19000, -1), -1, 19000);
    assertBounds(
        DataTypes.BIGINT(),
        List.of(Long.MAX_VALUE, Long.MIN_VALUE, 0L),
        Long.MIN_VALUE,
        Long.MAX_VALUE);
    assertBounds(DataTypes.FLOAT(), List.of(1.5f, -0.0f, 0.25f), -0.0f, 1.5f);
    assertBounds(
        DataTypes.DOUBLE(), List.of(Double.NEGATIVE_INFINITY, 3.0), Double.NEGATIVE_INFINITY, 3.0);
  }

  private static void assertBounds(DataType type, List<Object> values, Object min, Object max) {
    ColumnStatsCollector collector = new ColumnStatsCollector(type, StatsMode.FULL);
    values.forEach(collector::add);
    collector.add(null);
    assertThat(collector.min()).isEqualTo(min);
    assertThat(collector.max()).isEqualTo(max);
    assertThat(collector.nullCount()).isEqualTo(1L);
  }

  @Test
  void truncationKeepsBoundsTrue() {
    assertThat(StatsTruncation.truncateMin("héllo wörld", 4)).isEqualTo("héll");
    assertThat(StatsTruncation.truncateMax("héllo wörld", 4)).isEqualTo("hélm");
    assertThat(StatsTruncation.truncateMax("short", 16)).isEqualTo("short");
    // Code points, not UTF-16 units: the surrogate pair counts as one.
    assertThat(StatsTruncation.truncateMin("a𝄞bc", 2)).isEqualTo("a𝄞");
    assertThat(StatsTruncation.truncateMax("a𝄞bc", 2)).isEqualTo("a𝄟");
    String maxCp = new String(Character.toChars(Character.MAX_CODE_POINT));
    assertThat(StatsTruncation.truncateMax("a" + maxCp + "x", 2)).isEqualTo("b");
    assertThat(StatsTruncation.truncateMax(maxCp + maxCp + "x", 2)).isNull();
    // Incrementing into the surrogate range skips it.
    assertThat(StatsTruncation.truncateMax("\uD7FFab", 1)).isEqualTo("\uE000");
    assertThat(StatsTruncation.truncateMax(new byte[] {1, (byte) 0xff, 3}, 2))
        .isEqualTo(new byte[] {2});
    assertThat(StatsTruncation.truncateMin(new byte[] {1, (byte) 0xff, 3}, 2))
        .isEqualTo(new byte[] {1, (byte) 0xff});
  }

  @Test
  void parsesStatsModes() {
    assertThat(StatsMode.parse("TRUNCATE(32)")).isEqualTo(StatsMode.truncate(32));
    assertThat(StatsMode.parse(" full ")).isEqualTo(StatsMode.FULL);
    assertThat(StatsMode.DEFAULT.toString()).isEqualTo("truncate(16)");
    assertThatThrownBy(() -> StatsMode.parse("truncate(0)"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> StatsMode.parse("some")).isInstanceOf(IllegalArgumentException.class);
  }
}
