package io.strata.it.compact;

import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;

/**
 * The local file system, counting opens of data files ({@code data-*}) in the driver and in Spark
 * tasks apart (a Spark task has a {@link TaskContext}; the driver has none). Parquet opens through
 * {@link #fileSystem}. Optionally fails a task once it has written a new data file into one bucket,
 * so tests can check what a failed compaction leaves behind.
 */
final class TaskSideFileIO extends ForwardingFileIO {

  private static final long serialVersionUID = 1L;

  static final AtomicInteger DRIVER_OPENS = new AtomicInteger();
  static final AtomicInteger TASK_OPENS = new AtomicInteger();

  private final String failingBucket;
  private final Set<String> existing;

  private TaskSideFileIO(String failingBucket, Set<String> existing) {
    super(HadoopFileIO.local());
    this.failingBucket = failingBucket;
    this.existing = Set.copyOf(existing);
  }

  static TaskSideFileIO counting() {
    return new TaskSideFileIO(null, Set.of());
  }

  /** Fails a task after it wrote a file in {@code bucketDir} not among {@code existing}. */
  static TaskSideFileIO failingAfterWriting(String bucketDir, Set<String> existing) {
    return new TaskSideFileIO(bucketDir, existing);
  }

  static void reset() {
    DRIVER_OPENS.set(0);
    TASK_OPENS.set(0);
  }

  private void opened(Path path) throws IOException {
    if (!path.getName().startsWith("data-")) {
      return;
    }
    if (TaskContext.get() == null) {
      DRIVER_OPENS.incrementAndGet();
      return;
    }
    TASK_OPENS.incrementAndGet();
    if (path.getParent().getName().equals(failingBucket) && !existing.contains(path.getName())) {
      throw new IOException("injected: task fails after writing " + path.getName());
    }
  }

  @Override
  public InputStream newInputStream(Path path) throws IOException {
    opened(path);
    return super.newInputStream(path);
  }

  @Override
  public FileSystem fileSystem(Path path) throws IOException {
    opened(path);
    return super.fileSystem(path);
  }
}
