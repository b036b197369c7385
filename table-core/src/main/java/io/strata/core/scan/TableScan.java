package io.strata.core.scan;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.DeletionFile;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.AppendOnlySplitGenerator;
import io.strata.core.split.DataSplit;
import io.strata.core.split.MergeTreeSplitGenerator;
import io.strata.core.split.SplitGenerator;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Plans the splits of one snapshot of a table. */
public final class TableScan {

  private final FileStore table;
  private final Options options;
  private Predicate partitionFilter;
  private Predicate valueFilter;

  public TableScan(FileStore table, Options readOptions) {
    checkReadable(table);
    this.table = table;
    this.options = table.options().with(readOptions.toMap());
  }

  /** Fails for tables whose files Strata cannot read as Paimon does ({@code unreadableLayout}). */
  public static void checkReadable(FileStore table) {
    String unsupported = TableOptions.unreadableLayout(table.options());
    if (unsupported != null) {
      throw CoreErrors.unsupportedTableLayout(table.root().getName(), unsupported, "read");
    }
  }

  /**
   * Whether the table postpones buckets ({@code 'bucket' = -2}): Paimon's writers put its new rows
   * into {@code bucket-postpone/}, and only its compaction moves them into real buckets, whose
   * number each partition keeps ({@code totalBuckets}). Reads see the real buckets only, as
   * Paimon's do.
   */
  public static boolean postponesBuckets(FileStore table) {
    return table.schema().hasPrimaryKey() && table.options().get(TableOptions.BUCKET) == -2;
  }

  /** A filter bound to the partition row type. */
  public TableScan withPartitionFilter(Predicate filter) {
    this.partitionFilter = filter;
    return this;
  }

  private boolean readOptimized;

  /**
   * Reads only files that need no merge: for key tables the top level of every bucket (what full
   * compaction produced), for append tables everything.
   */
  public TableScan readOptimized() {
    this.readOptimized = true;
    return this;
  }

  /**
   * A filter bound to the table row type, used to skip files by their value stats and, for a
   * fixed-bucket table, buckets that cannot hold a match ({@link BucketFilter}).
   */
  public TableScan withValueFilter(Predicate filter) {
    this.valueFilter = filter;
    return this;
  }

  /**
   * What a scan found: the snapshot read (null for an empty table), its splits, and what planning
   * read and skipped.
   */
  public record Plan(Snapshot snapshot, List<DataSplit> splits, PlanStatistics statistics) {

    public Plan {
      splits = List.copyOf(splits);
    }

    /**
     * The first splits that certainly hold {@code limit} rows, for a LIMIT without filters. A split
     * read without a merge holds its row count (for a primary-key table only when no file holds
     * retractions); any other split may hold none, so it never ends the plan early.
     */
    public Plan limitedTo(long limit, boolean primaryKey) {
      long certain = 0;
      for (int i = 0; i < splits.size(); i++) {
        if (certain >= limit) {
          List<DataSplit> first = splits.subList(0, i);
          long files = first.stream().mapToLong(s -> s.files().size()).sum();
          return new Plan(snapshot, first, statistics.withPlanned(files, first.size()));
        }
        certain += certainRows(splits.get(i), primaryKey);
      }
      return this;
    }

    private static long certainRows(DataSplit split, boolean primaryKey) {
      if (!split.rawConvertible() || split.hasDeletionFiles()) {
        return 0;
      }
      long rows = 0;
      for (DataFileMeta f : split.files()) {
        if (primaryKey && (f.deleteRowCount() == null || f.deleteRowCount() != 0)) {
          return 0;
        }
        rows += f.rowCount();
      }
      return rows;
    }
  }

