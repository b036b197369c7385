package io.strata.spark.write;

import io.strata.core.predicate.Predicate;
import java.io.Serializable;

/**
 * How a write commits: append, overwrite of the partitions matching a filter (null = all), or
 * overwrite of exactly the partitions it writes.
 */
record WriteMode(Kind kind, Predicate overwriteFilter) implements Serializable {

  enum Kind {
    APPEND,
    OVERWRITE,
    DYNAMIC_OVERWRITE
  }

  static WriteMode append() {
    return new WriteMode(Kind.APPEND, null);
  }

  static WriteMode overwrite(Predicate partitionFilter) {
    return new WriteMode(Kind.OVERWRITE, partitionFilter);
  }

  static WriteMode dynamicOverwrite() {
    return new WriteMode(Kind.DYNAMIC_OVERWRITE, null);
  }
}
