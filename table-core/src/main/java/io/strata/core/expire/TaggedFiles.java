package io.strata.core.expire;

import io.strata.core.branch.OtherBranches;
import io.strata.core.io.FileTaskPool;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The data files and manifests that tags and other branches keep alive. Only tags of snapshots
 * before the end of the expired range can hold files that range deletes, so only those are read;
 * another branch's versions are all read, as their ids say nothing of this branch's history.
 */
final class TaggedFiles {

  private final KeptFiles files = new KeptFiles();
  private final Set<String> manifestFiles = new HashSet<>();

  /** Reads the tags' manifests on {@code pool}, one tag per task. */
  TaggedFiles(FileStore table, ManifestFiles manifests, long endExclusive, FileTaskPool pool) {
    List<Snapshot> tagged = table.tagManager().tags().values().stream().map(Tag::snapshot).toList();
    pool.map(tagged, s -> SnapshotExpiration.referencedManifests(s, manifests))
        .forEach(manifestFiles::addAll);
    List<Snapshot> older = tagged.stream().filter(s -> s.id() < endExclusive).toList();
    List<Snapshot> otherBranches = OtherBranches.versions(table);
    pool.map(otherBranches, s -> SnapshotExpiration.referencedManifests(s, manifests))
        .forEach(manifestFiles::addAll);
    List<Snapshot> holders = new ArrayList<>(older);
    holders.addAll(otherBranches);
    for (List<ManifestEntry> live :
        pool.map(holders, s -> SnapshotExpiration.liveFiles(table, manifests, s))) {
      live.forEach(files::add);
    }
  }

  boolean holds(ManifestEntry entry) {
    return files.holds(entry);
  }

  /** Of {@code names}, the extra files of {@code entry}'s file that no tag or branch lists. */
  List<String> unlistedExtraFiles(ManifestEntry entry, List<String> names) {
    return files.unlistedExtraFiles(entry, names);
  }

  /** Manifest lists and manifests of every tag (a mutable copy). */
  Set<String> manifestFiles() {
    return new HashSet<>(manifestFiles);
  }
}
