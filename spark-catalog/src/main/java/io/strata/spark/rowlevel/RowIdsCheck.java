package io.strata.spark.rowlevel;

import io.strata.core.table.FileStoreTable;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkErrors;
import java.util.Locale;
import org.apache.spark.sql.connector.write.RowLevelOperation.Command;

/**
 * Refuses a row-level command that would give rows of a row-tracking table new ids: UPDATE and
 * MERGE by deletion vectors, which write changed rows as new ones. (Copy-on-write keeps the ids:
 * {@link CopyOnWrite#requiredMetadataAttributes}.)
 */
public final class RowIdsCheck {

  private RowIdsCheck() {}

  public static void check(FileStoreTable table, Command command) {
    SparkErrors.surfaced(
        () -> {
          TableWriter.checkRewritable(table, command.name().toLowerCase(Locale.ROOT) + " rows of");
          return null;
        });
  }
}
