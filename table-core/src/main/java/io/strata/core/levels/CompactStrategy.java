package io.strata.core.levels;

/**
 * How much of a bucket a compaction rewrites. FULL: every key bucket into its top level, every
 * append bucket's small files together. MINOR: key buckets as universal compaction picks, append
 * buckets once they hold {@code compaction.min.file-num} consecutive small files. AUTO: what
 * writers do after flushing: universal compaction for key buckets (all of level 0 for first-row
 * tables, whose readers skip it), nothing for append buckets.
 */
public enum CompactStrategy {
  FULL,
  MINOR,
  AUTO
}
