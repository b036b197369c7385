package io.strata.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NewFilesTest {

  @TempDir java.nio.file.Path dir;

  private final FileSystem raw = rawLocal();

  private static FileSystem rawLocal() {
    try {
      return FileSystem.getLocal(new Configuration()).getRawFileSystem();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void createsTheFileWithItsParentsAndCountsItsPosition() throws Exception {
    Path file = new Path(dir.toUri().toString(), "a/b/bucket-0/data-1.parquet");
    try (FSDataOutputStream out = NewFiles.create(raw, file, false)) {
      out.write("hello".getBytes(StandardCharsets.UTF_8));
      assertThat(out.getPos()).isEqualTo(5);
    }
    java.nio.file.Path written = dir.resolve("a/b/bucket-0/data-1.parquet");
    assertThat(Files.readString(written)).isEqualTo("hello");
    assertThat(Files.getPosixFilePermissions(written))
        .contains(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
  }

  @Test
  void refusesAnExistingFileUnlessOverwriting() throws Exception {
    Path file = new Path(dir.toUri().toString(), "snapshot-1");
    Files.writeString(dir.resolve("snapshot-1"), "first");
    assertThatThrownBy(() -> NewFiles.create(raw, file, false))
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessageContaining("snapshot-1");
    assertThat(Files.readString(dir.resolve("snapshot-1"))).isEqualTo("first");

    try (OutputStream out = NewFiles.create(raw, file, true)) {
      out.write('2');
    }
    assertThat(Files.readString(dir.resolve("snapshot-1"))).isEqualTo("2");
  }

  @Test
  void mkdirsCreatesMissingParentsAndAcceptsExistingOnes() throws Exception {
    Path nested = new Path(dir.toUri().toString(), "db.db/t/bucket-3");
    NewFiles.mkdirs(raw, nested);
    NewFiles.mkdirs(raw, nested);
    assertThat(dir.resolve("db.db/t/bucket-3")).isDirectory();
  }

  @Test
  void otherFileSystemsGoThroughHadoop() throws Exception {
    FileSystem checksummed = FileSystem.getLocal(new Configuration());
    Path file = new Path(dir.toUri().toString(), "x/y");
    try (OutputStream out = NewFiles.create(checksummed, file, false)) {
      out.write(1);
    }
    // The checksumming local file system writes its side file: the call went to Hadoop.
    assertThat(dir.resolve("x/.y.crc")).exists();
  }
}
