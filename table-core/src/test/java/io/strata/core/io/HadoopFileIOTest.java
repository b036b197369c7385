package io.strata.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
