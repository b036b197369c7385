package io.strata.core.table;

import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;

/**
 * The local disk made to behave like an object store without atomic rename: publishing a snapshot
 * checks that it is absent and then writes it, and the last writer wins. Two writers that publish
 * the same snapshot id within {@code window} of each other both pass the check (the first waits up
 * to {@code window} for a second), so both believe they committed and one commit is lost. Exclusive
 * creates (the lock file) stay atomic, as conditional writes are on object stores.
 */
final class RacyCreateFileIO extends ForwardingFileIO {

  private static final long serialVersionUID = 1L;

  private final transient Map<Path, CountDownLatch> publishers = new ConcurrentHashMap<>();
  private final transient AtomicInteger overwritten = new AtomicInteger();
  private final transient Set<Path> published = ConcurrentHashMap.newKeySet();
  private final Duration window;

  RacyCreateFileIO(Duration window) {
    super(HadoopFileIO.local());
    this.window = window;
  }

  /** Publishes that replaced a snapshot another writer had published: each one lost a commit. */
  int overwrittenSnapshots() {
    return overwritten.get();
  }

  @Override
  public boolean tryCreateAtomically(Path path, byte[] content) throws IOException {
    if (!path.getName().startsWith("snapshot-")) {
      return delegate.tryCreateAtomically(path, content);
    }
    if (delegate.exists(path)) {
      return false;
    }
    CountDownLatch meeting = publishers.computeIfAbsent(path, p -> new CountDownLatch(2));
    meeting.countDown();
    try {
      meeting.await(window.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while publishing " + path, e);
    }
    if (!published.add(path)) {
      overwritten.incrementAndGet();
    }
    delegate.overwriteFile(path, content);
    return true;
  }
}