  public Plan plan(Snapshot snapshot) {
    if (snapshot == null) {
      return new Plan(null, List.of(), PlanStatistics.EMPTY);
    }
    long start = System.nanoTime();
    FileStoreScan scan =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(partitionFilter);
    boolean deletionVectors = options.get(TableOptions.DELETION_VECTORS_ENABLED);
    boolean skipLevelZero =
        table.schema().hasPrimaryKey()
            && (options.get(TableOptions.MERGE_ENGINE) == MergeEngine.FIRST_ROW || deletionVectors);
    int topLevel = TableOptions.topLevel(table.options());
    boolean onlyTop = readOptimized && table.schema().hasPrimaryKey();
    // Files of the levels read here never hold two versions of one key: a file without a matching
    // row cannot hide one of another file, so every conjunct may skip files, as in Paimon.
    boolean filesHoldFinalRows = skipLevelZero || onlyTop;
    Predicate statsFilter = filesHoldFinalRows ? valueFilter : statsFilter();
    StatsEvaluator stats =
        statsFilter == null
            ? null
            : new StatsEvaluator(table.schemaManager(), table.schema(), statsFilter);
    BucketFilter buckets = BucketFilter.of(table.schema(), valueFilter).orElse(null);
    boolean onlyRealBuckets = postponesBuckets(table);
    Long createdFrom = options.get(ScanOptions.FILE_CREATION_TIME_MILLIS);
    // An index in the manifest rules files out while planning, where their rows are final.
    Predicate indexFilter =
        !table.schema().hasPrimaryKey() || filesHoldFinalRows ? valueFilter : null;
    if (skipLevelZero
        || stats != null
        || onlyTop
        || buckets != null
        || onlyRealBuckets
        || createdFrom != null
        || indexFilter != null) {
      // First-row and deletion-vector key tables publish rows through compaction: level 0 is not
      // yet visible (as Paimon reads them). Rows of postponed buckets are not visible until
      // compaction gives them a bucket.
      scan.withFileFilter(
          e ->
              !(onlyRealBuckets && e.bucket() < 0)
                  && (createdFrom == null || createdAtOrAfter(e, createdFrom))
                  && !(skipLevelZero && e.file().level() == 0)
                  && !(onlyTop && e.file().level() != topLevel)
                  && (buckets == null || accepts(buckets, e, scan.counters()))
                  && (stats == null || mayMatch(stats, e, scan.counters()))
                  && !indexExcludes(indexFilter, e, scan.counters()));
    }
    Map<BucketKey, List<ManifestEntry>> groups = new LinkedHashMap<>();
    for (ManifestEntry e : scan.liveEntries(snapshot)) {
      groups
          .computeIfAbsent(new BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>())
          .add(e);
    }
    if (table.schema().hasPrimaryKey() && valueFilter != null && !filesHoldFinalRows) {
      StatsEvaluator values =
          new StatsEvaluator(table.schemaManager(), table.schema(), valueFilter);
      groups.replaceAll((bucket, entries) -> bucketFiles(entries, values, scan.counters()));
      groups.values().removeIf(List::isEmpty);
    }
    DeletionFileIndex deletions =
        deletionVectors
            ? DeletionFileIndex.of(snapshot, table.manifestFiles(), table.indexFilePaths())
            : DeletionFileIndex.EMPTY;
    List<DataSplit> splits = splits(snapshot, groups, deletions);
    long files = splits.stream().mapToLong(s -> s.files().size()).sum();
    PlanStatistics statistics =
        scan.counters().statistics(snapshot.id(), System.nanoTime() - start, files, splits.size());
    return new Plan(snapshot, splits, statistics);
  }

  /**
   * Whether a file was created at or after {@code epochMillis}. Files keep their creation time as
   * the writer's wall clock, so it is read in the JVM's zone, as Paimon reads it; a file without
   * one is kept.
   */
  private static boolean createdAtOrAfter(ManifestEntry e, long epochMillis) {
    Long local = e.file().creationTimeMillis();
    if (local == null) {
      return true;
    }
    long created =
        java.time.LocalDateTime.ofEpochSecond(
                Math.floorDiv(local, 1000),
                (int) Math.floorMod(local, 1000) * 1_000_000,
                java.time.ZoneOffset.UTC)
            .atZone(java.time.ZoneId.systemDefault())
            .toInstant()
            .toEpochMilli();
    return created >= epochMillis;
  }

  /**
   * Checked per file, not per manifest: a rescaled table holds files of several bucket counts, and
   * a manifest's bucket range does not say which count its files were written with.
   */
  private static boolean accepts(BucketFilter buckets, ManifestEntry e, ScanCounters counters) {
    if (buckets.accepts(e.bucket(), e.totalBuckets())) {
      return true;
    }
    counters.skippedByBucket.incrementAndGet();
    return false;
  }

  private static boolean mayMatch(StatsEvaluator stats, ManifestEntry e, ScanCounters counters) {
    if (stats.mayMatch(e)) {
      return true;
    }
    counters.skippedByStats.incrementAndGet();
    return false;
  }

  private boolean indexExcludes(Predicate filter, ManifestEntry e, ScanCounters counters) {
    if (filter == null || !FileIndexes.embeddedIndexExcludes(table, e.file(), filter)) {
      return false;
    }
    counters.skippedByFileIndex.incrementAndGet();
    return true;
  }

