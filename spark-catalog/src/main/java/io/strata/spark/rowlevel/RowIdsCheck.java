package io.strata.spark.rowlevel;

import io.strata.core.table.FileStoreTable;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkErrors;
import java.util.Locale;
import org.apache.spark.sql.connector.write.RowLevelOperation.Command;

/**
 * Refuses a row-level command that would rewrite rows of a row-tracking table, whose rewritten rows
 * would take new ids. UPDATE and MERGE are refused when Spark plans them; a DELETE when Spark
 * writes it, since one that drops whole partitions ({@code deleteWhere}) rewrites nothing.
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
