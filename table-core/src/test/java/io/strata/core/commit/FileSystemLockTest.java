package io.strata.core.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.io.FileIO;
import io.strata.core.io.HadoopFileIO;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemLockTest {

  @TempDir java.nio.file.Path dir;

  private final FileIO io = HadoopFileIO.local();

  private Path lockFile() {
    return new Path(new Path(dir.toUri()), ".commit.lock");
  }

  private FileSystemLock lock(Duration timeout) {
    return lock(timeout, Clock.systemUTC());
  }

  private FileSystemLock lock(Duration timeout, Clock clock) {
    return new FileSystemLock(io, lockFile(), timeout, Duration.ofMillis(20), clock);
  }

  private void holdAs(String token, long since) throws Exception {
    byte[] content = new FileSystemLock.Holder(token, since).encode();
    assertThat(io.createExclusively(lockFile(), content)).isTrue();
  }

  @Test
  void theLockFileExistsExactlyWhileTheActionRuns() throws Exception {
    boolean heldInside = lock(Duration.ofSeconds(5)).runWithLock(() -> exists(lockFile()));

    assertThat(heldInside).isTrue();
    assertThat(io.exists(lockFile())).isFalse();
  }

  @Test
  void aLockHeldByAnotherWriterTimesOutNamingTheFileAndTheOption() throws Exception {
    // By the lock's clock the holder took it just now, so it never counts as abandoned.
    Clock frozen = Clock.fixed(Instant.now(), ZoneOffset.UTC);
    holdAs("other", frozen.millis());
    AtomicInteger ran = new AtomicInteger();

    assertThatThrownBy(() -> lock(Duration.ofMillis(300), frozen).runWithLock(ran::incrementAndGet))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Cannot take the commit lock " + lockFile())
        .hasMessageContaining(
            "within 'lock.acquire-timeout' (300 ms): another writer holds it (taken 0 ms ago)")
        .hasMessageContaining("Retry the write, or raise table option 'lock.acquire-timeout'");
    assertThat(ran).hasValue(0);
    assertThat(io.readUtf8(lockFile())).startsWith("other\n");
  }

  @Test
  void aWaiterTakesTheLockOnceItsHolderReleasesIt() throws Exception {
    holdAs("other", System.currentTimeMillis());
    Thread releaser =
        new Thread(
            () -> {
              try {
                Thread.sleep(200);
                io.delete(lockFile());
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    releaser.start();

    boolean held = lock(Duration.ofMinutes(1)).runWithLock(() -> exists(lockFile()));
    releaser.join();

    assertThat(held).isTrue();
    assertThat(io.exists(lockFile())).isFalse();
  }

  @Test
  void aLockOlderThanTheTimeoutIsTheLeftoverOfACrashAndIsBroken() throws Exception {
    holdAs("crashed", System.currentTimeMillis() - Duration.ofHours(1).toMillis());

    int result = lock(Duration.ofSeconds(5)).runWithLock(() -> 42);

    assertThat(result).isEqualTo(42);
    assertThat(io.exists(lockFile())).isFalse();
  }

  @Test
  void anUnreadableLockIsNotBrokenAndTheTimeoutSaysWhatToDo() throws Exception {
    assertThat(io.createExclusively(lockFile(), "garbage".getBytes(StandardCharsets.UTF_8)))
        .isTrue();

    assertThatThrownBy(() -> lock(Duration.ofMillis(200)).runWithLock(() -> 1))
        .hasMessageContaining("another writer holds it. Retry the write")
        .hasMessageContaining("delete the file only if it cannot be read");
    assertThat(io.exists(lockFile())).isTrue();
  }

  @Test
  void releaseLeavesALockThatAnotherWriterTookMeanwhile() throws Exception {
    lock(Duration.ofSeconds(5))
        .runWithLock(
            () -> {
              // A waiter broke this lock (taken for abandoned) and took its own.
              try {
                io.delete(lockFile());
                holdAs("breaker", System.currentTimeMillis());
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
              return null;
            });

    assertThat(io.readUtf8(lockFile())).startsWith("breaker\n");
  }

  private boolean exists(Path path) {
    try {
      return io.exists(path);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
