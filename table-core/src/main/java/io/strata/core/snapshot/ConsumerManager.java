package io.strata.core.snapshot;

import io.strata.core.io.FileIO;
import io.strata.core.paths.TablePaths;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;

/** Lists, writes and deletes the {@code consumer/consumer-<id>} files of a table. */
public final class ConsumerManager implements Serializable {

  private static final long serialVersionUID = 1L;
  private static final String PREFIX = "consumer-";

  private final FileIO fileIO;
  private final TablePaths paths;

  public ConsumerManager(FileIO fileIO, TablePaths paths) {
    this.fileIO = fileIO;
    this.paths = paths;
  }

  /** Every consumer, sorted by id. */
  public List<Consumer> consumers() {
    List<Consumer> consumers = new ArrayList<>();
    try {
      for (FileIO.FileStatusInfo f : fileIO.list(paths.consumerDir())) {
        String name = f.path().getName();
        if (name.startsWith(PREFIX)) {
          long next = ConsumerJson.nextSnapshot(fileIO.readUtf8(f.path()));
          consumers.add(new Consumer(name.substring(PREFIX.length()), next, f.modificationTime()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read consumers of " + paths.root(), e);
    }
    consumers.sort(Comparator.comparing(Consumer::id));
    return consumers;
  }

  /** The next snapshot consumer {@code id} reads, or empty when there is no such consumer. */
  public OptionalLong nextSnapshot(String id) {
    Path file = paths.consumer(id);
    try {
      if (!fileIO.exists(file)) {
        return OptionalLong.empty();
      }
      return OptionalLong.of(ConsumerJson.nextSnapshot(fileIO.readUtf8(file)));
    } catch (java.io.FileNotFoundException e) {
      return OptionalLong.empty(); // deleted between the check and the read
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read consumer " + id + " of " + paths.root(), e);
    }
  }

  /** Sets the next snapshot of consumer {@code id}, creating it when absent. */
  public void write(String id, long nextSnapshot) {
    try {
      fileIO.overwriteFile(
          paths.consumer(id), ConsumerJson.toJson(nextSnapshot).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write consumer " + id + " of " + paths.root(), e);
    }
  }

  /**
   * Deletes every consumer whose whole id matches {@code including} and, when {@code excluding} is
   * not null, does not match {@code excluding}.
   *
   * @return the ids deleted, sorted
   */
  public List<String> clear(Pattern including, Pattern excluding) {
    List<String> cleared = new ArrayList<>();
    try {
      // By file name alone: a consumer's position does not decide whether it goes.
      for (FileIO.FileStatusInfo f : fileIO.list(paths.consumerDir())) {
        String name = f.path().getName();
        String id = name.substring(Math.min(PREFIX.length(), name.length()));
        if (name.startsWith(PREFIX)
            && including.matcher(id).matches()
            && (excluding == null || !excluding.matcher(id).matches())) {
          fileIO.delete(f.path());
          cleared.add(id);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot clear consumers of " + paths.root(), e);
    }
    cleared.sort(null);
    return cleared;
  }

  /** Deletes consumer {@code id}; nothing happens when it does not exist. */
  public void delete(String id) {
    try {
      fileIO.delete(paths.consumer(id));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete consumer " + id + " of " + paths.root(), e);
    }
  }
}
