package io.strata.spark;

import io.strata.core.catalog.Identifier;
import io.strata.core.table.FileStoreTable;
import org.apache.spark.sql.connector.catalog.StagedTable;

/**
 * A table Spark writes before it becomes the catalog's (a staged create or replace): writes go to
 * {@code table}, and Spark then commits (puts it in place) or aborts (deletes it).
 */
final class StagedStrataTable extends StrataTable implements StagedTable {

  private final Runnable commit;
  private final Runnable abort;

  StagedStrataTable(
      String catalogName,
      Identifier identifier,
      FileStoreTable table,
      Runnable commit,
      Runnable abort) {
    super(catalogName, identifier, table);
    this.commit = commit;
    this.abort = abort;
  }

  @Override
  public void commitStagedChanges() {
    commit.run();
  }

  @Override
  public void abortStagedChanges() {
    abort.run();
  }
}
