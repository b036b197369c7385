package io.strata.spark.read;

import io.strata.core.options.ScanOptions;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.spark.SparkErrors;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;

/**
 * Builds a {@link FallbackBranchScan}: filters and columns go to the read branch's and the fallback
 * branch's scan alike. Aggregates, limits and top-N are not pushed: Spark computes them over both.
 */
public final class FallbackScanBuilder
    implements ScanBuilder, SupportsPushDownV2Filters, SupportsPushDownRequiredColumns {

  private final StrataScanBuilder main;
  private final StrataScanBuilder fallback;
  private final String branch;

  private FallbackScanBuilder(StrataScanBuilder main, StrataScanBuilder fallback, String branch) {
    this.main = main;
    this.fallback = fallback;
    this.branch = branch;
  }

  /**
   * The builder of a batch read of {@code table} at {@code snapshot}, falling back to the branch
   * its {@code scan.fallback-branch} names; null when it names none, or names the branch read.
   *
   * @param travelled whether {@code snapshot} was chosen by time travel: the fallback branch is
   *     then read at its latest snapshot committed at or before that snapshot's time, as Paimon
   *     reads it; otherwise at its latest
   */
  public static FallbackScanBuilder of(
      FileStoreTable table, Snapshot snapshot, boolean travelled, Map<String, String> options) {
    String name = table.options().with(options).get(ScanOptions.FALLBACK_BRANCH);
    if (name == null || name.isBlank() || name.equals(table.branch())) {
      return null;
    }
    FileStoreTable other;
    try {
      other = table.switchToBranch(name);
    } catch (IllegalArgumentException e) {
      throw SparkErrors.fallbackBranchMissing(table.root().getName(), name, e);
    }
    checkSameShape(table, other);
    Snapshot at = other.snapshotManager().latest();
    if (travelled && snapshot != null && at != null) {
      at = atOrBefore(other, snapshot.timeMillis());
    }
    return new FallbackScanBuilder(
        new StrataScanBuilder(table, snapshot, options),
        new StrataScanBuilder(other, at, options),
        name);
  }

  /**
   * The branch's latest snapshot committed at or before {@code millis}; when none is that old, its
   * first snapshot, as Paimon 1.3.1 reads a fallback branch then (it asks for snapshot 1).
   */
  private static Snapshot atOrBefore(FileStoreTable table, long millis) {
    java.util.OptionalLong earliest = table.snapshotManager().earliestId();
    if (earliest.isEmpty()) {
      return null;
    }
    Snapshot first = table.snapshotManager().snapshot(earliest.getAsLong());
    return first.timeMillis() > millis ? first : new SnapshotSelector(table).byTimestamp(millis);
  }

  /** Paimon reads a fallback branch only with the same columns (nullability aside) and keys. */
  private static void checkSameShape(FileStoreTable main, FileStoreTable other) {
    if (!sameColumns(main.schema().rowType(), other.schema().rowType())) {
      throw SparkErrors.fallbackBranchColumns(
          main.root().getName(),
          main.branch(),
          other.branch(),
          main.schema().rowType().toString(),
          other.schema().rowType().toString());
    }
    List<String> keys = main.schema().primaryKeys();
    if (!keys.isEmpty() && !keys.equals(other.schema().primaryKeys())) {
      throw SparkErrors.fallbackBranchKeys(
          main.root().getName(), main.branch(), other.branch(), keys, other.schema().primaryKeys());
    }
  }

  private static boolean sameColumns(RowType a, RowType b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      DataField x = a.field(i);
      DataField y = b.field(i);
      if (!x.name().equals(y.name())
          || !x.type().withNullable(true).equals(y.type().withNullable(true))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    fallback.pushPredicates(predicates);
    return main.pushPredicates(predicates);
  }

  @Override
  public Predicate[] pushedPredicates() {
    return main.pushedPredicates();
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    main.pruneColumns(requiredSchema);
    fallback.pruneColumns(requiredSchema);
  }

  @Override
  public Scan build() {
    return new FallbackBranchScan((StrataScan) main.build(), (StrataScan) fallback.build(), branch);
  }
}
