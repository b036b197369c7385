package io.strata.core.expire;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.util.HashSet;
import java.util.Set;

/**
 * The data files and manifests that tags keep alive. Only tags of snapshots before the end of the
 * expired range can hold files that range deletes, so only those are read.
 */
final class TaggedFiles {

  private final Set<ManifestEntry.Identifier> files = new HashSet<>();
  private final Set<String> manifestFiles = new HashSet<>();

  TaggedFiles(FileStore table, ManifestFiles manifests, long endExclusive) {
    for (Tag tag : table.tagManager().tags().values()) {
      Snapshot s = tag.snapshot();
      manifestFiles.addAll(SnapshotExpiration.referencedManifests(s, manifests));
      if (s.id() < endExclusive) {
        for (ManifestEntry e : SnapshotExpiration.liveFiles(table, manifests, s)) {
          files.add(e.identifier());
        }
      }
    }
  }

  boolean holds(ManifestEntry entry) {
    return files.contains(entry.identifier());
  }

  /** Manifest lists and manifests of every tag (a mutable copy). */
  Set<String> manifestFiles() {
    return new HashSet<>(manifestFiles);
  }
}
