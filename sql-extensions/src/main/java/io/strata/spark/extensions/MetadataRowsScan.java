package io.strata.spark.extensions;

import org.apache.spark.sql.connector.read.LocalScan;

/**
 * A {@link LocalScan} whose rows come from a table's metadata (an aggregate answered from the
 * manifests, a system table): the driver filters and projects them itself ({@link
 * MetadataRowsInDriver}), so a query over them runs no Spark job.
 */
public interface MetadataRowsScan extends LocalScan {}
