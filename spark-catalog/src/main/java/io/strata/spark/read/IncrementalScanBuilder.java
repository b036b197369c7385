package io.strata.spark.read;

import io.strata.core.predicate.Predicate;
import io.strata.core.scan.IncrementalRange;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.spark.SparkPredicates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A batch incremental read ({@code incremental-between}, {@code incremental-between-timestamp},
 * {@code incremental-to-auto-tag}) of a table or its {@code $audit_log}. The range is resolved when
 * the read is set up, so a bad range fails the query before any task runs. Predicates on partition
 * columns prune buckets; Spark evaluates every predicate on the rows.
 */
public final class IncrementalScanBuilder
    implements ScanBuilder, SupportsPushDownV2Filters, SupportsPushDownRequiredColumns {

  private final FileStoreTable table;
  private final Map<String, String> options;
  private final ReadMode mode;
  private final IncrementalRange range;
  private RowType readType;
  private Predicate partitionFilter;
  private org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed =
      new org.apache.spark.sql.connector.expressions.filter.Predicate[0];

  /** Whether {@code options} (merged over the table's) ask for an incremental read. */
  public static boolean requested(FileStoreTable table, Map<String, String> options) {
    return IncrementalRange.requested(table.options().with(options));
  }

  public IncrementalScanBuilder(FileStoreTable table, Map<String, String> options, ReadMode mode) {
    this.table = table;
    this.options = options;
    this.mode = mode;
    this.range = IncrementalRange.resolve(table, table.options().with(options));
    this.readType = table.schema().rowType();
  }

  /** The incremental options of a read that also chose a version (VERSION / TIMESTAMP AS OF). */
  public static List<String> incrementalOptions(FileStoreTable table, Map<String, String> options) {
    return IncrementalRange.given(table.options().with(options));
  }

  @Override
  public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushPredicates(
      org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
    RowType partitionType = table.schema().partitionType();
    SparkPredicates partitionFilters = new SparkPredicates(partitionType);
    List<org.apache.spark.sql.connector.expressions.filter.Predicate> used = new ArrayList<>();
    for (org.apache.spark.sql.connector.expressions.filter.Predicate f : predicates) {
      if (partitionType.size() == 0 || !referencesOnly(f, partitionType)) {
        continue;
      }
      Optional<Predicate> p = partitionFilters.convert(f);
      if (p.isPresent()) {
        used.add(f);
        partitionFilter = partitionFilter == null ? p.get() : partitionFilter.and(p.get());
      }
    }
    pushed = used.toArray(new org.apache.spark.sql.connector.expressions.filter.Predicate[0]);
    return predicates;
  }

  private static boolean referencesOnly(
      org.apache.spark.sql.connector.expressions.filter.Predicate f, RowType type) {
    for (NamedReference ref : f.references()) {
      if (ref.fieldNames().length != 1 || type.indexOf(ref.fieldNames()[0]) < 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushedPredicates() {
    return pushed;
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    RowType rowType = table.schema().rowType();
    List<DataField> fields = new ArrayList<>();
    for (StructField f : requiredSchema.fields()) {
      int i = rowType.indexOf(f.name());
      if (i >= 0) {
        fields.add(rowType.field(i));
      }
    }
    readType = new RowType(fields);
  }

  @Override
  public Scan build() {
    return new IncrementalBatchScan(table, options, mode, range, readType, partitionFilter, pushed);
  }
}
