package io.strata.core.write;

import io.strata.core.options.FileFormat;
import io.strata.core.paths.FileNamer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names of new data or changelog files by format: a table with {@code file.format.per.level} writes
 * files of several extensions, each named by its own {@link FileNamer}.
 */
final class DataFileNames {

  private final boolean changelog;
  private final Map<FileFormat, FileNamer> namers = new ConcurrentHashMap<>();

  private DataFileNames(boolean changelog) {
    this.changelog = changelog;
  }

  static DataFileNames dataFiles() {
    return new DataFileNames(false);
  }

  static DataFileNames changelogFiles() {
    return new DataFileNames(true);
  }

  FileNamer of(FileFormat format) {
    return namers.computeIfAbsent(
        format,
        f -> changelog ? FileNamer.changelogFiles(f.value()) : FileNamer.dataFiles(f.value()));
  }
}
