package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.FileIO;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.scan.TableScan;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An expiration that dies at the k-th delete, for every k, loses nothing a survivor reads. */
class CrashDuringExpirationTest {

  @TempDir Path dir;

  /** Delegates to a real FileIO but throws at the k-th delete. */
  static final class FailingFileIO implements FileIO {
    private final FileIO delegate = HadoopFileIO.local();
    final AtomicInteger deletesLeft = new AtomicInteger(Integer.MAX_VALUE);

    @Override
    public boolean delete(org.apache.hadoop.fs.Path path) throws IOException {
      if (deletesLeft.decrementAndGet() < 0) {
        throw new IOException("injected crash before deleting " + path);
      }
      return delegate.delete(path);
    }

    @Override
    public InputStream newInputStream(org.apache.hadoop.fs.Path p) throws IOException {
      return delegate.newInputStream(p);
    }

    @Override
    public OutputStream newOutputStream(org.apache.hadoop.fs.Path p) throws IOException {
      return delegate.newOutputStream(p);
    }

    @Override
    public void overwriteFile(org.apache.hadoop.fs.Path p, byte[] c) throws IOException {
      delegate.overwriteFile(p, c);
    }

    @Override
    public boolean tryCreateAtomically(org.apache.hadoop.fs.Path p, byte[] c) throws IOException {
      return delegate.tryCreateAtomically(p, c);
    }

    @Override
    public boolean createExclusively(org.apache.hadoop.fs.Path p, byte[] c) throws IOException {
      return delegate.createExclusively(p, c);
    }

    @Override
    public boolean exists(org.apache.hadoop.fs.Path p) throws IOException {
      return delegate.exists(p);
    }

    @Override
    public List<FileStatusInfo> list(org.apache.hadoop.fs.Path d) throws IOException {
      return delegate.list(d);
    }

    @Override
    public boolean deleteRecursively(org.apache.hadoop.fs.Path d) throws IOException {
      return delegate.deleteRecursively(d);
    }

    @Override
    public void mkdirs(org.apache.hadoop.fs.Path d) throws IOException {
      delegate.mkdirs(d);
    }

    @Override
    public boolean rename(org.apache.hadoop.fs.Path f, org.apache.hadoop.fs.Path t)
        throws IOException {
      return delegate.rename(f, t);
    }

    @Override
    public FileSystem fileSystem(org.apache.hadoop.fs.Path p) throws IOException {
      return delegate.fileSystem(p);
    }
  }

  @Test
  void everyCrashPointThenRerunKeepsRetainedVersionsReadable() throws Exception {
    boolean crashed = true;
    for (int k = 0; crashed; k++) {
      Path base = dir.resolve("k" + k);
      FileStoreTable built = Seed002ExpirationTest.seed002(base);
      new TagOperations(built, Clock.systemUTC()).create("v1", 1L, null);
      FailingFileIO io = new FailingFileIO();
      FileStoreTable table =
          new WarehouseCatalog(io, new org.apache.hadoop.fs.Path(base.toUri()))
              .loadTable(new Identifier("default", "orders"));
      List<Integer> expected = sizes(table);
      io.deletesLeft.set(k);
      try {
        new SnapshotExpiration(table).expire(new ExpireConfig(1, 2, Long.MAX_VALUE, 50));
        crashed = false; // k exceeds the deletes this expiration makes: every point was tried
      } catch (RuntimeException injected) {
        // Crashed mid-way; what is retained must still read.
      }
      assertThat(read(table, table.snapshotManager().latest())).hasSize(expected.get(3));
      assertThat(read(table, new SnapshotSelector(table).byTag("v1"))).hasSize(5);
      io.deletesLeft.set(Integer.MAX_VALUE);
      new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));
      assertThat(table.snapshotManager().earliestId().getAsLong()).as("k=%s", k).isEqualTo(4);
      assertThat(read(table, table.snapshotManager().latest())).hasSize(5);
      assertThat(read(table, new SnapshotSelector(table).byTag("v1"))).hasSize(5);
    }
  }

  private static List<Integer> sizes(FileStoreTable table) throws IOException {
    List<Integer> sizes = new ArrayList<>();
    for (long id : table.snapshotManager().listIds()) {
      sizes.add(read(table, table.snapshotManager().snapshot(id)).size());
    }
    return sizes;
  }

  private static List<Object[]> read(FileStoreTable table, io.strata.core.snapshot.Snapshot s) {
    return TableTestSupport.read(table, new TableScan(table, new Options(Map.of())), s);
  }
}
