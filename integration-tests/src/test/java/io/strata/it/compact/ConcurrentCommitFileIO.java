package io.strata.it.compact;

import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;

/**
 * The local file system, where the first Spark task to finish a new data file first lets another
 * writer commit to the same table: an append of one row, or a compaction that removes every file
 * read so far. It runs in the task's thread (Spark's local mode shares the JVM), so it commits
 * after the sort compaction scanned and before it commits, as a concurrent writer would.
 */
final class ConcurrentCommitFileIO extends ForwardingFileIO {

  private static final long serialVersionUID = 1L;

  private static final AtomicBoolean DONE = new AtomicBoolean();

  /** What the other writer commits. */
  enum Commit {
    APPEND,
    COMPACT
  }

  private final String table;
  private final Set<String> existing;
  private final Commit commit;

  ConcurrentCommitFileIO(String table, Set<String> existing, Commit commit) {
    super(HadoopFileIO.local());
    this.table = table;
    this.existing = Set.copyOf(existing);
    this.commit = commit;
    DONE.set(false);
  }

  @Override
  public FileSystem fileSystem(Path path) throws IOException {
    if (TaskContext.get() != null
        && path.getName().startsWith("data-")
        && !existing.contains(path.getName())
        && DONE.compareAndSet(false, true)) {
      commitConcurrently();
    }
    return super.fileSystem(path);
  }

  private void commitConcurrently() {
    FileStoreTable other = DistributedCompactionTest.load(table, HadoopFileIO.local());
    if (commit == Commit.COMPACT) {
      other.newCommit("concurrent").compact(null, CompactStrategy.FULL);
      return;
    }
    TableWriter writer = other.newWrite();
    writer.write(new Object[] {-1, -1L, "concurrent", "x"});
    other.newCommit("concurrent").commit(writer.prepareCommit(), CommitKind.APPEND);
  }
}
