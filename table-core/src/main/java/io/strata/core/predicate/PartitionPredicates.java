package io.strata.core.predicate;

import io.strata.core.types.RowType;
import java.util.List;

/** Predicates over partition rows. */
public final class PartitionPredicates {

  private PartitionPredicates() {}

  /**
   * Holds for exactly the partition {@code values} (one per field of {@code partitionType}, null
   * for a null value), so that manifest partition stats can prune manifests that cannot hold it.
   */
  public static Predicate equalTo(RowType partitionType, Object[] values) {
    Predicate all = new ConstantPredicate(true);
    for (int i = 0; i < partitionType.size(); i++) {
      String name = partitionType.field(i).name();
      Predicate field =
          values[i] == null
              ? new LeafPredicate(
                  i, name, partitionType.typeAt(i), LeafPredicate.Op.IS_NULL, List.of())
              : new LeafPredicate(
                  i, name, partitionType.typeAt(i), LeafPredicate.Op.EQ, List.of(values[i]));
      all = all.and(field);
    }
    return all;
  }
}
