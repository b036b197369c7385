package io.strata.core.manifest;

import io.strata.core.data.BinaryRow;
import java.util.List;

/**
 * Min, max and null counts of some columns, as stored in manifests. {@code nullCounts} entries may
 * be null (unknown); the list itself may be null.
 */
public record SimpleStats(BinaryRow minValues, BinaryRow maxValues, List<Long> nullCounts)
    implements java.io.Serializable {

  /** Stats of zero columns. */
  public static final SimpleStats EMPTY =
      new SimpleStats(BinaryRow.EMPTY, BinaryRow.EMPTY, List.of());
}
