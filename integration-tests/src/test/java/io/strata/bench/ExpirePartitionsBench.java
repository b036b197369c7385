package io.strata.bench;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.data.BucketFunction;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.PartitionExpireStrategy;
import io.strata.core.partition.PartitionExpiration;
import io.strata.core.partition.PartitionExpireConfig;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.TableWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.operation.PartitionExpire;

/**
 * Issue 7: expiring many partitions by their values. Builds an append table partitioned by {@code
 * dt} (a day from 2000-01-01) with {@code 'bucket' = '4'} and 3 files per bucket, each round of
 * files written by commits of at most 500 partitions; copies it, then expires the oldest {@code
 * expire} partitions of one copy with Strata's {@link PartitionExpiration} and of the other with
 * Paimon's {@code PartitionExpire}, counting the manifests each opens.
 *
 * <p>Usage: {@code scripts/bench ExpirePartitionsBench [partitions=2000] [expire=500]}.
 */
public final class ExpirePartitionsBench {

  private static final int BUCKETS = 4;
  private static final int FILES_PER_BUCKET = 3;
  private static final int PARTITIONS_PER_COMMIT = 500;
  private static final LocalDate FIRST_DAY = LocalDate.of(2000, 1, 1);
  private static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "dt", DataTypes.STRING())));

  private ExpirePartitionsBench() {}

  public static void main(String[] args) throws Exception {
    int partitions = BenchSupport.intArg(args, 0, 2000);
    int expire = BenchSupport.intArg(args, 1, 500);
    Path dir = BenchSupport.workDir("expire-partitions");
    Path strataDir = dir.resolve("strata");
    Path paimonDir = dir.resolve("paimon");
    long start = System.nanoTime();
    Path tableDir = build(strataDir, partitions);
    BenchSupport.copyTree(strataDir, paimonDir);
    long liveFiles = BenchSupport.countFiles(tableDir, "data-");
    System.out.printf(
        "Built %d partitions x %d buckets x %d files = %d data files, %d manifest files in %.1f s"
            + " under %s%n",
        partitions,
        BUCKETS,
        FILES_PER_BUCKET,
        liveFiles,
        BenchSupport.countFiles(tableDir.resolve("manifest"), "manifest-"),
        BenchSupport.seconds(System.nanoTime() - start),
        dir);

    // Partition i is the day FIRST_DAY + i; those before day `expire` (minus 12 h) are expired.
    LocalDateTime threshold = FIRST_DAY.plusDays(expire).atStartOfDay().minusHours(12);
    Duration expirationTime =
        Duration.ofSeconds(Duration.between(threshold, LocalDateTime.now()).toSeconds());
    long[] strata = runStrata(strataDir, expirationTime);
    long[] paimon = runPaimon(paimonDir.resolve("default.db").resolve("t"), expirationTime);
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
    rows.add(row("Strata", strata, paimon));
    rows.add(row("Paimon 1.3.1", paimon, paimon));
    BenchSupport.printTable(
        String.format(
            "ExpirePartitionsBench: expire %d of %d partitions, %d data files (single run)",
            expire, partitions, liveFiles),
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

  private static Path build(Path warehouse, int partitions) {
    WarehouseCatalog catalog = BenchSupport.strataCatalog(warehouse, HadoopFileIO.local());
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", "t"),
            SchemaFactory.create(
                COLUMNS,
                List.of("dt"),
                List.of(),
                Map.of("bucket", Integer.toString(BUCKETS), "bucket-key", "id"),
                null,
                1L));
    long[] idOfBucket = idsOfBuckets();
    FileStoreCommit commit = new FileStoreCommit(table, "bench", Clock.systemUTC());
    for (int round = 0; round < FILES_PER_BUCKET; round++) {
      for (int from = 0; from < partitions; from += PARTITIONS_PER_COMMIT) {
        List<CommitMessage> messages = new ArrayList<>();
        for (int p = from; p < Math.min(partitions, from + PARTITIONS_PER_COMMIT); p++) {
          try (TableWriter writer = new TableWriter(table)) {
            String dt = FIRST_DAY.plusDays(p).toString();
            for (long id : idOfBucket) {
              writer.write(new Object[] {id, dt});
            }
            messages.addAll(writer.prepareCommit());
          }
        }
        commit.commit(messages, CommitKind.APPEND);
      }
    }
    return warehouse.resolve("default.db").resolve("t");
  }

  /** One id that hashes to each bucket, so every bucket of every partition gets one file. */
  private static long[] idsOfBuckets() {
    long[] ids = new long[BUCKETS];
    boolean[] found = new boolean[BUCKETS];
    int missing = BUCKETS;
    RowType keyType = COLUMNS.project(List.of("id"));
    for (long id = 0; missing > 0; id++) {
      int bucket = BucketFunction.bucket(keyType, new Object[] {id}, BUCKETS);
      if (!found[bucket]) {
        found[bucket] = true;
        ids[bucket] = id;
        missing--;
      }
    }
    return ids;
  }

  /** {expired, nanos, manifests read, manifest lists read}. */
  private static long[] runStrata(Path warehouse, Duration expirationTime) {
    BenchSupport.CountingFileIO fileIO = new BenchSupport.CountingFileIO();
    FileStoreTable table =
        BenchSupport.strataCatalog(warehouse, fileIO).loadTable(new Identifier("default", "t"));
    PartitionExpireConfig config =
        new PartitionExpireConfig(
            expirationTime,
            PartitionExpireStrategy.VALUES_TIME,
            "yyyy-MM-dd",
            null,
            Integer.MAX_VALUE,
            null);
    fileIO.counts.reset();
    long start = System.nanoTime();
    int expired =
        new PartitionExpiration(table, config, Clock.systemDefaultZone(), "bench").expire().size();
    long nanos = System.nanoTime() - start;
    return new long[] {
      expired, nanos, fileIO.counts.manifests.get(), fileIO.counts.manifestLists.get()
    };
  }

  private static long[] runPaimon(Path tableDir, Duration expirationTime) {
    BenchSupport.CountingPaimonFileIO fileIO = new BenchSupport.CountingPaimonFileIO();
    org.apache.paimon.table.FileStoreTable table =
        BenchSupport.paimonTable(fileIO, tableDir)
            .copy(
                Map.of(
                    "partition.expiration-time", expirationTime.toSeconds() + " s",
                    "partition.timestamp-formatter", "yyyy-MM-dd",
                    "partition.expiration-strategy", "values-time",
                    "partition.expiration-max-num", Integer.toString(Integer.MAX_VALUE),
                    "partition.expiration-check-interval", "0 s"));
    fileIO.counts.reset();
    long start = System.nanoTime();
    PartitionExpire expire = table.store().newPartitionExpire("bench", table);
    int expired = expire.expire(Long.MAX_VALUE).size();
    long nanos = System.nanoTime() - start;
    return new long[] {
      expired, nanos, fileIO.counts.manifests.get(), fileIO.counts.manifestLists.get()
    };
  }
}
