package io.strata.core.snapshot;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.errors.MetadataErrors;
import io.strata.core.json.PaimonJson;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalDateTime;

/**
 * Reads and writes {@code tag/tag-<name>} files as Paimon 1.3.1 does: the snapshot's keys, then
 * {@code tagCreateTime} as {@code [y, M, d, h, m, s, nanos]} and {@code tagTimeRetained} as decimal
 * seconds, each only when set.
 */
public final class TagJson {

  private static final String CREATE_TIME = "tagCreateTime";
  private static final String TIME_RETAINED = "tagTimeRetained";

  private TagJson() {}

  /** The file content of a tag. */
  public static String toJson(Tag tag) {
    return PaimonJson.pretty(
        gen -> {
          gen.writeStartObject();
          SnapshotJson.writeFields(gen, tag.snapshot());
          if (tag.createTime() != null) {
            gen.writeFieldName(CREATE_TIME);
            writeDateTime(gen, tag.createTime());
          }
          if (tag.timeRetained() != null) {
            gen.writeFieldName(TIME_RETAINED);
            gen.writeNumber(seconds(tag.timeRetained()));
          }
          gen.writeEndObject();
        });
  }

  /** Parses a tag file; a plain snapshot file reads as a tag without retention. */
  public static Tag fromJson(String json) {
    JsonNode node = PaimonJson.parse(json);
    JsonNode created = PaimonJson.child(node, CREATE_TIME);
    JsonNode retained = PaimonJson.child(node, TIME_RETAINED);
    return new Tag(
        SnapshotJson.fromJsonNode(node),
        created == null ? null : readDateTime(created),
        retained == null ? null : readDuration(retained));
  }

  // Jackson's array form drops trailing zero seconds/nanos; Paimon reads both forms, so mirror it.
  private static void writeDateTime(JsonGenerator gen, LocalDateTime t) throws IOException {
    gen.writeStartArray();
    gen.writeNumber(t.getYear());
    gen.writeNumber(t.getMonthValue());
    gen.writeNumber(t.getDayOfMonth());
    gen.writeNumber(t.getHour());
    gen.writeNumber(t.getMinute());
    if (t.getSecond() > 0 || t.getNano() > 0) {
      gen.writeNumber(t.getSecond());
      if (t.getNano() > 0) {
        gen.writeNumber(t.getNano());
      }
    }
    gen.writeEndArray();
  }

  private static LocalDateTime readDateTime(JsonNode node) {
    if (node.isTextual()) {
      return LocalDateTime.parse(node.asText());
    }
    if (!node.isArray() || node.size() < 5 || node.size() > 7) {
      throw MetadataErrors.invalidTagCreateTime(CREATE_TIME, node);
    }
    return LocalDateTime.of(
        node.get(0).intValue(),
        node.get(1).intValue(),
        node.get(2).intValue(),
        node.get(3).intValue(),
        node.get(4).intValue(),
        node.size() > 5 ? node.get(5).intValue() : 0,
        node.size() > 6 ? node.get(6).intValue() : 0);
  }

  /** Decimal seconds with nine fraction digits; zero is {@code 0.0} as Jackson writes it. */
  private static BigDecimal seconds(Duration d) {
    if (d.isZero()) {
      return BigDecimal.ZERO.setScale(1);
    }
    return BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9));
  }

  private static Duration readDuration(JsonNode node) {
    if (node.isTextual()) {
      return Duration.parse(node.asText());
    }
    if (!node.isNumber()) {
      throw MetadataErrors.invalidTagTimeRetained(TIME_RETAINED, node);
    }
    BigDecimal value = node.decimalValue();
    BigDecimal whole = value.setScale(0, RoundingMode.FLOOR);
    int nanos =
        value.subtract(whole).movePointRight(9).setScale(0, RoundingMode.DOWN).intValueExact();
    return Duration.ofSeconds(whole.longValueExact(), nanos);
  }
}
