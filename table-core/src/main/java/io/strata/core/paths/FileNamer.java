package io.strata.core.paths;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Names new files as Paimon does: {@code <prefix>-<uuid>-<n>[suffix]}, one uuid per namer and a
 * counter, so the files of one writer sort together and never collide.
 */
public final class FileNamer {

  private final String prefix;
  private final String suffix;
  private final String uuid = UUID.randomUUID().toString();
  private final AtomicInteger counter = new AtomicInteger();

  public FileNamer(String prefix, String suffix) {
    this.prefix = prefix;
    this.suffix = suffix;
  }

  public static FileNamer manifests() {
    return new FileNamer("manifest-", "");
  }

  /** Hash and deletion-vector index files under {@code index/}. */
  public static FileNamer indexFiles() {
    return new FileNamer("index-", "");
  }

  public static FileNamer manifestLists() {
    return new FileNamer("manifest-list-", "");
  }

  public static FileNamer dataFiles(String extension) {
    return new FileNamer("data-", "." + extension);
  }

  /**
   * Changelog files ({@code changelog-producer} {@code input}) beside the data files of a bucket.
   */
  public static FileNamer changelogFiles(String extension) {
    return new FileNamer("changelog-", "." + extension);
  }

  public String next() {
    return prefix + uuid + "-" + counter.getAndIncrement() + suffix;
  }
}
