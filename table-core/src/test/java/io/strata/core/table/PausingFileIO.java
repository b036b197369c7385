package io.strata.core.table;

import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.Path;

/**
 * The local file system that holds its first snapshot publish until released: the committer has
 * read its base snapshot and written its manifests, so another commit can be slipped in between.
 */
final class PausingFileIO extends ForwardingFileIO {

  private static final long serialVersionUID = 1L;

  private final transient CountDownLatch paused = new CountDownLatch(1);
  private final transient CountDownLatch released = new CountDownLatch(1);

  PausingFileIO() {
    super(HadoopFileIO.local());
  }

  /** Waits until the committer is about to publish its snapshot. */
  void awaitPause() throws InterruptedException {
    if (!paused.await(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the committer never reached its publish");
    }
  }

  void release() {
    released.countDown();
  }

  @Override
  public boolean tryCreateAtomically(Path path, byte[] content) throws IOException {
    if (path.getName().startsWith("snapshot-") && paused.getCount() > 0) {
      paused.countDown();
      try {
        released.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while paused", e);
      }
    }
    return delegate.tryCreateAtomically(path, content);
  }
}
