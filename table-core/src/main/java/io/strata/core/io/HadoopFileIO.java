package io.strata.core.io;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * {@link FileIO} over Hadoop FileSystem ({@code file:}, {@code hdfs:}, anything Hadoop opens).
 * Local disks use the raw file system (no {@code .crc} side files) and publish with link(2),
 * because Hadoop's local rename silently replaces an existing target. HDFS publishes with rename,
 * which refuses an existing target, and replaces files with its rename-with-overwrite, so a hint,
 * tag or consumer file is never missing while it is replaced.
 */
public final class HadoopFileIO implements FileIO, Serializable {

  private static final int REPLACED_FILE_READ_ATTEMPTS = 3;

  private static final long serialVersionUID = 1L;

  /**
   * A Configuration parses Hadoop's default XML resources when it is first read, some 10 ms of CPU;
   * every task deserializes its own FileIO, so the built ones are shared per JVM by their entries.
   * Nothing mutates them once built (Hadoop's FileSystem cache already hands one to every thread).
   */
  private static final Map<Map<String, String>, Configuration> BUILT = new ConcurrentHashMap<>();

  /** More distinct configurations than this in one JVM start the sharing over. */
  private static final int MAX_SHARED = 32;

  private final Map<String, String> conf;
  private transient Configuration hadoopConf;

  /**
   * Hadoop's file system cache keys every lookup by the current user, whose lookup costs more than
   * a metadata read of a small local file; the local file system is the same for every user.
   */
  private transient FileSystem localFileSystem;

  /**
   * @param conf Hadoop configuration entries (serializable, so executors can rebuild it)
   */
  public HadoopFileIO(Map<String, String> conf) {
    this.conf = Map.copyOf(conf);
  }

  public static HadoopFileIO local() {
    return new HadoopFileIO(Map.of());
  }

  Configuration hadoopConf() {
    if (hadoopConf == null) {
      if (BUILT.size() >= MAX_SHARED) {
        BUILT.clear();
      }
      hadoopConf = BUILT.computeIfAbsent(conf, HadoopFileIO::build);
    }
    return hadoopConf;
  }

  private static Configuration build(Map<String, String> entries) {
    Configuration c = new Configuration();
    entries.forEach(c::set);
    // Parsed now, while this thread alone holds it.
    c.size();
    return c;
  }

  @Override
  public FileSystem fileSystem(Path path) throws IOException {
    boolean local = "file".equals(path.toUri().getScheme());
    if (local && localFileSystem != null) {
      return localFileSystem;
    }
    FileSystem fs = path.getFileSystem(hadoopConf());
    FileSystem raw =
        fs instanceof LocalFileSystem checksummed ? checksummed.getRawFileSystem() : fs;
    if (local && raw instanceof RawLocalFileSystem) {
      localFileSystem = raw;
    }
    return raw;
  }

