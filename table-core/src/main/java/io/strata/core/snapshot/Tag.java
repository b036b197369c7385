package io.strata.core.snapshot;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * A tag file's content: the tagged snapshot plus, only when the tag has a retention, its creation
 * time and how long it is retained (FORMAT.md §7b).
 *
 * @param createTime local wall-clock creation time, or null
 * @param timeRetained the retention, or null
 */
public record Tag(Snapshot snapshot, LocalDateTime createTime, Duration timeRetained) {

  public Tag {
    Objects.requireNonNull(snapshot, "A tag needs a snapshot.");
  }

  /** A tag without retention: its file is the plain snapshot JSON. */
  public static Tag of(Snapshot snapshot) {
    return new Tag(snapshot, null, null);
  }
}
