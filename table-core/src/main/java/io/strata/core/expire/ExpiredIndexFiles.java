package io.strata.core.expire;

import io.strata.core.branch.OtherBranches;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.paths.PathContainment;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the index manifests and index files (deletion vectors, hash indexes) that only expired
 * snapshots read.
 *
 * <p>A snapshot's index manifest lists every live index file, and a removed index file never comes
 * back (rewrites get new names), so the files to keep are those of the first retained snapshot, of
 * every tag and of every version another branch reads. Files go before their manifest: an
 * interrupted run leaves the manifest, and a rerun reads it again.
 */
final class ExpiredIndexFiles {

  private static final Logger LOG = LoggerFactory.getLogger(ExpiredIndexFiles.class);

  private final FileStore table;
  private final ManifestFiles manifests;
  private final Set<String> keptManifests = new HashSet<>();
  private final Set<String> keptFiles = new HashSet<>();
  private int deletedFiles;
  private int deletedManifests;

  /** What {@code firstRetained} and the table's tags still read. */
  ExpiredIndexFiles(FileStore table, ManifestFiles manifests, Snapshot firstRetained) {
    this.table = table;
    this.manifests = manifests;
    keep(firstRetained);
    for (Tag tag : table.tagManager().tags().values()) {
      keep(tag.snapshot());
    }
    OtherBranches.versions(table).forEach(this::keep);
  }

  /** Strict: an unreadable kept manifest must fail the run rather than let its files go. */
  private void keep(Snapshot s) {
    String name = s.indexManifest();
    if (name != null && keptManifests.add(name)) {
      for (IndexManifestEntry e : manifests.readIndexManifest(name)) {
        keptFiles.add(e.indexFile().fileName());
      }
    }
  }

  /** Deletes what {@code expired} reads and no retained snapshot or tag does. */
  void delete(Snapshot expired) {
    String name = expired.indexManifest();
    if (name == null || keptManifests.contains(name)) {
      return;
    }
    for (IndexManifestEntry e : entries(name)) {
      if (!keptFiles.contains(e.indexFile().fileName()) && deleteIndexFile(e)) {
        deletedFiles++;
      }
    }
    if (SnapshotExpiration.deleteIfPresent(table, table.paths().manifest(name))) {
      deletedManifests++;
    }
    // Later expired snapshots may share this manifest; it is gone now.
    keptManifests.add(name);
  }

  /** Index files deleted so far. */
  int deletedFiles() {
    return deletedFiles;
  }

  /** Index manifests deleted so far. */
  int deletedManifests() {
    return deletedManifests;
  }

  private boolean deleteIndexFile(IndexManifestEntry e) {
    Path path =
        table
            .indexFilePaths()
            .of(e.partition(), e.bucket(), e.indexFile().fileName(), e.indexFile().externalPath());
    if (!PathContainment.isInside(table.root(), path)) {
      LOG.warn(
          "Kept index file {} of table {}: it lies outside the table directory, where Strata"
              + " deletes nothing; remove it by hand once no reader needs it.",
          path,
          table.root());
      return false;
    }
    return SnapshotExpiration.deleteIfPresent(table, path);
  }

  private List<IndexManifestEntry> entries(String indexManifest) {
    try {
      return manifests.readIndexManifest(indexManifest);
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof FileNotFoundException) {
        return List.of(); // an interrupted earlier run already removed it
      }
      throw e;
    }
  }
}
