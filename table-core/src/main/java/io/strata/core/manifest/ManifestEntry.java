package io.strata.core.manifest;

import io.strata.core.data.BinaryRow;

/** One record of a manifest file: a data file added to or deleted from a (partition, bucket). */
public record ManifestEntry(
    FileKind kind, BinaryRow partition, int bucket, int totalBuckets, DataFileMeta file) {

  /** The version every entry is written with ({@code _VERSION}). */
  public static final int VERSION = 2;

  /**
   * What makes an ADD and a later DELETE refer to the same file: partition, bucket, level, file
   * name (extra files, embedded index and external path never differ for one file name in practice,
   * and the name is a UUID).
   */
  public record Identifier(BinaryRow partition, int bucket, int level, String fileName) {}

  public Identifier identifier() {
    return new Identifier(partition, bucket, file.level(), file.fileName());
  }

  /**
   * The data file on disk an entry names, whatever its level: Paimon's compaction moves a file that
   * needs no rewrite to a higher level by deleting it at one level and adding it at the next, so
   * whether a file may be deleted is decided by this key, never by {@link #identifier()}.
   */
  public record FileKey(BinaryRow partition, int bucket, String fileName) {}

  public FileKey fileKey() {
    return new FileKey(partition, bucket, file.fileName());
  }
}
