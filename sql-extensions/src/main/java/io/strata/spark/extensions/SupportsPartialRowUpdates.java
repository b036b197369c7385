package io.strata.spark.extensions;

import java.util.Set;
import org.apache.spark.sql.connector.write.SupportsDelta;

/**
 * A delta operation whose table keeps a column's stored value when an updated row carries null for
 * it (a {@code partial-update} or {@code aggregation} primary-key table). {@link PartialRowUpdates}
 * then writes null for the columns an UPDATE or MERGE leaves unchanged, and Spark no longer reads
 * them from the target.
 */
public interface SupportsPartialRowUpdates extends SupportsDelta {

  /** Names of the columns an updated row may carry as null; empty when every column is written. */
  Set<String> columnsKeptWhenNull();
}
