package io.strata.core.expire;

import io.strata.core.io.FileIO;
import io.strata.core.io.FileTaskPool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Lists directory trees breadth first: the directories of one level are listed in parallel, and
 * their subdirectories form the next level, so a table's partitions and buckets spread over the
 * pool whatever their depth.
 */
final class LocalDirectoryLister implements DirectoryLister {

  private final FileIO fileIO;
  private final FileTaskPool pool;

  LocalDirectoryLister(FileIO fileIO, FileTaskPool pool) {
    this.fileIO = fileIO;
    this.pool = pool;
  }

  @Override
  public List<FileIO.FileStatusInfo> filesBelow(List<Path> dirs, long olderThanMillis) {
    List<FileIO.FileStatusInfo> files = new ArrayList<>();
    List<Path> level = dirs;
    while (!level.isEmpty()) {
      List<Path> next = new ArrayList<>();
      for (List<FileIO.FileStatusInfo> listed : pool.map(level, this::list)) {
        for (FileIO.FileStatusInfo f : listed) {
          if (f.isDirectory()) {
            next.add(f.path());
          } else if (f.modificationTime() < olderThanMillis) {
            files.add(f);
          }
        }
      }
      level = next;
    }
    return files;
  }

  private List<FileIO.FileStatusInfo> list(Path dir) {
    try {
      return fileIO.list(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + dir + " while looking for orphan files", e);
    }
  }
}
