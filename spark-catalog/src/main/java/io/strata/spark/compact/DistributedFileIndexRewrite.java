package io.strata.spark.compact;

import io.strata.core.compact.FileIndexRewrite;
import io.strata.core.predicate.Predicate;
import io.strata.core.progress.Progress;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.CommitMessage;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkJobs;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * {@code CALL sys.rewrite_file_index} as a Spark job: the driver lists the selected partitions'
 * live files from the manifests, Spark tasks read each file's indexed columns and write its new
 * index, and the driver commits every changed file as one COMPACT snapshot, or deletes the new
 * index files when any task failed.
 */
public final class DistributedFileIndexRewrite {

  /** How many files were given a new index, in how many partitions. */
  public record Result(int partitions, int files) {}

  /** One Spark task's messages, or its failure after it deleted what it wrote. */
  private record Outcome(List<CommitMessage> messages, RuntimeException failure)
      implements Serializable {

    static Outcome run(FileStoreTable table, List<FileIndexRewrite.Task> tasks) {
      try {
        return new Outcome(FileIndexRewrite.run(table, tasks), null);
      } catch (RuntimeException e) {
        return new Outcome(List.of(), e);
      }
    }
  }

  private DistributedFileIndexRewrite() {}

  public static Result run(
      SparkSession spark, FileStoreTable table, Predicate partitionFilter, String commitUser) {
    List<FileIndexRewrite.Task> tasks = FileIndexRewrite.plan(table, partitionFilter);
    if (tasks.isEmpty()) {
      return new Result(0, 0);
    }
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    // Files, not buckets, are the unit of work: an unbucketed table keeps one bucket per partition.
    int slices = Math.min(tasks.size(), Math.max(1, context.defaultParallelism()) * 4);
    List<List<FileIndexRewrite.Task>> groups = new ArrayList<>();
    for (int i = 0; i < slices; i++) {
      groups.add(
          new ArrayList<>(
              tasks.subList(i * tasks.size() / slices, (i + 1) * tasks.size() / slices)));
    }
    String description =
        "Strata rewrite_file_index "
            + Progress.table(table.root())
            + ": "
            + Progress.count(tasks.size(), "data file");
    List<Outcome> outcomes =
        SparkJobs.described(
            spark.sparkContext(),
            description,
            () ->
                context
                    .parallelize(groups, groups.size())
                    .map(group -> Outcome.run(table, group))
                    .collect());
    List<CommitMessage> done = new ArrayList<>();
    List<RuntimeException> failures = new ArrayList<>();
    for (Outcome o : outcomes) {
      done.addAll(o.messages());
      if (o.failure() != null) {
        failures.add(o.failure());
      }
    }
    TableCommit commit = table.newCommit(commitUser);
    if (!failures.isEmpty()) {
      commit.abort(done);
      RuntimeException error =
          SparkErrors.fileIndexRewriteFailed(
              table.root().getName(), failures.size(), failures.get(0));
      failures.subList(1, failures.size()).forEach(error::addSuppressed);
      throw error;
    }
    if (done.isEmpty()) {
      return new Result(0, 0);
    }
    commit.commitCompaction(FileIndexRewrite.oneMessagePerBucket(done));
    Set<Object> partitions = new HashSet<>();
    int files = 0;
    for (CommitMessage m : done) {
      partitions.add(m.partition());
      files += m.compactAfter().size();
    }
    return new Result(partitions.size(), files);
  }
}
