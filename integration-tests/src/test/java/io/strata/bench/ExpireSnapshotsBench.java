package io.strata.bench;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Issue 6: expiring many snapshots of a table with many live files. Builds an append table
 * partitioned by {@code p} with one small file per partition per commit ({@code snapshots + 10}
 * commits, {@code ceil(files / commits)} partitions), copies it, then expires the oldest {@code
 * snapshots} snapshots of one copy with Strata's {@link SnapshotExpiration} and of the other with
 * Paimon's {@code ExpireSnapshots}, counting the manifests each opens.
 *
 * <p>Usage: {@code scripts/bench ExpireSnapshotsBench [snapshots=1000] [files=10000]}.
 */
public final class ExpireSnapshotsBench {

  private static final int RETAINED = 10;

  private ExpireSnapshotsBench() {}

  public static void main(String[] args) throws Exception {
    int snapshots = BenchSupport.intArg(args, 0, 1000);
    int files = BenchSupport.intArg(args, 1, 10_000);
    int commits = snapshots + RETAINED;
    int partitions = Math.max(1, (files + commits - 1) / commits);
    Path dir = BenchSupport.workDir("expire-snapshots");
    Path strataDir = dir.resolve("strata");
    Path paimonDir = dir.resolve("paimon");
    long start = System.nanoTime();
    Path tableDir = build(strataDir, commits, partitions);
    BenchSupport.copyTree(strataDir, paimonDir);
    long liveFiles = BenchSupport.countFiles(tableDir, "data-");
    System.out.printf(
        "Built %d snapshots, %d live data files (%d partitions x %d commits), %d manifest files in"
            + " %.1f s under %s%n",
        commits,
        liveFiles,
        partitions,
        commits,
        BenchSupport.countFiles(tableDir.resolve("manifest"), "manifest-"),
        BenchSupport.seconds(System.nanoTime() - start),
        dir);

    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "engine",
          "expired",
          "time (s)",
          "manifests read",
          "manifest lists read",
          "Strata/Paimon time"
        });
    long[] strata = runStrata(strataDir, snapshots);
    long[] paimon = runPaimon(paimonDir.resolve("default.db").resolve("t"), snapshots);
    rows.add(row("Strata", strata, paimon));
    rows.add(row("Paimon 1.3.1", paimon, paimon));
    BenchSupport.printTable(
        String.format(
            "ExpireSnapshotsBench: expire %d of %d snapshots, %d live files (single run)",
            snapshots, commits, liveFiles),
        rows);
    BenchSupport.deleteTree(dir);
  }

  private static String[] row(String engine, long[] result, long[] peer) {
    return new String[] {
      engine,
      Long.toString(result[0]),
      BenchSupport.fmt(BenchSupport.seconds(result[1])),
      Long.toString(result[2]),
      Long.toString(result[3]),
      BenchSupport.fmt((double) result[1] / peer[1])
    };
  }

  /** An append table in {@code warehouse}: one file per partition per commit. */
  private static Path build(Path warehouse, int commits, int partitions) {
    WarehouseCatalog catalog = BenchSupport.strataCatalog(warehouse, io());
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "p", DataTypes.INT())));
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", "t"),
            SchemaFactory.create(columns, List.of("p"), List.of(), Map.of(), null, 1L));
    FileStoreCommit commit = new FileStoreCommit(table, "bench", Clock.systemUTC());
    long id = 0;
    for (int c = 0; c < commits; c++) {
      try (TableWriter writer = new TableWriter(table)) {
        for (int p = 0; p < partitions; p++) {
          writer.write(new Object[] {id++, p});
        }
        commit.commit(writer.prepareCommit(), CommitKind.APPEND);
      }
    }
    return warehouse.resolve("default.db").resolve("t");
  }

  private static io.strata.core.io.FileIO io() {
    return io.strata.core.io.HadoopFileIO.local();
  }

  /** {expired, nanos, manifests read, manifest lists read}. */
  private static long[] runStrata(Path warehouse, int snapshots) {
    BenchSupport.CountingFileIO fileIO = new BenchSupport.CountingFileIO();
    FileStoreTable table =
        BenchSupport.strataCatalog(warehouse, fileIO).loadTable(new Identifier("default", "t"));
    fileIO.counts.reset();
    long start = System.nanoTime();
    int expired =
        new SnapshotExpiration(table)
            .expire(new ExpireConfig(1, Integer.MAX_VALUE, Long.MAX_VALUE, snapshots));
    long nanos = System.nanoTime() - start;
    return new long[] {
      expired, nanos, fileIO.counts.manifests.get(), fileIO.counts.manifestLists.get()
    };
  }

  private static long[] runPaimon(Path tableDir, int snapshots) {
    BenchSupport.CountingPaimonFileIO fileIO = new BenchSupport.CountingPaimonFileIO();
    org.apache.paimon.table.FileStoreTable table = BenchSupport.paimonTable(fileIO, tableDir);
    org.apache.paimon.options.ExpireConfig config =
        org.apache.paimon.options.ExpireConfig.builder()
            .snapshotRetainMin(1)
            .snapshotRetainMax(Integer.MAX_VALUE)
            .snapshotTimeRetain(Duration.ZERO)
            .snapshotMaxDeletes(snapshots)
            .build();
    fileIO.counts.reset();
    long start = System.nanoTime();
    int expired = table.newExpireSnapshots().config(config).expire();
    long nanos = System.nanoTime() - start;
    return new long[] {
      expired, nanos, fileIO.counts.manifests.get(), fileIO.counts.manifestLists.get()
    };
  }
}
