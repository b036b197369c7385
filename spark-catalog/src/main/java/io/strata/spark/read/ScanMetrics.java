package io.strata.spark.read;

import io.strata.core.scan.PlanStatistics;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
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
      new BytesRead()
    };
  }

  /** The driver's values: what planning did. */
  static CustomTaskMetric[] driverValues(PlanStatistics s) {
    return new CustomTaskMetric[] {
      value(PLANNING_TIME, TimeUnit.NANOSECONDS.toMillis(s.planningNanos())),
      value(SNAPSHOT_ID, s.snapshotId()),
      value(MANIFESTS, s.manifests()),
      value(MANIFESTS_SKIPPED, s.manifestsSkipped()),
      value(MANIFESTS_FROM_CACHE, s.manifestsFromCache()),
      value(MANIFESTS_FROM_STORAGE, s.manifestsFromStorage()),
      value(DATA_FILES, s.dataFiles()),
      value(SPLITS, s.splits()),
      value(SKIPPED_BY_PARTITION, s.filesSkippedByPartition()),
      value(SKIPPED_BY_BUCKET, s.filesSkippedByBucket()),
      value(SKIPPED_BY_STATS, s.filesSkippedByStats())
    };
  }

  static CustomTaskMetric value(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  /** A metric summed over tasks (a driver metric has one value). */
  private abstract static class Sum extends CustomSumMetric {
    private final String name;
    private final String description;

    Sum(String name, String description) {
      this.name = name;
      this.description = description;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return description;
    }
  }

  /** Planning time. */
  public static final class PlanningTime extends Sum {
    public PlanningTime() {
      super(PLANNING_TIME, "planning time (ms)");
    }
  }

  /** The snapshot read. */
  public static final class SnapshotId extends Sum {
    public SnapshotId() {
      super(SNAPSHOT_ID, "snapshot id");
    }
  }

  /** Manifests of the snapshot. */
  public static final class Manifests extends Sum {
    public Manifests() {
      super(MANIFESTS, "manifests");
    }
  }

  /** Manifests skipped by their partition or bucket range. */
  public static final class ManifestsSkipped extends Sum {
    public ManifestsSkipped() {
      super(MANIFESTS_SKIPPED, "manifests skipped");
    }
  }

  /** Manifests read from the driver's cache. */
  public static final class ManifestsFromCache extends Sum {
    public ManifestsFromCache() {
      super(MANIFESTS_FROM_CACHE, "manifests read from cache");
    }
  }

  /** Manifests read from storage. */
  public static final class ManifestsFromStorage extends Sum {
    public ManifestsFromStorage() {
      super(MANIFESTS_FROM_STORAGE, "manifests read from storage");
    }
  }

  /** Data files planned. */
  public static final class DataFiles extends Sum {
    public DataFiles() {
      super(DATA_FILES, "data files planned");
    }
  }

  /** Splits planned. */
  public static final class Splits extends Sum {
    public Splits() {
      super(SPLITS, "splits planned");
    }
  }

  /** Files skipped by the partition filter. */
  public static final class SkippedByPartition extends Sum {
    public SkippedByPartition() {
      super(SKIPPED_BY_PARTITION, "files skipped by partition");
    }
  }

  /** Files skipped by the bucket filter. */
  public static final class SkippedByBucket extends Sum {
    public SkippedByBucket() {
      super(SKIPPED_BY_BUCKET, "files skipped by bucket");
    }
  }

  /** Files skipped by value stats. */
  public static final class SkippedByStats extends Sum {
    public SkippedByStats() {
      super(SKIPPED_BY_STATS, "files skipped by stats");
    }
  }

  /** Parquet row groups skipped by their statistics (columnar reads). */
  public static final class RowGroupsSkipped extends Sum {
    public RowGroupsSkipped() {
      super(ROW_GROUPS_SKIPPED, "row groups skipped");
    }
  }

  /** Bytes read from storage by tasks. */
  public static final class BytesRead extends Sum {
    public BytesRead() {
      super(BYTES_READ, "bytes read");
    }
  }
}