  /**
   * Local files are read in one call: Hadoop's local stream aggregates its I/O statistics into the
   * thread's on close, which costs more than reading a snapshot or schema file.
   */
  @Override
  public byte[] readBytes(Path path) throws IOException {
    FileSystem fs = fileSystem(path);
    if (plainLocal(fs) instanceof RawLocalFileSystem raw) {
      try {
        return Files.readAllBytes(raw.pathToFile(path).toPath());
      } catch (NoSuchFileException e) {
        throw new FileNotFoundException("File " + path + " does not exist");
      }
    }
    for (int attempt = 1; ; attempt++) {
      try (InputStream in = fs.open(path)) {
        return in.readAllBytes();
      } catch (FileNotFoundException e) {
        throw e;
      } catch (IOException e) {
        // HDFS fails a read whose file was replaced (tags, hints) after it was opened ("Blocklist
        // ... has changed"); opened again, the path names the replacement, whole.
        if (attempt == REPLACED_FILE_READ_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  @Override
  public InputStream newInputStream(Path path) throws IOException {
    return fileSystem(path).open(path);
  }

  @Override
  public OutputStream newOutputStream(Path path) throws IOException {
    return NewFiles.create(fileSystem(path), path, false);
  }

  @Override
  public void overwriteFile(Path path, byte[] content) throws IOException {
    Path temp = tempSibling(path);
    FileSystem fs = fileSystem(path);
    try (OutputStream out = NewFiles.create(fs, temp, false)) {
      out.write(content);
    }
    if (fs instanceof RawLocalFileSystem) {
      // Local rename replaces the target atomically, which is what a hint wants.
      if (!fs.rename(temp, path)) {
        fs.delete(temp, false);
        throw new IOException("Cannot replace " + path);
      }
      return;
    }
    if (fs instanceof DistributedFileSystem hdfs) {
      // Plain HDFS rename refuses an existing target; this one replaces it in one step.
      try {
        hdfs.rename(temp, path, Options.Rename.OVERWRITE);
      } catch (IOException e) {
        deleteTempQuietly(fs, temp);
        throw e;
      }
      return;
    }
    // Elsewhere the file is briefly missing: readers of hints fall back to listing.
    fs.delete(path, false);
    if (!fs.rename(temp, path)) {
      fs.delete(temp, false);
      throw new IOException("Cannot replace " + path);
    }
  }

  @Override
  public boolean tryCreateAtomically(Path path, byte[] content) throws IOException {
    FileSystem fs = fileSystem(path);
    if (fs.exists(path)) {
      return false;
    }
    Path temp = tempSibling(path);
    try (OutputStream out = NewFiles.create(fs, temp, false)) {
      out.write(content);
    }
    try {
      return publish(fs, temp, path);
    } finally {
      deleteTempQuietly(fs, temp);
    }
  }

  /** A failure here must not turn a published commit into a reported failure. */
  private static void deleteTempQuietly(FileSystem fs, Path temp) {
    try {
      fs.delete(temp, false);
    } catch (IOException ignored) {
      // An orphan temp file; remove_orphan_files cleans it.
    }
  }

  private static boolean publish(FileSystem fs, Path temp, Path target) throws IOException {
    if (fs instanceof RawLocalFileSystem raw) {
      try {
        Files.createLink(raw.pathToFile(target).toPath(), raw.pathToFile(temp).toPath());
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    // HDFS rename refuses an existing target, which makes it the atomic primitive. It also
    // returns false when the directory is gone: that is no lost race, and retrying cannot help.
    if (fs.rename(temp, target)) {
      return true;
    }
    if (!fs.exists(target)) {
      throw new IOException("Cannot publish " + target + ": renaming " + temp + " failed");
    }
    return false;
  }

  @Override
  public boolean createExclusively(Path path, byte[] content) throws IOException {
    FileSystem fs = fileSystem(path);
    if (fs instanceof RawLocalFileSystem raw) {
      // Hadoop's local create checks and then opens; O_EXCL makes the check and create one step.
      File file = raw.pathToFile(path);
      Files.createDirectories(file.getParentFile().toPath()); // as Hadoop's create does
      try {
        Files.write(file.toPath(), content, StandardOpenOption.CREATE_NEW);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    OutputStream out;
    try {
      out = NewFiles.create(fs, path, false);
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      return false; // it may be gone again by now: the caller tries again
    } catch (IOException e) {
      // HDFS reports AlreadyBeingCreated while the winner still writes the file.
      if (fs.exists(path)) {
        return false;
      }
      throw e;
    }
    try (out) {
      out.write(content);
    }
    return true;
  }

  private static Path tempSibling(Path path) {
    return new Path(path.getParent(), "." + path.getName() + "." + UUID.randomUUID() + ".tmp");
  }

  @Override
  public boolean exists(Path path) throws IOException {
    FileSystem fs = fileSystem(path);
    // Hadoop builds a whole file status to answer this; snapshot lookups ask it on every query.
    return plainLocal(fs) instanceof RawLocalFileSystem raw
        ? raw.pathToFile(path).exists()
        : fs.exists(path);
  }

  /** Hadoop's own local file system, never a subclass that may change what reads do; else null. */
  private static FileSystem plainLocal(FileSystem fs) {
    return fs.getClass() == RawLocalFileSystem.class ? fs : null;
  }

  @Override
  public List<FileStatusInfo> list(Path dir) throws IOException {
    FileSystem fs = fileSystem(dir);
    List<FileStatusInfo> result = new ArrayList<>();
    FileStatus[] statuses;
    try {
      statuses = fs.listStatus(dir);
    } catch (java.io.FileNotFoundException e) {
      return result;
    }
    for (FileStatus s : statuses) {
      result.add(
          new FileStatusInfo(s.getPath(), s.getLen(), s.isDirectory(), s.getModificationTime()));
    }
    return result;
  }

  @Override
  public boolean delete(Path path) throws IOException {
    return fileSystem(path).delete(path, false);
  }

  @Override
  public boolean deleteRecursively(Path dir) throws IOException {
    return fileSystem(dir).delete(dir, true);
  }

  @Override
  public void mkdirs(Path dir) throws IOException {
    NewFiles.mkdirs(fileSystem(dir), dir);
  }

  @Override
  public boolean rename(Path from, Path to) throws IOException {
    FileSystem fs = fileSystem(from);
    if (fs.exists(to) || !fs.exists(from)) {
      return false;
    }
    return fs.rename(from, to);
  }
}
