package io.strata.core.snapshot;

import io.strata.core.io.CorruptFileException;
import io.strata.core.io.FileIO;
import io.strata.core.io.NumberedFiles;
import io.strata.core.paths.TablePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;

/**
 * Finds, reads and publishes snapshots. The LATEST/EARLIEST hints may be stale or missing, so they
 * are only starting points (FORMAT.md §1).
 */
public final class SnapshotManager implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private static final String PREFIX = "snapshot-";

  private final FileIO fileIO;
  private final TablePaths paths;

  public SnapshotManager(FileIO fileIO, TablePaths paths) {
    this.fileIO = fileIO;
    this.paths = paths;
  }

  public OptionalLong latestId() {
    try {
      OptionalLong hint = readHint(paths.latestHint());
      if (hint.isPresent()
          && fileIO.exists(paths.snapshot(hint.getAsLong()))
          && !fileIO.exists(paths.snapshot(hint.getAsLong() + 1))) {
        return hint;
      }
      List<Long> ids = listIds();
      return ids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ids.get(ids.size() - 1));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find the latest snapshot of " + paths.root(), e);
    }
  }

  public OptionalLong earliestId() {
    try {
      OptionalLong hint = readHint(paths.earliestHint());
      if (hint.isPresent()
          && fileIO.exists(paths.snapshot(hint.getAsLong()))
          && !fileIO.exists(paths.snapshot(hint.getAsLong() - 1))) {
        return hint;
      }
      List<Long> ids = listIds();
      return ids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ids.get(0));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find the earliest snapshot of " + paths.root(), e);
    }
  }

  /** The latest snapshot, or null for a table without commits. */
  public Snapshot latest() {
    OptionalLong id = latestId();
    return id.isPresent() ? snapshot(id.getAsLong()) : null;
  }

  public boolean exists(long id) {
    try {
      return fileIO.exists(paths.snapshot(id));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Snapshot snapshot(long id) {
    try {
      return SnapshotJson.fromJson(fileIO.readUtf8(paths.snapshot(id)));
    } catch (java.io.FileNotFoundException e) {
      throw new UncheckedIOException("Cannot read snapshot " + id + " of " + paths.root(), e);
    } catch (IOException | RuntimeException e) {
      throw CorruptFileException.of(CorruptFileException.Kind.SNAPSHOT, paths.snapshot(id), e);
    }
  }

  /**
   * The commit identifier of the latest snapshot {@code commitUser} committed, searched from the
   * latest snapshot back (a streaming writer's last commit is near the top); empty when no live
   * snapshot is theirs.
   */
  public OptionalLong latestCommitIdentifier(String commitUser) {
    OptionalLong latest = latestId();
    OptionalLong earliest = earliestId();
    if (latest.isEmpty()) {
      return OptionalLong.empty();
    }
    for (long id = latest.getAsLong(); id >= earliest.getAsLong(); id--) {
      if (!exists(id)) {
        continue;
      }
      Snapshot s = snapshot(id);
      if (commitUser.equals(s.commitUser())) {
        return OptionalLong.of(s.commitIdentifier());
      }
    }
    return OptionalLong.empty();
  }

  /** Ids of every snapshot file present, ascending. */
  public List<Long> listIds() throws IOException {
    return NumberedFiles.ids(fileIO, paths.snapshotDir(), PREFIX);
  }

  /**
   * Publishes a snapshot if its id is still free, then moves the LATEST hint.
   *
   * @return false when another writer already created this snapshot id
   */
  public boolean tryCommit(Snapshot snapshot) throws IOException {
    byte[] json = SnapshotJson.toJson(snapshot).getBytes(StandardCharsets.UTF_8);
    if (!fileIO.tryCreateAtomically(paths.snapshot(snapshot.id()), json)) {
      return false;
    }
    writeHintQuietly(paths.latestHint(), snapshot.id());
    if (snapshot.id() == 1 || !fileIO.exists(paths.earliestHint())) {
      writeHintQuietly(paths.earliestHint(), snapshot.id() == 1 ? 1 : earliestId().orElse(1));
    }
    return true;
  }

  public void writeEarliestHint(long id) {
    writeHintQuietly(paths.earliestHint(), id);
  }

  private void writeHintQuietly(org.apache.hadoop.fs.Path hint, long id) {
    try {
      fileIO.overwriteFile(hint, Long.toString(id).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // Hints are best effort: readers verify them and fall back to listing.
    }
  }

  private OptionalLong readHint(org.apache.hadoop.fs.Path hint) throws IOException {
    if (!fileIO.exists(hint)) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(fileIO.readUtf8(hint).trim()));
    } catch (NumberFormatException | IOException e) {
      return OptionalLong.empty();
    }
  }
}
