package io.strata.core.deletion;

import io.strata.core.data.BinaryRow;
import io.strata.core.io.FileIO;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.paths.FileNamer;
import io.strata.core.paths.IndexFilePaths;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.Path;

/**
 * Writes deletion-vector index files under {@code index/} as Paimon does, named {@code
 * index-<uuid>-<n>}: the version byte {@code 1}, then per data file (in name order) the block's
 * length as a big-endian int, the block (the magic number {@code 1581511376} as a big-endian int,
 * then the 32-bit RoaringBitmap), and the block's CRC-32 as a big-endian int. The returned {@link
 * IndexFileMeta} has index type {@code DELETION_VECTORS}, the number of vectors as row count, and
 * per data file the range its block takes (offset of the length prefix, block length, cardinality).
 *
 * <p>For a table with {@code deletion-vectors.bitmap64} the blocks are 64-bit vectors instead: the
 * magic number {@code 1681511377} as a little-endian int, then the 64-bit RoaringBitmap ({@link
 * RoaringBitmap64Format}); their recorded length also counts the length prefix and the CRC, as
 * Paimon records it. {@link DeletionVectorReader} reads both kinds.
 */
public final class DeletionVectorIndexFile {

  /** The first byte of every deletion-vector index file. */
  static final int VERSION = 1;

  private final FileIO fileIO;
  private final IndexFilePaths paths;
  private final FileNamer names = FileNamer.indexFiles();
  private final boolean bitmap64;

  /** Reads both kinds of vectors and writes 32-bit ones. */
  public DeletionVectorIndexFile(FileIO fileIO, IndexFilePaths paths) {
    this(fileIO, paths, false);
  }

  /** Reads both kinds of vectors and writes 64-bit ones when {@code bitmap64}. */
  public DeletionVectorIndexFile(FileIO fileIO, IndexFilePaths paths, boolean bitmap64) {
    this.fileIO = fileIO;
    this.paths = paths;
    this.bitmap64 = bitmap64;
  }

  /**
   * Writes one index file holding the non-empty vectors of {@code vectors} (data file name to
   * deleted positions).
   *
   * @return its meta, or null when every vector is empty (no file is written)
   */
  public IndexFileMeta write(BinaryRow partition, int bucket, Map<String, DeletionBitmap> vectors) {
    Map<String, DeletionBitmap> sorted = new TreeMap<>();
    vectors.forEach(
        (file, bitmap) -> {
          if (!bitmap.isEmpty()) {
            sorted.put(file, bitmap);
          }
        });
    if (sorted.isEmpty()) {
      return null;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    List<IndexFileMeta.DeletionVectorRange> ranges = new ArrayList<>();
    try {
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(VERSION);
      for (Map.Entry<String, DeletionBitmap> e : sorted.entrySet()) {
        int offset = out.size();
        byte[] block = bitmap64 ? block64(e.getValue()) : block(e.getValue());
        out.writeInt(block.length);
        out.write(block);
        out.writeInt(crc(block));
        int recordedLength = bitmap64 ? block.length + 8 : block.length;
        ranges.add(
            new IndexFileMeta.DeletionVectorRange(
                e.getKey(), offset, recordedLength, e.getValue().cardinality()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
    }
    String name = names.next();
    Path path = paths.newFile(partition, bucket, name);
    try (OutputStream out = fileIO.newOutputStream(path)) {
      bytes.writeTo(out);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write deletion vectors " + path, e);
    }
    return new IndexFileMeta(
        IndexFileMeta.DELETION_VECTORS, name, bytes.size(), ranges.size(), ranges, null);
  }

  /** Every vector of {@code file}, by data file name. */
  public Map<String, DeletionVector> readAll(BinaryRow partition, int bucket, IndexFileMeta file) {
    Path path = path(partition, bucket, file);
    byte[] bytes;
    try {
      bytes = fileIO.readBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read deletion vectors of " + path, e);
    }
    Map<String, DeletionVector> vectors = new TreeMap<>();
    for (IndexFileMeta.DeletionVectorRange r : file.deletionVectorRanges()) {
      DeletionFile range =
          new DeletionFile(path.toString(), r.offset(), r.length(), r.cardinality());
      vectors.put(r.dataFileName(), DeletionVectorReader.decode(bytes, range));
    }
    return vectors;
  }

  /** Deletes an index file that will never be committed; an orphan at worst. */
  public void deleteQuietly(BinaryRow partition, int bucket, IndexFileMeta file) {
    try {
      fileIO.delete(path(partition, bucket, file));
    } catch (IOException ignored) {
      // remove_orphan_files cleans it.
    }
  }

  /** Where {@code file} of this bucket lives. */
  public Path path(BinaryRow partition, int bucket, IndexFileMeta file) {
    return paths.of(partition, bucket, file.fileName(), file.externalPath());
  }

  private static byte[] block(DeletionBitmap bitmap) {
    byte[] roaring = bitmap.serialize();
    byte[] block = new byte[4 + roaring.length];
    int magic = DeletionVectorReader.BITMAP32_MAGIC;
    block[0] = (byte) (magic >>> 24);
    block[1] = (byte) (magic >>> 16);
    block[2] = (byte) (magic >>> 8);
    block[3] = (byte) magic;
    System.arraycopy(roaring, 0, block, 4, roaring.length);
    return block;
  }

  private static byte[] block64(DeletionBitmap bitmap) {
    byte[] roaring = bitmap.serialize64();
    return ByteBuffer.allocate(4 + roaring.length)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putInt(DeletionVectorReader.BITMAP64_MAGIC)
        .put(roaring)
        .array();
  }

  private static int crc(byte[] block) {
    CRC32 crc = new CRC32();
    crc.update(block);
    return (int) crc.getValue();
  }
}
