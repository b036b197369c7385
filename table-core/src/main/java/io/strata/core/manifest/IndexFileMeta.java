package io.strata.core.manifest;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One index file under {@code index/}: a deletion-vector file or a dynamic-bucket hash index.
 *
 * @param indexType {@code DELETION_VECTORS} or {@code HASH}
 * @param rowCount for deletion vectors the number of data files with a vector in the file; for a
 *     hash index the number of keys
 * @param deletionVectorRanges where each data file's deletion vector lies in the file; null for
 *     index types other than deletion vectors
 * @param externalPath the file's full path when it lives outside the table, else null
 */
public record IndexFileMeta(
    String indexType,
    String fileName,
    long fileSize,
    long rowCount,
    List<DeletionVectorRange> deletionVectorRanges,
    String externalPath)
    implements Serializable {

  /** {@code _INDEX_TYPE} of deletion-vector index files. */
  public static final String DELETION_VECTORS = "DELETION_VECTORS";

  public IndexFileMeta {
    Objects.requireNonNull(indexType, "indexType");
    Objects.requireNonNull(fileName, "fileName");
    deletionVectorRanges = deletionVectorRanges == null ? null : List.copyOf(deletionVectorRanges);
  }

  /**
   * The bytes of one data file's deletion vector in an index file.
   *
   * @param offset where the vector's length prefix starts
   * @param length the length of the serialized vector (magic number and bitmap)
   * @param cardinality the number of deleted positions, or null when the writer did not record it
   */
  public record DeletionVectorRange(String dataFileName, int offset, int length, Long cardinality)
      implements Serializable {
    public DeletionVectorRange {
      Objects.requireNonNull(dataFileName, "dataFileName");
    }
  }
}
