package io.strata.core.compact;

import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The local file system, counting how often a data file ({@code data-*}) is opened: Parquet opens
 * through {@link #fileSystem}, everything else through {@link #newInputStream}.
 */
final class DataFileOpens extends ForwardingFileIO {

  private final AtomicInteger opens = new AtomicInteger();

  DataFileOpens() {
    super(HadoopFileIO.local());
  }

  int count() {
    return opens.get();
  }

  private void count(Path path) {
    if (path.getName().startsWith("data-")) {
      opens.incrementAndGet();
    }
  }

  @Override
  public InputStream newInputStream(Path path) throws IOException {
    count(path);
    return super.newInputStream(path);
  }

  @Override
  public FileSystem fileSystem(Path path) throws IOException {
    count(path);
    return super.fileSystem(path);
  }
}
