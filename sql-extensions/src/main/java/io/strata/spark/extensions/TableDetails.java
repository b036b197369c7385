package io.strata.spark.extensions;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.SupportsRead;

/**
 * A table with facts Spark's DESCRIBE TABLE EXTENDED does not show (its kind, the snapshot a read
 * sees, how many splits that read plans). {@link DescribeWithDetails} lists them with the table
 * properties of that DESCRIBE only: as real properties, SHOW CREATE TABLE would copy them into new
 * tables.
 */
public interface TableDetails extends SupportsRead {

  /** Keys and values, each key starting with {@code strata.} so none is taken for an option. */
  Map<String, String> details();
}
