package io.strata.spark.extensions;

import java.util.List;
import org.apache.spark.sql.connector.catalog.Table;

/**
 * A table that merges the schema of a by-name write into its own: the copy returned by {@link
 * #acceptingAnySchema()} reports {@code ACCEPT_ANY_SCHEMA}, so Spark hands it the data as it is,
 * and its write builder adds the missing columns before writing.
 */
public interface SupportsSchemaMerge extends Table {

  /** Session settings that make every by-name write of the session merge schemas. */
  List<String> MERGE_SCHEMA_CONFS =
      List.of("spark.strata.write.merge-schema", "spark.paimon.write.merge-schema");

  /** Write options that make one by-name write merge schemas. */
  List<String> MERGE_SCHEMA_OPTIONS = List.of("mergeSchema", "write.merge-schema");

  /** This table, reporting {@code ACCEPT_ANY_SCHEMA} and merging the written schema. */
  Table acceptingAnySchema();
}
