package io.strata.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HadoopFileIOTest {

  /**
   * Every Spark task deserializes its own FileIO; building a Configuration parses Hadoop's XML
   * resources, so a deserialized copy takes the one already built for the same entries.
   */
  @Test
  void copiesWithTheSameEntriesShareOneConfiguration() throws Exception {
    HadoopFileIO io = new HadoopFileIO(Map.of("strata.test.key", "a"));
    HadoopFileIO copy = roundTrip(io);
    assertThat(copy.hadoopConf()).isSameAs(io.hadoopConf());
    assertThat(copy.hadoopConf().get("strata.test.key")).isEqualTo("a");
    HadoopFileIO other = new HadoopFileIO(Map.of("strata.test.key", "b"));
    assertThat(other.hadoopConf()).isNotSameAs(io.hadoopConf());
    assertThat(other.hadoopConf().get("strata.test.key")).isEqualTo("b");
  }

  /** Local metadata reads skip Hadoop's streams; what callers catch must stay the same. */
  @Test
  void localReadsAndExistenceChecks(@TempDir java.nio.file.Path dir) throws IOException {
    HadoopFileIO io = HadoopFileIO.local();
    Path file = new Path(dir.toUri().toString(), "snapshot-1");
    assertThat(io.exists(file)).isFalse();
    assertThatThrownBy(() -> io.readUtf8(file))
        .isInstanceOf(FileNotFoundException.class)
        .hasMessageContaining(file.toString());
    assertThat(io.tryCreateAtomically(file, "{\"id\": 1}".getBytes(StandardCharsets.UTF_8)))
        .isTrue();
    assertThat(io.exists(file)).isTrue();
    assertThat(io.readUtf8(file)).isEqualTo("{\"id\": 1}");
    assertThat(io.fileSystem(file)).isSameAs(io.fileSystem(new Path(dir.toUri())));
    assertThat(io.fileSystem(file)).isInstanceOf(RawLocalFileSystem.class);
    Path unqualified = new Path(dir.toString(), "snapshot-1");
    assertThat(io.readUtf8(unqualified)).isEqualTo("{\"id\": 1}");
  }

  private static HadoopFileIO roundTrip(HadoopFileIO io)
      throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(io);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (HadoopFileIO) in.readObject();
    }
  }
}
