package io.strata.core.write;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A sorted run of serialized rows in a local temporary file: each record its 4-byte length and its
 * bytes, in key order, the whole stream compressed by the codec. Written once from a cursor, read
 * back as a cursor, then deleted.
 *
 * @param file the temporary file
 * @param codec how the file is compressed
 * @param records how many records it holds
 * @param bytes its size on disk
 */
record SpillRun(Path file, SpillCodec codec, long records, long bytes) {

  private static final int IO_BUFFER = 64 << 10;

  /** Writes every record of {@code cursor} to a new temporary file in {@code dir}. */
  static SpillRun write(Path dir, SpillCodec codec, RecordCursor cursor) {
    Path file = null;
    try {
      Files.createDirectories(dir);
      file = Files.createTempFile(dir, "strata-spill-", ".run");
      long records = 0;
      try (DataOutputStream out =
          new DataOutputStream(
              new BufferedOutputStream(codec.compress(Files.newOutputStream(file)), IO_BUFFER))) {
        while (cursor.next()) {
          out.writeInt(cursor.length());
          out.write(cursor.buffer(), cursor.offset(), cursor.length());
          records++;
        }
      }
      return new SpillRun(file, codec, records, Files.size(file));
    } catch (IOException e) {
      deleteQuietly(file);
      throw new UncheckedIOException("Cannot spill the write buffer to " + dir, e);
    }
  }

  /** The records, in the order written. */
  RecordCursor open() {
    try {
      DataInputStream in =
          new DataInputStream(
              new BufferedInputStream(codec.decompress(Files.newInputStream(file)), IO_BUFFER));
      return new Reader(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the spilled run " + file, e);
    }
  }

  void delete() {
    deleteQuietly(file);
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // A leftover temporary file in a local directory; the OS or Spark cleans it.
    }
  }

  private final class Reader implements RecordCursor {
    private final DataInputStream in;
    private byte[] record = new byte[256];
    private int length;
    private long left = records;

    Reader(DataInputStream in) {
      this.in = in;
    }

    @Override
    public boolean next() {
      if (left == 0) {
        return false;
      }
      try {
        length = in.readInt();
        if (length > record.length) {
          record = new byte[Math.max(length, 2 * record.length)];
        }
        in.readFully(record, 0, length);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the spilled run " + file, e);
      }
      left--;
      return true;
    }

    @Override
    public byte[] buffer() {
      return record;
    }

    @Override
    public int offset() {
      return 0;
    }

    @Override
    public int length() {
      return length;
    }

    @Override
    public void close() {
      try {
        in.close();
      } catch (IOException ignored) {
        // Read to the end or abandoned; nothing is lost.
      }
    }
  }
}
