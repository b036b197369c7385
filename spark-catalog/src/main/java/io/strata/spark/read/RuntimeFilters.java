package io.strata.spark.read;

import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.schema.TableSchema;
import io.strata.spark.SparkPredicates;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;

/**
 * Filters Spark adds to a scan at run time (dynamic partition pruning): on partition columns they
 * prune partitions, and on the bucket key of a fixed-bucket table they prune buckets ({@link
 * io.strata.core.scan.BucketFilter}). Both only narrow what is read; Spark still evaluates the
 * join.
 */
record RuntimeFilters(Predicate partitionFilter, Predicate valueFilter) {

  /** The columns Spark may filter at run time: partition columns, then bucket-key columns. */
  static NamedReference[] attributes(TableSchema schema) {
    Set<String> names = new LinkedHashSet<>(schema.partitionKeys());
    Options options = new Options(schema.options());
    if (options.get(TableOptions.BUCKET) > 0) {
      names.addAll(schema.bucketKeys());
    }
    return names.stream().map(Expressions::column).toArray(NamedReference[]::new);
  }

  /** The runtime predicates as a partition filter and a value filter (either may be null). */
  static RuntimeFilters of(
      TableSchema schema, org.apache.spark.sql.connector.expressions.filter.Predicate[] filters) {
    Predicate partition = null;
    if (schema.partitionType().size() > 0) {
      List<String> keys = schema.partitionKeys();
      List<org.apache.spark.sql.connector.expressions.filter.Predicate> onPartitions =
          new ArrayList<>();
      for (org.apache.spark.sql.connector.expressions.filter.Predicate f : filters) {
        boolean only = true;
        for (NamedReference ref : f.references()) {
          only &= ref.fieldNames().length == 1 && keys.contains(ref.fieldNames()[0]);
        }
        if (only) {
          onPartitions.add(f);
        }
      }
      partition =
          new SparkPredicates(schema.partitionType())
              .convertAll(
                  onPartitions.toArray(
                      new org.apache.spark.sql.connector.expressions.filter.Predicate[0]))
              .orElse(null);
    }
    Predicate value = new SparkPredicates(schema.rowType()).convertAll(filters).orElse(null);
    return new RuntimeFilters(partition, value);
  }

  /** {@code a AND b}, where null means no filter. */
  static Predicate and(Predicate a, Predicate b) {
    return a == null ? b : b == null ? a : a.and(b);
  }
}
