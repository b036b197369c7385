package io.strata.spark.extensions;

import org.apache.spark.sql.connector.catalog.Table;

/**
 * A table that merges the schema of a by-name write into its own: the copy returned by {@link
 * #acceptingAnySchema()} reports {@code ACCEPT_ANY_SCHEMA}, so Spark hands it the data as it is,
 * and its write builder adds the missing columns before writing.
 */
public interface SupportsSchemaMerge extends Table {

  /** Session setting that makes every by-name write of the session merge schemas. */
  String MERGE_SCHEMA_CONF = "spark.strata.write.merge-schema";

  /** Write option that makes one by-name write merge schemas. */
  String MERGE_SCHEMA_OPTION = "mergeSchema";

  /** This table, reporting {@code ACCEPT_ANY_SCHEMA} and merging the written schema. */
  Table acceptingAnySchema();
}
