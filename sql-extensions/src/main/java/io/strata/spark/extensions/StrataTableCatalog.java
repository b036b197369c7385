package io.strata.spark.extensions;

import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * A Strata catalog: the SQL extensions report its missing tables in one line ({@link
 * MissingTables}); other catalogs keep Spark's own errors.
 */
public interface StrataTableCatalog extends TableCatalog {}
