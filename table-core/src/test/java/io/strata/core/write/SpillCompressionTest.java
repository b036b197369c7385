package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.options.Options;
import io.strata.core.options.SpillCompression;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Spilled runs are compressed by {@code spill-compression}: every codec reads back exactly what it
 * spilled, and compressible rows take less disk with lz4 and much less with zstd.
 */
class SpillCompressionTest {

  @TempDir Path dir;

  static Stream<SpillCodec> codecs() {
    return Stream.of(
        SpillCodec.NONE,
        new SpillCodec(SpillCompression.LZ4, 1),
        new SpillCodec(SpillCompression.ZSTD, 1),
        new SpillCodec(SpillCompression.ZSTD, 9));
  }

  @ParameterizedTest
  @MethodSource("codecs")
  void spilledRunsReadBackInOrderWithEveryCodec(SpillCodec codec) throws Exception {
    List<DataType> keyTypes = List.of(DataTypes.STRING(), DataTypes.BIGINT());
    RowType fileType = SortBufferTest.fileType(keyTypes);
    RowType keyType = RandomRows.rowOf(keyTypes);
    List<Object[]> rows = new SortBufferTest().randomRows(fileType, 2, 3000, 17);
    WriteMemory memory = new WriteMemory(32 << 10, 64 << 10);
    SpillingSortBuffer buffer =
        new SpillingSortBuffer(
            memory, fileType, keyType, new SpillSettings(true, dir, Long.MAX_VALUE, 4, codec));
    memory.register(spillingOwner(buffer));

    rows.forEach(buffer::add);

    assertThat(memory.releases()).as("spills").isGreaterThan(4);
    assertThat(RandomRows.deepRows(SortBufferTest.drain(buffer)))
        .isEqualTo(RandomRows.deepRows(SortBufferTest.referenceSort(rows, keyType)));
    buffer.clear();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).as("spilled files are deleted").isEmpty();
    }
  }

  @Test
  void compressibleRowsSpillSmallerWithLz4AndZstd() {
    long none = spilledBytes(SpillCodec.NONE);
    long lz4 = spilledBytes(new SpillCodec(SpillCompression.LZ4, 1));
    long zstd = spilledBytes(new SpillCodec(SpillCompression.ZSTD, 1));

    assertThat(none).as("20,000 rows of ~48 bytes").isGreaterThan(900_000);
    assertThat(lz4).isLessThan(none / 2);
    assertThat(zstd).isLessThan(none / 4).isLessThan(lz4);
  }

  @Test
  void optionsChooseTheCodecZstdLevelOneByDefault() {
    Options defaults = new Options(Map.of());
    assertThat(SpillSettings.of(defaults, dir).codec())
        .isEqualTo(new SpillCodec(SpillCompression.ZSTD, 1));
    Options lz4 =
        new Options(Map.of("spill-compression", "LZ4", "spill-compression.zstd-level", "5"));
    assertThat(SpillSettings.of(lz4, dir).codec().compression()).isEqualTo(SpillCompression.LZ4);
    Options zstd3 = new Options(Map.of("spill-compression.zstd-level", "3"));
    assertThat(SpillSettings.of(zstd3, dir).codec())
        .isEqualTo(new SpillCodec(SpillCompression.ZSTD, 3));
  }

  @Test
  void unknownCodecsAndLevelsAreRefusedWithTheValidValues() {
    Options lzo = new Options(Map.of("spill-compression", "lzo"));
    assertThatThrownBy(() -> lzo.get(TableOptions.SPILL_COMPRESSION))
        .hasMessageContaining("spill-compression")
        .hasMessageContaining("lzo")
        .hasMessageContaining("none, lz4, zstd");
    Options level = new Options(Map.of("spill-compression.zstd-level", "30"));
    assertThatThrownBy(() -> level.get(TableOptions.SPILL_COMPRESSION_ZSTD_LEVEL))
        .hasMessageContaining("spill-compression.zstd-level")
        .hasMessageContaining("a level between 1 and 22");
  }

  /** The bytes one run of 20,000 repetitive rows takes on disk with {@code codec}. */
  private long spilledBytes(SpillCodec codec) {
    RowType fileType =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "status", DataTypes.STRING()),
                new DataField(2, "amount", DataTypes.BIGINT())));
    RowType keyType = new RowType(List.of(fileType.fields().get(0)));
    SortBuffer memory = new SortBuffer(new WriteMemory(64L << 20, 64 << 10), fileType, keyType);
    for (long i = 0; i < 20_000; i++) {
      memory.add(new Object[] {i, "status-" + (i % 4) + "-shipped-on-time", i % 100});
    }
    SpillRun run = SpillRun.write(dir, codec, memory.sorted());
    try {
      assertThat(run.records()).isEqualTo(20_000);
      return run.bytes();
    } finally {
      run.delete();
      memory.clear();
    }
  }

  private static WriteMemory.Owner spillingOwner(SpillingSortBuffer buffer) {
    return new WriteMemory.Owner() {
      @Override
      public long memoryBytes() {
        return buffer.memoryBytes();
      }

      @Override
      public void releaseMemory() {
        buffer.spill();
      }
    };
  }
}
