package io.strata.core.index;

import io.strata.core.data.BinaryRow;
import io.strata.core.io.FileIO;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.paths.FileNamer;
import io.strata.core.paths.IndexFilePaths;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.Path;

/**
 * A dynamic-bucket hash index file under {@code index/}: the 32-bit hash codes of the keys of one
 * bucket, each a 4-byte big-endian int, nothing else. Its {@link IndexFileMeta} has index type
 * {@code HASH} and the number of hashes as row count.
 */
public final class HashIndexFile {

  /** {@code _INDEX_TYPE} of hash index files. */
  public static final String HASH = "HASH";

  private final FileIO fileIO;
  private final IndexFilePaths paths;
  private final FileNamer names = FileNamer.indexFiles();

  public HashIndexFile(FileIO fileIO, IndexFilePaths paths) {
    this.fileIO = fileIO;
    this.paths = paths;
  }

  /** The hashes of {@code file}, in file order. */
  public int[] read(BinaryRow partition, int bucket, IndexFileMeta file) {
    Path path = path(partition, bucket, file);
    try {
      return decode(fileIO.readBytes(path));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read hash index " + path, e);
    }
  }

  /** Writes {@code hashes} into a new index file and returns its meta. */
  public IndexFileMeta write(BinaryRow partition, int bucket, int[] hashes) {
    String name = names.next();
    Path path = paths.newFile(partition, bucket, name);
    byte[] bytes = encode(hashes);
    try (OutputStream out = fileIO.newOutputStream(path)) {
      out.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write hash index " + path, e);
    }
    return new IndexFileMeta(HASH, name, bytes.length, hashes.length, null, null);
  }

  /** Deletes an index file that will never be committed; an orphan at worst. */
  public void deleteQuietly(BinaryRow partition, int bucket, IndexFileMeta file) {
    try {
      fileIO.delete(path(partition, bucket, file));
    } catch (IOException ignored) {
      // remove_orphan_files cleans it.
    }
  }

  private Path path(BinaryRow partition, int bucket, IndexFileMeta file) {
    return paths.of(partition, bucket, file.fileName(), file.externalPath());
  }

  /** The file's bytes: every hash as a 4-byte big-endian int. */
  public static byte[] encode(int[] hashes) {
    ByteBuffer buffer = ByteBuffer.allocate(hashes.length * Integer.BYTES);
    for (int h : hashes) {
      buffer.putInt(h);
    }
    return buffer.array();
  }

  /** The hashes of a file's bytes; a trailing partial int is ignored as Paimon does. */
  public static int[] decode(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    int[] hashes = new int[bytes.length / Integer.BYTES];
    for (int i = 0; i < hashes.length; i++) {
      hashes[i] = buffer.getInt();
    }
    return hashes;
  }
}
