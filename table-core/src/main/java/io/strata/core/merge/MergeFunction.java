package io.strata.core.merge;

import java.util.List;

/**
 * How the records of one primary key combine into its current row (table option {@code
 * merge-engine}). Records arrive in sequence order (by {@code sequence.field} first when set).
 */
public interface MergeFunction {

  /**
   * The merged record, carrying the highest sequence number; a retraction when the key ends deleted
   * and the deletion must reach older files than these records (readers drop it, a compaction into
   * a level above older files keeps it); null when nothing of the key remains to carry. The result
   * may itself be merged again with later records (merging is associative).
   */
  KeyValue merge(List<KeyValue> records);
}
