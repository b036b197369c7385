package io.strata.core.manifest;

import io.strata.core.data.BinaryRow;
import java.util.List;

/**
 * Metadata of one data file, the {@code _FILE} record of a manifest entry (FORMAT.md §4).
 *
 * @param creationTimeMillis local wall-clock time stored as if UTC millis; null when unknown
 * @param deleteRowCount null means the file may contain delete rows
 * @param fileSource null when unknown
 * @param valueStatsCols null = stats cover every column of the file's schema
 */
public record DataFileMeta(
    String fileName,
    long fileSize,
    long rowCount,
    BinaryRow minKey,
    BinaryRow maxKey,
    SimpleStats keyStats,
    SimpleStats valueStats,
    long minSequenceNumber,
    long maxSequenceNumber,
    long schemaId,
    int level,
    List<String> extraFiles,
    Long creationTimeMillis,
    Long deleteRowCount,
    byte[] embeddedIndex,
    FileSource fileSource,
    List<String> valueStatsCols,
    String externalPath,
    Long firstRowId,
    List<String> writeCols)
    implements java.io.Serializable {

  public DataFileMeta {
    extraFiles = extraFiles == null ? List.of() : List.copyOf(extraFiles);
  }

  public DataFileMeta withLevel(int newLevel) {
    return copy(fileName, newLevel, creationTimeMillis, externalPath, extraFiles, embeddedIndex);
  }

  /** The same file under another name or location (tests of hostile and relocated files). */
  public DataFileMeta withLocation(String newFileName, String newExternalPath) {
    return copy(newFileName, level, creationTimeMillis, newExternalPath, extraFiles, embeddedIndex);
  }

  public DataFileMeta withCreationTimeMillis(Long newCreationTimeMillis) {
    return copy(fileName, level, newCreationTimeMillis, externalPath, extraFiles, embeddedIndex);
  }

  /**
   * The same file with another file index: {@code newExtraFiles} beside it and {@code
   * newEmbeddedIndex} (null = none) in the manifest, as {@code CALL sys.rewrite_file_index} leaves
   * it.
   */
  public DataFileMeta withFileIndex(List<String> newExtraFiles, byte[] newEmbeddedIndex) {
    return copy(fileName, level, creationTimeMillis, externalPath, newExtraFiles, newEmbeddedIndex);
  }

  /** The same file with other sequence numbers (a row-tracking commit's snapshot id). */
  public DataFileMeta withSequenceNumbers(long min, long max) {
    return tracked(min, max, firstRowId, writeCols);
  }

  /** The same file whose rows have the row ids from {@code first} on (row tracking). */
  public DataFileMeta withFirstRowId(long first) {
    return tracked(minSequenceNumber, maxSequenceNumber, first, writeCols);
  }

  /**
   * The same file holding the columns {@code newWriteCols}, in order (a row-tracking rewrite's
   * schema columns and then {@code _ROW_ID} and {@code _SEQUENCE_NUMBER}).
   */
  public DataFileMeta withWriteCols(List<String> newWriteCols) {
    return tracked(
        minSequenceNumber,
        maxSequenceNumber,
        firstRowId,
        newWriteCols == null ? null : List.copyOf(newWriteCols));
  }

  /** The same file with other row-tracking metadata. */
  private DataFileMeta tracked(
      long newMinSequence, long newMaxSequence, Long newFirstRowId, List<String> newWriteCols) {
    return new DataFileMeta(
        fileName,
        fileSize,
        rowCount,
        minKey,
        maxKey,
        keyStats,
        valueStats,
        newMinSequence,
        newMaxSequence,
        schemaId,
        level,
        extraFiles,
        creationTimeMillis,
        deleteRowCount,
        embeddedIndex,
        fileSource,
        valueStatsCols,
        externalPath,
        newFirstRowId,
        newWriteCols);
  }

  private DataFileMeta copy(
      String newFileName,
      int newLevel,
      Long newCreationTimeMillis,
      String newExternalPath,
      List<String> newExtraFiles,
      byte[] newEmbeddedIndex) {
    return new DataFileMeta(
        newFileName,
        fileSize,
        rowCount,
        minKey,
        maxKey,
        keyStats,
        valueStats,
        minSequenceNumber,
        maxSequenceNumber,
        schemaId,
        newLevel,
        newExtraFiles,
        newCreationTimeMillis,
        deleteRowCount,
        newEmbeddedIndex,
        fileSource,
        valueStatsCols,
        newExternalPath,
        firstRowId,
        writeCols);
  }
}
