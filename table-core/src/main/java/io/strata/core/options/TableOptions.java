package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;
import static io.strata.core.options.ConfigOption.ofEnum;

import java.time.Duration;

/** Options of table layout, files and commits. */
public final class TableOptions {

  private TableOptions() {}

  public static final ConfigOption<Integer> BUCKET =
      of(
              "bucket",
              OptionType.INT,
              -1,
              "Bucket number: > 0 fixed buckets; -1 unaware (append) or dynamic (primary key).")
          .withCheck(b -> b > 0 || b == -1 || b == -2, "a positive number, -1 or -2");

  public static final ConfigOption<Integer> POSTPONE_DEFAULT_BUCKET_NUM =
      of(
              "postpone.default-bucket-num",
              OptionType.INT,
              1,
              "Number of buckets a partition of a postponed-bucket table ('bucket' = -2) gets"
                  + " when it is first written; a partition that has buckets keeps their number.")
          .withCheck(v -> v > 0, "a positive number");

  public static final ConfigOption<Boolean> POSTPONE_BATCH_WRITE_FIXED_BUCKET =
      of(
          "postpone.batch-write-fixed-bucket",
          OptionType.BOOLEAN,
          true,
          "Whether writes to a postponed-bucket table put their rows straight into the buckets"
              + " of their partitions, readable at once; Strata writes no other way, and refuses"
              + " 'false' (rows left in bucket-postpone/ for a later compaction).");

  public static final ConfigOption<String> BUCKET_KEY =
      ConfigOption.<String>of(
          "bucket-key",
          OptionType.STRING,
          null,
          "Comma-separated columns whose hash picks the bucket; default: the trimmed primary key.");

  public static final ConfigOption<FileFormat> FILE_FORMAT =
      ofEnum("file.format", FileFormat.class, FileFormat.PARQUET, "Format of data files.");

  public static final ConfigOption<String> FILE_FORMAT_PER_LEVEL =
      ConfigOption.<String>of(
              "file.format.per.level",
              OptionType.STRING,
              null,
              "Format of the data files of chosen LSM levels of primary-key tables, such as"
                  + " '0:avro,3:parquet'; other levels use file.format.")
          .withCheck(FormatPerLevel::isValid, FormatPerLevel.SYNTAX);

  /** {@code file.format.per.level}, empty when unset. */
  public static FormatPerLevel formatPerLevel(Options options) {
    String text = options.get(FILE_FORMAT_PER_LEVEL);
    return text == null ? FormatPerLevel.NONE : FormatPerLevel.parse(text);
  }

  public static final ConfigOption<String> FILE_COMPRESSION =
      ofEnum(
          "file.compression",
          "zstd",
          "Compression of data files.",
          "zstd",
          "snappy",
          "gzip",
          "lz4",
          "none",
          "uncompressed");

  public static final ConfigOption<Long> TARGET_FILE_SIZE =
      ConfigOption.<Long>of(
              "target-file-size",
              OptionType.MEMORY_SIZE,
              null,
              "Size at which a data file is rolled: 128 mb for primary-key tables, 256 mb for"
                  + " append tables when unset.")
          .withCheck(v -> v > 0, "a positive size");

  /** {@code target-file-size}, or its default: 128 mb for primary-key tables, 256 mb else. */
  public static long targetFileSize(Options options, boolean primaryKey) {
    Long target = options.get(TARGET_FILE_SIZE);
    return target != null ? target : primaryKey ? 128L << 20 : 256L << 20;
  }

  /** {@code num-sorted-run.stop-trigger}, or the compaction trigger + 3 when unset. */
  public static int stopTrigger(Options options) {
    Integer stop = options.get(NUM_SORTED_RUN_STOP_TRIGGER);
    return stop != null ? stop : options.get(NUM_SORTED_RUN_COMPACTION_TRIGGER) + 3;
  }

