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
 * the index manifest records: the block's length as a big-endian int, then that many bytes, then
 * the CRC-32 of those bytes as a big-endian int. A 32-bit vector's bytes are the magic number
 * {@code 1581511376} as a big-endian int and a 32-bit RoaringBitmap ({@link RoaringBitmapReader});
 * the manifest records the block's length. A 64-bit vector ({@code deletion-vectors.bitmap64})'s
 * bytes are the magic number {@code 1681511377} as a little-endian int and a 64-bit RoaringBitmap
 * ({@link RoaringBitmap64Format}); the manifest records the length with the 8 bytes of length and
 * CRC.
 */
public final class DeletionVectorReader {

  /** Marks a 32-bit bitmap vector (read big-endian). */
  static final int BITMAP32_MAGIC = 1581511376;

  /** Marks a 64-bit bitmap vector (read little-endian). */
  static final int BITMAP64_MAGIC = 1681511377;

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
    byte[] block;
    try (FSDataInputStream in = fileIO.fileSystem(path).open(path)) {
      byte[] head = new byte[4];
      in.readFully(file.offset(), head);
      int length = ByteBuffer.wrap(head).getInt();
      if (length < 4 || length > file.length()) {
        throw CorruptFileException.of(
            CorruptFileException.Kind.DELETION_VECTORS,
            path,
            new IllegalStateException(
                "vector at offset " + file.offset() + " claims " + length + " bytes"));
      }
      block = new byte[length + 8];
      in.readFully(file.offset(), block);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read deletion vectors of " + path, e);
    }
    return decode(ByteBuffer.wrap(block), file, path);
  }

  /** The vector {@code file} points to within the whole index file's {@code bytes}. */
  static DeletionVector decode(byte[] bytes, DeletionFile file) {
    Path path = new Path(file.path());
    if (file.offset() < 0 || file.offset() + 8 > bytes.length) {
      throw CorruptFileException.of(
          CorruptFileException.Kind.DELETION_VECTORS,
          path,
          new IllegalStateException(
              "vector at offset " + file.offset() + " lies beyond the file's end"));
    }
    int length = ByteBuffer.wrap(bytes, (int) file.offset(), 4).getInt();
    if (length < 4 || file.offset() + length + 8 > bytes.length) {
      throw CorruptFileException.of(
          CorruptFileException.Kind.DELETION_VECTORS,
          path,
          new IllegalStateException(
              "vector at offset " + file.offset() + " lies beyond the file's end"));
    }
    ByteBuffer block = ByteBuffer.wrap(bytes, (int) file.offset(), length + 8).slice();
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
    int magic = block.getInt(4);
    boolean bitmap64 = Integer.reverseBytes(magic) == BITMAP64_MAGIC;
    if (magic != BITMAP32_MAGIC && !bitmap64) {
      throw CoreErrors.deletionVectorFormatUnsupported(file.path(), magic);
    }
    long recorded = bitmap64 ? length + 8L : length;
    if (recorded != file.length()) {
      throw new IllegalStateException(
          "vector at offset "
              + file.offset()
              + " is "
              + recorded
              + " bytes, the index manifest says "
              + file.length());
    }
    CRC32 crc = new CRC32();
    crc.update(block.array(), block.arrayOffset() + 4, length);
    int stored = block.getInt(4 + length);
    if ((int) crc.getValue() != stored) {
      throw new IllegalStateException("checksum mismatch at offset " + file.offset());
    }
    block.position(8).limit(4 + length);
    return new DeletionVector(
        bitmap64 ? RoaringBitmap64Format.read(block) : RoaringBitmapReader.read(block));
  }
}