  /**
   * The files of one primary-key bucket to read for a filter on any column (Paimon's whole-bucket
   * filter). Files of one sorted run hold one record per key: each is kept only if its stats allow
   * a match. Across overlapping runs a key's versions merge, so a deduplicate table's bucket is
   * read whole or, when no file may hold a matching row, not at all (its merged row is one of the
   * versions). A partial-update row takes its columns from several versions and an aggregation row
   * is computed (a lone retraction negates a sum): their overlapping buckets are read whole, and an
   * aggregation table's files are never skipped by a non-key column.
   */
  private List<ManifestEntry> bucketFiles(
      List<ManifestEntry> entries, StatsEvaluator values, ScanCounters counters) {
    if (options.get(TableOptions.MERGE_ENGINE) == MergeEngine.AGGREGATION) {
      return entries;
    }
    if (oneSortedRun(entries)) {
      List<ManifestEntry> kept = new ArrayList<>(entries.size());
      for (ManifestEntry e : entries) {
        if (mayMatch(values, e, counters) && !indexExcludes(valueFilter, e, counters)) {
          kept.add(e);
        }
      }
      return kept;
    }
    if (options.get(TableOptions.MERGE_ENGINE) == MergeEngine.PARTIAL_UPDATE) {
      // A column's value may come from a file whose other columns rule out the filter.
      return entries;
    }
    boolean byIndex = false;
    for (ManifestEntry e : entries) {
      if (values.mayMatch(e)) {
        if (!FileIndexes.embeddedIndexExcludes(table, e.file(), valueFilter)) {
          return entries;
        }
        byIndex = true;
      }
    }
    (byIndex ? counters.skippedByFileIndex : counters.skippedByStats).addAndGet(entries.size());
    return List.of();
  }

  /** One file, or files all of one level above 0: a single sorted run without repeated keys. */
  private static boolean oneSortedRun(List<ManifestEntry> entries) {
    if (entries.size() <= 1) {
      return true;
    }
    int level = entries.get(0).file().level();
    for (ManifestEntry e : entries) {
      if (e.file().level() == 0 || e.file().level() != level) {
        return false;
      }
    }
    return true;
  }

  private List<DataSplit> splits(
      Snapshot snapshot, Map<BucketKey, List<ManifestEntry>> groups, DeletionFileIndex deletions) {
    SplitGenerator generator = splitGenerator();
    List<DataSplit> splits = new ArrayList<>();
    for (Map.Entry<BucketKey, List<ManifestEntry>> g : groups.entrySet()) {
      List<ManifestEntry> entries = g.getValue();
      int totalBuckets = entries.get(0).totalBuckets();
      for (SplitGenerator.SplitGroup group :
          generator.split(entries.stream().map(ManifestEntry::file).toList())) {
        splits.add(
            new DataSplit(
                snapshot.id(),
                g.getKey().partition(),
                g.getKey().bucket(),
                totalBuckets,
                group.files(),
                group.rawConvertible(),
                deletionFiles(deletions, g.getKey(), group.files())));
      }
    }
    return splits;
  }

  /** Each file's deletion file, aligned with {@code files}; empty when none has one. */
  private static List<DeletionFile> deletionFiles(
      DeletionFileIndex deletions, BucketKey bucket, List<DataFileMeta> files) {
    if (deletions.isEmpty()) {
      return List.of();
    }
    List<DeletionFile> aligned = new ArrayList<>(files.size());
    boolean any = false;
    for (DataFileMeta f : files) {
      DeletionFile d = deletions.lookup(bucket.partition(), bucket.bucket(), f.fileName());
      aligned.add(d);
      any |= d != null;
    }
    return any ? aligned : List.of();
  }

  /**
   * The part of the value filter that may skip files. A primary-key table merges the versions of a
   * key across files, so skipping the file with a key's newest version by a non-key column would
   * bring back an older version: only conjuncts over primary-key columns may skip files there.
   */
  private Predicate statsFilter() {
    if (valueFilter == null || !table.schema().hasPrimaryKey()) {
      return valueFilter;
    }
    Set<Integer> keyIndexes = new HashSet<>();
    for (String key : table.schema().primaryKeys()) {
      keyIndexes.add(table.schema().rowType().indexOf(key));
    }
    return conjunctsOver(valueFilter, keyIndexes);
  }

  /** The conjuncts of {@code filter} that read only {@code fields}, or null when there are none. */
  static Predicate conjunctsOver(Predicate filter, Set<Integer> fields) {
    if (filter instanceof AndPredicate and) {
      Predicate left = conjunctsOver(and.left(), fields);
      Predicate right = conjunctsOver(and.right(), fields);
      return left == null ? right : right == null ? left : new AndPredicate(left, right);
    }
    return filter.onlyReferences(fields) ? filter : null;
  }

  private SplitGenerator splitGenerator() {
    long target = options.get(ScanOptions.SPLIT_TARGET_SIZE);
    long openCost = options.get(ScanOptions.SPLIT_OPEN_FILE_COST);
    if (table.schema().hasPrimaryKey()) {
      boolean levelsNeverOverlap =
          options.get(TableOptions.MERGE_ENGINE) == MergeEngine.FIRST_ROW
              || options.get(TableOptions.DELETION_VECTORS_ENABLED);
      return new MergeTreeSplitGenerator(
          table.schema().trimmedPrimaryKeyType(), target, openCost, levelsNeverOverlap);
    }
    return new AppendOnlySplitGenerator(target, openCost);
  }

  private record BucketKey(BinaryRow partition, int bucket) {}
}
