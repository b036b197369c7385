package io.strata.spark.read;

import io.strata.core.scan.PlanStatistics;
import io.strata.spark.SparkMetrics;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The custom metrics a Strata scan shows in Spark's UI: what planning read and skipped (driver
 * metrics, from {@link PlanStatistics}) and what tasks read (task metrics, from {@link
 * TaskReadMetrics}). Spark instantiates each metric by class name, hence one public class each.
 */
public final class ScanMetrics {

  private ScanMetrics() {}

  public static final String PLANNING_TIME = "planningTimeMs";
  public static final String SNAPSHOT_ID = "snapshotId";
  public static final String MANIFESTS = "manifests";
  public static final String MANIFESTS_SKIPPED = "manifestsSkipped";
  public static final String MANIFESTS_FROM_CACHE = "manifestsFromCache";
  public static final String MANIFESTS_FROM_STORAGE = "manifestsFromStorage";
  public static final String DATA_FILES = "dataFiles";
  public static final String SPLITS = "splits";
  public static final String SKIPPED_BY_PARTITION = "filesSkippedByPartition";
  public static final String SKIPPED_BY_BUCKET = "filesSkippedByBucket";
  public static final String SKIPPED_BY_STATS = "filesSkippedByStats";
  public static final String ROW_GROUPS_SKIPPED = "rowGroupsSkipped";
  public static final String SKIPPED_BY_FILE_INDEX = "filesSkippedByFileIndex";
  public static final String PLANNING_SKIPPED_BY_FILE_INDEX = "filesSkippedByEmbeddedFileIndex";
  public static final String BYTES_READ = "bytesRead";

  /** Every metric a scan reports. */
  static CustomMetric[] supported() {
    return new CustomMetric[] {
      new PlanningTime(),
      new SnapshotId(),
      new Manifests(),
      new ManifestsSkipped(),
      new ManifestsFromCache(),
      new ManifestsFromStorage(),
      new DataFiles(),
      new Splits(),
      new SkippedByPartition(),
      new SkippedByBucket(),
      new SkippedByStats(),
      new RowGroupsSkipped(),
      new SkippedByFileIndex(),
      new PlanningSkippedByFileIndex(),
      new BytesRead()
    };
  }

  /** The driver's values: what planning did. */
  static CustomTaskMetric[] driverValues(PlanStatistics s) {
    return new CustomTaskMetric[] {
      SparkMetrics.value(PLANNING_TIME, TimeUnit.NANOSECONDS.toMillis(s.planningNanos())),
      SparkMetrics.value(SNAPSHOT_ID, s.snapshotId()),
      SparkMetrics.value(MANIFESTS, s.manifests()),
      SparkMetrics.value(MANIFESTS_SKIPPED, s.manifestsSkipped()),
      SparkMetrics.value(MANIFESTS_FROM_CACHE, s.manifestsFromCache()),
      SparkMetrics.value(MANIFESTS_FROM_STORAGE, s.manifestsFromStorage()),
      SparkMetrics.value(DATA_FILES, s.dataFiles()),
      SparkMetrics.value(SPLITS, s.splits()),
      SparkMetrics.value(SKIPPED_BY_PARTITION, s.filesSkippedByPartition()),
      SparkMetrics.value(SKIPPED_BY_BUCKET, s.filesSkippedByBucket()),
      SparkMetrics.value(SKIPPED_BY_STATS, s.filesSkippedByStats()),
      SparkMetrics.value(PLANNING_SKIPPED_BY_FILE_INDEX, s.filesSkippedByFileIndex())
    };
  }

  /** Planning time. */
  public static final class PlanningTime extends SparkMetrics.Sum {
    public PlanningTime() {
      super(PLANNING_TIME, "planning time (ms)");
    }
  }

  /** The snapshot read. */
  public static final class SnapshotId extends SparkMetrics.Sum {
    public SnapshotId() {
      super(SNAPSHOT_ID, "snapshot id");
    }
  }

  /** Manifests of the snapshot. */
  public static final class Manifests extends SparkMetrics.Sum {
    public Manifests() {
      super(MANIFESTS, "manifests");
    }
  }

  /** Manifests skipped by their partition or bucket range. */
  public static final class ManifestsSkipped extends SparkMetrics.Sum {
    public ManifestsSkipped() {
      super(MANIFESTS_SKIPPED, "manifests skipped");
    }
  }

  /** Manifests read from the driver's cache. */
  public static final class ManifestsFromCache extends SparkMetrics.Sum {
    public ManifestsFromCache() {
      super(MANIFESTS_FROM_CACHE, "manifests read from cache");
    }
  }

  /** Manifests read from storage. */
  public static final class ManifestsFromStorage extends SparkMetrics.Sum {
    public ManifestsFromStorage() {
      super(MANIFESTS_FROM_STORAGE, "manifests read from storage");
    }
  }

  /** Data files planned. */
  public static final class DataFiles extends SparkMetrics.Sum {
    public DataFiles() {
      super(DATA_FILES, "data files planned");
    }
  }

  /** Splits planned. */
  public static final class Splits extends SparkMetrics.Sum {
    public Splits() {
      super(SPLITS, "splits planned");
    }
  }

  /** Files skipped by the partition filter. */
  public static final class SkippedByPartition extends SparkMetrics.Sum {
    public SkippedByPartition() {
      super(SKIPPED_BY_PARTITION, "files skipped by partition");
    }
  }

  /** Files skipped by the bucket filter. */
  public static final class SkippedByBucket extends SparkMetrics.Sum {
    public SkippedByBucket() {
      super(SKIPPED_BY_BUCKET, "files skipped by bucket");
    }
  }

  /** Files skipped by value stats. */
  public static final class SkippedByStats extends SparkMetrics.Sum {
    public SkippedByStats() {
      super(SKIPPED_BY_STATS, "files skipped by stats");
    }
  }

  /** Parquet row groups skipped by their statistics (columnar reads). */
  public static final class RowGroupsSkipped extends SparkMetrics.Sum {
    public RowGroupsSkipped() {
      super(ROW_GROUPS_SKIPPED, "row groups skipped");
    }
  }

  /** Data files tasks did not open: their Paimon file index ruled the filter out. */
  public static final class SkippedByFileIndex extends SparkMetrics.Sum {
    public SkippedByFileIndex() {
      super(SKIPPED_BY_FILE_INDEX, "files skipped by file index");
    }
  }

  /** Data files planning left out: the file index in their manifest entry ruled the filter out. */
  public static final class PlanningSkippedByFileIndex extends SparkMetrics.Sum {
    public PlanningSkippedByFileIndex() {
      super(PLANNING_SKIPPED_BY_FILE_INDEX, "files skipped by file index in the manifest");
    }
  }

  /** Bytes read from storage by tasks. */
  public static final class BytesRead extends SparkMetrics.Sum {
    public BytesRead() {
      super(BYTES_READ, "bytes read");
    }
  }
}
