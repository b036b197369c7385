package io.strata.core.tag;

import io.strata.core.errors.CoreErrors;
import io.strata.core.paths.Names;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.snapshot.TagManager;
import io.strata.core.store.FileStore;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Creates, replaces, renames, deletes and expires tags of one table. */
public final class TagOperations {

  private final FileStore table;
  private final TagManager tags;
  private final Clock clock;

  public TagOperations(FileStore table, Clock clock) {
    this.table = table;
    this.tags = table.tagManager();
    this.clock = clock;
  }

  /**
   * Tags a snapshot (null = latest) under a new name.
   *
   * @param timeRetained null keeps the tag until it is deleted
   */
  public Tag create(String name, Long snapshotId, Duration timeRetained) {
    Names.newTag(name);
    if (tags.exists(name)) {
      throw CoreErrors.tagExistsOnCreate(name);
    }
    Tag tag = tagOf(snapshot(snapshotId), timeRetained);
    tags.create(name, tag);
    return tag;
  }

  /** Points an existing tag at another snapshot (null = latest). */
  public Tag replace(String name, Long snapshotId, Duration timeRetained) {
    if (!tags.exists(name)) {
      throw CoreErrors.tagMissingOnReplace(name);
    }
    Tag tag = tagOf(snapshot(snapshotId), timeRetained);
    tags.replace(name, tag);
    return tag;
  }

  /**
   * Tags a snapshot under an automatic tag's name, replacing the tag of that name if there is one.
   * Paimon's names may be all digits ({@code tag.period-formatter} = {@code without_dashes}), which
   * {@link #create} refuses for names users choose.
   */
  Tag tagAutomatically(String name, long snapshotId, Duration timeRetained) {
    Tag tag = tagOf(snapshot(snapshotId), timeRetained);
    tags.replace(name, tag);
    return tag;
  }

  /**
   * Tags the earliest snapshot committed at or after {@code millis}, among live snapshots and
   * snapshots kept only by tags.
   */
  public Tag createFromTimestamp(String name, long millis, Duration timeRetained) {
    Names.newTag(name);
    Snapshot best = null;
    for (Tag t : tags.tags().values()) {
      best = earlier(best, t.snapshot(), millis);
    }
    try {
      for (long id : table.snapshotManager().listIds()) {
        Snapshot s = table.snapshotManager().snapshot(id);
        if (s.timeMillis() >= millis) {
          best = earlier(best, s, millis);
          break;
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    if (best == null) {
      throw CoreErrors.noSnapshotAtOrAfter(millis, latestDescription());
    }
    if (tags.exists(name)) {
      throw CoreErrors.tagExists(name);
    }
    Tag tag = tagOf(best, timeRetained);
    tags.create(name, tag);
    return tag;
  }

  private String latestDescription() {
    Snapshot latest = table.snapshotManager().latest();
    return latest == null
        ? "none"
        : "snapshot " + latest.id() + " at [" + latest.timeMillis() + "]";
  }

  private static Snapshot earlier(Snapshot best, Snapshot candidate, long millis) {
    if (candidate.timeMillis() < millis) {
      return best;
    }
    return best == null || candidate.timeMillis() < best.timeMillis() ? candidate : best;
  }

  /** Deletes the named tags; names that do not exist are skipped. The names deleted. */
  public List<String> delete(List<String> names) {
    return new io.strata.core.expire.TagDeletion(table).delete(names);
  }

  public void rename(String from, String to) {
    Names.newTag(to);
    Tag tag =
        tags.tag(from)
            .orElseThrow(() -> CoreErrors.tagNotFound(from, new ArrayList<>(tags.tags().keySet())));
    if (tags.exists(to)) {
      throw CoreErrors.tagExists(to);
    }
    tags.create(to, tag);
    tags.delete(from);
  }

  /**
   * Deletes tags whose retention elapsed, and with {@code olderThan} also tags created (or, when
   * they have no creation time, committed) before it. The names deleted.
   */
  public List<String> expire(LocalDateTime olderThan) {
    LocalDateTime now = LocalDateTime.now(clock);
    List<String> expired = new ArrayList<>();
    for (Map.Entry<String, Tag> e : tags.tags().entrySet()) {
      Tag t = e.getValue();
      boolean retentionElapsed =
          t.timeRetained() != null
              && t.createTime() != null
              && t.createTime().plus(t.timeRetained()).isBefore(now);
      LocalDateTime created =
          t.createTime() != null
              ? t.createTime()
              : LocalDateTime.ofInstant(
                  java.time.Instant.ofEpochMilli(t.snapshot().timeMillis()), clock.getZone());
      boolean tooOld = olderThan != null && created.isBefore(olderThan);
      if (retentionElapsed || tooOld) {
        expired.add(e.getKey());
      }
    }
    return delete(expired);
  }

  private Snapshot snapshot(Long snapshotId) {
    if (snapshotId == null) {
      Snapshot latest = table.snapshotManager().latest();
      if (latest == null) {
        throw CoreErrors.noSnapshotToTag(table.root().getName());
      }
      return latest;
    }
    return new SnapshotSelector(table).bySnapshotId(snapshotId);
  }

  private Tag tagOf(Snapshot snapshot, Duration timeRetained) {
    return timeRetained == null
        ? Tag.of(snapshot)
        : new Tag(snapshot, LocalDateTime.now(clock), timeRetained);
  }
}
