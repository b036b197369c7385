package io.strata.core.paths;

import io.strata.core.io.FileIO;
import io.strata.core.io.ForwardingFileIO;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.Path;

/**
 * A table's view of the file system: it reads anywhere (Paimon tables may keep data files at
 * external paths) but creates, replaces, renames and deletes only strictly below the table's
 * directory. Every operation of a table goes through it, so a hostile or corrupted metadata file
 * can never make Strata change a file elsewhere.
 */
public final class ContainedFileIO extends ForwardingFileIO {

  private static final long serialVersionUID = 1L;

  private final Path root;

  private ContainedFileIO(FileIO delegate, Path root) {
    super(delegate);
    this.root = root;
  }

  /** {@code fileIO} confined to {@code root}; an already confined one is re-confined. */
  public static ContainedFileIO of(FileIO fileIO, Path root) {
    FileIO unwrapped = fileIO instanceof ContainedFileIO contained ? contained.delegate : fileIO;
    return new ContainedFileIO(unwrapped, root);
  }

  /** The directory this file IO may change. */
  public Path root() {
    return root;
  }

  @Override
  public byte[] readBytes(Path path) throws IOException {
    return delegate.readBytes(path);
  }

  @Override
  public OutputStream newOutputStream(Path path) throws IOException {
    return delegate.newOutputStream(inside(path, "write"));
  }

  @Override
  public void overwriteFile(Path path, byte[] content) throws IOException {
    delegate.overwriteFile(inside(path, "overwrite"), content);
  }

  @Override
  public boolean tryCreateAtomically(Path path, byte[] content) throws IOException {
    return delegate.tryCreateAtomically(inside(path, "create"), content);
  }

  @Override
  public boolean createExclusively(Path path, byte[] content) throws IOException {
    return delegate.createExclusively(inside(path, "create"), content);
  }

  @Override
  public boolean delete(Path path) throws IOException {
    return delegate.delete(inside(path, "delete"));
  }

  @Override
  public boolean deleteRecursively(Path dir) throws IOException {
    return delegate.deleteRecursively(inside(dir, "delete the directory"));
  }

  @Override
  public void mkdirs(Path dir) throws IOException {
    delegate.mkdirs(inside(dir, "create the directory"));
  }

  @Override
  public boolean rename(Path from, Path to) throws IOException {
    return delegate.rename(inside(from, "rename"), inside(to, "rename onto"));
  }

  private Path inside(Path path, String action) {
    return PathContainment.requireInside(root, path, action);
  }
}
