package io.strata.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A {@link FileIO} that passes every call to another one; wrappers that confine, count or fail some
 * operations override only those.
 */
public abstract class ForwardingFileIO implements FileIO, Serializable {

  private static final long serialVersionUID = 1L;

  protected final FileIO delegate;

  protected ForwardingFileIO(FileIO delegate) {
    this.delegate = delegate;
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
    delegate.overwriteFile(path, content);
  }

  @Override
  public boolean tryCreateAtomically(Path path, byte[] content) throws IOException {
    return delegate.tryCreateAtomically(path, content);
  }

  @Override
  public boolean createExclusively(Path path, byte[] content) throws IOException {
    return delegate.createExclusively(path, content);
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
