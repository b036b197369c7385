package io.strata.core.deletion;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.CorruptFileException;
import io.strata.core.io.FileIO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * Reads one data file's deletion vector from a deletion-vector index file.
 *
 * <p>An index file is a version byte ({@code 1}) followed by one block per data file, at the offset
 * the index manifest records: the block's length as a big-endian int, then that many bytes (the
 * magic number {@code 1581511376} as a big-endian int and a 32-bit RoaringBitmap in its portable
 * serialization), then the CRC-32 of those bytes as a big-endian int.
 */
public final class DeletionVectorReader {

  /** Marks a 32-bit bitmap vector; 64-bit vectors ({@code deletion-vectors.bitmap64}) differ. */
  static final int BITMAP32_MAGIC = 1581511376;

  private final FileIO fileIO;

  public DeletionVectorReader(FileIO fileIO) {
    this.fileIO = fileIO;
  }

  /** The vector {@code file} points to; {@link DeletionVector#EMPTY} for null. */
  public DeletionVector read(DeletionFile file) {
    if (file == null) {
      return DeletionVector.EMPTY;
    }
    Path path = new Path(file.path());
    byte[] block = new byte[Math.toIntExact(file.length() + 8)];
    try (FSDataInputStream in = fileIO.fileSystem(path).open(path)) {
      in.readFully(file.offset(), block);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read deletion vectors of " + path, e);
    }
    return decode(ByteBuffer.wrap(block), file, path);
  }

  /** The vector {@code file} points to within the whole index file's {@code bytes}. */
  static DeletionVector decode(byte[] bytes, DeletionFile file) {
    Path path = new Path(file.path());
    if (file.offset() < 0 || file.offset() + file.length() + 8 > bytes.length) {
      throw CorruptFileException.of(
          CorruptFileException.Kind.DELETION_VECTORS,
          path,
          new IllegalStateException(
              "vector at offset " + file.offset() + " lies beyond the file's end"));
    }
    ByteBuffer block =
        ByteBuffer.wrap(bytes, (int) file.offset(), Math.toIntExact(file.length() + 8)).slice();
    return decode(block, file, path);
  }

  private static DeletionVector decode(ByteBuffer block, DeletionFile file, Path path) {
    try {
      return decodeBlock(block, file);
    } catch (BufferUnderflowException | IllegalStateException e) {
      throw CorruptFileException.of(CorruptFileException.Kind.DELETION_VECTORS, path, e);
    }
  }

  private static DeletionVector decodeBlock(ByteBuffer block, DeletionFile file) {
    int length = block.getInt();
    if (length != file.length()) {
      throw new IllegalStateException(
          "vector at offset "
              + file.offset()
              + " is "
              + length
              + " bytes, the index manifest says "
              + file.length());
    }
    int magic = block.getInt(4);
    if (magic != BITMAP32_MAGIC) {
      throw CoreErrors.deletionVectorFormatUnsupported(file.path(), magic);
    }
    CRC32 crc = new CRC32();
    crc.update(block.array(), block.arrayOffset() + 4, length);
    int stored = block.getInt(4 + length);
    if ((int) crc.getValue() != stored) {
      throw new IllegalStateException("checksum mismatch at offset " + file.offset());
    }
    block.position(8).limit(4 + length);
    return new DeletionVector(RoaringBitmapReader.read(block));
  }
}
