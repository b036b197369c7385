package io.strata.core.expire;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.paths.Names;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Deletes tags and the files only they kept alive: files of the tag's snapshot that neither the
 * earliest retained snapshot nor another tag references. (A file alive in any later snapshot is
 * alive in the earliest one, because a deleted file never comes back.)
 */
public final class TagDeletion {

  private final FileStore table;
  private final ManifestFiles manifests;

  public TagDeletion(FileStore table) {
    this.table = table;
    this.manifests = table.manifestFiles();
  }

  /** Deletes the named tags that exist; the names deleted. */
  public List<String> delete(List<String> names) {
    names.forEach(Names::tag);
    Map<String, Tag> tags = table.tagManager().tags();
    List<String> deleted = new java.util.ArrayList<>();
    for (String name : names) {
      Tag tag = tags.remove(name);
      if (tag == null) {
        continue;
      }
      table.tagManager().delete(name);
      deleted.add(name);
      cleanFilesOf(tag.snapshot(), tags);
    }
    return deleted;
  }

  private void cleanFilesOf(Snapshot tagged, Map<String, Tag> remainingTags) {
    OptionalLong earliest = table.snapshotManager().earliestId();
    if (earliest.isPresent() && tagged.id() >= earliest.getAsLong()) {
      return; // a live snapshot still holds everything the tag held
    }
    Set<ManifestEntry.Identifier> kept = new HashSet<>();
    Set<String> keptManifests = new HashSet<>();
    if (earliest.isPresent()) {
      Snapshot first = table.snapshotManager().snapshot(earliest.getAsLong());
      live(first).forEach(e -> kept.add(e.identifier()));
      keptManifests.addAll(SnapshotExpiration.referencedManifests(first, manifests));
    }
    for (Tag other : remainingTags.values()) {
      live(other.snapshot()).forEach(e -> kept.add(e.identifier()));
      keptManifests.addAll(SnapshotExpiration.referencedManifests(other.snapshot(), manifests));
    }
    for (ManifestEntry e : live(tagged)) {
      if (!kept.contains(e.identifier())) {
        try {
          table
              .dataFilePaths()
              .delete(e.partition(), e.bucket(), e.file().fileName(), e.file().externalPath());
        } catch (IOException ex) {
          throw new UncheckedIOException("Cannot delete data file " + e.file().fileName(), ex);
        }
      }
    }
    if (!table.snapshotManager().exists(tagged.id())) {
      for (String m : SnapshotExpiration.referencedManifests(tagged, manifests)) {
        if (!keptManifests.contains(m)) {
          delete(table.paths().manifest(m));
        }
      }
    }
  }

  private List<ManifestEntry> live(Snapshot s) {
    return SnapshotExpiration.liveFiles(table, manifests, s);
  }

  private void delete(org.apache.hadoop.fs.Path path) {
    try {
      table.fileIO().delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path, e);
    }
  }
}