  /** The top level of the LSM tree: {@code num-levels} - 1 (default: the compaction trigger). */
  public static int topLevel(Options options) {
    Integer numLevels = options.get(NUM_LEVELS);
    return numLevels != null ? numLevels - 1 : options.get(NUM_SORTED_RUN_COMPACTION_TRIGGER);
  }

  public static final ConfigOption<String> METADATA_STATS_MODE =
      of(
              "metadata.stats-mode",
              OptionType.STRING,
              "truncate(16)",
              "Value stats written to manifests: none, counts, full or truncate(N).")
          .withCheck(
              v -> v.matches("none|counts|full|truncate\\(\\d+\\)"),
              "none, counts, full or truncate(N)");

  public static final ConfigOption<String> PARTITION_DEFAULT_NAME =
      of(
          "partition.default-name",
          OptionType.STRING,
          "__DEFAULT_PARTITION__",
          "Directory name of a NULL or empty partition value.");

  public static final ConfigOption<Long> MANIFEST_TARGET_FILE_SIZE =
      of("manifest.target-file-size", OptionType.MEMORY_SIZE, 8L << 20, "Target manifest size.")
          .withCheck(v -> v > 0, "a positive size");

  public static final ConfigOption<Integer> MANIFEST_MERGE_MIN_COUNT =
      of(
              "manifest.merge-min-count",
              OptionType.INT,
              30,
              "Small manifests are merged once this many accumulate.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<String> MANIFEST_COMPRESSION =
      ofEnum(
          "manifest.compression",
          "zstd",
          "Compression of manifest files.",
          "zstd",
          "deflate",
          "snappy",
          "none",
          "null");

  public static final ConfigOption<Integer> COMMIT_MAX_RETRIES =
      of("commit.max-retries", OptionType.INT, 10, "Retries of a commit that lost a race.")
          .withCheck(v -> v >= 0, "zero or a positive number");

  public static final ConfigOption<Boolean> WRITE_ONLY =
      of(
          "write-only",
          OptionType.BOOLEAN,
          false,
          "Skip compaction and expiration after writes (another job does them).");

  public static final ConfigOption<MergeEngine> MERGE_ENGINE =
      ofEnum(
          "merge-engine",
          MergeEngine.class,
          MergeEngine.DEDUPLICATE,
          "How rows with the same primary key merge.");

  public static final ConfigOption<ChangelogProducer> CHANGELOG_PRODUCER =
      ofEnum(
          "changelog-producer",
          ChangelogProducer.class,
          ChangelogProducer.NONE,
          "Which files carry a primary-key table's changes for streaming reads: none (streams"
              + " read the files each commit added), input (every written record, unmerged),"
              + " lookup (each commit's compaction of level 0 writes the changes it made to a"
              + " key: -U/+U, +I or -D, looking up the key's row in the levels it leaves alone)"
              + " or full-compaction (each compaction into the top level writes the change of"
              + " every key it changed against the key's top-level row).");

  public static final ConfigOption<Boolean> CHANGELOG_PRODUCER_ROW_DEDUPLICATE =
      of(
          "changelog-producer.row-deduplicate",
          OptionType.BOOLEAN,
          false,
          "With changelog-producer lookup: whether an update that leaves a row's values as they"
              + " were writes no -U/+U pair.");

  public static final ConfigOption<String> CHANGELOG_PRODUCER_ROW_DEDUPLICATE_IGNORE_FIELDS =
      ConfigOption.<String>of(
          "changelog-producer.row-deduplicate-ignore-fields",
          OptionType.STRING,
          null,
          "Columns (comma-separated) changelog-producer.row-deduplicate does not compare, such"
              + " as an update time.");

  public static final ConfigOption<String> DATA_FILE_PATH_DIRECTORY =
      ConfigOption.<String>of(
          "data-file.path-directory",
          OptionType.STRING,
          null,
          "A subdirectory of the table that holds its partition and bucket directories (relative,"
              + " plain names).");

  public static final ConfigOption<Boolean> PARTITION_LEGACY_NAME =
      of(
          "partition.legacy-name",
          OptionType.BOOLEAN,
          true,
          "How DATE, TIME and TIMESTAMP partition values name directories: true as epoch days,"
              + " millis of day and ISO date-times (Paimon's legacy names); false as Paimon casts"
              + " them to strings (2026-12-01, 01:02:03, 2026-12-01 10:00:00.123).");

  public static final ConfigOption<BucketFunctionType> BUCKET_FUNCTION_TYPE =
      ofEnum(
          "bucket-function.type",
          BucketFunctionType.class,
          BucketFunctionType.DEFAULT,
          "How a row's bucket follows from its bucket key: default hashes it; mod (one INT or"
              + " BIGINT bucket key) takes its value modulo 'bucket' (floorMod, so negative keys"
              + " land in buckets 0 to 'bucket' - 1). Strata reads and writes both; mod tables"
              + " report no storage-partitioned layout to Spark, whose bucket transform hashes.");

  public static final ConfigOption<Boolean> DATA_EVOLUTION_ENABLED =
      of(
          "data-evolution.enabled",
          OptionType.BOOLEAN,
          false,
          "Paimon's data evolution (files holding some columns of rows identified by row id);"
              + " Strata refuses tables with it.");

  public static final ConfigOption<String> MANIFEST_FORMAT =
      ConfigOption.<String>of(
          "manifest.format",
          OptionType.STRING,
          "avro",
          "The format of manifest files; Strata reads and writes avro, Paimon's default, and"
              + " refuses tables with another.");

  public static final ConfigOption<Boolean> ROW_TRACKING_ENABLED =
      of(
          "row-tracking.enabled",
          OptionType.BOOLEAN,
          false,
          "Paimon's row tracking on append tables with bucket = -1: each commit gives the rows"
              + " of new files consecutive row ids (_ROW_ID) and the snapshot id as sequence number"
              + " (_SEQUENCE_NUMBER), read as metadata columns and in t$row_tracking. Rewrites"
              + " (compaction, UPDATE, DELETE, MERGE) keep each row's id in the new file, and a"
              + " copied row's sequence number.");

  public static final ConfigOption<Boolean> INDEX_FILE_IN_DATA_FILE_DIR =
      of(
          "index-file-in-data-file-dir",
          OptionType.BOOLEAN,
          false,
          "Keep index files (deletion vectors, hash indexes) in the bucket directory of the data"
              + " files they index instead of index/; fixed at CREATE TABLE.");

  public static final ConfigOption<String> ROWKIND_FIELD =
      ConfigOption.<String>of(
          "rowkind.field",
          OptionType.STRING,
          null,
          "A STRING column whose value ('+I', '-U', '+U', '-D') is the row kind a written row"
              + " takes, on primary-key tables.");

  public static final ConfigOption<Boolean> FORCE_LOOKUP =
      of(
          "force-lookup",
          OptionType.BOOLEAN,
          false,
          "Merge primary-key buckets by lookup, as Paimon does for changelog-producer lookup and"
              + " deletion vectors: each compaction merges a key's newest row above level 0 into"
              + " its output, and a read takes that row and level 0 only; writers compact all of"
              + " level 0 before they commit.");

  public static final ConfigOption<Boolean> DELETION_VECTORS_ENABLED =
      of(
          "deletion-vectors.enabled",
          OptionType.BOOLEAN,
          false,
          "Mark deleted rows in deletion vectors instead of merging on read.");

  public static final ConfigOption<Boolean> DELETION_VECTORS_BITMAP64 =
      of(
          "deletion-vectors.bitmap64",
          OptionType.BOOLEAN,
          false,
          "Write new deletion vectors as 64-bit RoaringBitmaps (the layout Iceberg's deletion"
              + " vectors use); vectors of either kind are always read.");

  public static final ConfigOption<Boolean> IGNORE_DELETE =
      of(
              "ignore-delete",
              OptionType.BOOLEAN,
              false,
              "Drop DELETE and UPDATE_BEFORE records instead of applying them: writers drop"
                  + " them, and merges pass over those other writers wrote.")
          .withAliases(
              "first-row.ignore-delete",
              "deduplicate.ignore-delete",
              "partial-update.ignore-delete");

  public static final ConfigOption<Boolean> IGNORE_UPDATE_BEFORE =
      of(
          "ignore-update-before",
          OptionType.BOOLEAN,
          false,
          "Drop UPDATE_BEFORE records when writing (DELETEs are still written).");

  public static final ConfigOption<String> SEQUENCE_FIELD =
      ConfigOption.<String>of(
          "sequence.field",
          OptionType.STRING,
          null,
          "Columns that order rows of one key instead of arrival order.");

  public static final ConfigOption<Duration> RECORD_LEVEL_EXPIRE_TIME =
      ConfigOption.<Duration>of(
          "record-level.expire-time",
          OptionType.DURATION,
          null,
          "How long a primary-key record lives, counted from the value of"
              + " 'record-level.time-field': compactions drop the records older than that (reads"
              + " still return them until a compaction rewrites their files), and a full"
              + " compaction rewrites a lone top-level file whose statistics show such records.");

  public static final ConfigOption<String> RECORD_LEVEL_TIME_FIELD =
      ConfigOption.<String>of(
          "record-level.time-field",
          OptionType.STRING,
          null,
          "The column 'record-level.expire-time' counts from: INT seconds, BIGINT seconds (or"
              + " milliseconds, from 1,000,000,000,000 on), TIMESTAMP or TIMESTAMP_LTZ. A record"
              + " whose value is NULL never expires.");

  public static final ConfigOption<SortOrder> SEQUENCE_FIELD_SORT_ORDER =
      ofEnum(
          "sequence.field.sort-order",
          SortOrder.class,
          SortOrder.ASCENDING,
          "The order of sequence.field. Apache Paimon 1.3.1 orders ascending whatever this says"
              + " (its comparator ignores the setting), and so does Strata, so that both read the"
              + " same rows; Strata refuses descending when creating or altering a table.");

  public static final ConfigOption<Long> WRITE_BUFFER_SIZE =
      of(
              "write-buffer-size",
              OptionType.MEMORY_SIZE,
              256L << 20,
              "Memory of a write task for buffering and sorting primary-key rows; beyond it the"
                  + " buffers spill sorted runs to local disk (or flush them as level-0 files when"
                  + " not spillable).")
          .withCheck(v -> v > 0, "a positive size");

  public static final ConfigOption<Boolean> WRITE_BUFFER_SPILLABLE =
      ConfigOption.<Boolean>of(
          "write-buffer-spillable",
          OptionType.BOOLEAN,
          null,
          "Whether full write buffers spill sorted runs to local temporary files, so that a"
              + " write produces one sorted run per bucket; unset means true (Spark writes are"
              + " batch writes). False flushes a sorted run of level-0 files instead.");

  public static final ConfigOption<Long> WRITE_BUFFER_SPILL_MAX_DISK_SIZE =
      ConfigOption.<Long>of(
              "write-buffer-spill.max-disk-size",
              OptionType.MEMORY_SIZE,
              null,
              "Local disk a bucket's write buffer may spill to; beyond it the buffer flushes a"
                  + " sorted run of level-0 files instead. Unset means unlimited.")
          .withCheck(v -> v > 0, "a positive size");

  public static final ConfigOption<Integer> LOCAL_SORT_MAX_NUM_FILE_HANDLES =
      of(
              "local-sort.max-num-file-handles",
              OptionType.INT,
              128,
              "The maximal fan-in of the external merge sort of spilled runs: more spilled files"
                  + " than this are merged into one first.")
          .withCheck(v -> v >= 2, "a number of at least 2");

  public static final ConfigOption<SpillCompression> SPILL_COMPRESSION =
      ofEnum(
          "spill-compression",
          SpillCompression.class,
          SpillCompression.ZSTD,
          "Compression of the sorted runs that write buffers spill to local disk: less disk and"
              + " disk traffic for some CPU.");

  public static final ConfigOption<Integer> SPILL_COMPRESSION_ZSTD_LEVEL =
      of(
              "spill-compression.zstd-level",
              OptionType.INT,
              1,
              "The zstd level of spilled runs when spill-compression is zstd: higher levels"
                  + " compress more but spill and read back markedly slower.")
          .withCheck(v -> v >= 1 && v <= 22, "a level between 1 and 22");

  public static final ConfigOption<Long> PAGE_SIZE =
      of(
              "page-size",
              OptionType.MEMORY_SIZE,
              64L << 10,
              "Size of the memory pages that write buffers hold serialized rows in.")
          .withCheck(v -> v >= 1024 && v <= (1L << 30), "a size between 1 kb and 1 gb");

  public static final ConfigOption<Integer> NUM_SORTED_RUN_COMPACTION_TRIGGER =
      of(
              "num-sorted-run.compaction-trigger",
              OptionType.INT,
              5,
              "Sorted runs in a bucket that trigger a compaction.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Integer> NUM_SORTED_RUN_STOP_TRIGGER =
      ConfigOption.<Integer>of(
              "num-sorted-run.stop-trigger",
              OptionType.INT,
              null,
              "Sorted runs in a bucket at which a writer compacts before it writes more (default:"
                  + " the compaction trigger + 3).")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Integer> NUM_LEVELS =
      of(
          "num-levels",
          OptionType.INT,
          null,
          "Levels of the LSM tree; the top one holds fully compacted files (default: the"
              + " compaction trigger + 1).");

  public static final ConfigOption<Integer> COMPACTION_MAX_SIZE_AMPLIFICATION_PERCENT =
      of(
          "compaction.max-size-amplification-percent",
          OptionType.INT,
          200,
          "Size amplification that triggers a full compaction.");

  public static final ConfigOption<Integer> COMPACTION_SIZE_RATIO =
      of(
              "compaction.size-ratio",
              OptionType.INT,
              1,
              "Percentage of flexibility when comparing sorted run sizes for universal compaction.")
          .withCheck(v -> v >= 0, "zero or a positive number");

  public static final ConfigOption<Double> COMPACTION_DELETE_RATIO_THRESHOLD =
      of(
          "compaction.delete-ratio-threshold",
          OptionType.DOUBLE,
          0.2,
          "Ratio of the deleted rows in a data file to be forced compacted for append-only"
              + " table.");

  public static final ConfigOption<Integer> COMPACTION_MIN_FILE_NUM =
      of(
          "compaction.min.file-num",
          OptionType.INT,
          5,
          "Minimum small files of an append bucket to compact.");

  public static final ConfigOption<Integer> ZORDER_VAR_LENGTH_CONTRIBUTION =
      of(
              "zorder.var-length-contribution",
              OptionType.INT,
              8,
              "Bytes of a CHAR, VARCHAR, BINARY or VARBINARY value that its z-order key takes in a"
                  + " zorder sort compaction.")
          .withCheck(v -> v > 0, "a positive number of bytes");

  /**
   * The option (as {@code 'key' = 'value'}) of a layout of Paimon's that Strata neither reads nor
   * writes, or null: data evolution, manifests in another format than Avro.
   */
  public static String unreadableLayout(Options options) {
    if (options.get(DATA_EVOLUTION_ENABLED)) {
      return "'data-evolution.enabled' = 'true'";
    }
    String manifestFormat = options.get(MANIFEST_FORMAT);
    if (!manifestFormat.equalsIgnoreCase("avro")) {
      return "'manifest.format' = '" + manifestFormat + "'";
    }
    return null;
  }

  /** The option of a layout Strata does not write, or null: those of {@link #unreadableLayout}. */
  public static String unwritableLayout(Options options) {
    return unreadableLayout(options);
  }
}
