package io.strata.core.fileindex;

import io.strata.core.errors.CoreErrors;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A data file's index in Paimon's file-index format, embedded in the manifest ({@code
 * embeddedIndex}) or kept as {@code <data file>.index} beside it: a head naming, for each column,
 * its indexes by type ({@code bloom-filter}, {@code bitmap}, ...) with their offset and length in
 * the file, then their bodies.
 *
 * <p>Layout (big-endian): magic {@code 1493475289347502L}, version 1, the head's length (counted
 * from the file's start), the column count, per column its name (modified UTF-8), its index count
 * and per index the type, start and length (start -1: an empty index), a redundant length and
 * bytes, then the bodies.
 */
public final class FileIndexFile {

  static final long MAGIC = 1493475289347502L;
  static final int VERSION = 1;

  /** Column name to index type to body; null body for an empty index. */
  private final Map<String, Map<String, byte[]>> indexes;

  private FileIndexFile(Map<String, Map<String, byte[]>> indexes) {
    this.indexes = indexes;
  }

  /** Parses a whole index file; fails naming what is wrong with it. */
  public static FileIndexFile parse(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      if (in.readLong() != MAGIC) {
        throw CoreErrors.unreadableFileIndex("its magic number is wrong.");
      }
      int version = in.readInt();
      if (version != VERSION) {
        throw CoreErrors.unreadableFileIndex(
            "its version is " + version + ", and Strata reads version " + VERSION + ".");
      }
      in.readInt(); // the head's length
      int columns = in.readInt();
      Map<String, Map<String, byte[]>> indexes = new HashMap<>();
      for (int c = 0; c < columns; c++) {
        String column = in.readUTF();
        int count = in.readInt();
        Map<String, byte[]> byType = new HashMap<>();
        for (int i = 0; i < count; i++) {
          String type = in.readUTF();
          int start = in.readInt();
          int length = in.readInt();
          byType.put(type, start < 0 ? null : Arrays.copyOfRange(bytes, start, start + length));
        }
        indexes.put(column, byType);
      }
      return new FileIndexFile(indexes);
    } catch (java.io.EOFException e) {
      throw CoreErrors.unreadableFileIndex("it is shorter than its head says.");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read a Paimon file index", e);
    } catch (IndexOutOfBoundsException e) {
      throw CoreErrors.unreadableFileIndex("it is shorter than its head says.");
    }
  }

  /** The body of {@code column}'s index of {@code type}; null when it has none (or it is empty). */
  /** The indexed columns, by the names the data file gives them. */
  public java.util.Set<String> columns() {
    return java.util.Collections.unmodifiableSet(indexes.keySet());
  }

  byte[] index(String column, String type) {
    Map<String, byte[]> byType = indexes.get(column);
    return byType == null ? null : byType.get(type);
  }
}
