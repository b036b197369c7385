package io.strata.core.table;

import io.strata.core.io.FileIO;
import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The local file system with a process death at the N-th writing operation: that operation does not
 * happen, and every later one (read or write, cleanup included) fails, as nothing runs after a
 * kill. Writing operations are counted in order: creates, overwrites, atomic publishes, deletes,
 * renames, mkdirs, and each {@link #fileSystem} hand-out (data files are written and sized through
 * Hadoop's file system, so each data file counts once when opened and once when closed).
 *
 * <p>{@link #pausing} instead stops the calling thread at the N-th operation, after writing a
 * marker file, so that another process can SIGKILL this one right there ({@link ProcessKillTest}).
 */
final class CrashingFileIO extends ForwardingFileIO {

  private static final long serialVersionUID = 1L;

  private final int crashAt;
  private final String pauseMarker;
  private final AtomicInteger count = new AtomicInteger();
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean dead;

  /** Dies before writing operation {@code crashAt} (0-based); -1 never dies and only counts. */
  CrashingFileIO(int crashAt) {
    this(crashAt, null);
  }

  private CrashingFileIO(int crashAt, String pauseMarker) {
    super(HadoopFileIO.local());
    this.crashAt = crashAt;
    this.pauseMarker = pauseMarker;
  }

  static CrashingFileIO counting() {
    return new CrashingFileIO(-1);
  }

  /**
   * Blocks the thread that reaches writing operation {@code pauseAt} (0-based) for good, once it
   * has written {@code marker} (holding "index kind name" of the operation that did not happen).
   */
  static CrashingFileIO pausing(int pauseAt, java.nio.file.Path marker) {
    return new CrashingFileIO(pauseAt, marker.toString());
  }

  /** "kind name" of each writing operation that ran, in order. */
  List<String> operations() {
    return List.copyOf(log);
  }

  boolean crashed() {
    return dead;
  }

  private void write(String kind, Path path) throws IOException {
    alive();
    int index = count.getAndIncrement();
    if (index == crashAt && pauseMarker != null) {
      pauseForever(index + " " + kind + " " + path.getName());
    }
    if (index == crashAt) {
      dead = true;
      throw new IOException("injected process death before operation " + index + ": " + kind);
    }
    log.add(kind + " " + path.getName());
  }

  private void pauseForever(String operation) throws IOException {
    java.nio.file.Path marker = java.nio.file.Path.of(pauseMarker);
    java.nio.file.Path written = marker.resolveSibling(marker.getFileName() + ".tmp");
    Files.writeString(written, operation);
    Files.move(written, marker, StandardCopyOption.ATOMIC_MOVE);
    while (true) {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        // Only the kill ends the pause.
      }
    }
  }

  private void alive() throws IOException {
    if (dead) {
      throw new IOException("injected: the process is dead");
    }
  }

  @Override
  public InputStream newInputStream(Path path) throws IOException {
    alive();
    return delegate.newInputStream(path);
  }

  @Override
  public OutputStream newOutputStream(Path path) throws IOException {
    write("create", path);
    return delegate.newOutputStream(path);
  }

  @Override
  public void overwriteFile(Path path, byte[] content) throws IOException {
    write("overwrite", path);
    delegate.overwriteFile(path, content);
  }

  @Override
  public boolean tryCreateAtomically(Path path, byte[] content) throws IOException {
    write("publish", path);
    return delegate.tryCreateAtomically(path, content);
  }

  @Override
  public boolean exists(Path path) throws IOException {
    alive();
    return delegate.exists(path);
  }

  @Override
  public List<FileIO.FileStatusInfo> list(Path dir) throws IOException {
    alive();
    return delegate.list(dir);
  }

  @Override
  public boolean delete(Path path) throws IOException {
    write("delete", path);
    return delegate.delete(path);
  }

  @Override
  public boolean deleteRecursively(Path dir) throws IOException {
    write("delete-dir", dir);
    return delegate.deleteRecursively(dir);
  }

  @Override
  public void mkdirs(Path dir) throws IOException {
    write("mkdirs", dir);
    delegate.mkdirs(dir);
  }

  @Override
  public boolean rename(Path from, Path to) throws IOException {
    write("rename", to);
    return delegate.rename(from, to);
  }

  @Override
  public FileSystem fileSystem(Path path) throws IOException {
    write("filesystem", path);
    return delegate.fileSystem(path);
  }
}
