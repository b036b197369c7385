package io.strata.core.expire;

import io.strata.core.io.FileTaskPool;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.Options;
import io.strata.core.snapshot.ChangelogManager;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Expires the changelog kept past its snapshots ({@code changelog/changelog-N}), as Paimon's
 * changelog expiration does: the changelogs and the snapshots together are the changelog versions
 * {@code changelog.num-retained.min} / {@code .max} / {@code changelog.time-retained} count (each
 * defaulting to its snapshot counterpart), and only changelogs older than every snapshot expire,
 * never one a consumer still needs. An expired changelog's changelog files, its changelog manifests
 * and list, then its metadata go, oldest first, unless a tag holds the same changelog.
 */
final class ChangelogExpiration {

  private final FileStore table;
  private final ManifestFiles manifests;
  private final ChangelogManager changelogs;

  ChangelogExpiration(FileStore table) {
    this.table = table;
    this.manifests = table.manifestFiles();
    this.changelogs = new ChangelogManager(table.fileIO(), table.paths());
  }

  /** Expires what the retention allows; the number of changelogs expired. */
  int expire() {
    List<Long> ids = changelogs.listIds();
    OptionalLong latestSnapshot = table.snapshotManager().latestId();
    OptionalLong earliestSnapshot = table.snapshotManager().earliestId();
    if (ids.isEmpty() || latestSnapshot.isEmpty()) {
      return 0;
    }
    Options options = table.options();
    int retainMin =
        retainedOr(
            options,
            ExpireOptions.CHANGELOG_NUM_RETAINED_MIN,
            ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN);
    int retainMax =
        retainedOr(
            options,
            ExpireOptions.CHANGELOG_NUM_RETAINED_MAX,
            ExpireOptions.SNAPSHOT_NUM_RETAINED_MAX);
    Duration retained = options.get(ExpireOptions.CHANGELOG_TIME_RETAINED);
    if (retained == null) {
      retained = options.get(ExpireOptions.SNAPSHOT_TIME_RETAINED);
    }
    long olderThan = table.clock().millis() - retained.toMillis();
    long latest = latestSnapshot.getAsLong();
    long earliest = ids.get(0);
    long min = Math.max(latest - retainMax + 1, earliest);
    long maxExclusive = Math.min(latest - retainMin + 1, earliestSnapshot.getAsLong());
    maxExclusive = Math.min(maxExclusive, Consumers.minNextSnapshot(table).orElse(Long.MAX_VALUE));
    for (long id = min; id < maxExclusive; id++) {
      if (changelogs.exists(id) && changelogs.changelog(id).timeMillis() >= olderThan) {
        maxExclusive = id;
        break;
      }
    }
    Set<String> tagged = taggedChangelogs();
    Holders holders = null;
    if (SnapshotExpiration.changelogIsWrittenFiles(table) && ids.get(0) < maxExclusive) {
      List<Snapshot> next = new ArrayList<>();
      for (long id : ids) {
        if (id >= maxExclusive) {
          next.add(changelogs.changelog(id));
          break;
        }
      }
      next.add(table.snapshotManager().snapshot(earliestSnapshot.getAsLong()));
      holders = holders(maxExclusive, next);
    }
    int expired = 0;
    for (long id : ids) {
      if (id >= maxExclusive) {
        break;
      }
      expireOne(changelogs.changelog(id), tagged, holders);
      changelogs.delete(id);
      expired++;
    }
    if (expired > 0) {
      changelogs.writeHints();
    }
    return expired;
  }

  /**
   * Drops the kept changelogs after {@code id} (a rollback to {@code id}): their changes were
   * rolled back with their snapshots.
   */
  void dropAfter(long id) {
    Set<String> tagged = taggedChangelogs();
    List<Long> ids = changelogs.listIds();
    Holders holders = null;
    if (SnapshotExpiration.changelogIsWrittenFiles(table) && !ids.isEmpty()) {
      List<Snapshot> remaining = new ArrayList<>();
      for (long kept : ids) {
        if (kept <= id) {
          remaining.add(changelogs.changelog(kept));
        }
      }
      OptionalLong earliest = table.snapshotManager().earliestId();
      if (earliest.isPresent()) {
        remaining.add(table.snapshotManager().snapshot(earliest.getAsLong()));
      }
      holders = holders(Long.MAX_VALUE, remaining);
    }
    boolean dropped = false;
    for (int i = ids.size() - 1; i >= 0 && ids.get(i) > id; i--) {
      expireOne(changelogs.changelog(ids.get(i)), tagged, holders);
      changelogs.delete(ids.get(i));
      dropped = true;
    }
    if (dropped) {
      changelogs.writeHints();
    }
  }

