package io.strata.spark.read.stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.scan.StreamPosition;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.connector.read.streaming.Offset;

/**
 * A {@link StreamPosition} as Spark checkpoints it: {@code {"snapshot":5,"full":false,"split":0}}.
 * Positions are normalized (a step read to its end is the next snapshot's start), so equal offsets
 * mean no new data.
 */
final class StreamOffset extends Offset {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final StreamPosition position;

  StreamOffset(StreamPosition position) {
    this.position = position;
  }

  StreamPosition position() {
    return position;
  }

  @Override
  public String json() {
    return "{\"snapshot\":"
        + position.snapshotId()
        + ",\"full\":"
        + position.full()
        + ",\"split\":"
        + position.splitIndex()
        + "}";
  }

  static StreamOffset fromJson(String json) {
    try {
      JsonNode node = JSON.readTree(json);
      return new StreamOffset(
          new StreamPosition(
              node.get("snapshot").asLong(),
              node.get("full").asBoolean(),
              node.get("split").asInt()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the stream offset " + json, e);
    }
  }
}
