package io.strata.core.expire;

import io.strata.core.manifest.ManifestEntry;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Data files that versions being kept list, by path, with every extra file (file index) those
 * versions list for them. A file is kept whatever its level; its extra files only where some kept
 * version still lists them, since {@code rewrite_file_index} gives the same file a new index.
 */
final class KeptFiles {

  private final Map<ManifestEntry.FileKey, Set<String>> extraFiles = new HashMap<>();

  void add(ManifestEntry e) {
    extraFiles.computeIfAbsent(e.fileKey(), k -> new HashSet<>()).addAll(e.file().extraFiles());
  }

  boolean holds(ManifestEntry e) {
    return extraFiles.containsKey(e.fileKey());
  }

  /** Of {@code names}, the extra files of {@code e}'s file that no kept version lists. */
  List<String> unlistedExtraFiles(ManifestEntry e, List<String> names) {
    Set<String> listed = extraFiles.getOrDefault(e.fileKey(), Set.of());
    return names.stream().filter(n -> !listed.contains(n)).toList();
  }
}
