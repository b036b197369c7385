package io.strata.core.expire;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.io.FileTaskPool;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * Finds and deletes files under a table directory that no snapshot, tag, schema or consumer
 * references, and that are older than a threshold (so files of in-flight writes survive).
 *
 * <p>Manifests of all versions are read, directories listed and orphans deleted in parallel: reads
 * and deletes on the pool of {@code delete-file.thread-num} threads, listing through a {@link
 * DirectoryLister} (the same pool by default; Spark tasks from {@code remove_orphan_files}). Every
 * delete goes through the table's confined file IO, so nothing outside the table is touched.
 */
public final class OrphanFiles {

  /**
   * Directories never cleaned: metadata that no manifest names. {@code index/} (deletion vectors
   * and hash indexes) is cleaned like data: its files are referenced through index manifests.
   */
  private static final Set<String> METADATA_DIRS = Set.of("snapshot", "schema", "tag", "consumer");

  private final FileStore table;
  private final FileTaskPool pool;
  private final DirectoryLister lister;

  public OrphanFiles(FileStore table) {
    this(table, DirectoryLister.local(table));
  }

  /** Orphan removal that lists the table's data directories with {@code lister}. */
  public OrphanFiles(FileStore table, DirectoryLister lister) {
    this.table = table;
    this.pool = FileTasks.of(table);
    this.lister = lister;
  }

  /** What was (or, in a dry run, would be) deleted. */
  public record Result(List<Path> files, long bytes) {}

  public Result remove(long olderThanMillis, boolean dryRun) {
    if (olderThanMillis > table.clock().millis()) {
      throw CoreErrors.orphanCutoffInFuture();
    }
    Set<String> referenced = new ReferencedFiles(table, pool).relativePaths();
    List<Path> orphans = new ArrayList<>();
    long bytes = 0;
    for (FileIO.FileStatusInfo f : candidates(olderThanMillis)) {
      if (!referenced.contains(ReferencedFiles.relative(table.root(), f.path()))) {
        orphans.add(f.path());
        bytes += f.length();
      }
    }
    if (!dryRun) {
      pool.forEach(orphans, this::delete);
    }
    return new Result(orphans, bytes);
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
