package io.strata.core.commit;

import io.strata.core.io.FileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The local file system with faults chosen by path: an atomic create that another writer wins, an
 * atomic create or an overwrite that fails. Deterministic, so commit failures are unit-testable.
 */
final class FailingFileIO implements FileIO {

  private final FileIO delegate = HadoopFileIO.local();
  private Predicate<Path> loseCreate = p -> false;
  private Predicate<Path> failCreate = p -> false;
  private Predicate<Path> failOverwrite = p -> false;

  /** Atomic creates of matching paths return false, as when another writer created them first. */
  FailingFileIO losingCreates(Predicate<Path> paths) {
    this.loseCreate = paths;
    return this;
  }

  /** Atomic creates of matching paths fail with an IOException. */
  FailingFileIO failingCreates(Predicate<Path> paths) {
    this.failCreate = paths;
    return this;
  }

  /** Overwrites of matching paths (the LATEST and EARLIEST hints) fail with an IOException. */
  FailingFileIO failingOverwrites(Predicate<Path> paths) {
    this.failOverwrite = paths;
    return this;
  }

  static Predicate<Path> named(String prefix) {
    return p -> p.getName().startsWith(prefix);
  }

  @Override
  public InputStream newInputStream(Path path) throws IOException {
    return delegate.newInputStream(path);
  }

  @Override
  public OutputStream newOutputStream(Path path) throws IOException {
    return delegate.newOutputStream(path);
  }

  @Override
  public void overwriteFile(Path path, byte[] content) throws IOException {
    if (failOverwrite.test(path)) {
      throw new IOException("injected: cannot overwrite " + path);
    }
    delegate.overwriteFile(path, content);
  }

  @Override
  public boolean tryCreateAtomically(Path path, byte[] content) throws IOException {
    if (failCreate.test(path)) {
      throw new IOException("injected: cannot create " + path);
    }
    if (loseCreate.test(path)) {
      return false;
    }
    return delegate.tryCreateAtomically(path, content);
  }

  @Override
  public boolean exists(Path path) throws IOException {
    return delegate.exists(path);
  }

  @Override
  public List<FileStatusInfo> list(Path dir) throws IOException {
    return delegate.list(dir);
  }

  @Override
  public boolean delete(Path path) throws IOException {
    return delegate.delete(path);
  }

  @Override
  public boolean deleteRecursively(Path dir) throws IOException {
    return delegate.deleteRecursively(dir);
  }

  @Override
  public void mkdirs(Path dir) throws IOException {
    delegate.mkdirs(dir);
  }

  @Override
  public boolean rename(Path from, Path to) throws IOException {
    return delegate.rename(from, to);
  }

  @Override
  public FileSystem fileSystem(Path path) throws IOException {
    return delegate.fileSystem(path);
  }
}
