package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

/** Options of reads: split sizes and the version to read. */
public final class ScanOptions {

  private ScanOptions() {}

  public static final ConfigOption<Long> SPLIT_TARGET_SIZE =
      of(
              "source.split.target-size",
              OptionType.MEMORY_SIZE,
              128L << 20,
              "Target size of one split when packing files.")
          .withAliases("split.target-size")
          .withCheck(v -> v > 0, "a positive size");

  public static final ConfigOption<Long> SPLIT_OPEN_FILE_COST =
      of(
              "source.split.open-file-cost",
              OptionType.MEMORY_SIZE,
              4L << 20,
              "Weight of opening a file when packing files into splits.")
          .withAliases("split.open-file-cost")
          .withCheck(v -> v >= 0, "a non-negative size");

  public static final ConfigOption<Integer> MANIFEST_PARALLELISM =
      ConfigOption.<Integer>of(
              "scan.manifest.parallelism",
              OptionType.INT,
              null,
              "Threads reading manifests; default: available processors.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<String> FALLBACK_BRANCH =
      ConfigOption.<String>of(
          "scan.fallback-branch",
          OptionType.STRING,
          null,
          "A batch read of this branch reads each partition it does not hold from this branch"
              + " instead (of the same columns and primary key); streams, writes and the other"
              + " branch's own reads are not affected.");

  public static final ConfigOption<Long> SNAPSHOT_ID =
      ConfigOption.<Long>of("scan.snapshot-id", OptionType.LONG, null, "Read this snapshot.");

  public static final ConfigOption<String> TAG_NAME =
      ConfigOption.<String>of(
          "scan.tag-name",
          OptionType.STRING,
          null,
          "Read the snapshot of this tag; a stream reads it whole, then the changes of every later"
              + " snapshot.");

  public static final ConfigOption<Long> TIMESTAMP_MILLIS =
      ConfigOption.<Long>of(
          "scan.timestamp-millis",
          OptionType.LONG,
          null,
          "Read the latest snapshot committed at or before this epoch millis.");

  public static final ConfigOption<String> TIMESTAMP =
      ConfigOption.<String>of(
          "scan.timestamp",
          OptionType.STRING,
          null,
          "Read the latest snapshot committed at or before this time ('yyyy-MM-dd HH:mm:ss').");

  public static final ConfigOption<Long> WATERMARK =
      ConfigOption.<Long>of(
          "scan.watermark",
          OptionType.LONG,
          null,
          "Read the earliest snapshot whose watermark is at or after this one.");

  public static final ConfigOption<Long> FILE_CREATION_TIME_MILLIS =
      ConfigOption.<Long>of(
          "scan.file-creation-time-millis",
          OptionType.LONG,
          null,
          "Read only the data files of the latest snapshot created at or after this epoch millis"
              + " (of a primary-key table, the rows those files hold, merged among themselves); a"
              + " stream then reads the changes of later snapshots.");

  public static final ConfigOption<String> VERSION =
      ConfigOption.<String>of(
          "scan.version", OptionType.STRING, null, "Read this tag name, else this snapshot id.");

  public static final ConfigOption<Boolean> READ_COLUMNAR =
      of(
          "read.columnar.enabled",
          OptionType.BOOLEAN,
          true,
          "Read Parquet files with Spark's vectorized reader: splits that need no merge as"
              + " columnar batches, deduplicate and first-row merges from batches; false reads"
              + " every split row by row.");

  public static final ConfigOption<Boolean> BUCKETED_SCAN =
      of(
          "read.bucketed-scan.enabled",
          OptionType.BOOLEAN,
          false,
          "Read a fixed-bucket table one task per (partition, bucket) and report that layout to"
              + " Spark (with spark.sql.sources.v2.bucketing.enabled), so joins and aggregations"
              + " on the bucket key need no shuffle; false packs small buckets into fewer tasks.");

  public static final ConfigOption<StartupMode> MODE =
      ConfigOption.ofEnum(
          "scan.mode",
          StartupMode.class,
          StartupMode.DEFAULT,
          "Where a streaming read starts: default, latest-full (whole latest snapshot, then"
              + " changes), latest (only new changes), from-snapshot, from-snapshot-full (with"
              + " scan.snapshot-id), from-timestamp (with scan.timestamp-millis).");

  public static final ConfigOption<String> CONSUMER_ID =
      ConfigOption.<String>of(
          "consumer-id",
          OptionType.STRING,
          null,
          "A streaming read records its next snapshot in consumer/consumer-<id> at every"
              + " checkpoint; snapshot expiration keeps that snapshot and the ones after it, and"
              + " a new stream of the same id starts there (see consumer.ignore-progress).");

  public static final ConfigOption<Boolean> CONSUMER_IGNORE_PROGRESS =
      ConfigOption.<Boolean>of(
          "consumer.ignore-progress",
          OptionType.BOOLEAN,
          false,
          "A new stream with a consumer-id that already has progress starts where scan.mode"
              + " says instead of at the consumer's next snapshot.");

  public static final ConfigOption<String> INCREMENTAL_BETWEEN =
      ConfigOption.<String>of(
          "incremental-between",
          OptionType.STRING,
          null,
          "A batch read returns the changes after the first version and up to the second:"
              + " 'start,end' names two snapshot ids ('5,10': the changes of snapshots 6 to 10) or"
              + " two tags (the rows that differ between the tags' versions).");

  public static final ConfigOption<String> INCREMENTAL_BETWEEN_TIMESTAMP =
      ConfigOption.<String>of(
          "incremental-between-timestamp",
          OptionType.STRING,
          null,
          "Like incremental-between, between the latest snapshots committed at or before two"
              + " times: 'start,end' as epoch millis or 'yyyy-MM-dd HH:mm:ss' in the JVM's zone.");

  public static final ConfigOption<IncrementalBetweenScanMode> INCREMENTAL_BETWEEN_SCAN_MODE =
      ConfigOption.ofEnum(
          "incremental-between-scan-mode",
          IncrementalBetweenScanMode.class,
          IncrementalBetweenScanMode.AUTO,
          "What an incremental read of snapshot ids or timestamps returns: auto (changelog when"
              + " the table has a changelog producer, else delta), delta (the records the APPEND"
              + " snapshots added), changelog (the changelog files of the snapshots), diff (the"
              + " rows that differ between the two versions).");

  public static final ConfigOption<String> INCREMENTAL_TO_AUTO_TAG =
      ConfigOption.<String>of(
          "incremental-to-auto-tag",
          OptionType.STRING,
          null,
          "A batch read returns the rows that differ between this automatic tag and the"
              + " latest automatic tag of an earlier period; nothing when either does not"
              + " exist.");

  public static final ConfigOption<Boolean> STREAMING_READ_OVERWRITE =
      of(
          "streaming-read-overwrite",
          OptionType.BOOLEAN,
          false,
          "Whether a streaming read emits the files an OVERWRITE snapshot added; false skips"
              + " overwrites.");
}
