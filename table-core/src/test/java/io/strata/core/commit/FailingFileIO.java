package io.strata.core.commit;

import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.util.function.Predicate;
import org.apache.hadoop.fs.Path;

/**
 * The local file system with faults chosen by path: an atomic create that another writer wins, an
 * atomic create or an overwrite that fails. Deterministic, so commit failures are unit-testable.
 */
final class FailingFileIO extends ForwardingFileIO {

  FailingFileIO() {
    super(HadoopFileIO.local());
  }

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
}
