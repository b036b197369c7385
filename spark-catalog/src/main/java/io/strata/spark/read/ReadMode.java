package io.strata.spark.read;

/** What a scan returns: table rows, top-level files only ({@code $ro}), or {@code $audit_log}. */
public enum ReadMode {
  DATA,
  READ_OPTIMIZED,
  AUDIT_LOG;

  /** The extra leading column of {@code $audit_log}. */
  public static final String ROW_KIND = "rowkind";
}
