package io.strata.core.manifest;

import io.strata.core.data.BinaryRow;

/** One record of an index manifest: an index file added to or removed from a bucket. */
public record IndexManifestEntry(
    FileKind kind, BinaryRow partition, int bucket, IndexFileMeta indexFile) {

  /** Identifies the file regardless of kind, so a DELETE entry cancels its ADD. */
  public Identifier identifier() {
    return new Identifier(partition, bucket, indexFile.indexType(), indexFile.fileName());
  }

  /** The key of an index file within a table. */
  public record Identifier(BinaryRow partition, int bucket, String indexType, String fileName) {}
}