  private Set<String> taggedChangelogs() {
    Set<String> tagged = new HashSet<>();
    for (Tag tag : table.tagManager().tags().values()) {
      if (tag.snapshot().changelogManifestList() != null) {
        tagged.add(tag.snapshot().changelogManifestList());
      }
    }
    return tagged;
  }

  private static int retainedOr(
      Options options,
      io.strata.core.options.ConfigOption<Integer> changelog,
      io.strata.core.options.ConfigOption<Integer> snapshot) {
    Integer value = options.get(changelog);
    return value != null ? value : options.get(snapshot);
  }

  /**
   * What expiring a changelog of written files must keep: the files tags and other branches hold,
   * and the manifests they and {@code retained} (the versions kept after, or around, the expired
   * ones) read.
   */
  private record Holders(TaggedFiles files, Set<String> manifests) {}

  private Holders holders(long endExclusive, List<Snapshot> retained) {
    FileTaskPool pool = FileTasks.of(table);
    TaggedFiles tagged = new TaggedFiles(table, manifests, endExclusive, pool);
    Set<String> kept = tagged.manifestFiles();
    pool.map(retained, s -> SnapshotExpiration.referencedManifests(s, manifests))
        .forEach(kept::addAll);
    return new Holders(tagged, kept);
  }

  /**
   * Deletes what one changelog kept: its changelog files, manifests and list; or, for a changelog
   * of written files ({@code holders} not null), the files its version removed, whose last reader
   * was the changelog before it, then its base and delta manifests and lists.
   */
  private void expireOne(Snapshot changelog, Set<String> tagged, Holders holders) {
    if (holders != null && changelog.changelogManifestList() == null) {
      expireWrittenFiles(changelog, holders);
      return;
    }
    String list = changelog.changelogManifestList();
    if (list == null || tagged.contains(list)) {
      return;
    }
    List<ManifestFileMeta> metas;
    try {
      metas = manifests.readManifestList(list);
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof FileNotFoundException) {
        return; // an interrupted earlier run already removed it
      }
      throw e;
    }
    for (ManifestFileMeta m : metas) {
      try {
        for (ManifestEntry e : manifests.readManifest(m.fileName())) {
          CommittedDataFiles.delete(table, e, "while expiring changelog");
        }
      } catch (UncheckedIOException e) {
        if (!(e.getCause() instanceof FileNotFoundException)) {
          throw e;
        }
      }
    }
    for (ManifestFileMeta m : metas) {
      SnapshotExpiration.deleteIfPresent(table, table.paths().manifest(m.fileName()));
    }
    SnapshotExpiration.deleteIfPresent(table, table.paths().manifest(list));
  }

  private void expireWrittenFiles(Snapshot changelog, Holders holders) {
    List<ManifestEntry> delta = new ArrayList<>();
    for (String manifest :
        SnapshotExpiration.manifestsOfListIfExists(manifests, changelog.deltaManifestList())) {
      delta.addAll(SnapshotExpiration.readManifestIfExists(manifests, manifest));
    }
    for (ManifestEntry e : SnapshotExpiration.removedFiles(delta)) {
      if (!holders.files().holds(e)) {
        CommittedDataFiles.delete(table, e, "while expiring changelog");
      }
    }
    for (SnapshotExpiration.ReplacedExtraFiles r : SnapshotExpiration.replacedExtraFiles(delta)) {
      CommittedDataFiles.deleteExtraFiles(
          table,
          r.entry(),
          holders.files().unlistedExtraFiles(r.entry(), r.names()),
          "while expiring changelog");
    }
    for (String name : SnapshotExpiration.referencedManifests(changelog, manifests)) {
      if (!holders.manifests().contains(name)) {
        SnapshotExpiration.deleteIfPresent(table, table.paths().manifest(name));
      }
    }
  }
}
