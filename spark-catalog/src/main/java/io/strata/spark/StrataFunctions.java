package io.strata.spark;

import org.apache.spark.sql.catalyst.analysis.NoSuchFunctionException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;

/**
 * The functions of Strata's catalogs, in their empty namespace: {@code strata_bucket}, {@code
 * bucket}, which Spark binds to the bucket transform of a bucketed scan's partitioning, {@code
 * strata_mod_bucket}, and {@code strata_write_task} and {@code strata_partition_buckets}, which
 * writes cluster by. Spark resolves them in the catalog of the table a plan reads or writes.
 */
final class StrataFunctions {

  private StrataFunctions() {}

  static Identifier[] list(String[] namespace) {
    return new Identifier[] {
      Identifier.of(namespace, SparkBucketFunction.NAME),
      Identifier.of(namespace, SparkBucketFunction.TRANSFORM_NAME),
      Identifier.of(namespace, SparkBucketFunction.MOD_NAME),
      Identifier.of(namespace, SparkWriteTaskFunction.NAME),
      Identifier.of(namespace, SparkPartitionBucketsFunction.NAME)
    };
  }

  static UnboundFunction load(Identifier ident) throws NoSuchFunctionException {
    if (ident.namespace().length == 0) {
      String name = ident.name();
      if (name.equalsIgnoreCase(SparkBucketFunction.NAME)) {
        return new SparkBucketFunction();
      }
      if (name.equalsIgnoreCase(SparkBucketFunction.TRANSFORM_NAME)) {
        return SparkBucketFunction.transform();
      }
      if (name.equalsIgnoreCase(SparkBucketFunction.MOD_NAME)) {
        return SparkBucketFunction.mod();
      }
      if (name.equalsIgnoreCase(SparkWriteTaskFunction.NAME)) {
        return new SparkWriteTaskFunction();
      }
      if (name.equalsIgnoreCase(SparkPartitionBucketsFunction.NAME)) {
        return new SparkPartitionBucketsFunction();
      }
    }
    throw new NoSuchFunctionException(ident);
  }
}
