package io.strata.bench;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestCache;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Issues 6 and 13: expiring many snapshots that together delete many data files. Builds an append
 * table partitioned by {@code p} where every commit replaces the one file of each partition ({@code
 * snapshots + 10} commits, {@code ceil(files / snapshots)} partitions), so expiring the oldest
 * {@code snapshots} snapshots deletes about {@code files} data files plus their manifests. The
 * first commit writes real Parquet files; later ones commit (empty) copies under new names, since
 * expiration never opens a data file. Then it copies the table and expires one copy with Strata's
 * {@link SnapshotExpiration} and the other with Paimon's {@code ExpireSnapshots}, both with their
 * default {@code delete-file.thread-num} (the available processors), counting the manifests each
 * opens.
 *
 * <p>Usage: {@code scripts/bench ExpireSnapshotsBench [snapshots=1000] [files=100000]}.
 */
public final class ExpireSnapshotsBench {

  private static final int RETAINED = 10;

  private ExpireSnapshotsBench() {}

  public static void main(String[] args) throws Exception {
    int snapshots = BenchSupport.intArg(args, 0, 1000);
    int files = BenchSupport.intArg(args, 1, 100_000);
    int commits = snapshots + RETAINED;
    int partitions = Math.max(1, (files + snapshots - 1) / snapshots);
    Path dir = BenchSupport.workDir("expire-snapshots");
    Path strataDir = dir.resolve("strata");
    Path paimonDir = dir.resolve("paimon");
    long start = System.nanoTime();
    Path tableDir = build(strataDir, commits, partitions);
    BenchSupport.copyTree(strataDir, paimonDir);
    long dataFiles = BenchSupport.countFiles(tableDir, "data-");
    System.out.printf(
        "Built %d snapshots, %d data files (%d partitions x %d commits, %d live), %d manifest files"
            + " in %.1f s under %s%n",
        commits,
        dataFiles,
        partitions,
        commits,
        partitions,
        BenchSupport.countFiles(tableDir.resolve("manifest"), "manifest-"),
        BenchSupport.seconds(System.nanoTime() - start),
        dir);

    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "engine",
          "expired",
          "data files deleted",
          "time (s)",
          "manifests read",
          "manifest lists read",
          "Strata/Paimon time"
        });
    long[] strata = runStrata(strataDir, snapshots);
    Path paimonTable = paimonDir.resolve("default.db").resolve("t");
    long[] paimon = runPaimon(paimonTable, snapshots);
    long strataDeleted = dataFiles - BenchSupport.countFiles(tableDir, "data-");
    long paimonDeleted = dataFiles - BenchSupport.countFiles(paimonTable, "data-");
    rows.add(row("Strata", strata, strataDeleted, paimon));
    rows.add(row("Paimon 1.3.1", paimon, paimonDeleted, paimon));
    BenchSupport.printTable(
        String.format(
            "ExpireSnapshotsBench: expire %d of %d snapshots that delete ~%d data files, %d"
                + " threads (single run)",
            snapshots,
            commits,
            (long) snapshots * partitions,
            Runtime.getRuntime().availableProcessors()),
        rows);
    BenchSupport.deleteTree(dir);
  }

  private static String[] row(String engine, long[] result, long deleted, long[] peer) {
    return new String[] {
      engine,
      Long.toString(result[0]),
      Long.toString(deleted),
      BenchSupport.fmt(BenchSupport.seconds(result[1])),
      Long.toString(result[2]),
      Long.toString(result[3]),
      BenchSupport.fmt((double) result[1] / peer[1])
    };
  }

  /**
   * An append table in {@code warehouse}: the first commit writes one row per partition, every
   * later commit replaces each partition's file with a new (empty) one.
   */
  private static Path build(Path warehouse, int commits, int partitions) throws IOException {
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
    List<CommitMessage> current;
    try (TableWriter writer = new TableWriter(table)) {
      for (int p = 0; p < partitions; p++) {
        writer.write(new Object[] {(long) p, p});
      }
      current = writer.prepareCommit();
    }
    commit.commit(current, CommitKind.APPEND);
    for (int c = 1; c < commits; c++) {
      List<CommitMessage> next = new ArrayList<>();
      for (CommitMessage m : current) {
        DataFileMeta old = m.newFiles().get(0);
        DataFileMeta replacement =
            old.withLocation("data-" + UUID.randomUUID() + "-0.parquet", null);
        Path bucketDir =
            Path.of(table.dataFilePaths().bucketDir(m.partition(), m.bucket()).toUri());
        Files.createFile(bucketDir.resolve(replacement.fileName()));
        next.add(
            new CommitMessage(
                m.partition(), m.bucket(), m.totalBuckets(), List.of(replacement), List.of(old)));
      }
      commit.commit(next, CommitKind.APPEND);
      current = next;
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
    // Building the table filled the JVM's manifest cache; Paimon starts cold, so does Strata.
    ManifestCache.shared().clear();
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
