package io.strata.core.table;

import io.strata.core.catalog.Identifier;
import java.nio.file.Path;

/**
 * The writer process {@link ProcessKillTest} kills: runs one {@link CrashScenarios} operation on
 * the table a parent prepared, and stops for good at one writing file operation, after writing a
 * marker file, so that the parent can SIGKILL it right there.
 *
 * <p>Arguments: warehouse directory, scenario name, 0-based operation to stop at, marker file.
 */
final class KilledWriter {

  /** The exit status when the operation finished without reaching its stop: the parent fails. */
  static final int NEVER_STOPPED = 3;

  private KilledWriter() {}

  public static void main(String[] args) {
    Path warehouse = Path.of(args[0]);
    CrashScenarios scenario =
        CrashScenarios.all().stream().filter(s -> s.name().equals(args[1])).findFirst().get();
    int stopAt = Integer.parseInt(args[2]);
    FileStoreTable table =
        TableTestSupport.catalog(warehouse).loadTable(new Identifier("default", "t"));
    scenario
        .operation()
        .accept(CrashAftermath.reopen(table, CrashingFileIO.pausing(stopAt, Path.of(args[3]))));
    System.err.println("the operation finished before reaching operation " + stopAt);
    System.exit(NEVER_STOPPED);
  }
}
