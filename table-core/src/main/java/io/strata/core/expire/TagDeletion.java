package io.strata.core.expire;

import io.strata.core.branch.OtherBranches;
import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.io.FileTaskPool;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.paths.Names;
import io.strata.core.paths.TablePaths;
import io.strata.core.snapshot.ChangelogManager;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * Deletes tags and the files only they kept alive: files of the tag's snapshot that neither the
 * earliest retained snapshot nor another tag references. (A file alive in any later snapshot is
 * alive in the earliest one, because a deleted file never comes back.) Data files go before
 * manifests, each phase on the pool of {@code delete-file.thread-num} threads.
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
    List<String> deleted = new ArrayList<>();
    for (String name : names) {
      if (tags.containsKey(name)) {
        List<String> branches = branchesFrom(name);
        if (!branches.isEmpty()) {
          throw CoreErrors.tagHasBranches(name, branches);
        }
      }
    }
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

  /**
   * Paimon's branches created from the tag {@code name} (it copies the tag into the branch): they
   * read the tag's files, so Paimon refuses to delete the tag while they exist, and so does this.
   */
  private List<String> branchesFrom(String name) {
    List<String> branches = new ArrayList<>();
    try {
      // The listing is empty without branches.
      for (FileIO.FileStatusInfo b : table.fileIO().list(table.paths().branchesDir())) {
        String branch = TablePaths.branchName(b.path());
        if (b.isDirectory()
            && branch != null
            && !branch.equals(table.branch())
            && table.fileIO().exists(new Path(b.path(), "tag/tag-" + name))) {
          branches.add(branch);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the branches of " + table.root(), e);
    }
    return branches;
  }

  private void cleanFilesOf(Snapshot tagged, Map<String, Tag> remainingTags) {
    OptionalLong earliest = table.snapshotManager().earliestId();
    if (earliest.isPresent() && tagged.id() >= earliest.getAsLong()) {
      return; // a live snapshot still holds everything the tag held
    }
    FileTaskPool pool = FileTasks.of(table);
    List<Snapshot> keepers = new ArrayList<>();
    if (earliest.isPresent()) {
      keepers.add(table.snapshotManager().snapshot(earliest.getAsLong()));
    }
    remainingTags.values().forEach(t -> keepers.add(t.snapshot()));
    keepers.addAll(OtherBranches.versions(table));
    if (SnapshotExpiration.changelogIsWrittenFiles(table)) {
      // A changelog of written files (changelog/changelog-N) streams the files its version added.
      ChangelogManager changelogs = new ChangelogManager(table.fileIO(), table.paths());
      changelogs.listIds().forEach(id -> keepers.add(changelogs.changelog(id)));
    }
    KeptFiles kept = new KeptFiles();
    pool.map(keepers, this::live).forEach(live -> live.forEach(kept::add));
    List<ManifestEntry> taggedFiles = live(tagged);
    List<ManifestEntry> unused =
        new ArrayList<>(taggedFiles.stream().filter(e -> !kept.holds(e)).toList());
    // A file the tag shares with kept versions under another index: its old index goes.
    pool.forEach(
        taggedFiles.stream().filter(kept::holds).toList(),
        e ->
            CommittedDataFiles.deleteExtraFiles(
                table,
                e,
                kept.unlistedExtraFiles(e, e.file().extraFiles()),
                "while deleting a tag"));
    // The snapshot's changelog goes with the tag, unless changelog/ still keeps it.
    if (!table.snapshotManager().exists(tagged.id())
        && !new ChangelogManager(table.fileIO(), table.paths()).exists(tagged.id())) {
      unused.addAll(changelogFiles(tagged, remainingTags));
    }
    pool.forEach(unused, this::deleteDataFile);
    if (!table.snapshotManager().exists(tagged.id())) {
      Set<String> keptManifests = new HashSet<>();
      pool.map(keepers, s -> SnapshotExpiration.referencedManifests(s, manifests))
          .forEach(keptManifests::addAll);
      ChangelogManager changelogs = new ChangelogManager(table.fileIO(), table.paths());
      String keptChangelog =
          changelogs.exists(tagged.id())
              ? changelogs.changelog(tagged.id()).changelogManifestList()
              : null;
      if (keptChangelog != null) {
        keptManifests.add(keptChangelog);
        manifests.readManifestList(keptChangelog).forEach(m -> keptManifests.add(m.fileName()));
      }
      List<String> unusedManifests =
          SnapshotExpiration.referencedManifests(tagged, manifests).stream()
              .filter(m -> !keptManifests.contains(m))
              .toList();
      pool.forEach(unusedManifests, m -> delete(table.paths().manifest(m)));
    }
  }

  /**
   * The changelog files of an expired tagged snapshot, which expiration kept for the tag; none when
   * another tag holds the same snapshot.
   */
  private List<ManifestEntry> changelogFiles(Snapshot tagged, Map<String, Tag> remainingTags) {
    String list = tagged.changelogManifestList();
    if (list == null
        || remainingTags.values().stream()
            .anyMatch(t -> list.equals(t.snapshot().changelogManifestList()))) {
      return List.of();
    }
    List<ManifestEntry> files = new ArrayList<>();
    for (ManifestFileMeta m : manifests.readManifestList(list)) {
      files.addAll(manifests.readManifest(m.fileName()));
    }
    return files;
  }

  private void deleteDataFile(ManifestEntry e) {
    CommittedDataFiles.delete(table, e, "while deleting a tag");
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
