package io.strata.core.snapshot;

import io.strata.core.json.PaimonJson;

/** Reads and writes {@code consumer/consumer-<id>} files as Paimon does: {@code nextSnapshot}. */
public final class ConsumerJson {

  private static final String NEXT_SNAPSHOT = "nextSnapshot";

  private ConsumerJson() {}

  /** The file content of a consumer whose next snapshot is {@code nextSnapshot}. */
  public static String toJson(long nextSnapshot) {
    return PaimonJson.pretty(
        gen -> {
          gen.writeStartObject();
          gen.writeNumberField(NEXT_SNAPSHOT, nextSnapshot);
          gen.writeEndObject();
        });
  }

  /** The next snapshot of a consumer file; 0 when the file does not record one. */
  public static long nextSnapshot(String json) {
    return PaimonJson.parse(json).path(NEXT_SNAPSHOT).asLong();
  }
}
