package io.strata.core.write;

import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The local file system, counting the data files ({@code data-*}) opened through {@link
 * #fileSystem} and how many were open at once.
 */
final class OpenFilesIO extends ForwardingFileIO {

  private final AtomicInteger opened = new AtomicInteger();
  private final AtomicInteger open = new AtomicInteger();
  private final AtomicInteger mostOpen = new AtomicInteger();

  OpenFilesIO() {
    super(HadoopFileIO.local());
  }

  int opened() {
    return opened.get();
  }

  int open() {
    return open.get();
  }

  int mostOpenAtOnce() {
    return mostOpen.get();
  }

  @Override
  public FileSystem fileSystem(Path path) throws IOException {
    FileSystem local = super.fileSystem(path);
    return new FilterFileSystem(local) {
      @Override
      public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        FSDataInputStream in = super.open(f, bufferSize);
        if (!f.getName().startsWith("data-")) {
          return in;
        }
        opened.incrementAndGet();
        mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
        return new FSDataInputStream(in) {
          private boolean closed;

          @Override
          public void close() throws IOException {
            if (!closed) {
              closed = true;
              open.decrementAndGet();
            }
            super.close();
          }
        };
      }
    };
  }
}
