package io.strata.core.deletion;

import java.io.Serializable;
import java.util.Objects;

/**
 * Where one data file's deletion vector is stored: a range of a deletion-vector index file.
 *
 * @param path the index file's full path
 * @param offset where the vector's 4-byte length prefix starts
 * @param length the serialized vector's length (magic number and bitmap, without prefix and CRC)
 * @param cardinality the number of deleted rows, or null when the writer did not record it
 */
public record DeletionFile(String path, long offset, long length, Long cardinality)
    implements Serializable {

  public DeletionFile {
    Objects.requireNonNull(path, "path");
  }
}
