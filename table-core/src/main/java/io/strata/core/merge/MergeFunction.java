package io.strata.core.merge;

import java.util.List;

/**
 * How the records of one primary key combine into its current row (table option {@code
 * merge-engine}). Records arrive in sequence order (by {@code sequence.field} first when set).
 */
public interface MergeFunction {

  /**
   * The merged record, carrying the highest sequence number, or null when the key is deleted. The
   * result may itself be merged again with later records (merging is associative).
   */
  KeyValue merge(List<KeyValue> records);

  /** Whether a merged record may be a retraction that must be kept (only deduplicate). */
  default boolean keepsRetractions() {
    return false;
  }
}
