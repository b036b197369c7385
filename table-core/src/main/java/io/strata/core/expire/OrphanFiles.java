package io.strata.core.expire;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * Finds and deletes files under a table directory that no snapshot, tag, schema or consumer
 * references, and that are older than a threshold (so files of in-flight writes survive).
 */
public final class OrphanFiles {

  /**
   * Directories never cleaned: metadata, and {@code index/} (deletion vectors and hash indexes of
   * Paimon tables), whose files are referenced through index manifests this class does not read.
   */
  private static final Set<String> METADATA_DIRS =
      Set.of("snapshot", "schema", "tag", "consumer", "index");

  private final FileStore table;
  private final ManifestFiles manifests;

  public OrphanFiles(FileStore table) {
    this.table = table;
    this.manifests = table.manifestFiles();
  }

  /** What was (or, in a dry run, would be) deleted. */
  public record Result(List<Path> files, long bytes) {}

  public Result remove(long olderThanMillis, boolean dryRun) {
    if (olderThanMillis > table.clock().millis()) {
      throw CoreErrors.orphanCutoffInFuture();
    }
    Set<String> referenced = referencedPaths();
    List<Path> orphans = new ArrayList<>();
    long bytes = 0;
    try {
      for (FileIO.FileStatusInfo f : listRecursively(table.root())) {
        String rel = relative(f.path());
        boolean metadata = METADATA_DIRS.contains(rel.split("/")[0]);
        if (metadata || referenced.contains(rel) || f.modificationTime() >= olderThanMillis) {
          continue;
        }
        orphans.add(f.path());
        bytes += f.length();
        if (!dryRun) {
          table.fileIO().delete(f.path());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot remove orphan files of " + table.root(), e);
    }
    return new Result(orphans, bytes);
  }

  /** Paths relative to the table root of every manifest and data file any version reads. */
  private Set<String> referencedPaths() {
    List<Snapshot> versions = new ArrayList<>();
    try {
      for (long id : table.snapshotManager().listIds()) {
        versions.add(table.snapshotManager().snapshot(id));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (Tag t : table.tagManager().tags().values()) {
      versions.add(t.snapshot());
    }
    Set<String> manifestNames = new HashSet<>();
    for (Snapshot s : versions) {
      manifestNames.addAll(SnapshotExpiration.referencedManifests(s, manifests));
      if (s.indexManifest() != null) {
        manifestNames.add(s.indexManifest());
      }
    }
    Set<String> referenced = new HashSet<>();
    for (String m : manifestNames) {
      referenced.add("manifest/" + m);
    }
    Set<String> readManifests = new HashSet<>();
    for (Snapshot s : versions) {
      for (String list :
          new String[] {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()}) {
        if (list == null) {
          continue;
        }
        for (ManifestFileMeta m : manifests.readManifestList(list)) {
          if (readManifests.add(m.fileName())) {
            for (ManifestEntry e : manifests.readManifest(m.fileName())) {
              referenced.add(
                  relative(
                      table
                          .dataFilePaths()
                          .of(
                              e.partition(),
                              e.bucket(),
                              e.file().fileName(),
                              e.file().externalPath())));
            }
          }
        }
      }
    }
    return referenced;
  }

  private List<FileIO.FileStatusInfo> listRecursively(Path dir) throws IOException {
    List<FileIO.FileStatusInfo> files = new ArrayList<>();
    for (FileIO.FileStatusInfo f : table.fileIO().list(dir)) {
      if (f.isDirectory()) {
        if (!(dir.equals(table.root()) && METADATA_DIRS.contains(f.path().getName()))) {
          files.addAll(listRecursively(f.path()));
        }
      } else {
        files.add(f);
      }
    }
    return files;
  }

  private String relative(Path p) {
    String root = table.root().toUri().getPath();
    String path = p.toUri().getPath();
    return path.startsWith(root + "/") ? path.substring(root.length() + 1) : path;
  }
}
