package io.strata.core.snapshot;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.CorruptFileException;
import io.strata.core.io.FileIO;
import io.strata.core.paths.Names;
import io.strata.core.paths.TablePaths;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reads and writes {@code tag/tag-<name>} files (FORMAT.md §7b). */
public final class TagManager implements Serializable {

  private static final long serialVersionUID = 1L;
  private static final String PREFIX = "tag-";

  private final FileIO fileIO;
  private final TablePaths paths;

  public TagManager(FileIO fileIO, TablePaths paths) {
    this.fileIO = fileIO;
    this.paths = paths;
  }

  /** Every tag by name, sorted by name. */
  public Map<String, Tag> tags() {
    Map<String, Tag> tags = new TreeMap<>();
    try {
      for (FileIO.FileStatusInfo f : fileIO.list(paths.tagDir())) {
        String name = f.path().getName();
        if (name.startsWith(PREFIX) && !f.isDirectory()) {
          tags.put(name.substring(PREFIX.length()), read(f.path()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list tags of " + paths.root(), e);
    }
    return tags;
  }

  /** Every tag's name, sorted, without reading the tags. */
  public List<String> names() {
    List<String> names = new ArrayList<>();
    try {
      for (FileIO.FileStatusInfo f : fileIO.list(paths.tagDir())) {
        String name = f.path().getName();
        if (name.startsWith(PREFIX) && !f.isDirectory()) {
          names.add(name.substring(PREFIX.length()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list tags of " + paths.root(), e);
    }
    names.sort(null);
    return names;
  }

  public Optional<Tag> tag(String name) {
    try {
      if (!fileIO.exists(paths.tag(name))) {
        return Optional.empty();
      }
      return Optional.of(read(paths.tag(name)));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read tag " + name + " of " + paths.root(), e);
    }
  }

  private Tag read(org.apache.hadoop.fs.Path file) throws IOException {
    String json = fileIO.readUtf8(file);
    try {
      return TagJson.fromJson(json);
    } catch (RuntimeException e) {
      throw CorruptFileException.of(CorruptFileException.Kind.TAG, file, e);
    }
  }

  public boolean exists(String name) {
    try {
      return fileIO.exists(paths.tag(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Creates a tag; fails when the name is taken. */
  public void create(String name, Tag tag) {
    validateName(name);
    try {
      byte[] json = TagJson.toJson(tag).getBytes(StandardCharsets.UTF_8);
      if (!fileIO.tryCreateAtomically(paths.tag(name), json)) {
        throw CoreErrors.tagExists(name);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create tag " + name, e);
    }
  }

  /** Creates or replaces a tag. */
  public void replace(String name, Tag tag) {
    validateName(name);
    try {
      fileIO.overwriteFile(paths.tag(name), TagJson.toJson(tag).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot replace tag " + name, e);
    }
  }

  /** Deletes a tag; false when it did not exist. */
  public boolean delete(String name) {
    try {
      return fileIO.delete(paths.tag(name));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete tag " + name, e);
    }
  }

  /**
   * Only that the name is a safe file name: the rule against numeric names is for names users
   * choose ({@code TagOperations}), while Paimon's automatic tags may be all digits ({@code
   * 20260303}) and {@code VERSION AS OF} finds a tag before a snapshot id of the same number.
   */
  private static void validateName(String name) {
    Names.tag(name);
  }
}
