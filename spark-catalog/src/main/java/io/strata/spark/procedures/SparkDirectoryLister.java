package io.strata.spark.procedures;

import io.strata.core.expire.DirectoryLister;
import io.strata.core.io.FileIO;
import io.strata.core.progress.Progress;
import io.strata.spark.SparkJobs;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Lists a table's data directories in Spark tasks, for {@code remove_orphan_files} on tables with
 * many directories: each task walks some directories through the table's file IO and returns only
 * the files old enough to be orphans, as (path, length, modification time); the driver compares
 * them with the referenced files and deletes.
 */
final class SparkDirectoryLister implements DirectoryLister {

  /** Spark's job group of the listing jobs, so that they can be told apart. */
  static final String JOB_GROUP = "strata-remove-orphan-files";

  private final SparkContext spark;
  private final FileIO fileIO;
  private final int parallelism;

  /**
   * @param parallelism the most Spark tasks to list with; null: Spark's default parallelism
   */
  SparkDirectoryLister(SparkContext spark, FileIO fileIO, Integer parallelism) {
    this.spark = spark;
    this.fileIO = fileIO;
    this.parallelism = parallelism == null ? spark.defaultParallelism() : parallelism;
  }

  @Override
  public List<FileIO.FileStatusInfo> filesBelow(List<Path> dirs, long olderThanMillis) {
    if (dirs.isEmpty()) {
      return List.of();
    }
    List<String> names = dirs.stream().map(Path::toString).toList();
    FileIO io = fileIO;
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark);
    SparkJobs.Restorer restorer =
        SparkJobs.describe(
            spark,
            JOB_GROUP,
            "Strata remove_orphan_files on "
                + Progress.table(dirs.get(0).getParent())
                + ": list "
                + names.size()
                + " directories");
    List<ListedFile> listed;
    try {
      listed =
          context
              .parallelize(names, Math.max(1, Math.min(names.size(), parallelism)))
              .flatMap(dir -> ListedFile.below(io, dir, olderThanMillis).iterator())
              .collect();
    } finally {
      restorer.restore();
    }
    return listed.stream().map(ListedFile::status).toList();
  }

  /** One file a task found. */
  record ListedFile(String path, long length, long modificationTime) implements Serializable {

    FileIO.FileStatusInfo status() {
      return new FileIO.FileStatusInfo(new Path(path), length, false, modificationTime);
    }

    /** The files at any depth below {@code dir} modified before {@code olderThanMillis}. */
    static List<ListedFile> below(FileIO io, String dir, long olderThanMillis) {
      List<ListedFile> files = new ArrayList<>();
      Deque<Path> pending = new ArrayDeque<>(List.of(new Path(dir)));
      while (!pending.isEmpty()) {
        Path next = pending.pop();
        List<FileIO.FileStatusInfo> listed;
        try {
          listed = io.list(next);
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot list " + next + " for remove_orphan_files", e);
        }
        for (FileIO.FileStatusInfo f : listed) {
          if (f.isDirectory()) {
            pending.push(f.path());
          } else if (f.modificationTime() < olderThanMillis) {
            files.add(new ListedFile(f.path().toString(), f.length(), f.modificationTime()));
          }
        }
      }
      return files;
    }
  }
}
