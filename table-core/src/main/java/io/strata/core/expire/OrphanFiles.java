package io.strata.core.expire;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.io.FileTaskPool;
import io.strata.core.progress.Progress;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds and deletes files under a table directory that no snapshot, tag, schema or consumer
 * references, and that are older than a threshold (so files of in-flight writes survive).
 *
 * <p>Manifests of all versions are read, directories listed and orphans deleted in parallel: reads
 * and deletes on the pool of {@code delete-file.thread-num} threads, listing through a {@link
 * DirectoryLister} (the same pool by default; Spark tasks from {@code remove_orphan_files}). Every
 * delete goes through the table's confined file IO, so nothing outside the table is touched.
 *
 * <p>The cutoff is the only thing that protects a write in flight: its data files and manifests
 * exist before its snapshot names them. {@link #SAFETY_MARGIN} (one day, Paimon's default) is far
 * longer than any commit; a cutoff newer than that is allowed (nothing else is writing, say) but
 * logged as a risk, since it can delete the files of a commit that is about to publish.
 */
public final class OrphanFiles {

  /** How old a file must be by default before it can be taken for an orphan. */
  public static final Duration SAFETY_MARGIN = Duration.ofDays(1);

  private static final Logger LOG = LoggerFactory.getLogger(OrphanFiles.class);

  /** Directories below the root whose files metadata names: manifests, indexes, statistics. */
  private static final Set<String> REFERENCED_DIRS = Set.of("manifest", "index", "statistics");

  /**
   * Directories never cleaned: metadata that no manifest names, Strata's and Paimon's ({@code
   * changelog/} of decoupled changelog retention, {@code branch/}, {@code service/}). {@code
   * index/} (deletion vectors and hash indexes) and {@code statistics/} are cleaned like data:
   * their files are referenced through index manifests and snapshots.
   */
  private static final Set<String> METADATA_DIRS =
      Set.of("snapshot", "schema", "tag", "consumer", "changelog", "branch", "service");

  private final FileStore table;
  private final FileTaskPool pool;
  private final DirectoryLister lister;

  public OrphanFiles(FileStore table) {
    this(table, DirectoryLister.local(table));
  }

  /**
   * Orphan removal that lists the table's data directories with {@code lister}. Branches share the
   * table's files, so whichever branch {@code table} sees, main and every branch are counted.
   */
  public OrphanFiles(FileStore table, DirectoryLister lister) {
    this.table = table.mainBranch();
    this.pool = FileTasks.of(table);
    this.lister = lister;
  }

  /** What was (or, in a dry run, would be) deleted. */
  public record Result(List<Path> files, long bytes) {}

  /** The default cutoff: {@link #SAFETY_MARGIN} before {@code clock}'s now. */
  public static long defaultCutoff(Clock clock) {
    return clock.millis() - SAFETY_MARGIN.toMillis();
  }

  public Result remove(long olderThanMillis, boolean dryRun) {
    long now = table.clock().millis();
    if (olderThanMillis > now) {
      throw CoreErrors.orphanCutoffInFuture();
    }
    if (olderThanMillis > now - SAFETY_MARGIN.toMillis()) {
      LOG.warn(
          "Removing orphan files of {} newer than the safety margin of {} (older_than is {} ms"
              + " ago): files of a commit still in flight will be deleted and that commit will"
              + " reference missing files. Use the default older_than unless no write is running.",
          table.root(),
          SAFETY_MARGIN,
          now - olderThanMillis);
    }
    long start = System.nanoTime();
    Set<String> referenced = new ReferencedFiles(table, pool).relativePaths();
    List<Path> orphans = new ArrayList<>();
    long bytes = 0;
    List<FileIO.FileStatusInfo> candidates = candidates(olderThanMillis);
    for (FileIO.FileStatusInfo f : candidates) {
      String relative = ReferencedFiles.relative(table.root(), f.path());
      if (isTableFile(relative) && !referenced.contains(relative)) {
        orphans.add(f.path());
        bytes += f.length();
      }
    }
    if (!dryRun) {
      pool.forEach(orphans, this::delete);
    }
    LOG.info(
        "{} {} ({}) of {}, of {} old enough and {} referenced, in {}",
        dryRun ? "Found (dry run, nothing deleted)" : "Removed",
        Progress.count(orphans.size(), "orphan file"),
        Progress.bytes(bytes),
        Progress.table(table.root()),
        Progress.count(candidates.size(), "file"),
        Progress.count(referenced.size(), "file"),
        Progress.elapsedSince(start));
    return new Result(orphans, bytes);
  }

  /**
   * Whether a file at this path (relative to the root) is one a table writes and names in its
   * metadata: below {@code manifest/}, {@code index/} or {@code statistics/}, or below a bucket
   * directory. Other files, such as a partition's {@code _SUCCESS} marker or a file someone left in
   * the table directory, are not the table's to delete, as Paimon's orphan clean leaves them.
   */
  static boolean isTableFile(String relative) {
    String[] segments = relative.split("/");
    if (segments.length < 2) {
      return false;
    }
    if (REFERENCED_DIRS.contains(segments[0])) {
      return true;
    }
    for (int i = 0; i < segments.length - 1; i++) {
      if (segments[i].startsWith("bucket-")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The table's directories that may hold orphans: everything directly below the root except the
   * metadata directories (partition directories, bucket directories and {@code manifest/}).
   */
  public List<Path> dataDirectories() {
    List<Path> dirs = new ArrayList<>();
    for (FileIO.FileStatusInfo f : listRoot()) {
      if (f.isDirectory() && !METADATA_DIRS.contains(f.path().getName())) {
        dirs.add(f.path());
      }
    }
    return dirs;
  }

  /** Files old enough to go: those directly below the root and those below its data dirs. */
  private List<FileIO.FileStatusInfo> candidates(long olderThanMillis) {
    List<FileIO.FileStatusInfo> files = new ArrayList<>();
    for (FileIO.FileStatusInfo f : listRoot()) {
      if (!f.isDirectory() && f.modificationTime() < olderThanMillis) {
        files.add(f);
      }
    }
    files.addAll(lister.filesBelow(dataDirectories(), olderThanMillis));
    return files;
  }

  private List<FileIO.FileStatusInfo> listRoot() {
    try {
      return table.fileIO().list(table.root());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + table.root(), e);
    }
  }

  private void delete(Path orphan) {
    try {
      table.fileIO().delete(orphan);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot remove orphan file " + orphan, e);
    }
  }
}
