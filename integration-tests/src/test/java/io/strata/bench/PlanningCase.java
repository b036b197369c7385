package io.strata.bench;

import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.table.source.Split;

/**
 * Planning a table of many partitions, buckets, files and snapshots ({@link PlanningTables}), with
 * each engine's Java API: Strata's {@code TableScan}, Paimon's {@code newScan().plan()} of Strata's
 * very table, and Iceberg's {@code planFiles()}. Cold: the table is loaded afresh (schema, latest
 * snapshot or metadata file) and planned once, so no in-process metadata cache helps (the JVM and
 * the OS page cache are warm all the same). Warm: the same loaded table plans again. Every engine
 * must plan the same number of data files.
 */
final class PlanningCase {

  private final Path dir;
  private final int partitions;
  private final int snapshots;
  private final int reps;

  PlanningCase(Path dir, int partitions, int snapshots, int reps) {
    this.dir = dir;
    this.partitions = partitions;
    this.snapshots = snapshots;
    this.reps = reps;
  }

  void run(ReadResults results) throws IOException {
    long start = System.nanoTime();
    Path strataDir = PlanningTables.writeStrata(strataWarehouse(), partitions, snapshots);
    long strata = System.nanoTime();
    HadoopCatalog iceberg = icebergCatalog();
    PlanningTables.registerInIceberg(iceberg, strataDir, snapshots);
    long files = BenchSupport.countFiles(strataDir, "data-");
    System.err.printf(
        "planning table: %,d data files in %d snapshots written by Strata in %s s, registered in"
            + " Iceberg in %s s%n",
        files,
        snapshots,
        BenchSupport.fmt(BenchSupport.seconds(strata - start)),
        BenchSupport.fmt(BenchSupport.seconds(System.nanoTime() - strata)));
    String shape =
        String.format(
            Locale.ROOT,
            "%,d partitions × 4 buckets, %,d files, %d snapshots",
            partitions,
            files,
            snapshots);

    Map<String, Supplier<String>> cold = new LinkedHashMap<>();
    cold.put(ReadResults.STRATA, () -> strataPlan(loadStrata()));
    cold.put(ReadResults.ICEBERG, this::icebergColdPlan);
    cold.put(ReadResults.PAIMON, () -> paimonPlan(loadPaimon(strataDir)));
    results.add("planning, cold (" + shape + ")", Timing.interleaved(reps, cold));

    FileStoreTable strataTable = loadStrata();
    Table icebergTable = iceberg.loadTable(PlanningTables.ICEBERG_ID);
    org.apache.paimon.table.FileStoreTable paimonTable = loadPaimon(strataDir);
    Map<String, Supplier<String>> warm = new LinkedHashMap<>();
    warm.put(ReadResults.STRATA, () -> strataPlan(strataTable));
    warm.put(ReadResults.ICEBERG, () -> icebergPlan(icebergTable));
    warm.put(ReadResults.PAIMON, () -> paimonPlan(paimonTable));
    results.add("planning, warm (same shape)", Timing.interleaved(reps, warm));
  }

  private FileStoreTable loadStrata() {
    return PlanningTables.strataCatalog(strataWarehouse()).loadTable(PlanningTables.STRATA_ID);
  }

  private static org.apache.paimon.table.FileStoreTable loadPaimon(Path strataDir) {
    return BenchSupport.paimonTable(LocalFileIO.create(), strataDir);
  }

  private HadoopCatalog icebergCatalog() {
    return new HadoopCatalog(new Configuration(), dir.resolve("iceberg").toString());
  }

  private String icebergColdPlan() {
    try (HadoopCatalog catalog = icebergCatalog()) {
      return icebergPlan(catalog.loadTable(PlanningTables.ICEBERG_ID));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String strataPlan(FileStoreTable table) {
    long files = 0;
    for (DataSplit split : table.newScan().plan(table.snapshotManager().latest()).splits()) {
      files += split.files().size();
    }
    return files + " files";
  }

  private static String paimonPlan(org.apache.paimon.table.FileStoreTable table) {
    long files = 0;
    for (Split split : table.newScan().plan().splits()) {
      files += ((org.apache.paimon.table.source.DataSplit) split).dataFiles().size();
    }
    return files + " files";
  }

  private static String icebergPlan(Table table) {
    long files = 0;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask ignored : tasks) {
        files++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files + " files";
  }

  private Path strataWarehouse() {
    return dir.resolve("strata");
  }
}
