package io.strata.core.expire;

import io.strata.core.branch.OtherBranches;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotJson;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rolls a table back to a snapshot: later snapshots and tags on them are removed, then the files
 * only they referenced. Snapshot files go newest first, so an interruption leaves a consistent
 * (older) latest snapshot and at worst orphan files. Rolling back to a tag whose snapshot expired
 * recreates that snapshot from the tag.
 */
public final class Rollback {

  private final FileStore table;
  private final SnapshotManager snapshots;
  private final ManifestFiles manifests;

  public Rollback(FileStore table) {
    this.table = table;
    this.snapshots = table.snapshotManager();
    this.manifests = table.manifestFiles();
  }

  /** Rolls back to {@code target}; returns the previous latest snapshot id. */
  public long to(Snapshot target) {
    Snapshot latest = snapshots.latest();
    if (latest == null) {
      throw CoreErrors.noSnapshot(table.root().getName());
    }
    List<Snapshot> removed = new ArrayList<>();
    try {
      for (long id : snapshots.listIds()) {
        if (id > target.id()) {
          removed.add(snapshots.snapshot(id));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, Tag> tags = table.tagManager().tags();
    List<Snapshot> removedTags = new ArrayList<>();
    tags.entrySet()
        .removeIf(
            e -> {
              if (e.getValue().snapshot().id() > target.id()) {
                removedTags.add(e.getValue().snapshot());
                table.tagManager().delete(e.getKey());
                return true;
              }
              return false;
            });
    if (!snapshots.exists(target.id())) {
      recreate(target);
    }
    removed.sort((a, b) -> Long.compare(b.id(), a.id()));
    for (Snapshot s : removed) {
      delete(table.paths().snapshot(s.id()));
    }
    writeHints(target.id());
    cleanFiles(target, removed, removedTags, tags);
    new ChangelogExpiration(table).dropAfter(target.id());
    return latest.id();
  }

  private void recreate(Snapshot target) {
    try {
      table
          .fileIO()
          .overwriteFile(
              table.paths().snapshot(target.id()),
              SnapshotJson.toJson(target).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot recreate snapshot " + target.id(), e);
    }
  }

  private void writeHints(long id) {
    try {
      table
          .fileIO()
          .overwriteFile(
              table.paths().latestHint(), Long.toString(id).getBytes(StandardCharsets.UTF_8));
      if (snapshots.earliestId().orElse(id) >= id) {
        snapshots.writeEarliestHint(id);
      }
    } catch (IOException e) {
      // Hints are best effort.
    }
  }

  /**
   * Files added after the target that neither the target, a remaining tag nor another branch holds.
   */
  private void cleanFiles(
      Snapshot target, List<Snapshot> removed, List<Snapshot> removedTags, Map<String, Tag> tags) {
    KeptFiles kept = new KeptFiles();
    Set<String> keptManifests =
        new HashSet<>(SnapshotExpiration.referencedManifests(target, manifests));
    SnapshotExpiration.liveFiles(table, manifests, target).forEach(kept::add);
    List<Snapshot> keepers = new ArrayList<>(OtherBranches.versions(table));
    tags.values().forEach(t -> keepers.add(t.snapshot()));
    for (Snapshot keeper : keepers) {
      keptManifests.addAll(SnapshotExpiration.referencedManifests(keeper, manifests));
      SnapshotExpiration.liveFiles(table, manifests, keeper).forEach(kept::add);
    }
    List<Snapshot> gone = new ArrayList<>(removed);
    gone.addAll(removedTags);
    // Everything the oldest removed version and each removed tag held, plus every later addition.
    List<Snapshot> wholeVersions = new ArrayList<>(removedTags);
    removed.stream().min((a, b) -> Long.compare(a.id(), b.id())).ifPresent(wholeVersions::add);
    for (Snapshot s : wholeVersions) {
      for (ManifestEntry e : SnapshotExpiration.liveFiles(table, manifests, s)) {
        deleteUnlessKept(e, kept);
      }
    }
    for (Snapshot s : removed) {
      for (ManifestFileMeta m : safeList(s.deltaManifestList())) {
        for (ManifestEntry e : manifests.readManifest(m.fileName())) {
          if (e.kind() == FileKind.ADD) {
            deleteUnlessKept(e, kept);
          }
        }
      }
    }
    // Changelog files belong to their snapshot alone: they go with it unless a kept version holds
    // it.
    for (Snapshot s : gone) {
      String changelog = s.changelogManifestList();
      if (changelog == null || keptManifests.contains(changelog)) {
        continue;
      }
      for (ManifestFileMeta m : safeList(changelog)) {
        for (ManifestEntry e : manifests.readManifest(m.fileName())) {
          deleteUnlessKept(e, kept);
        }
      }
    }
    for (Snapshot s : gone) {
      for (String m : SnapshotExpiration.referencedManifests(s, manifests)) {
        if (!keptManifests.contains(m)) {
          delete(table.paths().manifest(m));
        }
      }
    }
  }

  /** Deletes {@code e}'s file, or where a kept version lists it, the index files none lists. */
  private void deleteUnlessKept(ManifestEntry e, KeptFiles kept) {
    if (!kept.holds(e)) {
      CommittedDataFiles.delete(table, e, "during rollback");
    } else {
      CommittedDataFiles.deleteExtraFiles(
          table, e, kept.unlistedExtraFiles(e, e.file().extraFiles()), "during rollback");
    }
  }

  private List<ManifestFileMeta> safeList(String list) {
    try {
      return manifests.readManifestList(list);
    } catch (UncheckedIOException e) {
      return List.of();
    }
  }

  private void delete(org.apache.hadoop.fs.Path path) {
    try {
      table.fileIO().delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path + " during rollback", e);
    }
  }
}
