package io.strata.core.deletion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.io.CorruptFileException;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.paths.TablePaths;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

/**
 * 64-bit deletion vectors ({@code deletion-vectors.bitmap64}): bytes equal to the RoaringBitmap
 * library's run-optimized portable serialization inside the 64-bit envelope, and index files that
 * read back through both reader paths next to 32-bit ones.
 */
class RoaringBitmap64FormatTest {

  @TempDir Path dir;

  /** The library's bytes: count 1 and key 0 (little-endian), then the run-optimized bitmap. */
  private static byte[] libraryBytes(BitSet bits) {
    RoaringBitmap rb = new RoaringBitmap();
    bits.stream().forEach(rb::add);
    rb.runOptimize();
    ByteBuffer out =
        ByteBuffer.allocate(12 + rb.serializedSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
    out.putLong(1).putInt(0);
    rb.serialize(out);
    return out.array();
  }

  private static BitSet bits(long... positions) {
    BitSet bits = new BitSet();
    for (long p : positions) {
      bits.set((int) p);
    }
    return bits;
  }

  private static List<BitSet> samples() {
    Random random = new Random(42);
    BitSet sparse = new BitSet();
    for (int i = 0; i < 3000; i++) {
      sparse.set(random.nextInt(10_000_000));
    }
    BitSet dense = new BitSet();
    for (int i = 0; i < 200_000; i++) {
      dense.set(random.nextInt(300_000));
    }
    BitSet ranges = new BitSet();
    ranges.set(0, 70_000);
    ranges.set(131_072, 131_080);
    ranges.set(1_000_000, 1_200_000);
    BitSet mixed = new BitSet();
    mixed.set(0, 5000);
    for (int i = 65_536; i < 131_072; i += 2) {
      mixed.set(i); // 32768 runs: a bitmap container stays a bitmap
    }
    for (int i = 200_000; i < 200_100; i += 3) {
      mixed.set(i); // an array stays an array
    }
    mixed.set(Integer.MAX_VALUE - 1);
    return List.of(
        bits(5, 50), bits(0), bits(1, 2, 3), bits(65_535, 65_536), sparse, dense, ranges, mixed);
  }

  @Test
  void emptyIsACountOfZero() {
    assertThat(RoaringBitmap64Format.write(new BitSet())).isEqualTo(new byte[8]);
    assertThat(RoaringBitmap64Format.read(ByteBuffer.wrap(new byte[8]))).isEqualTo(new BitSet());
  }

  @Test
  void bytesEqualTheLibrarysRunOptimizedSerialization() {
    for (BitSet bits : samples()) {
      byte[] written = RoaringBitmap64Format.write(bits);
      assertThat(written).isEqualTo(libraryBytes(bits));
      assertThat(RoaringBitmap64Format.read(ByteBuffer.wrap(written))).isEqualTo(bits);
    }
  }

  @Test
  void runContainersAreChosenOnlyWhenSmaller() {
    BitSet oneRun = new BitSet();
    oneRun.set(10, 4000);
    byte[] runs = RoaringBitmap64Format.write(oneRun);
    // cookie 12347 with one container, a run flag byte, key/cardinality, 1 run
    assertThat(ByteBuffer.wrap(runs, 12, 4).order(ByteOrder.LITTLE_ENDIAN).getInt())
        .isEqualTo(12347);
    assertThat(runs).hasSize(12 + 4 + 1 + 4 + 2 + 4);
    byte[] array = RoaringBitmap64Format.write(bits(1, 3));
    assertThat(ByteBuffer.wrap(array, 12, 4).order(ByteOrder.LITTLE_ENDIAN).getInt())
        .isEqualTo(12346);
  }

  @Test
  void readsBitmapsOfHigherKeysOnlyWhenEmpty() {
    RoaringBitmap low = RoaringBitmap.bitmapOf(7, 9);
    ByteBuffer two =
        ByteBuffer.allocate(
                8
                    + 2 * 4
                    + low.serializedSizeInBytes()
                    + new RoaringBitmap().serializedSizeInBytes())
            .order(ByteOrder.LITTLE_ENDIAN);
    two.putLong(2).putInt(0);
    low.serialize(two);
    two.putInt(1);
    new RoaringBitmap().serialize(two);
    assertThat(RoaringBitmap64Format.read(ByteBuffer.wrap(two.array()))).isEqualTo(bits(7, 9));

    ByteBuffer beyond =
        ByteBuffer.allocate(12 + low.serializedSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
    beyond.putLong(1).putInt(1);
    low.serialize(beyond);
    assertThatThrownBy(() -> RoaringBitmap64Format.read(ByteBuffer.wrap(beyond.array())))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("2^32");
  }

  @Test
  void indexFilesOfBothKindsReadBack() throws Exception {
    TablePaths paths = new TablePaths(new org.apache.hadoop.fs.Path(dir.toUri()));
    Map<String, DeletionBitmap> vectors = new TreeMap<>();
    List<BitSet> samples = samples();
    for (int i = 0; i < samples.size(); i++) {
      vectors.put(
          "data-" + i + ".parquet",
          DeletionBitmap.of(samples.get(i).stream().asLongStream().toArray()));
    }
    DeletionVectorIndexFile files64 =
        new DeletionVectorIndexFile(
            HadoopFileIO.local(),
            io.strata.core.paths.IndexFilePaths.inIndexDirectory(paths),
            true);
    DeletionVectorIndexFile files32 =
        new DeletionVectorIndexFile(
            HadoopFileIO.local(), io.strata.core.paths.IndexFilePaths.inIndexDirectory(paths));
    IndexFileMeta meta64 = files64.write(io.strata.core.data.BinaryRow.EMPTY, 0, vectors);
    IndexFileMeta meta32 = files32.write(io.strata.core.data.BinaryRow.EMPTY, 0, vectors);

    byte[] bytes =
        Files.readAllBytes(
            Path.of(files64.path(io.strata.core.data.BinaryRow.EMPTY, 0, meta64).toUri()));
    assertThat(bytes[0]).isEqualTo((byte) 1);
    DeletionVectorReader reader = new DeletionVectorReader(HadoopFileIO.local());
    for (IndexFileMeta meta : List.of(meta64, meta32)) {
      String path = files64.path(io.strata.core.data.BinaryRow.EMPTY, 0, meta).toString();
      Map<String, DeletionVector> all =
          files32.readAll(io.strata.core.data.BinaryRow.EMPTY, 0, meta);
      for (IndexFileMeta.DeletionVectorRange r : meta.deletionVectorRanges()) {
        DeletionBitmap expected = vectors.get(r.dataFileName());
        DeletionVector one =
            reader.read(new DeletionFile(path, r.offset(), r.length(), r.cardinality()));
        assertThat(DeletionBitmap.copyOf(one)).isEqualTo(expected);
        assertThat(DeletionBitmap.copyOf(all.get(r.dataFileName()))).isEqualTo(expected);
        assertThat(r.cardinality()).isEqualTo(expected.cardinality());
      }
    }
    IndexFileMeta.DeletionVectorRange first = meta64.deletionVectorRanges().get(0);
    ByteBuffer block = ByteBuffer.wrap(bytes, (int) first.offset(), (int) first.length());
    int length = block.getInt();
    assertThat(first.length()).isEqualTo(length + 8L);
    assertThat(block.order(ByteOrder.LITTLE_ENDIAN).getInt()).isEqualTo(1681511377);
    assertThat(meta32.deletionVectorRanges().get(0).length())
        .isEqualTo(
            ByteBuffer.wrap(
                    Files.readAllBytes(
                        Path.of(
                            files32.path(io.strata.core.data.BinaryRow.EMPTY, 0, meta32).toUri())),
                    1,
                    4)
                .getInt());

    bytes[(int) first.offset() + 20] ^= 1;
    org.apache.hadoop.fs.Path corrupt = paths.indexFile("corrupt");
    Files.write(Path.of(corrupt.toUri()), bytes);
    assertThatThrownBy(
            () ->
                reader.read(
                    new DeletionFile(
                        corrupt.toString(), first.offset(), first.length(), first.cardinality())))
        .isInstanceOf(CorruptFileException.class);
  }
}
