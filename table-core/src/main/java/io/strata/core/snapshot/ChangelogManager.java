package io.strata.core.snapshot;

import io.strata.core.io.FileIO;
import io.strata.core.io.NumberedFiles;
import io.strata.core.paths.TablePaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads and writes the changelog metadata Paimon keeps past snapshot expiration ({@code
 * changelog.num-retained.*} or {@code changelog.time-retained} above the snapshots'): {@code
 * changelog/changelog-N}, the expired snapshot's JSON, whose changelog manifest list and files stay
 * (its base and delta lists do not), with {@code LATEST} and {@code EARLIEST} hints.
 */
public final class ChangelogManager {

  private static final String PREFIX = "changelog-";

  private final FileIO fileIO;
  private final TablePaths paths;

  public ChangelogManager(FileIO fileIO, TablePaths paths) {
    this.fileIO = fileIO;
    this.paths = paths;
  }

  /** The ids of the changelogs kept, ascending. */
  public List<Long> listIds() {
    try {
      return NumberedFiles.ids(fileIO, paths.changelogDir(), PREFIX);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the changelogs of " + paths.root(), e);
    }
  }

  public boolean exists(long id) {
    try {
      return fileIO.exists(paths.changelog(id));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Snapshot changelog(long id) {
    try {
      return SnapshotJson.fromJson(fileIO.readUtf8(paths.changelog(id)));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read changelog " + id + " of " + paths.root(), e);
    }
  }

  /** Keeps the changelog of an expiring snapshot; the LATEST hint follows. */
  public void keep(Snapshot snapshot) {
    try {
      fileIO.overwriteFile(
          paths.changelog(snapshot.id()),
          SnapshotJson.toJson(snapshot).getBytes(StandardCharsets.UTF_8));
      writeHint(paths.changelogLatestHint(), snapshot.id());
      if (!fileIO.exists(paths.changelogEarliestHint())) {
        writeHint(paths.changelogEarliestHint(), snapshot.id());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot keep the changelog of snapshot " + snapshot.id() + " of " + paths.root(), e);
    }
  }

  /** Deletes changelog {@code id}'s metadata (call {@link #writeHints} after a batch). */
  public void delete(long id) {
    try {
      fileIO.delete(paths.changelog(id));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete changelog " + id + " of " + paths.root(), e);
    }
  }

  /** Points the EARLIEST and LATEST hints at the changelogs kept; removes them when none is. */
  public void writeHints() {
    List<Long> ids = listIds();
    try {
      if (ids.isEmpty()) {
        fileIO.delete(paths.changelogEarliestHint());
        fileIO.delete(paths.changelogLatestHint());
        return;
      }
      writeHint(paths.changelogEarliestHint(), ids.get(0));
      writeHint(paths.changelogLatestHint(), ids.get(ids.size() - 1));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the changelog hints of " + paths.root(), e);
    }
  }

  private void writeHint(org.apache.hadoop.fs.Path hint, long id) throws IOException {
    // Paimon writes its hints without a line end.
    fileIO.overwriteFile(hint, Long.toString(id).getBytes(StandardCharsets.UTF_8));
  }
}
